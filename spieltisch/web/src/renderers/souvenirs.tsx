// Souvenirs: the shared grid with row and column numbers as the moves name them
// (0 is the start card's line), the cubes on their lines in their owner's colour
// with first and second marked, every player's points and cubes left, the card
// being laid, and the hand.
//
// Card kinds follow the game's deck: kind = colour * 6 + (number - 1); the last
// kind (30) is the joker. The cards' names are the table's reference data
// (spieltisch/games/souvenirs/text.py `reference_data`), the same the moves use. A click is matched to a legal move by its struct
// (spieltisch/games/souvenirs/moves.py): a hand card is `play`, a cell `place`,
// a line's marker `cube`, the "no cube" button `pass`.

import { Card } from "../cards";
import { findMove, movesOf } from "../moves";
import { Act, SeatMark, playerName, seatColour } from "./parts";
import type { components } from "../schema";
import type { RendererProps } from "./types";

/** The card faces' colours (how a card is drawn; its name is the reference data's). */
const PALETTE = ["red", "yellow", "green", "turquoise", "purple"];
const REACH = 4;
/** The grid never grows beyond BOX x BOX cards (the rules page, ruling 1). */
const BOX = 5;
const SPAN = 2 * REACH + 1;

const WORDS = {
  de: {
    grid: "Raster", row: "Reihe", column: "Spalte", start: "Startkarte", hand: "Deine Hand",
    laying: "wird gelegt", pile: "Stapel", points: "Punkte", cubesLeft: "Holzwürfel übrig", cubeLeft: "Holzwürfel übrig", noCube: "Kein Holzwürfel",
    first: "erster Würfel", second: "zweiter Würfel", cubeHere: "Holzwürfel an {line}", cards: "Karten",
    empty: "frei", place: "legen an {row}, {column}",
  },
  en: {
    grid: "grid", row: "row", column: "column", start: "start card", hand: "Your hand",
    laying: "being laid", pile: "pile", points: "points", cubesLeft: "cubes left", cubeLeft: "cube left", noCube: "No cube",
    first: "first cube", second: "second cube", cubeHere: "cube on {line}", cards: "cards",
    empty: "free", place: "place at {row}, {column}",
  },
};

/** What a seat sees of Souvenirs (spieltisch/games/souvenirs/views.py `SouvenirsView`, generated into schema.d.ts). */
export type SouvenirsViewData = components["schemas"]["SouvenirsView"];
/** A move of Souvenirs as data, one type per kind (spieltisch/games/souvenirs/views.py `SouvenirsMove`). */
export type SouvenirsMoveData = components["schemas"]["SouvenirsMove"];

/** The table's reference data (spieltisch/games/souvenirs/views.py `SouvenirsReference`). */
export type SouvenirsReference = components["schemas"]["SouvenirsReference"];

type Lang = "de" | "en";

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function SouvenirCard({ kind, highlight, names }: { kind: number; highlight?: boolean; names: Names }) {
  if (kind === names.joker) return <Card rank="J" title={names.card(kind)} highlight={highlight} small />;
  return <Card rank={(kind % 6) + 1} colour={PALETTE[Math.floor(kind / 6)]} title={names.card(kind)} highlight={highlight} small />;
}

interface Names {
  joker: number;
  card: (kind: number) => string;
}

function namesOf(reference: SouvenirsReference | null | undefined, lang: Lang): Names {
  const cards = reference?.card_names[lang] ?? [];
  return { joker: reference?.joker ?? 30, card: (kind) => cards[kind] ?? "?" };
}

export function SouvenirsView({ view, previous, seats, you, legal, onMove, t, lang: pageLang, reference }: RendererProps<SouvenirsViewData, SouvenirsReference, SouvenirsMoveData>) {
  const lang = pageLang === "de" ? "de" : "en";
  const w = WORDS[lang];
  const names = namesOf(reference, lang);
  const placed = view.cards;
  const before = new Set((previous ?? view).cards.map((c) => `${c[0]},${c[1]}`));
  const cubes = view.cubes;
  const oldCubes = (previous ?? view).cubes;
  const at = new Map(placed.map(([row, col, kind]) => [`${row},${col}`, kind]));
  const places = movesOf(legal, "place").map((m) => [m.move.row, m.move.col]);
  const rows = [0, ...placed.map((c) => c[0]), ...places.map((p) => p[0]!)];
  const cols = [0, ...placed.map((c) => c[1]), ...places.map((p) => p[1]!)];
  // Without cells to choose, show one free line around the grid where it can still grow.
  const rowMargin = places.length || Math.max(...rows) - Math.min(...rows) + 1 >= BOX ? 0 : 1;
  const colMargin = places.length || Math.max(...cols) - Math.min(...cols) + 1 >= BOX ? 0 : 1;
  const top = Math.max(-REACH, Math.min(...rows) - rowMargin);
  const bottom = Math.min(REACH, Math.max(...rows) + rowMargin);
  const left = Math.max(-REACH, Math.min(...cols) - colMargin);
  const right = Math.min(REACH, Math.max(...cols) + colMargin);
  const rowRange = Array.from({ length: bottom - top + 1 }, (_v, i) => top + i);
  const colRange = Array.from({ length: right - left + 1 }, (_v, i) => left + i);
  const hand = view.hand ?? [];
  const chosen = view.chosen;
  const scores = view.scores;
  const cubesLeft = view.cubes_left;
  const toMove = view.turn;
  const pass = findMove(legal, "pass");
  const lineName = (isRow: boolean, n: number) => `${isRow ? w.row : w.column} ${signed(n)}`;

  const LineCubes = ({ isRow, n }: { isRow: boolean; n: number }) => {
    const index = isRow ? n + REACH : SPAN + n + REACH;
    const owners = cubes[index] ?? [];
    const fresh = owners.length !== (oldCubes[index] ?? []).length;
    const move = findMove(legal, "cube", isRow ? { line: "row", row: n } : { line: "col", col: n });
    const marks = owners.map((seat, order) => (
      <SeatMark
        key={order}
        seat={seat}
        seats={seats}
        t={t}
        mark={order === 0 ? "1" : "2"}
        title={`${playerName(seats, seat, t)}: ${order === 0 ? w.first : w.second}, ${lineName(isRow, n)}`}
      />
    ));
    return (
      <td class={"line-cubes" + (fresh ? " changed" : "")} data-line={`${isRow ? "row" : "col"}${n}`}>
        <Act move={move} onMove={onMove} label={w.cubeHere.replace("{line}", lineName(isRow, n))} class="cube-place">
          <span class="cube-list">{marks.length > 0 ? marks : move ? "+" : ""}</span>
        </Act>
      </td>
    );
  };

  return (
    <div class="souvenirs" data-testid="view">
      <div class="sv-main">
        <div class="sv-grid-box" tabIndex={0} role="group" aria-label={w.grid}>
          <table class="grid" aria-label={w.grid}>
            <thead>
              <tr>
                <td />
                {colRange.map((col) => (
                  <th key={col} scope="col" data-testid={`col-label-${col}`}>
                    <span class="visually-hidden">{w.column} </span>
                    {signed(col)}
                  </th>
                ))}
                <td />
              </tr>
            </thead>
            <tbody>
              {rowRange.map((row) => (
                <tr key={row}>
                  <th scope="row" data-testid={`row-label-${row}`}>
                    <span class="visually-hidden">{w.row} </span>
                    {signed(row)}
                  </th>
                  {colRange.map((col) => {
                    const kind = at.get(`${row},${col}`);
                    const move = findMove(legal, "place", { row, col });
                    const start = row === 0 && col === 0;
                    return (
                      <td key={col} class={"cell" + (start ? " start" : "")} data-cell={`${row},${col}`}>
                        {kind !== undefined ? (
                          <span title={start ? w.start : undefined}>
                            <SouvenirCard kind={kind} highlight={previous !== null && !before.has(`${row},${col}`)} names={names} />
                          </span>
                        ) : (
                          <Act
                            move={move}
                            onMove={onMove}
                            label={w.place.replace("{row}", lineName(true, row)).replace("{column}", lineName(false, col))}
                            class="free-cell"
                          >
                            <span />
                          </Act>
                        )}
                      </td>
                    );
                  })}
                  <LineCubes isRow n={row} />
                </tr>
              ))}
              <tr>
                <td />
                {colRange.map((col) => (
                  <LineCubes key={col} isRow={false} n={col} />
                ))}
                <td />
              </tr>
            </tbody>
          </table>
        </div>
        <div class="sv-side">
          {chosen !== null && (
            <p class="sv-chosen" data-testid="chosen">
              <SouvenirCard kind={chosen} names={names} /> {names.card(chosen)}: {w.laying}
              {toMove >= 0 && ` (${playerName(seats, toMove, t)})`}
            </p>
          )}
          {pass && (
            <p>
              <button type="button" class="primary" data-action={pass.id} onClick={() => onMove(pass.id)} data-testid="pass">
                {w.noCube}
              </button>
            </p>
          )}
          <ul class="sv-players" data-testid="players">
            {seats.map((seat, index) => (
              <li key={index} class={index === you ? "mine" : undefined} data-seat={index} style={{ borderColor: seatColour(index) }}>
                <SeatMark seat={index} seats={seats} t={t} /> <strong>{playerName(seats, index, t)}</strong>
                {": "}
                <span data-testid="points">
                  {scores[index] ?? 0} {w.points}
                </span>
                {" · "}
                <span data-testid="cubes-left">
                  {cubesLeft[index] ?? 0} {cubesLeft[index] === 1 ? w.cubeLeft : w.cubesLeft}
                </span>
                {seat.kind === "open" && ` (${w.empty})`}
              </li>
            ))}
          </ul>
          <p class="facts">
            {w.pile}: {view.deck_size} {w.cards}
          </p>
        </div>
      </div>
      {hand.length > 0 && (
        <section class="hand" aria-label={w.hand}>
          <h2>{w.hand}</h2>
          <div class="hand-cards">
            {hand.map((kind, index) => (
              <Act key={`${kind}-${copyNumber(hand, index)}`} move={findMove(legal, "play", { card: kind })} onMove={onMove} testid="hand-card" data={{ card: kind }}>
                <SouvenirCard kind={kind} names={names} />
              </Act>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

/** Which copy of its kind the hand's card at `index` is: a card keeps its button while others come and go. */
const copyNumber = (cards: number[], index: number) => cards.slice(0, index).filter((kind) => kind === cards[index]).length;
