// What a Lucandor table's pieces are, from its reference data
// (GET /api/tables/{id}/reference, spieltisch/games/lucandor/reference.py): the
// view names cards only by id and cells by number, so a re-fitted wardrobe or
// card file (options `wardrobe`, `cards`) is drawn as it is.

import type { Reference } from "../../api";
import type { components } from "../../schema";
import { hasSuit } from "../../cards";

export type Lang = "de" | "en";

// The reference data's types are generated from spieltisch/games/lucandor/reference.py.
type Schemas = components["schemas"];
/** The reference data of a Lucandor table. */
export type LucandorReference = Schemas["LucandorReference"];
/** A move of Lucandor as data, one type per kind (spieltisch/games/lucandor/views.py `LucandorMove`). */
export type LucandorMoveData = components["schemas"]["LucandorMove"];
/** Playing a hand card for a use. */
export type LucandorPlay = components["schemas"]["LucandorPlayMove"];
export type Named = Schemas["LucandorNamed"];
export type GarmentInfo = Schemas["LucandorGarment"];
export type CardInfo = Schemas["LucandorCard"];
export type WardrobeInfo = Schemas["LucandorWardrobe"];
/** A card function's key ("dot", "end", "hanger", "needle", "iron", "drawer"). */
export type FunctionKey = CardInfo["function"];
/** The words the server gives for a Lucandor table (reference `words`), in one language. */
export type ServerWords = LucandorReference["words"][string];

/** The reference data when it has the shape this table reads (else the view is drawn as a tree). */
export function asLucandor(reference: LucandorReference | Reference | null | undefined): LucandorReference | null {
  const ref = reference as Partial<LucandorReference> | null | undefined;
  const wardrobe = ref?.wardrobe;
  const lists = [ref?.colours, ref?.garments, ref?.corners, ref?.functions, ref?.cards, ref?.start_cards, wardrobe?.sections, wardrobe?.storeys, wardrobe?.slots];
  const words = ref?.words;
  return lists.every(Array.isArray) && typeof words?.de === "object" && typeof words?.en === "object" ? (ref as LucandorReference) : null;
}

// The words only a clickable table needs; the names of the game's things (phases,
// storeys, piles, ...) are the server's (reference `words`, see `wordsFor`).
const TABLE_WORDS = {
  de: {
    from: "aus", doorTo: "Tür nach {section}", wardrobe: "Kleiderschrank", yourHand: "Deine Hand",
    drawerSlot: "freier Schubladenplatz", scoresHere: "Wertung", startPile: "Startkarten", putAway: "Aufräumen", clean: "Fächer putzen",
    moveDoor: "Schiebetür bewegen", task: "Als Endwertung auslegen", chooseUse: "Was soll {card} tun?",
    chooseColour: "Neue Farbe wählen:", chooseCorner: "Glücksprobe: Welche Ecke zeigt der Daumen?", corner: "Ecke",
    putHere: "{card} hierhin: {place}", take: "{card} herausnehmen", moveDrawer: "Diese Schublade bewegen",
    drawerHere: "Schublade hierhin", slotHere: "Wertungskarte auf Slot {n}", second: "Als zweite Karte abwerfen",
    empty: "leer", cancel: "Abbrechen",
    secureAsk: "Glück gehabt: Slot {n} mit einem Stein auf der 2 sichern?", secure: "Sichern", leave: "Nicht sichern",
  },
  en: {
    from: "from", doorTo: "door to {section}", wardrobe: "wardrobe", yourHand: "Your hand",
    drawerSlot: "free drawer slot", scoresHere: "scores", startPile: "start cards", putAway: "Put away", clean: "Clean up",
    moveDoor: "Move the door", task: "Lay as end scoring", chooseUse: "What should {card} do?",
    chooseColour: "Choose the new colour:", chooseCorner: "Luck check: which corner does the thumb show?", corner: "corner",
    putHere: "{card} here: {place}", take: "take out {card}", moveDrawer: "Move this drawer",
    drawerHere: "Drawer here", slotHere: "Scoring card onto slot {n}", second: "Discard as the second card",
    empty: "empty", cancel: "Cancel",
    secureAsk: "Lucky: secure slot {n} with a stone on its 2?", secure: "Secure it", leave: "Leave it",
  },
};

/** Every word of a Lucandor table: the server's names of the game's things and the table's own. */
export type Words = (typeof TABLE_WORDS)["en"] & ServerWords & { toMove: string; faceDown: string };

export function wordsFor(ref: LucandorReference, lang: Lang): Words {
  const server = ref.words[lang];
  return { ...server, toMove: server.to_move, faceDown: server.hidden, ...TABLE_WORDS[lang] };
}

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
  private readonly functions: Map<FunctionKey, Named>;

  constructor(readonly ref: LucandorReference) {
    this.sections = ref.wardrobe.sections.length;
    this.cells = this.sections * ref.wardrobe.storeys.length;
    this.drawerSlots = new Set(ref.wardrobe.drawer_slots);
    this.doorLock = ref.wardrobe.door_lock;
    this.markers = ref.markers;
    this.functions = new Map(ref.functions.map((named) => [named.key, named]));
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
    return nameIn(this.functions.get(key), lang);
  }

  functionText(card: number, lang: Lang): string {
    const info = this.card(card);
    if (!info) return "?";
    const name = this.functionName(info.function, lang);
    if (info.function === "dot") return `${name} ${this.colourName(info.dot_colour ?? info.colour, lang)} ${info.points ?? 0}`;
    if (info.function === "end") return `${name} ${this.ref.words[lang].storey} ${(info.storey ?? 0) + 1}`;
    return name;
  }

  cornerName(corner: number, lang: Lang): string {
    return nameIn(this.ref.corners[corner], lang);
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
    return `${this.ref.words[lang].storey} ${Math.floor(cell / this.sections) + 1} ${this.sectionName(cell % this.sections, lang)}`;
  }
}

// One Tables per reference object: a table's reference is fetched once and kept.
const cache = new WeakMap<LucandorReference, Tables>();

export function tablesFor(ref: LucandorReference): Tables {
  let tables = cache.get(ref);
  if (!tables) cache.set(ref, (tables = new Tables(ref)));
  return tables;
}
