// Souvenirs: the card grid with the cubes on its rows and columns, and the hand.
// Card kinds follow the game's deck: kind = colour * 6 + (number - 1); the last
// kind (30) is the joker. Rows and columns run from -4 to 4 around the start card.

import { Card } from "../cards";
import type { RendererProps } from "./types";

const COLOURS = ["red", "yellow", "green", "turquoise", "purple"];
const JOKER = 30;
const REACH = 4;
const SPAN = 2 * REACH + 1;
const SEAT_MARKS = ["①", "②", "③", "④", "⑤", "⑥"];

type Placed = [number, number, number];

function SouvenirCard({ kind, highlight }: { kind: number; highlight?: boolean }) {
  if (kind === JOKER) return <Card rank="J" title="joker" highlight={highlight} small />;
  return <Card rank={(kind % 6) + 1} colour={COLOURS[Math.floor(kind / 6)]} highlight={highlight} small />;
}

function Cubes({ seats }: { seats: number[] | undefined }) {
  return <span class="cubes">{(seats ?? []).map((seat) => SEAT_MARKS[seat] ?? "■").join("")}</span>;
}

export function SouvenirsView({ view, previous, seats }: RendererProps) {
  const placed = (view.cards as Placed[] | undefined) ?? [];
  const before = new Set((((previous ?? view).cards as Placed[] | undefined) ?? []).map((c) => `${c[0]},${c[1]}`));
  const cubes = (view.cubes as number[][] | undefined) ?? [];
  const at = new Map(placed.map(([row, col, kind]) => [`${row},${col}`, kind]));
  const rows = placed.map((c) => c[0]);
  const cols = placed.map((c) => c[1]);
  const top = Math.max(-REACH, Math.min(...rows, 0) - 1);
  const bottom = Math.min(REACH, Math.max(...rows, 0) + 1);
  const left = Math.max(-REACH, Math.min(...cols, 0) - 1);
  const right = Math.min(REACH, Math.max(...cols, 0) + 1);
  const rowRange = Array.from({ length: bottom - top + 1 }, (_v, i) => top + i);
  const colRange = Array.from({ length: right - left + 1 }, (_v, i) => left + i);
  const hand = (view.hand as number[] | undefined) ?? [];
  return (
    <div class="souvenirs" data-testid="view">
      <table class="grid" aria-label="grid">
        <tbody>
          {rowRange.map((row) => (
            <tr key={row}>
              {colRange.map((col) => {
                const kind = at.get(`${row},${col}`);
                return (
                  <td key={col} class="cell">
                    {kind !== undefined && <SouvenirCard kind={kind} highlight={!before.has(`${row},${col}`)} />}
                  </td>
                );
              })}
              <td class="line-cubes" title={`row ${row}`}>
                <Cubes seats={cubes[row + REACH]} />
              </td>
            </tr>
          ))}
          <tr>
            {colRange.map((col) => (
              <td key={col} class="line-cubes" title={`column ${col}`}>
                <Cubes seats={cubes[SPAN + col + REACH]} />
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <p class="facts">
        {seats.map((seat, index) => (
          <span key={index}>
            {SEAT_MARKS[index]} {seat.name || "—"}: {String((view.scores as number[] | undefined)?.[index] ?? 0)} ·{" "}
            {String((view.cubes_left as number[] | undefined)?.[index] ?? 0)} ▣{" "}
          </span>
        ))}
        <span>🂠 {String(view.deck_size ?? "")}</span>
      </p>
      {hand.length > 0 && (
        <div class="hand" aria-label="hand">
          {hand.map((kind, index) => (
            <SouvenirCard key={index} kind={kind} />
          ))}
        </div>
      )}
    </div>
  );
}
