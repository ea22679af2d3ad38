// Der Graf von Lucandor: the wardrobe (sections x storeys: compartments with
// floor places and stacks, the rod storeys, drawers, the sliding door), the
// scoring slots beside the storeys they cover, locks, every seat's points,
// hand, draw pile and end-scoring chips, and the own hand face up.
//
// The view names cards only by id and cells by number. What they are (garment,
// colour, function; the wardrobe's storeys, drawers and scoring slots) comes
// from the table's reference data (GET /api/tables/{id}/reference), built by
// the server from the game's data files, so a table with a re-fitted wardrobe
// or card file (options `wardrobe`, `cards`) is drawn as it is.

import type { ComponentChildren } from "preact";
import type { Move, Reference } from "../api";
import { Card, CardBack, Chip, hasSuit } from "../cards";
import { GenericView } from "./generic";
import type { RendererProps } from "./types";

type Lang = "de" | "en";

interface Named {
  key: string;
  de: string;
  en: string;
  short_de?: string;
  short_en?: string;
}

interface GarmentInfo extends Named {
  container: "rod" | "drawer" | "compartment";
  units: number;
}

interface CardInfo {
  id: number;
  garment: number;
  colour: number;
  function: "dot" | "end" | "hanger" | "needle" | "iron" | "drawer";
  dot_colour?: number;
  points?: number;
  storey?: number;
}

interface WardrobeInfo {
  sections: { de: string; en: string }[];
  storeys: { kind: "rod" | "compartment"; shoes: boolean }[];
  rod_units: number;
  drawer_units: number;
  drawer_slots: number[];
  slots: number[][];
}

/** The reference data of a Lucandor table (spieltisch/games/lucandor/reference.py). */
interface LucandorReference {
  colours: Named[];
  garments: GarmentInfo[];
  cards: CardInfo[];
  start_cards: { a: number[]; b: number[]; points: number }[];
  start_side: number;
  wardrobe: WardrobeInfo;
}

function asLucandor(reference: Reference | null | undefined): LucandorReference | null {
  const ref = reference as Partial<LucandorReference> | null | undefined;
  const wardrobe = ref?.wardrobe;
  const lists = [ref?.colours, ref?.garments, ref?.cards, ref?.start_cards, wardrobe?.sections, wardrobe?.storeys, wardrobe?.slots];
  return lists.every(Array.isArray) ? (ref as LucandorReference) : null;
}

const FUNCTION_NAMES: Record<Lang, Record<CardInfo["function"], string>> = {
  de: { dot: "Wertungspunkt", end: "Endwertung", hanger: "Kleiderbügel", needle: "Nadel & Faden", iron: "Bügeleisen", drawer: "Schublade" },
  en: { dot: "scoring dot", end: "end scoring", hanger: "hanger", needle: "needle & thread", iron: "iron", drawer: "drawer" },
};

const nameIn = (named: Named | undefined, lang: Lang) => (named ? named[lang] : "?");
const shortIn = (named: Named | undefined, lang: Lang) => (named ? named[lang === "de" ? "short_de" : "short_en"] ?? named[lang] : "?");

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

/** The card and wardrobe lookups of one table, from its reference data. */
class Tables {
  readonly sections: number;
  readonly cells: number;
  readonly drawerSlots: Set<number>;

  constructor(readonly ref: LucandorReference) {
    this.sections = ref.wardrobe.sections.length;
    this.cells = this.sections * ref.wardrobe.storeys.length;
    this.drawerSlots = new Set(ref.wardrobe.drawer_slots ?? []);
  }

  card(card: number): CardInfo | undefined {
    return this.ref.cards[card];
  }

  /** The card drawing's colour: the palette's own when the colour has its name, else one by number. */
  suit(colour: number): string | number {
    const english = this.ref.colours[colour]?.en.toLowerCase() ?? "";
    return hasSuit(english) ? english : colour;
  }

  colourName(colour: number, lang: Lang): string {
    return nameIn(this.ref.colours[colour], lang);
  }

  garmentShort(card: number, lang: Lang): string {
    return shortIn(this.ref.garments[this.card(card)?.garment ?? -1], lang);
  }

  units(card: number): number {
    return this.ref.garments[this.card(card)?.garment ?? -1]?.units ?? 1;
  }

  /** As the game names a card in its move labels: garment and colour. */
  cardName(card: number, lang: Lang): string {
    const info = this.card(card);
    if (!info) return "?";
    return `${nameIn(this.ref.garments[info.garment], lang)} ${this.colourName(info.colour, lang)}`;
  }

  functionText(card: number, lang: Lang): string {
    const info = this.card(card);
    if (!info) return "?";
    const name = FUNCTION_NAMES[lang][info.function] ?? "?";
    if (info.function === "dot") return `${name} ${this.colourName(info.dot_colour ?? info.colour, lang)} ${info.points ?? 0}`;
    if (info.function === "end") return `${name} ${WORDS[lang].storey} ${(info.storey ?? 0) + 1}`;
    return name;
  }

  /** What a scoring slot's card shows: the colours it pays for and its points. */
  slotCard(value: number): { colours: number[]; points: number; start: boolean } {
    const cards = this.ref.cards.length;
    if (value >= cards) {
      const start = this.ref.start_cards[value - cards];
      return { colours: (this.ref.start_side === 1 ? start?.b : start?.a) ?? [], points: start?.points ?? 0, start: true };
    }
    const info = this.card(value);
    return { colours: info?.dot_colour === undefined ? [] : [info.dot_colour], points: info?.points ?? 0, start: false };
  }

  cellName(cell: number, lang: Lang): string {
    const section = this.ref.wardrobe.sections[cell % this.sections];
    return `${WORDS[lang].storey} ${Math.floor(cell / this.sections) + 1} ${section ? section[lang] : "?"}`;
  }
}

// One Tables per reference object: a table's reference is fetched once and kept.
const tablesCache = new WeakMap<LucandorReference, Tables>();

function tablesFor(ref: LucandorReference): Tables {
  let tables = tablesCache.get(ref);
  if (!tables) tablesCache.set(ref, (tables = new Tables(ref)));
  return tables;
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

interface CardProps {
  card: number;
  tables: Tables;
  lang: Lang;
  fresh?: boolean;
}

function Piece({ card, tables, lang, fresh }: CardProps) {
  if (card < 0) return <CardBack small />;
  const colour = tables.card(card)?.colour ?? -1;
  return <Card small rank={tables.garmentShort(card, lang)} colour={tables.suit(colour)} title={tables.cardName(card, lang)} highlight={fresh} />;
}

/** A playing card face up: garment and colour (with its symbol), and the function below. */
function HandCard({ card, tables, lang, fresh }: CardProps) {
  const info = tables.card(card);
  const name = tables.cardName(card, lang);
  return (
    <figure class="lu-card" title={`${name} [${tables.functionText(card, lang)}]`}>
      <Card rank={tables.garmentShort(card, lang)} colour={tables.suit(info?.colour ?? -1)} title={name} highlight={fresh} />
      <figcaption>
        <strong>{name}</strong>
        <span class={"lu-function f-" + (info?.function[0] ?? "")}>{tables.functionText(card, lang)}</span>
      </figcaption>
    </figure>
  );
}

/** A scoring card: its points and a chip per colour it shows. */
function SlotCardSvg({ colours, points, title, tables }: { colours: number[]; points: number; title: string; tables: Tables }) {
  return (
    <svg class="card slot-card" viewBox="0 0 44 62" width={44} height={62} role="img" aria-label={title}>
      <title>{title}</title>
      <rect x="1" y="1" width="42" height="60" rx="5" fill="#f4f1ea" stroke="#222" stroke-width="1.5" />
      <text x="22" y="24" text-anchor="middle" font-size="19" font-weight="700" fill="#1d1d1d">
        {points}
      </text>
      {colours.map((colour, index) => (
        <foreignObject key={index} x={colours.length === 1 ? 13 : 3 + index * 20} y="32" width="19" height="19">
          <Chip colour={tables.suit(colour)} size={18} />
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
  const { view, previous, seats, you, legal, onMove } = props;
  const lang: Lang = props.lang === "de" ? "de" : "en";
  const w = WORDS[lang];
  const content = (view.content as number[][][] | undefined) ?? [];
  // Without the table's reference data (not loaded, or not a shape this
  // renderer knows) the view is still shown, as the generic tree.
  const ref = asLucandor(props.reference);
  if (!ref || content.length !== tablesFor(ref).cells) return GenericView(props);
  const tables = tablesFor(ref);
  const { wardrobe } = ref;
  const sectionNames = wardrobe.sections.map((section) => section[lang]);
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
  const cellName = (cell: number) => tables.cellName(cell, lang);
  const shown = slots.map((value) => tables.slotCard(value));
  const storeyValues = wardrobe.storeys.map((_s, storey) => {
    const values = new Map<number, number>();
    wardrobe.slots.forEach((covered, slot) => {
      if (!covered.includes(storey) || !shown[slot]) return;
      for (const colour of shown[slot].colours) values.set(colour, (values.get(colour) ?? 0) + shown[slot].points);
    });
    return [...values.entries()].sort((a, b) => a[0] - b[0]);
  });

  const items = (cell: number, list: number[], capacity: number, legal: Move[]) => {
    const used = list.reduce((sum, card) => sum + tables.units(card), 0);
    return (
      <div class="lu-items">
        {list.map((card, level) => (
          <Clickable key={level} move={moveWith(`${tables.cardName(card, lang)} ${w.from} ${cellName(cell)} #${level + 1}`, legal)} onMove={onMove}>
            <Piece card={card} tables={tables} lang={lang} fresh={fresh(card)} />
          </Clickable>
        ))}
        <span class="lu-used">
          {used}/{capacity}
        </span>
      </div>
    );
  };

  const cellBody = (cell: number) => {
    const storey = Math.floor(cell / tables.sections);
    const drawer = drawerAt.get(cell);
    const whole = moveWith(cellName(cell), props.legal.filter((m) => m.label.endsWith(cellName(cell))));
    // No buttons inside the cell's own button.
    const legal = whole ? [] : props.legal;
    if (wardrobe.storeys[storey]?.kind === "rod") {
      return (
        <Clickable move={whole} onMove={onMove} class="lu-whole">
          <div class="lu-rod">
            <span class="lu-kind">{w.rod}</span>
            {items(cell, content[cell]?.[0] ?? [], wardrobe.rod_units, legal)}
          </div>
        </Clickable>
      );
    }
    if (drawer) {
      return (
        <Clickable move={whole} onMove={onMove} class="lu-whole">
          <div class="lu-drawer">
            <span class="lu-kind">{w.drawer}</span>
            {items(cell, drawer, wardrobe.drawer_units, legal)}
          </div>
        </Clickable>
      );
    }
    const places = content[cell] ?? [];
    return (
      <Clickable move={whole} onMove={onMove} class="lu-whole">
        <div class={"lu-places" + (wardrobe.storeys[storey]?.shoes ? " shoes" : "")}>
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
                      const take = target ? undefined : moveWith(`${tables.cardName(card, lang)} ${w.from} ${where}`, legal);
                      return (
                        <Clickable key={level} move={take} onMove={onMove}>
                          <Piece card={card} tables={tables} lang={lang} fresh={fresh(card)} />
                        </Clickable>
                      );
                    })}
                  </div>
                </Clickable>
              </div>
            );
          })}
          {tables.drawerSlots.has(cell) && <span class="lu-slot-mark" title={w.drawerSlot}>▭</span>}
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
            {" "}· {w.playing}: <Piece card={pending[1]} tables={tables} lang={lang} /> {tables.cardName(pending[1], lang)} [{tables.functionText(pending[1], lang)}]
          </>
        )}
      </p>
      <table class="lu-wardrobe" aria-label="wardrobe">
        <thead>
          <tr>
            <th />
            {sectionNames.map((name, section) => {
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
          {wardrobe.storeys.map(({ kind }, storey) => (
            <tr key={storey} class={kind}>
              <th scope="row">{storey + 1}</th>
              {sectionNames.map((_name, section) => {
                const cell = storey * tables.sections + section;
                return (
                  <td key={section} class={"lu-cell" + (section === door ? " behind-door" : "")} data-cell={cellName(cell)}>
                    {cellBody(cell)}
                  </td>
                );
              })}
              {wardrobe.slots.map((covered, slot) => {
                if (covered[0] !== storey) return covered.includes(storey) ? null : <td key={slot} class="lu-gap" />;
                const card = shown[slot];
                const value = slots[slot] ?? -1;
                const title = card
                  ? `${w.slot} ${slot + 1}: ${card.colours.map((c) => tables.colourName(c, lang)).join("/")} ${card.points}${card.start ? ` (${w.start})` : ""}`
                  : "";
                const move = moveWith(`${w.slot} ${slot + 1}`, legal);
                return (
                  <td key={slot} rowSpan={covered.length} class="lu-slot">
                    <Clickable move={move} onMove={onMove}>
                      <div class={"lu-slot-card" + (value !== oldSlots[slot] ? " changed" : "")}>
                        {card && <SlotCardSvg colours={card.colours} points={card.points} title={title} tables={tables} />}
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
                    <Chip colour={tables.suit(colour)} title={`${tables.colourName(colour, lang)} ${points}`} size={16} />
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
                        <Chip colour={tables.suit(colour)} title={tables.colourName(colour, lang)} />
                        {task === undefined ? "?" : `${w.storey} ${(tables.card(task)?.storey ?? -1) + 1}`}
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
                      <Piece key={card} card={card} tables={tables} lang={lang} />
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
            <Piece card={discard[discard.length - 1]!} tables={tables} lang={lang} />
          </>
        )}{" "}
        · {w.startPile}: {((view.start_pile as number[] | undefined) ?? []).length}
      </p>
      {hand.length > 0 && (
        <section class="lu-hand" aria-label={w.yourHand}>
          <h3>{w.yourHand}</h3>
          <div class="lu-hand-cards">
            {hand.map((card) => (
              <HandCard key={card} card={card} tables={tables} lang={lang} fresh={previous !== null && !oldHand.has(card)} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
