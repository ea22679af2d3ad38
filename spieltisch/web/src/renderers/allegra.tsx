// ALLEGRA: all layouts in one strip, each shared column drawn once between the
// two neighbours it belongs to (the ring closes by repeating the first column
// at the end, marked as the same), each layout's current visible sum, the draw
// and discard piles, the card in hand, and prompts that explain knocking and
// announce the final round. On a phone the strip is drawn layout by layout,
// the others' layouts folded to one line each (owner and visible sum) that opens on a tap.
//
// A seat's 15 positions run row by row over [left shared, own x 3, right
// shared]; seat s's left column is seat s+1's right column. A click is matched
// to a legal move by its struct (spieltisch/games/allegra/moves.py): a card is
// `flip`, `place` or `take` with its layout's seat and position, the piles are
// `draw` and `discard`, the prompts' buttons `knock`, `no_knock`, `accept`,
// `decline` and `clear`.

import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import type { components } from "../schema";
import type { Move, Seat } from "../api";
import { Card, CardBack } from "../cards";
import type { T } from "../i18n";
import { findAny, findMove, movesOf } from "../moves";
import { useNarrow } from "../narrow";
import { Act, SeatMark, playerName } from "./parts";
import type { RendererProps } from "./types";

type Cell = AllegraViewData["layouts"][number][number];

/** What every seat sees of ALLEGRA (spieltisch/games/allegra/views.py `AllegraView`, generated into schema.d.ts). */
export type AllegraViewData = components["schemas"]["AllegraView"];
/** A move of Allegra as data, one type per kind (spieltisch/games/allegra/views.py `AllegraMove`). */
export type AllegraMoveData = components["schemas"]["AllegraMove"];

/** The table's reference data (spieltisch/games/allegra/views.py `AllegraReference`). */
type AllegraReference = components["schemas"]["AllegraReference"];

const WIDTH = 5;
const ROWS = 3;

const WORDS = {
  de: {
    shared: "geteilt", sameAsFirst: "dieselbe Spalte wie ganz links", visible: "offen", hidden: "verdeckt",
    total: "Matchsumme", drawPile: "Nachziehstapel", discard: "Ablage", inHand: "In der Hand", from: "von",
    pile: "vom Nachziehstapel", fromDiscard: "von der Ablage", empty: "leer", gap: "Lücke", hiddenCard: "verdeckte Karte",
    finalRound: "Letzte Runde!", finalRoundBy: "{name} hat keine verdeckte Karte mehr.",
    finalRoundRest: "Alle anderen sind noch genau einmal dran; danach werden alle Karten aufgedeckt und gezählt.",
    stillToPlay: "Noch dran", knockAsk: "{name} hat eine {card} vom Nachziehstapel gezogen.",
    knockWhat: "Klopfen heißt: Du bietest an, die Karte zu übernehmen. Nimmt {name} an, tauschst du sie in deine Auslage, {name} nimmt sich dafür eine beliebige Karte aus deiner Auslage, und du füllst die Lücke mit deiner ausgetauschten Karte.",
    knockChoose: "Es wurde geklopft: Du kannst ein Klopfen annehmen oder alle ablehnen und normal weiterspielen.",
    knocks: "klopft", knock: "Klopfen", noKnock: "Nicht klopfen", accept: "Klopfen von {name} annehmen", decline: "Ablehnen",
    clear: "Welches Trio abräumen?", column: "Spalte", row: "Reihe", take: "Nimm eine Karte aus der Auslage von {name}.",
    game: "Partie {n} von {of}", layoutOf: "Auslage von {name}", sum: "Summe", layouts: "Auslagen",
  },
  en: {
    shared: "shared", sameAsFirst: "the same column as at the far left", visible: "face up", hidden: "face down",
    total: "match total", drawPile: "Draw pile", discard: "Discard", inHand: "In hand", from: "from",
    pile: "from the draw pile", fromDiscard: "from the discard", empty: "empty", gap: "gap", hiddenCard: "face-down card",
    finalRound: "Final round!", finalRoundBy: "{name} has no face-down card left.",
    finalRoundRest: "Everybody else has exactly one more turn; then all cards are turned up and counted.",
    stillToPlay: "Still to play", knockAsk: "{name} drew a {card} from the draw pile.",
    knockWhat: "Knocking means: you offer to take that card. If {name} accepts, you exchange it into your layout, {name} takes any card of your layout in return, and you fill the hole with the card you replaced.",
    knockChoose: "Somebody knocked: you may accept one knock, or decline them all and play on as usual.",
    knocks: "knocks", knock: "Knock", noKnock: "Don't knock", accept: "Accept {name}'s knock", decline: "Decline",
    clear: "Which triple to clear?", column: "column", row: "row", take: "Take a card from {name}'s layout.",
    game: "Game {n} of {of}", layoutOf: "{name}'s layout", sum: "sum", layouts: "layouts",
  },
};
type Words = (typeof WORDS)["en"];

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_m, key: string) => String(values[key] ?? ""));
}

/** The current sum of a layout's face-up cards and how many are still face down. */
export function visibleSum(cells: Cell[]): { sum: number; hidden: number } {
  let sum = 0;
  let hidden = 0;
  for (const cell of cells) {
    if (cell === "?") hidden += 1;
    else if (typeof cell === "number") sum += cell;
  }
  return { sum, hidden };
}

function Face({ cell, title, fresh }: { cell: Cell; title: string; fresh: boolean }) {
  if (cell === null) return <span class="al-gap" title={title} />;
  if (cell === "?") return <CardBack small title={title} />;
  return <Card small rank={cell} title={title} highlight={fresh} />;
}

interface StripColumn {
  /** The layouts this column belongs to: [seat, column] pairs (two for a shared column). */
  owners: [number, number][];
  shared: boolean;
  repeat: boolean;
}

/** The strip's columns, left to right, starting with `first`'s left shared column. */
export function stripColumns(players: number, first: number): StripColumn[] {
  const columns: StripColumn[] = [];
  const shared = (seat: number, repeat: boolean): StripColumn => ({
    owners: [
      [seat, 0],
      [(seat + 1) % players, WIDTH - 1],
    ],
    shared: true,
    repeat,
  });
  for (let k = 0; k < players; k += 1) {
    const seat = (((first - k) % players) + players) % players;
    columns.push(shared(seat, false));
    for (let column = 1; column < WIDTH - 1; column += 1) columns.push({ owners: [[seat, column]], shared: false, repeat: false });
  }
  columns.push(shared(first, true));
  return columns;
}

interface StripProps {
  layouts: Cell[][];
  old: Cell[][];
  seats: Seat[];
  you: number | null;
  legal: Move<AllegraMoveData>[];
  onMove: (id: number) => void;
  fresh: boolean;
  t: T;
  w: Words;
  positionName: (position: number) => string;
}

/** The strip in one piece, or on a phone layout by layout: each part ends with the column it
 * shares with the next, which the next part repeats (drawn, not played there). */
export function stripParts(columns: StripColumn[], players: number, narrow: boolean): StripColumn[][] {
  if (!narrow) return [columns];
  return Array.from({ length: players }, (_p, k) =>
    columns.slice(k * (WIDTH - 1), k * (WIDTH - 1) + WIDTH).map((column, index) => (index === 0 && k > 0 ? { ...column, repeat: true } : column)),
  );
}

function Strip(props: StripProps) {
  const narrow = useNarrow();
  const parts = stripParts(stripColumns(props.layouts.length, props.you ?? 0), props.layouts.length, narrow);
  return (
    <div class="al-strip-box" tabIndex={0} role="group" aria-label={props.w.layouts}>
      {parts.map((columns, index) => {
        const part = <StripPart key={index} columns={columns} {...props} />;
        const seat = columns[1]?.owners[0]?.[0] ?? -1;
        // On a phone another player's layout is one line that opens on a tap (and by itself while a move is in it).
        return narrow && seat !== props.you ? (
          <FoldedLayout key={index} seat={seat} live={columns.some((column) => playable(column, props.legal))} {...props}>
            {part}
          </FoldedLayout>
        ) : (
          part
        );
      })}
      <p class="al-link note">↔ {props.w.sameAsFirst}</p>
    </div>
  );
}

/** Whether a legal move takes a card of this column here (not in a repeated column, which is only drawn). */
function playable(column: StripColumn, legal: Move<AllegraMoveData>[]): boolean {
  if (column.repeat) return false;
  return column.owners.some(([seat, col]) =>
    Array.from({ length: ROWS }, (_r, row) => findAny(legal, ["flip", "place", "take"], { seat, position: row * WIDTH + col })).some(Boolean),
  );
}

/** A layout folded to its owner and visible sum; open while it holds a move, else as last tapped. */
function FoldedLayout({ seat, live, layouts, seats, t, w, children }: StripProps & { seat: number; live: boolean; children: ComponentChildren }) {
  const [open, setOpen] = useState(false);
  const { sum, hidden } = visibleSum(layouts[seat] ?? []);
  return (
    <details
      class="al-fold"
      open={open || live}
      data-seat={seat}
      data-testid="layout-fold"
      onToggle={(e) => {
        if (e.currentTarget.open !== (open || live)) setOpen(e.currentTarget.open);
      }}
    >
      <summary>
        <SeatMark seat={seat} seats={seats} t={t} />
        <span>
          <strong>{playerName(seats, seat, t)}</strong>: {w.sum} {sum} ({hidden} {w.hidden})
        </span>
      </summary>
      {children}
    </details>
  );
}

function StripPart({ columns, layouts, old, seats, you, legal, onMove, fresh, t, w, positionName }: StripProps & { columns: StripColumn[] }) {
  const name = (seat: number) => playerName(seats, seat, t);
  const placeName = (seat: number, position: number) => `${name(seat)} ${positionName(position)}`;
  const blocks: { seat: number; span: number }[] = [];
  for (const column of columns) {
    if (column.shared) blocks.push({ seat: -1, span: 1 });
    else if (blocks.length && blocks[blocks.length - 1]!.seat === column.owners[0]![0]) blocks[blocks.length - 1]!.span += 1;
    else blocks.push({ seat: column.owners[0]![0], span: 1 });
  }
  return (
      <table class="al-strip" data-testid="strip">
        <thead>
          <tr>
            {blocks.map((block, index) =>
              block.seat < 0 ? (
                <th key={index} class="al-shared-head" scope="col">
                  {w.shared}
                </th>
              ) : (
                <th key={index} colSpan={block.span} scope="colgroup" class={"al-owner" + (block.seat === you ? " mine" : "")}>
                  <SeatMark seat={block.seat} seats={seats} t={t} /> {name(block.seat)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: ROWS }, (_r, row) => (
            <tr key={row}>
              {columns.map((column, index) => {
                const [seat, col] = column.owners[0]!;
                const position = row * WIDTH + col;
                const cell = layouts[seat]?.[position] ?? null;
                const before = old[seat]?.[position] ?? cell;
                const title = column.owners.map(([s, c]) => placeName(s, row * WIDTH + c)).join(" = ");
                const move = column.repeat
                  ? undefined
                  : column.owners
                      .map(([s, c]) => findAny(legal, ["flip", "place", "take"], { seat: s, position: row * WIDTH + c }))
                      .find((m) => m !== undefined);
                const owners = column.owners.map(([s]) => name(s)).join(" | ");
                return (
                  <td
                    key={index}
                    class={"cell" + (column.shared ? " al-shared" : "") + (column.repeat ? " al-repeat" : "")}
                    data-seat={seat}
                    data-position={position}
                    data-places={column.owners.map(([s, c]) => `${s}:${row * WIDTH + c}`).join(" ")}
                    title={column.repeat ? `${owners}: ${w.sameAsFirst}` : undefined}
                  >
                    <Act move={move} onMove={onMove}>
                      <Face cell={cell} title={cell === "?" ? `${title}: ${w.hiddenCard}` : cell === null ? `${title}: ${w.gap}` : `${title}: ${cell}`} fresh={fresh && before !== cell} />
                    </Act>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
  );
}

export function AllegraView({ view, previous, seats, you, lang: pageLang, legal, onMove, t, reference }: RendererProps<AllegraViewData, AllegraReference, AllegraMoveData>) {
  const lang = pageLang === "de" ? "de" : "en";
  const w = WORDS[lang];
  const positionName = (position: number) => reference?.position_names[position] ?? "?";
  const { layouts, discard, totals, knockers, phase, active, knocker, trigger, games } = view;
  const old = (previous ?? view).layouts;
  const finalQueue = view.final_queue;
  const inHand = view.drawn ?? view.held;
  const name = (seat: number) => playerName(seats, seat, t);
  const drawPile = findMove(legal, "draw", { source: "pile" });
  const drawDiscard = findMove(legal, "draw", { source: "discard" });
  const throwAway = findMove(legal, "discard");
  const knock = findMove(legal, "knock");
  const noKnock = findMove(legal, "no_knock");
  const accepts = movesOf(legal, "accept");
  const decline = findMove(legal, "decline");
  const clears = movesOf(legal, "clear");
  const top = discard.length ? discard[discard.length - 1]! : null;
  return (
    <div class="allegra" data-testid="view">
      {view.final_round && (
        <div class="al-banner" role="status" data-testid="final-round">
          <strong>{w.finalRound}</strong> {trigger >= 0 && fill(w.finalRoundBy, { name: name(trigger) })} {w.finalRoundRest}
          {finalQueue.length > 0 && (
            <span>
              {" "}
              {w.stillToPlay}: {finalQueue.map(name).join(", ")}
            </span>
          )}
        </div>
      )}
      {phase === "knock_ask" && (
        <div class="al-banner" role="status" data-testid="knock-prompt">
          <p>{fill(w.knockAsk, { name: name(active), card: String(inHand ?? "?") })}</p>
          <p>{fill(w.knockWhat, { name: name(active) })}</p>
          {knockers.length > 0 && <p>{knockers.map((s) => `${name(s)} ${w.knocks}`).join(", ")}</p>}
          {(knock || noKnock) && (
            <p class="row">
              {knock && (
                <button type="button" class="primary" data-action={knock.id} onClick={() => onMove(knock.id)}>
                  {w.knock}
                </button>
              )}
              {noKnock && (
                <button type="button" data-action={noKnock.id} onClick={() => onMove(noKnock.id)}>
                  {w.noKnock}
                </button>
              )}
            </p>
          )}
        </div>
      )}
      {(accepts.length > 0 || decline) && (
        <div class="al-banner" role="status" data-testid="knock-choose">
          <p>{w.knockChoose}</p>
          <p class="row">
            {accepts.map((move) => (
              <button type="button" key={move.id} class="primary" data-action={move.id} onClick={() => onMove(move.id)}>
                {fill(w.accept, { name: name(move.move.seat) })}
              </button>
            ))}
            {decline && (
              <button type="button" data-action={decline.id} onClick={() => onMove(decline.id)}>
                {w.decline}
              </button>
            )}
          </p>
        </div>
      )}
      {phase === "take" && knocker >= 0 && <p class="al-banner">{fill(w.take, { name: name(knocker) })}</p>}
      {clears.length > 0 && (
        <div class="al-banner" data-testid="clear-choice">
          <p>{w.clear}</p>
          <p class="row">
            {clears.map((move) => (
              <button type="button" key={move.id} data-action={move.id} onClick={() => onMove(move.id)}>
                {move.move.line === "row" ? w.row : w.column}:{" "}
                {move.move.positions.map(positionName).join(" ")}
              </button>
            ))}
          </p>
        </div>
      )}
      <Strip layouts={layouts} old={old} seats={seats} you={you} legal={legal} onMove={onMove} fresh={previous !== null} t={t} w={w} positionName={positionName} />
      <ul class="al-sums" data-testid="sums">
        {layouts.map((cells, seat) => {
          const { sum, hidden } = visibleSum(cells);
          return (
            <li key={seat} data-seat={seat} class={seat === you ? "mine" : undefined}>
              <SeatMark seat={seat} seats={seats} t={t} /> <strong>{name(seat)}</strong>: {w.sum}{" "}
              <strong data-testid="layout-sum">{sum}</strong> ({hidden} {w.hidden})
              {games > 1 && ` · ${w.total} ${totals[seat] ?? 0}`}
              {knockers.includes(seat) && ` · ${w.knocks}`}
            </li>
          );
        })}
      </ul>
      <div class="al-piles">
        <div class="al-pile">
          <span>
            {w.drawPile} ({view.draw_size})
          </span>
          <Act move={drawPile} onMove={onMove} testid="draw-pile">
            <CardBack small title={w.drawPile} />
          </Act>
        </div>
        <div class="al-pile">
          <span>{w.discard}</span>
          <Act move={drawDiscard ?? throwAway} onMove={onMove} testid="discard-pile">
            {top === null ? <span class="al-gap" title={w.empty} /> : <Card small rank={top} title={`${w.discard}: ${top}`} />}
          </Act>
        </div>
        {inHand !== null && (
          <div class="al-pile" data-testid="in-hand">
            <span>
              {w.inHand}
              {view.drawn_from === "pile" ? ` (${w.pile})` : view.drawn_from === "discard" ? ` (${w.fromDiscard})` : ""}
            </span>
            <Card small rank={inHand} highlight />
          </div>
        )}
        {games > 1 && <span class="note">{fill(w.game, { n: view.game, of: games })}</span>}
      </div>
    </div>
  );
}
