// What a Lucandor table's pieces are, from its reference data
// (GET /api/tables/{id}/reference, spieltisch/games/lucandor/reference.py): the
// view names cards only by id and cells by number, so a re-fitted wardrobe or
// card file (options `wardrobe`, `cards`) is drawn as it is.

import type { Reference } from "../../api";
import { hasSuit } from "../../cards";

export type Lang = "de" | "en";

export interface Named {
  key: string;
  de: string;
  en: string;
  short_de?: string;
  short_en?: string;
}

export interface GarmentInfo extends Named {
  container: "rod" | "drawer" | "compartment";
  units: number;
}

export type FunctionKey = "dot" | "end" | "hanger" | "needle" | "iron" | "drawer";

export interface CardInfo {
  id: number;
  garment: number;
  colour: number;
  function: FunctionKey;
  dot_colour?: number;
  points?: number;
  storey?: number;
}

export interface WardrobeInfo {
  sections: { de: string; en: string }[];
  storeys: { kind: "rod" | "compartment"; shoes: boolean }[];
  rod_units: number;
  drawer_units: number;
  drawer_slots: number[];
  slots: number[][];
  /** The door's index in the view's lock lists: after one entry per scoring slot. */
  door_lock?: number;
}

/** The reference data of a Lucandor table. */
export interface LucandorReference {
  colours: Named[];
  garments: GarmentInfo[];
  corners?: Named[];
  cards: CardInfo[];
  start_cards: { a: number[]; b: number[]; points: number }[];
  start_side: number;
  /** Stones per player. */
  markers?: number;
  /** The functions' names, when the server sends them. */
  functions?: Record<FunctionKey, Named>;
  wardrobe: WardrobeInfo;
}

/** The reference data when it has the shape this table reads (else the view is drawn as a tree). */
export function asLucandor(reference: LucandorReference | Reference | null | undefined): LucandorReference | null {
  const ref = reference as Partial<LucandorReference> | null | undefined;
  const wardrobe = ref?.wardrobe;
  const lists = [ref?.colours, ref?.garments, ref?.cards, ref?.start_cards, wardrobe?.sections, wardrobe?.storeys, wardrobe?.slots];
  return lists.every(Array.isArray) ? (ref as LucandorReference) : null;
}

// Until the reference data names the functions, the table names them itself.
const FUNCTION_NAMES: Record<Lang, Record<FunctionKey, string>> = {
  de: { dot: "Wertungspunkt", end: "Endwertung", hanger: "Kleiderbügel", needle: "Nadel & Faden", iron: "Bügeleisen", drawer: "Schublade" },
  en: { dot: "scoring dot", end: "end scoring", hanger: "hanger", needle: "needle & thread", iron: "iron", drawer: "drawer" },
};

export const WORDS = {
  de: {
    morning: "Vormittag", afternoon: "Nachmittag", over: "Spielende", storey: "Etage", storeys: "Etagen",
    slot: "Wertungsslot", place: "Platz", from: "aus", rod: "Stange", drawer: "Schublade", door: "Schiebetür",
    doorTo: "Tür nach {section}", points: "Punkte", hand: "Hand", pile: "Stapel", ends: "Endwertung", stones: "freie Steine",
    discard: "Ablage", start: "Startkarte", lock: "Sperre", playing: "wird gespielt", toMove: "am Zug",
    known: "bekannt", yourHand: "Deine Hand", drawerSlot: "freier Schubladenplatz", scoresHere: "Wertung",
    startPile: "Startkarten", wardrobe: "Kleiderschrank", putAway: "Aufräumen", clean: "Fächer putzen",
    moveDoor: "Schiebetür bewegen", task: "Als Endwertung auslegen", chooseUse: "Was soll {card} tun?",
    chooseColour: "Neue Farbe wählen:", chooseCorner: "Glücksprobe: Welche Ecke zeigt der Daumen?", corner: "Ecke",
    putHere: "{card} hierhin: {place}", take: "{card} herausnehmen", moveDrawer: "Diese Schublade bewegen",
    drawerHere: "Schublade hierhin", slotHere: "Wertungskarte auf Slot {n}", second: "Als zweite Karte abwerfen",
    faceDown: "verdeckt", empty: "leer", cancel: "Abbrechen",
    secureAsk: "Glück gehabt: Slot {n} mit einem Stein auf der 2 sichern?", secure: "Sichern", leave: "Nicht sichern",
  },
  en: {
    morning: "morning", afternoon: "afternoon", over: "game over", storey: "storey", storeys: "storeys",
    slot: "scoring slot", place: "place", from: "from", rod: "rod", drawer: "drawer", door: "sliding door",
    doorTo: "door to {section}", points: "points", hand: "hand", pile: "draw pile", ends: "end scoring", stones: "free stones",
    discard: "discard", start: "start card", lock: "lock", playing: "being played", toMove: "to move",
    known: "seen", yourHand: "Your hand", drawerSlot: "free drawer slot", scoresHere: "scores",
    startPile: "start cards", wardrobe: "wardrobe", putAway: "Put away", clean: "Clean up",
    moveDoor: "Move the door", task: "Lay as end scoring", chooseUse: "What should {card} do?",
    chooseColour: "Choose the new colour:", chooseCorner: "Luck check: which corner does the thumb show?", corner: "corner",
    putHere: "{card} here: {place}", take: "take out {card}", moveDrawer: "Move this drawer",
    drawerHere: "Drawer here", slotHere: "Scoring card onto slot {n}", second: "Discard as the second card",
    faceDown: "face down", empty: "empty", cancel: "Cancel",
    secureAsk: "Lucky: secure slot {n} with a stone on its 2?", secure: "Secure it", leave: "Leave it",
  },
};
export type Words = (typeof WORDS)["en"];

export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_m, key: string) => String(values[key] ?? ""));
}

const nameIn = (named: Named | undefined, lang: Lang) => (named ? named[lang] : "?");

/** The card and wardrobe lookups of one table. */
export class Tables {
  readonly sections: number;
  readonly cells: number;
  readonly drawerSlots: Set<number>;
  readonly doorLock: number;
  readonly markers: number;

  constructor(readonly ref: LucandorReference) {
    this.sections = ref.wardrobe.sections.length;
    this.cells = this.sections * ref.wardrobe.storeys.length;
    this.drawerSlots = new Set(ref.wardrobe.drawer_slots ?? []);
    this.doorLock = ref.wardrobe.door_lock ?? ref.wardrobe.slots.length;
    this.markers = ref.markers ?? 2;
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

  garmentName(card: number, lang: Lang): string {
    return nameIn(this.ref.garments[this.card(card)?.garment ?? -1], lang);
  }

  units(card: number): number {
    return this.ref.garments[this.card(card)?.garment ?? -1]?.units ?? 1;
  }

  /** A card by its full name: garment and colour ("Pulli blau", "blue pullover" as the data says). */
  cardName(card: number, lang: Lang): string {
    const info = this.card(card);
    if (!info) return "?";
    return `${nameIn(this.ref.garments[info.garment], lang)} ${this.colourName(info.colour, lang)}`;
  }

  functionName(key: FunctionKey, lang: Lang): string {
    return this.ref.functions?.[key]?.[lang] ?? FUNCTION_NAMES[lang][key] ?? key;
  }

  functionText(card: number, lang: Lang): string {
    const info = this.card(card);
    if (!info) return "?";
    const name = this.functionName(info.function, lang);
    if (info.function === "dot") return `${name} ${this.colourName(info.dot_colour ?? info.colour, lang)} ${info.points ?? 0}`;
    if (info.function === "end") return `${name} ${WORDS[lang].storey} ${(info.storey ?? 0) + 1}`;
    return name;
  }

  cornerName(corner: number, lang: Lang): string {
    return this.ref.corners?.[corner]?.[lang] ?? `${WORDS[lang].corner} ${corner + 1}`;
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

  sectionName(section: number, lang: Lang): string {
    const named = this.ref.wardrobe.sections[section];
    return named ? named[lang] : "?";
  }

  cellName(cell: number, lang: Lang): string {
    return `${WORDS[lang].storey} ${Math.floor(cell / this.sections) + 1} ${this.sectionName(cell % this.sections, lang)}`;
  }
}

// One Tables per reference object: a table's reference is fetched once and kept.
const cache = new WeakMap<LucandorReference, Tables>();

export function tablesFor(ref: LucandorReference): Tables {
  let tables = cache.get(ref);
  if (!tables) cache.set(ref, (tables = new Tables(ref)));
  return tables;
}
