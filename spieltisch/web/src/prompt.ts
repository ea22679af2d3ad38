// The standing prompt: what to do now and how, in words, for every game and
// step, read from the seat's public view and the kinds of its legal moves
// (never from their labels); and why a click that matches no legal move does
// nothing. Pure, so it is tested without a page (tests/prompt.test.ts).

import type { Move } from "./api";
import type { Lang } from "./i18n";

export interface PromptInput {
  game: string;
  /** The seat's view as the server sent it (only its public fields are read). */
  view: Record<string, unknown> | null;
  legal: Move[];
  you: number | null;
  toMove: number | null;
  status: string;
  /** A seat's name as the table shows it. */
  name: (seat: number) => string;
  lang: Lang;
  /** The name of the only move, being made for the player after a short pause (autoplay.ts). */
  forced?: string | null;
}

export interface Prompt {
  /** What to do now, or whom the table waits for. */
  text: string;
  /** Why a click that leads to no legal move did nothing. */
  refusal: string;
  /** Whether hand cards may be selected now (a later click uses them). */
  select: boolean;
  /** The step's name, for tests and styles. */
  step: string;
}

const WORDS = {
  en: {
    waiting: "Waiting for {name}.",
    watching: "You are watching; {name} is to move.",
    notYours: "It is {name}'s turn: wait for them.",
    open: "Waiting for players to sit down.",
    over: "The game is over: see the scores below.",
    nothing: "Nothing to do right now.",
    choose: "Choose one of your moves below.",
    notNow: "That is not a move now. ",
    forced: "Your only move is being played for you: {move}.",
    l8Draw: "Draw a card: click the draw pile or the top of a discard pile.",
    l8DrawFirst: "Draw first: a hand card can be played after drawing.",
    l8LayDown: "Lay down level {level}: select the cards of each part and click the part, then confirm with Lay down. Or end your turn: select one card and click your discard pile.",
    l8Laid: "Lay off: select a card and click a laid group. End your turn: select one card and click your discard pile (a skip card: click a player's name).",
    l8End: "End your turn: select one card and click your discard pile (a skip card: click a player's name). Your hand does not make level {level} yet.",
    l8Pick: "Laying down level {level}, part {part}: select its cards and click the part. Cancel takes the whole lay-down back.",
    l8Target: "Click the laid group the card goes onto, or Cancel.",
    l8TakeSkip: "You are skipped: click the button to put the skip card under the draw pile.",
    l8Keep: "Choose the cards you keep for the next round (click them), then Done.",
    caTurn: "Turn up a face-down card: click one in the grid. The sum so far is {sum} of 13.",
    caTurnFirst: "Turn up a face-down card: click one in the grid. Sum {sum} of 13; with no card taken yet you turn at least two.",
    caTurnOrStop: "Sum {sum} of 13: turn up another card, or stop to leave the turned cards lying.",
    caTurnBack: "Over 13: click the button to turn the cards face down again.",
    caReturn: "Hit 13: click the digit of the taken card you put back.",
    caPutBack: "Put the returned card back: click an empty place in the grid.",
    alFlipSetup: "Turn up cards of your layout: click a face-down card.",
    alFlip: "Turn up one of your face-down cards: click it.",
    alDraw: "Draw a card: click the draw pile or the discard pile.",
    alPlace: "Place the drawn card: click a card of your layout to swap it, or discard it and turn up a card.",
    alPlaceOnly: "Place the card: click a position of your layout.",
    alKnock: "Knock to offer a card for the drawn one, or do not knock.",
    alAccept: "Knocks came in: accept one knocker, or decline all.",
    alTake: "Take one of the knocker's cards: click it.",
    alClear: "A line of equal cards: click it to clear it.",
    svPlay: "Choose a hand card to lay: click it.",
    svPlace: "Lay the card: click an empty place next to a card of the grid.",
    svCube: "Put a cube on a row or a column (click its arrow), or no cube this turn.",
    luPlay: "Play a hand card: click it, then choose what it does.",
    luPut: "Put the garment away: click a free place in the wardrobe.",
    luTake: "Choose the garment the iron moves: click it in the wardrobe.",
    luDrawer: "Choose the drawer that moves: click it.",
    luDrawerSlot: "Choose where the drawer goes: click a free drawer slot.",
    luSlot: "Choose the scoring slot: click it.",
    luDoor: "Choose the section the door goes to: click it.",
    luSecond: "Choose the second card for the door: click it in your hand.",
    luTask: "Choose one of your end-scoring tasks: click it.",
    luColour: "Choose the new colour: click it.",
    luCorner: "Choose a corner for the luck check: click it.",
    luSecure: "Secure the slot with a stone on its 2, or not.",
  },
  de: {
    waiting: "Warten auf {name}.",
    watching: "Du schaust zu; {name} ist am Zug.",
    notYours: "{name} ist am Zug: bitte warten.",
    open: "Warten, bis alle Plätze besetzt sind.",
    over: "Die Partie ist vorbei: die Wertung steht unten.",
    nothing: "Gerade gibt es nichts zu tun.",
    choose: "Wähle einen deiner Züge unten.",
    notNow: "Das ist jetzt kein Zug. ",
    forced: "Dein einziger Zug wird für dich gespielt: {move}.",
    l8Draw: "Ziehe eine Karte: klicke den Nachziehstapel oder die oberste Karte eines Ablagestapels.",
    l8DrawFirst: "Zuerst ziehen: eine Handkarte kannst du nach dem Ziehen spielen.",
    l8LayDown: "Lege Level {level} aus: wähle die Karten jedes Teils und klicke den Teil, dann bestätige mit Auslegen. Oder beende den Zug: wähle eine Karte und klicke deinen Ablagestapel.",
    l8Laid: "Anlegen: wähle eine Karte und klicke eine ausgelegte Gruppe. Zug beenden: wähle eine Karte und klicke deinen Ablagestapel (Aussetzen-Karte: klicke den Namen eines Mitspielers).",
    l8End: "Beende den Zug: wähle eine Karte und klicke deinen Ablagestapel (Aussetzen-Karte: klicke den Namen eines Mitspielers). Deine Hand ergibt Level {level} noch nicht.",
    l8Pick: "Level {level} wird ausgelegt, Teil {part}: wähle seine Karten und klicke den Teil. Abbrechen nimmt das ganze Auslegen zurück.",
    l8Target: "Klicke die ausgelegte Gruppe, an die die Karte kommt, oder Abbrechen.",
    l8TakeSkip: "Du musst aussetzen: klicke den Knopf, um die Aussetzen-Karte unter den Stapel zu legen.",
    l8Keep: "Wähle die Karten, die du für die nächste Runde behältst (anklicken), dann Fertig.",
    caTurn: "Decke eine verdeckte Karte auf: klicke eine im Raster. Die Summe ist bisher {sum} von 13.",
    caTurnFirst: "Decke eine verdeckte Karte auf: klicke eine im Raster. Summe {sum} von 13; ohne genommene Karte deckst du mindestens zwei auf.",
    caTurnOrStop: "Summe {sum} von 13: decke noch eine Karte auf oder lass die Karten liegen.",
    caTurnBack: "Über 13: klicke den Knopf, um die Karten wieder umzudrehen.",
    caReturn: "13 getroffen: klicke die Ziffer der genommenen Karte, die du zurücklegst.",
    caPutBack: "Lege die Karte zurück: klicke einen leeren Platz im Raster.",
    alFlipSetup: "Decke Karten deiner Auslage auf: klicke eine verdeckte Karte.",
    alFlip: "Decke eine deiner verdeckten Karten auf: klicke sie.",
    alDraw: "Ziehe eine Karte: klicke den Nachziehstapel oder den Ablagestapel.",
    alPlace: "Lege die gezogene Karte: klicke eine Karte deiner Auslage zum Tauschen, oder wirf sie ab und decke eine Karte auf.",
    alPlaceOnly: "Lege die Karte: klicke einen Platz deiner Auslage.",
    alKnock: "Klopfe, um eine Karte für die gezogene anzubieten, oder klopfe nicht.",
    alAccept: "Es wurde geklopft: nimm ein Klopfen an oder lehne alle ab.",
    alTake: "Nimm eine Karte des Klopfenden: klicke sie.",
    alClear: "Eine Reihe gleicher Karten: klicke sie, um sie abzuräumen.",
    svPlay: "Wähle eine Handkarte zum Legen: klicke sie.",
    svPlace: "Lege die Karte: klicke einen leeren Platz neben einer Karte des Rasters.",
    svCube: "Setze einen Würfel auf eine Reihe oder Spalte (klicke ihren Pfeil) oder keinen in diesem Zug.",
    luPlay: "Spiele eine Handkarte: klicke sie und wähle, was sie tut.",
    luPut: "Räume das Kleidungsstück ein: klicke einen freien Platz im Schrank.",
    luTake: "Wähle das Kleidungsstück, das das Bügeleisen bewegt: klicke es im Schrank.",
    luDrawer: "Wähle die Schublade, die wandert: klicke sie.",
    luDrawerSlot: "Wähle, wohin die Schublade kommt: klicke einen freien Schubladenplatz.",
    luSlot: "Wähle das Wertungsfeld: klicke es.",
    luDoor: "Wähle den Abschnitt für die Tür: klicke ihn.",
    luSecond: "Wähle die zweite Karte für die Tür: klicke sie in deiner Hand.",
    luTask: "Wähle eine deiner Schlusswertungsaufgaben: klicke sie.",
    luColour: "Wähle die neue Farbe: klicke sie.",
    luCorner: "Wähle eine Ecke für die Glücksprobe: klicke sie.",
    luSecure: "Sichere das Feld mit einem Stein auf seiner 2, oder nicht.",
  },
};
export type PromptKey = keyof (typeof WORDS)["en"];
export const PROMPT_WORDS: Record<Lang, Record<PromptKey, string>> = WORDS;

/** A step of a game: its words' key, the values they name, and whether hand cards may be selected. */
interface Step {
  key: PromptKey;
  values?: Record<string, string | number>;
  select?: boolean;
  /** The words when a click did nothing (default: "not a move now" and the step's words). */
  refusal?: PromptKey;
}

type Kinds = Set<string>;
type ViewOf = Record<string, unknown>;

const num = (view: ViewOf, field: string, fallback = 0): number => {
  const value = view[field];
  return typeof value === "number" ? value : fallback;
};

function level8(kinds: Kinds, view: ViewOf, you: number): Step | null {
  const levels = (view.levels as number[] | undefined) ?? [];
  const level = levels[you] ?? 1;
  const laid = ((view.laid as boolean[] | undefined) ?? [])[you] ?? false;
  // Hand cards are selected to play them: not while drawing, being skipped, keeping or choosing a group.
  if (kinds.has("draw_stock") || kinds.has("draw_pile")) return { key: "l8Draw", refusal: "l8DrawFirst", select: false };
  if (kinds.has("take_skip")) return { key: "l8TakeSkip", select: false };
  if (kinds.has("keep") || kinds.has("keep_done")) return { key: "l8Keep", select: false };
  if (kinds.has("lay_off_onto")) return { key: "l8Target", select: false };
  if (kinds.has("pick")) return { key: "l8Pick", values: { level, part: num(view, "part") + 1 } };
  if (kinds.has("start_lay_down")) return { key: "l8LayDown", values: { level } };
  if (laid) return { key: "l8Laid" };
  if (kinds.has("discard") || kinds.has("skip")) return { key: "l8End", values: { level } };
  return null;
}

function calcory(kinds: Kinds, view: ViewOf, you: number): Step | null {
  const sum = num(view, "turn_sum");
  if (kinds.has("turn_back")) return { key: "caTurnBack" };
  if (kinds.has("return")) return { key: "caReturn" };
  if (kinds.has("put_back")) return { key: "caPutBack" };
  if (kinds.has("turn") && kinds.has("stop")) return { key: "caTurnOrStop", values: { sum } };
  // Who has collected nothing yet must turn at least two cards before stopping.
  const first = ((view.collected as number[] | undefined) ?? [])[you] === 0;
  if (kinds.has("turn")) return first ? { key: "caTurnFirst", values: { sum } } : { key: "caTurn", values: { sum } };
  return null;
}

function allegra(kinds: Kinds, view: ViewOf): Step | null {
  if (kinds.has("clear")) return { key: "alClear" };
  if (kinds.has("knock")) return { key: "alKnock" };
  if (kinds.has("accept") || kinds.has("decline")) return { key: "alAccept" };
  if (kinds.has("take")) return { key: "alTake" };
  if (kinds.has("draw")) return { key: "alDraw" };
  if (kinds.has("place")) return { key: kinds.has("discard") ? "alPlace" : "alPlaceOnly" };
  if (kinds.has("flip")) return { key: view.phase === "setup_flip" ? "alFlipSetup" : "alFlip" };
  return null;
}

function souvenirs(kinds: Kinds): Step | null {
  if (kinds.has("play")) return { key: "svPlay" };
  if (kinds.has("place")) return { key: "svPlace" };
  if (kinds.has("cube") || kinds.has("pass")) return { key: "svCube" };
  return null;
}

const LUCANDOR: [string, PromptKey][] = [
  ["secure", "luSecure"],
  ["second", "luSecond"],
  ["play", "luPlay"],
  ["put", "luPut"],
  ["take", "luTake"],
  ["drawer", "luDrawer"],
  ["drawer_slot", "luDrawerSlot"],
  ["slot", "luSlot"],
  ["door", "luDoor"],
  ["task", "luTask"],
  ["colour", "luColour"],
  ["corner", "luCorner"],
];

function lucandor(kinds: Kinds): Step | null {
  const found = LUCANDOR.find(([kind]) => kinds.has(kind));
  return found ? { key: found[1] } : null;
}

function stepOf(game: string, kinds: Kinds, view: ViewOf, you: number): Step | null {
  if (game === "level8") return level8(kinds, view, you);
  if (game === "calcory") return calcory(kinds, view, you);
  if (game === "allegra") return allegra(kinds, view);
  if (game === "souvenirs") return souvenirs(kinds);
  if (game === "lucandor") return lucandor(kinds);
  return null;
}

function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (_m, key: string) => String(values[key] ?? ""));
}

/** The prompt for this seat now: what to do and how, or whom the table waits for. */
export function promptFor(input: PromptInput): Prompt {
  const w = WORDS[input.lang];
  const plain = (text: string, step: string, select = false): Prompt => ({ text, refusal: text, select, step });
  if (input.status === "open") return plain(w.open, "open");
  if (input.status === "finished") return plain(w.over, "over");
  const mover = input.toMove !== null && input.toMove >= 0 ? input.name(input.toMove) : null;
  if (input.you === null) return plain(mover ? fill(w.watching, { name: mover }) : w.nothing, "watching");
  if (input.toMove !== input.you) {
    if (!mover) return plain(w.nothing, "waiting");
    return { text: fill(w.waiting, { name: mover }), refusal: fill(w.notYours, { name: mover }), select: false, step: "waiting" };
  }
  if (input.forced) return plain(fill(w.forced, { move: input.forced }), "forced");
  const kinds = new Set(input.legal.map((m) => m.move?.kind ?? ""));
  const step = stepOf(input.game, kinds, input.view ?? {}, input.you);
  if (!step) return plain(input.legal.length ? w.choose : w.nothing, "moves", true);
  const text = fill(w[step.key], step.values);
  const refusal = step.refusal ? w[step.refusal] : w.notNow + text;
  return { text, refusal, select: step.select ?? true, step: step.key };
}
