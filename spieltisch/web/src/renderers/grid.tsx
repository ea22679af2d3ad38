// A grid of card cells shared by the table renderers: a number is a face-up
// card, "?" a face-down one, null an empty place. Which cell makes which move is
// the renderer's to say, from the moves' structs.

import type { ComponentChildren } from "preact";
import type { Move } from "../api";
import { Card, CardBack } from "../cards";
import { Act } from "./parts";

export type Cell = number | string | null;

interface GridProps {
  cells: Cell[];
  columns: number;
  rowNames?: string[];
  columnNames?: string[];
  /** What each cell is called, for people who hear the page ("A 4"). */
  cellName: (index: number) => string;
  fresh?: (index: number) => boolean;
  note?: (index: number) => string | undefined;
  /** Extra classes for a cell (turned this turn, part of an offer). */
  mark?: (index: number) => string | undefined;
  /** Something drawn over a cell (an owner's mark). */
  badge?: (index: number) => ComponentChildren;
  /** The move a click on the cell makes (keyboard: focus and Enter). */
  moveAt?: (index: number) => Move | undefined;
  onMove?: (id: number) => void;
  hiddenName: string;
  label: string;
  /** Draw the rows as columns and the columns as rows (a phone's narrow window); cells keep their names. */
  transpose?: boolean;
}

export function CardGrid(props: GridProps) {
  const { cells, columns, cellName, fresh, note, mark, badge, moveAt, onMove, hiddenName, label, transpose } = props;
  const rows = Math.ceil(cells.length / columns);
  // Drawn rows and columns: the grid's own, or swapped; `at` is a drawn place's cell.
  const [down, across] = transpose ? [columns, rows] : [rows, columns];
  const [rowNames, columnNames] = transpose ? [props.columnNames, props.rowNames] : [props.rowNames, props.columnNames];
  const at = (row: number, column: number) => (transpose ? column * columns + row : row * columns + column);
  return (
    <table class={"card-grid" + (transpose ? " transposed" : "")} aria-label={label}>
      {columnNames && (
        <thead>
          <tr>
            {rowNames && <td />}
            {columnNames.map((name, index) => (
              <th key={index} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {Array.from({ length: down }, (_r, row) => (
          <tr key={row}>
            {rowNames && <th scope="row">{rowNames[row]}</th>}
            {Array.from({ length: across }, (_c, column) => {
              const index = at(row, column);
              const cell = cells[index];
              const hint = note?.(index);
              const move = moveAt?.(index);
              const name = cellName(index);
              const face =
                cell === null || cell === undefined ? (
                  <span class="empty-cell" />
                ) : cell === "?" ? (
                  <CardBack small title={hint ? `${name}: ${hiddenName} (${hint})` : `${name}: ${hiddenName}`} />
                ) : (
                  <Card small rank={String(cell)} title={`${name}: ${cell}`} highlight={fresh?.(index)} />
                );
              return (
                <td key={column} class={"cell " + (mark?.(index) ?? "")} data-cell={index} data-name={name}>
                  {move && onMove ? (
                    <Act move={move} onMove={onMove}>
                      {face}
                    </Act>
                  ) : (
                    face
                  )}
                  {hint && <span class="hint">{hint}</span>}
                  {badge?.(index)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
