// Der Graf von Lucandor: the wardrobe (3 sections x 5 storeys: compartments
// with floor places and stacks, the rod storey, drawers, the sliding door),
// the three scoring slots beside the storeys they cover, locks, every seat's
// points, hand, draw pile and end-scoring chips, and the own hand face up.
//
// The view names cards only by id: id = garment * 6 + colour, in the order of
// the built-in spieltisch/games/lucandor/data/cards.toml. Its functions and the
// wardrobe model (wardrobe.toml) are copied below; a table with a re-fitted
// wardrobe or card file (options `wardrobe`, `cards`) falls back to the
// generic tree, since this copy would not match it.

import type { ComponentChildren } from "preact";
import type { Move } from "../api";
import { Card, CardBack, Chip } from "../cards";
import { GenericView } from "./generic";
import type { RendererProps } from "./types";

type Lang = "de" | "en";

// Colour keys of cards.tsx (each with its own symbol), in the game's colour order.
const COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"];
const COLOUR_NAMES: Record<Lang, string[]> = {
  de: ["rot", "orange", "gelb", "grün", "blau", "lila"],
  en: ["red", "orange", "yellow", "green", "blue", "purple"],
};
const GARMENTS: Record<Lang, string[]> = {
  de: ["Hemd", "Frack", "Socken", "Handschuhe", "Gürtel", "Zylinder", "Perücke", "Pulli", "Hose", "Schuhe"],
  en: ["shirt", "tailcoat", "socks", "gloves", "belt", "top hat", "wig", "pullover", "trousers", "shoes"],
};
const GARMENT_SHORT: Record<Lang, string[]> = {
  de: ["Hm", "Fr", "So", "Hs", "Gü", "Zy", "Pe", "Pu", "Ho", "Sc"],
  en: ["Sh", "Tc", "So", "Gl", "Be", "Ha", "Wi", "Pu", "Tr", "Sn"],
};
const UNITS = [1, 2, 1, 1, 2, 0, 0, 0, 0, 0]; // size on a rod or in a drawer
// Each card's function: d<points> a scoring dot in the card's colour, e<storey>
// an end-scoring task, h hanger, n needle & thread, i iron, w drawer.
const FUNCTIONS = (
  "d1 e1 d3 e2 e3 d2 e4 d1 e5 d3 h e1 h h d1 h d3 h d2 n h d1 n d3 n d2 n n d1 n " +
  "d2 i d2 i i d1 i d2 i d2 w i w w d2 w d2 w d3 e2 w d2 i d2 e3 d3 e4 e5 d2 w"
).split(" ");
const FUNCTION_NAMES: Record<Lang, Record<string, string>> = {
  de: { d: "Wertungspunkt", e: "Endwertung", h: "Kleiderbügel", n: "Nadel & Faden", i: "Bügeleisen", w: "Schublade" },
  en: { d: "scoring dot", e: "end scoring", h: "hanger", n: "needle & thread", i: "iron", w: "drawer" },
};
const START_COLOURS = [
  [[0, 1], [3, 5]],
  [[2, 3], [0, 4]],
  [[4, 5], [1, 2]],
];
const START_POINTS = 1;

// The wardrobe: sections left to right, storeys top to bottom.
const SECTIONS: Record<Lang, string[]> = { de: ["links", "Mitte", "rechts"], en: ["left", "middle", "right"] };
const STOREY_KINDS = ["compartment", "rod", "compartment", "compartment", "compartment"];
const SHOE_STOREY = 4;
const ROD_UNITS = 6;
const DRAWER_UNITS = 4;
const SLOT_STOREYS = [[0, 1], [1, 2, 3], [3, 4]];
const DRAWER_SLOTS = new Set([6, 8, 10, 7, 9, 11]); // cells (storey * 3 + section) that take a drawer
const NUM_CARDS = 60;

const WORDS = {
  de: {
    morning: "Vormittag", afternoon: "Nachmittag", over: "Spielende", storey: "Etage", storeys: "Etagen",
    slot: "Wertungsslot", place: "Platz", from: "aus", rod: "Stange", drawer: "Schublade", door: "Schiebetür",
    doorTo: "Tür nach", points: "Punkte", hand: "Hand", pile: "Stapel", ends: "Endwertung", stones: "freie Steine",
    discard: "Ablage", start: "Startkarte", lock: "Sperre", playing: "wird gespielt", toMove: "am Zug",
    known: "bekannt", yourHand: "Deine Hand", drawerSlot: "Schubladenplatz", scoresHere: "Wertung",
    on: " auf ", startPile: "Startkarten",
  },
  en: {
    morning: "morning", afternoon: "afternoon", over: "game over", storey: "storey", storeys: "storeys",
    slot: "scoring slot", place: "place", from: "from", rod: "rod", drawer: "drawer", door: "sliding door",
    doorTo: "door to", points: "points", hand: "hand", pile: "draw pile", ends: "end scoring", stones: "free stones",
    discard: "discard", start: "start card", lock: "lock", playing: "being played", toMove: "to move",
    known: "seen", yourHand: "Your hand", drawerSlot: "drawer slot", scoresHere: "scores",
    on: " on ", startPile: "start cards",
  },
};
type Words = (typeof WORDS)["en"];

export interface Player {
  points: number;
  hand_size: number;
  known_in_hand: number[];
  pile: number[];
  end_colours: number[];
  end_cards: number[] | null;
  end_points: number;
}

const garmentOf = (card: number) => Math.floor(card / COLOURS.length);
const colourOf = (card: number) => card % COLOURS.length;

export function cardName(card: number, lang: Lang): string {
  return `${GARMENTS[lang][garmentOf(card)]} ${COLOUR_NAMES[lang][colourOf(card)]}`;
}

export function functionText(card: number, lang: Lang): string {
  const code = FUNCTIONS[card] ?? "";
  const name = FUNCTION_NAMES[lang][code[0] ?? ""] ?? "?";
  if (code[0] === "d") return `${name} ${COLOUR_NAMES[lang][colourOf(card)]} ${code.slice(1)}`;
  if (code[0] === "e") return `${name} ${WORDS[lang].storey} ${code.slice(1)}`;
  return name;
}

/** What a scoring slot's card shows: its colours and points. */
function slotCard(value: number, side: number): { colours: number[]; points: number; start: boolean } {
  if (value >= NUM_CARDS) return { colours: START_COLOURS[value - NUM_CARDS]?.[side] ?? [], points: START_POINTS, start: true };
  return { colours: [colourOf(value)], points: Number((FUNCTIONS[value] ?? "d0").slice(1)), start: false };
}

/** The one legal move whose label contains `text` followed by the end, a space, a comma or a bracket. */
function moveWith(text: string, legal: Move[], also?: string): Move | undefined {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`${escaped}($|[\\s,(])`);
  const found = legal.filter((m) => pattern.test(m.label) && (also === undefined || m.label.includes(also)));
  return found.length === 1 ? found[0] : undefined;
}

function Clickable({ move, onMove, children, class: extra }: { move?: Move; onMove: (id: number) => void; children: ComponentChildren; class?: string }) {
  if (!move) return <>{children}</>;
  return (
    <button type="button" class={"cell-move " + (extra ?? "")} title={move.label} aria-label={move.label} onClick={() => onMove(move.id)}>
      {children}
    </button>
  );
}

function Piece({ card, lang, fresh }: { card: number; lang: Lang; fresh?: boolean }) {
  if (card < 0) return <CardBack small />;
  return <Card small rank={GARMENT_SHORT[lang][garmentOf(card)] ?? "?"} colour={COLOURS[colourOf(card)]} title={cardName(card, lang)} highlight={fresh} />;
}

/** A playing card face up: garment and colour (with its symbol), and the function below. */
function HandCard({ card, lang, fresh }: { card: number; lang: Lang; fresh?: boolean }) {
  const code = FUNCTIONS[card] ?? "";
  return (
    <figure class="lu-card" title={`${cardName(card, lang)} [${functionText(card, lang)}]`}>
      <Card rank={GARMENT_SHORT[lang][garmentOf(card)] ?? "?"} colour={COLOURS[colourOf(card)]} title={cardName(card, lang)} highlight={fresh} />
      <figcaption>
        <strong>{cardName(card, lang)}</strong>
        <span class={"lu-function f-" + (code[0] ?? "")}>{functionText(card, lang)}</span>
      </figcaption>
    </figure>
  );
}

/** A scoring card: its points and a chip per colour it shows. */
function SlotCardSvg({ colours, points, title }: { colours: number[]; points: number; title: string }) {
  return (
    <svg class="card slot-card" viewBox="0 0 44 62" width={44} height={62} role="img" aria-label={title}>
      <title>{title}</title>
      <rect x="1" y="1" width="42" height="60" rx="5" fill="#f4f1ea" stroke="#222" stroke-width="1.5" />
      <text x="22" y="24" text-anchor="middle" font-size="19" font-weight="700" fill="#1d1d1d">
        {points}
      </text>
      {colours.map((colour, index) => (
        <foreignObject key={index} x={colours.length === 1 ? 13 : 3 + index * 20} y="32" width="19" height="19">
          <Chip colour={COLOURS[colour] ?? "white"} size={18} />
        </foreignObject>
      ))}
    </svg>
  );
}

function seatLabel(seats: RendererProps["seats"], seat: number, you: number | null): string {
  const name = seats[seat]?.name || `#${seat + 1}`;
  return seat === you ? `${name} ★` : name;
}

function LockMark({ owner, level, seats, you, w }: { owner: number; level: number; seats: RendererProps["seats"]; you: number | null; w: Words }) {
  if (owner < 0) return null;
  return (
    <span class="lock" title={`${w.lock} ${level}: ${seatLabel(seats, owner, you)}`}>
      {w.lock} {level}: {seatLabel(seats, owner, you)}
    </span>
  );
}

export function LucandorView(props: RendererProps) {
  const { view, previous, seats, you, legal, onMove, options } = props;
  const lang: Lang = props.lang === "de" ? "de" : "en";
  const w = WORDS[lang];
  const content = (view.content as number[][][] | undefined) ?? [];
  if ((options?.wardrobe ?? "") !== "" || (options?.cards ?? "") !== "" || content.length !== 15) return GenericView(props);
  const side = options?.start_side === "B" ? 1 : 0;
  const before = previous ?? view;
  const placedBefore = new Set((before.placed as number[] | undefined) ?? []);
  const fresh = (card: number) => previous !== null && !placedBefore.has(card);
  const door = Number(view.door ?? 1);
  const slots = (view.slots as number[] | undefined) ?? [];
  const oldSlots = (before.slots as number[] | undefined) ?? slots;
  const lockOwner = (view.lock_owner as number[] | undefined) ?? [];
  const lockLevel = (view.lock_level as number[] | undefined) ?? [];
  const drawers = (view.drawers as [number, number[]][] | undefined) ?? [];
  const players = (view.players as Player[] | undefined) ?? [];
  const hand = (view.hand as number[] | null | undefined) ?? [];
  const oldHand = new Set((before.hand as number[] | null | undefined) ?? hand);
  const discard = (view.discard as number[] | undefined) ?? [];
  const pending = (view.pending as number[] | undefined) ?? [0];
  const toMove = Number(view.to_move ?? -1);
  const stage = Number(view.stage ?? 0);
  const phase = stage === 4 ? w.over : Number(view.phase ?? 0) === 0 ? w.morning : w.afternoon;
  const drawerAt = new Map(drawers.map(([cell, items]) => [cell, items]));
  const cellName = (cell: number) => `${w.storey} ${Math.floor(cell / 3) + 1} ${SECTIONS[lang][cell % 3]}`;
  const shown = slots.map((value) => slotCard(value, side));
  const storeyValues = STOREY_KINDS.map((_k, storey) => {
    const values = new Map<number, number>();
    SLOT_STOREYS.forEach((covered, slot) => {
      if (!covered.includes(storey) || !shown[slot]) return;
      for (const colour of shown[slot].colours) values.set(colour, (values.get(colour) ?? 0) + shown[slot].points);
    });
    return [...values.entries()].sort((a, b) => a[0] - b[0]);
  });

  const items = (cell: number, list: number[], capacity: number, legal: Move[]) => {
    const used = list.reduce((sum, card) => sum + (UNITS[garmentOf(card)] ?? 1), 0);
    return (
      <div class="lu-items">
        {list.map((card, level) => (
          <Clickable key={level} move={moveWith(`${cardName(card, lang)} ${w.from} ${cellName(cell)} #${level + 1}`, legal)} onMove={onMove}>
            <Piece card={card} lang={lang} fresh={fresh(card)} />
          </Clickable>
        ))}
        <span class="lu-used">
          {used}/{capacity}
        </span>
      </div>
    );
  };

  const cellBody = (cell: number) => {
    const storey = Math.floor(cell / 3);
    const drawer = drawerAt.get(cell);
    const whole = moveWith(cellName(cell), props.legal.filter((m) => m.label.endsWith(cellName(cell))));
    // No buttons inside the cell's own button.
    const legal = whole ? [] : props.legal;
    if (STOREY_KINDS[storey] === "rod") {
      return (
        <Clickable move={whole} onMove={onMove} class="lu-whole">
          <div class="lu-rod">
            <span class="lu-kind">{w.rod}</span>
            {items(cell, content[cell]?.[0] ?? [], ROD_UNITS, legal)}
          </div>
        </Clickable>
      );
    }
    if (drawer) {
      return (
        <Clickable move={whole} onMove={onMove} class="lu-whole">
          <div class="lu-drawer">
            <span class="lu-kind">{w.drawer}</span>
            {items(cell, drawer, DRAWER_UNITS, legal)}
          </div>
        </Clickable>
      );
    }
    const places = content[cell] ?? [];
    return (
      <Clickable move={whole} onMove={onMove} class="lu-whole">
        <div class={"lu-places" + (storey === SHOE_STOREY ? " shoes" : "")}>
          {places.map((stack, place) => {
            const where = `${cellName(cell)}, ${w.place} ${place + 1}`;
            const target = moveWith(where, legal);
            return (
              <div key={place} class="lu-place">
                <Clickable move={target} onMove={onMove}>
                  <div class="lu-stack">
                    {stack.length === 0 && <span class="lu-empty">{place + 1}</span>}
                    {[...stack].reverse().map((card, back) => {
                      const level = stack.length - 1 - back;
                      const take = target ? undefined : moveWith(`${cardName(card, lang)} ${w.from} ${where}`, legal);
                      return (
                        <Clickable key={level} move={take} onMove={onMove}>
                          <Piece card={card} lang={lang} fresh={fresh(card)} />
                        </Clickable>
                      );
                    })}
                  </div>
                </Clickable>
              </div>
            );
          })}
          {DRAWER_SLOTS.has(cell) && <span class="lu-slot-mark" title={w.drawerSlot}>▭</span>}
        </div>
      </Clickable>
    );
  };

  return (
    <div class="lucandor" data-testid="view">
      <p class="facts">
        <strong>{phase}</strong>
        {toMove >= 0 && (
          <>
            {" "}· {w.toMove}: <strong data-testid="lu-to-move">{seatLabel(seats, toMove, you)}</strong>
          </>
        )}
        {pending[0] !== 0 && pending[1] !== undefined && pending[1] >= 0 && (
          <>
            {" "}· {w.playing}: <Piece card={pending[1]} lang={lang} /> {cardName(pending[1], lang)} [{functionText(pending[1], lang)}]
          </>
        )}
      </p>
      <table class="lu-wardrobe" aria-label="wardrobe">
        <thead>
          <tr>
            <th />
            {SECTIONS[lang].map((name, section) => {
              const move = moveWith(`${w.doorTo} ${name}`, legal);
              return (
                <th key={section} scope="col" class={section === door ? "door" : undefined}>
                  <Clickable move={move} onMove={onMove}>
                    <span>
                      {name}
                      {section === door && <span class="lu-door-label">{w.door}</span>}
                    </span>
                  </Clickable>
                  {section === door && (
                    <LockMark owner={lockOwner[3] ?? -1} level={lockLevel[3] ?? 0} seats={seats} you={you} w={w} />
                  )}
                </th>
              );
            })}
            {shown.map((_s, slot) => (
              <th key={slot} scope="col" class="lu-slot-head">
                {w.slot} {slot + 1}
              </th>
            ))}
            <th scope="col">{w.scoresHere}</th>
          </tr>
        </thead>
        <tbody>
          {STOREY_KINDS.map((kind, storey) => (
            <tr key={storey} class={kind}>
              <th scope="row">{storey + 1}</th>
              {[0, 1, 2].map((section) => {
                const cell = storey * 3 + section;
                return (
                  <td key={section} class={"lu-cell" + (section === door ? " behind-door" : "")} data-cell={cellName(cell)}>
                    {cellBody(cell)}
                  </td>
                );
              })}
              {SLOT_STOREYS.map((covered, slot) => {
                if (covered[0] !== storey) return covered.includes(storey) ? null : <td key={slot} class="lu-gap" />;
                const card = shown[slot];
                const value = slots[slot] ?? -1;
                const title = card
                  ? `${w.slot} ${slot + 1}: ${card.colours.map((c) => COLOUR_NAMES[lang][c]).join("/")} ${card.points}${card.start ? ` (${w.start})` : ""}`
                  : "";
                const move = moveWith(`${w.slot} ${slot + 1}`, legal);
                return (
                  <td key={slot} rowSpan={covered.length} class="lu-slot">
                    <Clickable move={move} onMove={onMove}>
                      <div class={"lu-slot-card" + (value !== oldSlots[slot] ? " changed" : "")}>
                        {card && <SlotCardSvg colours={card.colours} points={card.points} title={title} />}
                        <small>
                          {w.storeys} {covered[0]! + 1}–{covered[covered.length - 1]! + 1}
                          {card?.start ? ` · ${w.start}` : ""}
                        </small>
                        <LockMark owner={lockOwner[slot] ?? -1} level={lockLevel[slot] ?? 0} seats={seats} you={you} w={w} />
                      </div>
                    </Clickable>
                  </td>
                );
              })}
              <td class="lu-values">
                {storeyValues[storey]!.map(([colour, points]) => (
                  <span key={colour} class="lu-value">
                    <Chip colour={COLOURS[colour]!} title={`${COLOUR_NAMES[lang][colour]} ${points}`} size={16} />
                    {points}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul class="lu-players">
        {players.map((player, seat) => {
          const stones = 2 - lockOwner.filter((owner) => owner === seat).length;
          return (
            <li key={seat} class={(seat === you ? "mine" : "") + (seat === toMove ? " to-move" : "")} data-seat={seat}>
              <strong>{seatLabel(seats, seat, you)}</strong>
              {seat === toMove && " ▶"} · {player.points + player.end_points} {w.points}
              {player.end_points ? ` (${w.ends} ${player.end_points})` : ""}
              <div class="lu-row">
                <span title={w.hand}>
                  {w.hand} {player.hand_size}
                </span>
                <span title={w.pile}>
                  {w.pile} {player.pile.length}
                </span>
                <span title={w.stones}>
                  {stones} {w.stones}
                </span>
              </div>
              {player.end_colours.length > 0 && (
                <div class="lu-row">
                  {w.ends}:{" "}
                  {player.end_colours.map((colour, index) => {
                    const task = player.end_cards?.[index];
                    return (
                      <span key={index} class="lu-task">
                        <Chip colour={COLOURS[colour]!} title={COLOUR_NAMES[lang][colour]} />
                        {task === undefined ? "?" : `${w.storey} ${(FUNCTIONS[task] ?? "e?").slice(1)}`}
                      </span>
                    );
                  })}
                </div>
              )}
              {seat !== you && player.known_in_hand.length > 0 && (
                <div class="lu-row">
                  {w.known}:{" "}
                  <span class="cards">
                    {player.known_in_hand.map((card) => (
                      <Piece key={card} card={card} lang={lang} />
                    ))}
                  </span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <p class="facts">
        {w.discard}: {discard.length}
        {discard.length > 0 && (
          <>
            {" "}
            <Piece card={discard[discard.length - 1]!} lang={lang} />
          </>
        )}{" "}
        · {w.startPile}: {((view.start_pile as number[] | undefined) ?? []).length}
      </p>
      {hand.length > 0 && (
        <section class="lu-hand" aria-label={w.yourHand}>
          <h3>{w.yourHand}</h3>
          <div class="lu-hand-cards">
            {hand.map((card) => (
              <HandCard key={card} card={card} lang={lang} fresh={previous !== null && !oldHand.has(card)} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
