// LEVEL 8: every player with their level and its requirement in words, their
// own discard pile (labelled whose it is) and laid groups; the draw pile; the
// level being laid, drawn as it is built; and the own hand.
//
// Play: select hand cards, then click where they go: your own pile (discard),
// a part of your level (lay down), a laid group (lay off) or another player
// (a skip card). A level is put together part by part on the table and sent
// once confirmed, as one `lay_down` move of data (every part's cards); the game
// makes its steps. Other moves the game asks as steps (a card to lay off, then
// the group), so the table sends them one after the other, each matched to a
// legal move by its struct (spieltisch/games/level8/moves.py), never by its name.
//
// Card kinds follow the game's deck: kind = colour * values + (number - 1), then
// the joker and the skip card; the table's reference data names them.

import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { Move, Seat } from "../api";
import { Card, CardBack } from "../cards";
import type { T } from "../i18n";
import { findMove, movesOf } from "../moves";
import { useNarrow } from "../narrow";
import { GenericView } from "./generic";
import { Act, Pick, SeatMark, playerName, seatColour, usePlan, type Step as AnyStep } from "./parts";
import type { components } from "../schema";
import type { RendererProps } from "./types";
import { waysOf, type Way } from "./level8draft";

type Lang = "de" | "en";
/** What a seat sees of LEVEL 8 (spieltisch/games/level8/views.py `Level8View`, generated into schema.d.ts). */
export type Level8ViewData = components["schemas"]["Level8View"];
/** A move of Level8 as data, one type per kind (spieltisch/games/level8/views.py `Level8Move`). */
export type Level8MoveData = components["schemas"]["Level8Move"];
type Step = AnyStep<Level8MoveData>;

/** The table's reference data (spieltisch/games/level8/views.py `Level8Reference`). */
type Level8Reference = components["schemas"]["Level8Reference"];

/** The card faces' colours (how a card is drawn; its colour's name is the reference data's). */
const PALETTE = ["red", "orange", "yellow", "green", "blue", "purple"];

const WORDS = {
  de: {
    level: "Level", laid: "ausgelegt", notLaid: "noch nicht ausgelegt", card: "Karte", cards: "Karten", pileOf: "Ablage von {name}",
    emptyPile: "leer", pile: "Ablage", stock: "Nachziehstapel", round: "Runde", hand: "Deine Hand",
    part: "Teil {n}", layDown: "Level auslegen", layDownNow: "Level {level} auslegen", takeBack: "Karten zurücknehmen",
    notYet: "Noch nicht auslegbar: {parts}", partShort: "Teil {n} braucht {size} passende Karten", ways: "Teil {n} als", building: "Wird ausgelegt", cancel: "Abbrechen", takeSkip: "Aussetzen: Karte unter den Stapel legen",
    skipBefore: "Aussetzen-Karte vor {name} legen", groups: "Ausgelegt", keep: "Karten behalten", keepDone: "Fertig",
    hint: "Karten auswählen, dann anklicken, wohin sie gehen: dein Ablagestapel, ein Teil deines Levels, eine ausgelegte Gruppe oder ein Mitspieler (Aussetzen).",
    skipped: "muss aussetzen",
    yourLevel: "Dein Level", win: "Siegmünze", group: "Gruppe {n} von {name}",
    meaning: "Was soll {card} hier sein?", as: "als {what}", low: "unten", high: "oben",
    lastOut: "Runde {round}: {name} ist rausgegangen", movedUp: "aufgestiegen: {seats}",
    lastStalled: "Runde {round} festgefahren: in {turns} Zügen ging niemand raus, daher neu gegeben mit unveränderten Levels",
    stalledRow: "Festgefahrene Runden in Folge: {n} von {limit}; bei {limit} gewinnt das höchste Level",
    stalledRowFree: "Festgefahrene Runden in Folge: {n}",
  },
  en: {
    level: "Level", laid: "laid down", notLaid: "not laid down yet", card: "card", cards: "cards", pileOf: "{name}'s discard pile",
    emptyPile: "empty", pile: "pile", stock: "Draw pile", round: "Round", hand: "Your hand",
    part: "part {n}", layDown: "Lay down the level", layDownNow: "Lay down level {level}", takeBack: "Take the cards back",
    notYet: "Not ready to lay down: {parts}", partShort: "part {n} needs {size} cards that fit", ways: "Part {n} as", building: "Being laid", cancel: "Cancel", takeSkip: "Skipped: put the card under the draw pile",
    skipBefore: "put a skip card before {name}", groups: "Laid", keep: "Keep cards", keepDone: "Done",
    hint: "Select cards, then click where they go: your discard pile, a part of your level, a laid group or another player (skip).",
    skipped: "is skipped",
    yourLevel: "Your level", win: "win coin", group: "{name}'s group {n}",
    meaning: "What should {card} be here?", as: "as {what}", low: "low end", high: "high end",
    lastOut: "Round {round}: {name} went out", movedUp: "moved up: {seats}",
    lastStalled: "Round {round} stalled: nobody went out in {turns} turns, so it was dealt again with levels unchanged",
    stalledRow: "Stalled rounds in a row: {n} of {limit}; at {limit} the highest level wins",
    stalledRowFree: "Stalled rounds in a row: {n}",
  },
};
type Words = (typeof WORDS)["en"];

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_m, key: string) => String(values[key] ?? ""));
}

class Deck {
  readonly values: number;
  readonly joker: number;
  readonly skip: number;
  constructor(
    readonly ref: Level8Reference,
    readonly lang: Lang,
  ) {
    this.values = ref.values;
    this.joker = ref.joker;
    this.skip = ref.skip;
  }
  colourName(colour: number): string {
    return this.ref.colours[this.lang]?.[colour] ?? "?";
  }
  name(kind: number): string {
    if (kind === this.joker) return this.ref.card_words[this.lang]?.joker ?? "?";
    if (kind === this.skip) return this.ref.card_words[this.lang]?.skip ?? "?";
    return `${this.colourName(Math.floor(kind / this.values))} ${(kind % this.values) + 1}`;
  }
  partName(level: number, part: number): string {
    return this.ref.part_names[this.lang]?.[level - 1]?.[part] ?? "?";
  }
  levelName(level: number): string {
    return this.ref.level_names[this.lang]?.[level - 1] ?? "?";
  }
}

/** How the last round ended (who went out and who moved up, or that it stalled) and the stalled rounds in a row. */
function RoundState({ view, seats, t, w, limit }: { view: Level8ViewData; seats: Seat[]; t: T; w: Words; limit: number }) {
  const end = view.last_round;
  if (!end && view.stalled === 0) return null;
  let last = "";
  if (end && end.went_out !== null) {
    const gains = end.levels
      .map((after, seat) => ({ seat, gain: after - (end.levels_before[seat] ?? after) }))
      .filter((g) => g.gain > 0)
      .map((g) => `${playerName(seats, g.seat, t)} +${g.gain}`);
    last = fill(w.lastOut, { round: end.round, name: playerName(seats, end.went_out, t) });
    if (gains.length) last += ` · ${fill(w.movedUp, { seats: gains.join(", ") })}`;
  } else if (end) {
    last = fill(w.lastStalled, { round: end.round, turns: end.turns });
  }
  return (
    <p class="l8-round" data-testid="round-state">
      {last && <span data-testid="last-round">{last}.</span>}
      {view.stalled > 0 && (
        <span data-testid="stalled">
          {" "}
          {fill(limit ? w.stalledRow : w.stalledRowFree, { n: view.stalled, limit })}.
        </span>
      )}
    </p>
  );
}

function L8Card({ kind, deck, highlight }: { kind: number; deck: Deck; highlight?: boolean }) {
  if (kind < 0) return <CardBack small />;
  const name = deck.name(kind);
  const codes = deck.ref.card_codes?.[deck.lang];
  if (kind === deck.joker) return <Card small rank={codes?.joker ?? "?"} title={name} highlight={highlight} />;
  if (kind === deck.skip) return <Card small rank={codes?.skip ?? "?"} title={name} highlight={highlight} />;
  return <Card small rank={(kind % deck.values) + 1} colour={PALETTE[Math.floor(kind / deck.values)]} title={name} highlight={highlight} />;
}

function Row({ cards, deck, before }: { cards: number[]; deck: Deck; before?: number[] }) {
  const old = before ? new Set(before) : null;
  return (
    <span class="cards">
      {cards.map((kind, index) => (
        <L8Card key={index} kind={kind} deck={deck} highlight={old !== null && !old.has(kind)} />
      ))}
    </span>
  );
}

interface PlayerProps {
  seat: number;
  seats: Seat[];
  you: number | null;
  view: Level8ViewData;
  before: Level8ViewData;
  deck: Deck;
  legal: Move<Level8MoveData>[];
  /** The moves a click on this player's pile, name or group makes with the cards now selected. */
  pileSteps: Step[] | undefined;
  seatSteps: Step[] | undefined;
  groupSteps: (group: number) => Step[] | undefined;
  go: (steps: Step[]) => void;
  /** Folded to one line (another player's block on a phone). */
  fold: boolean;
  t: T;
  w: Words;
}

function Player({ seat, seats, you, view, before, deck, legal, pileSteps, seatSteps, groupSteps, go, fold, t, w }: PlayerProps) {
  const level = view.levels[seat] ?? 1;
  const laid = view.laid[seat] ?? false;
  const size = view.hand_sizes[seat] ?? 0;
  const pile = view.piles[seat] ?? [];
  const oldPile = before.piles[seat] ?? pile;
  const groups = view.groups[seat] ?? [];
  const oldGroups = before.groups[seat] ?? [];
  const skipped = view.skip_on[seat] ?? false;
  const name = playerName(seats, seat, t);
  const take = findMove(legal, "draw_pile", { owner: seat });
  const onPile = take ? [() => take] : pileSteps;
  const top = pile.length ? pile[pile.length - 1]! : null;
  const pileFace =
    top === null ? <span class="l8-empty">{w.emptyPile}</span> : <L8Card kind={top} deck={deck} highlight={oldPile[oldPile.length - 1] !== top} />;
  const body = (
    <>
      <div class="l8-who">
        <SeatMark seat={seat} seats={seats} t={t} />{" "}
        {seatSteps ? (
          <button type="button" class="cell-move link-button" aria-label={fill(w.skipBefore, { name })} onClick={() => go(seatSteps)}>
            {name}
          </button>
        ) : (
          <strong>{name}</strong>
        )}{" "}
        · {size} {size === 1 ? w.card : w.cards}
        {skipped && ` · ${w.skipped}`}
      </div>
      <div class="l8-level" data-testid="level">
        {level > 8 ? (
          w.win
        ) : (
          <>
            <strong>
              {w.level} {level}
            </strong>
            : <span data-testid="requirement">{deck.levelName(level)}</span> · {laid ? `✓ ${w.laid}` : w.notLaid}
          </>
        )}
      </div>
      <div class="l8-pile" data-testid="pile">
        <span class="l8-pile-name">{fill(w.pileOf, { name })}:</span>{" "}
        {onPile ? (
          <button type="button" class="cell-move" title={take?.label} data-testid="pile-button" onClick={() => go(onPile)}>
            <span class="visually-hidden">{fill(w.pileOf, { name })}: </span>
            {pileFace}
          </button>
        ) : (
          pileFace
        )}
      </div>
      {groups.length > 0 && (
        <div class="l8-groups">
          {groups.map((group, index) => {
            const steps = groupSteps(index);
            const face = <Row cards={group[3] ?? []} deck={deck} before={oldGroups[index]?.[3]} />;
            return (
              <div key={index} class="group" data-group={index}>
                {steps ? (
                  <button type="button" class="cell-move" onClick={() => go(steps)}>
                    <span class="visually-hidden">{fill(w.group, { n: index + 1, name })}: </span>
                    {face}
                  </button>
                ) : (
                  face
                )}
              </div>
            );
          })}
        </div>
      )}
    </>
  );
  // On a phone another player's block is one line that opens on a tap, and by itself while a
  // selected card can go onto one of their groups or skip them.
  const live = seatSteps !== undefined || groups.some((_g, index) => groupSteps(index) !== undefined);
  // The line names the pile's top card: any player may take it, and the choice is made from the lines.
  const pileTop = top === null ? w.emptyPile : deck.name(top);
  const foldedLine = [
    name,
    `${w.level} ${Math.min(level, 8)}${laid ? " ✓" : ""}`,
    `${size} ${size === 1 ? w.card : w.cards}`,
    `${w.pile}: ${pileTop}`,
    ...(skipped ? [w.skipped] : []),
  ].join(" · ");
  return (
    <li class={"l8-player" + (seat === you ? " mine" : "")} data-seat={seat} style={{ borderColor: seatColour(seat) }}>
      {fold ? (
        <FoldedPlayer seat={seat} live={live} summary={foldedLine} seats={seats} t={t}>
          {body}
        </FoldedPlayer>
      ) : (
        body
      )}
    </li>
  );
}

/** A player's block folded to one line; open while it holds a target of the card selected, else as last tapped. */
function FoldedPlayer({ seat, live, summary, seats, t, children }: { seat: number; live: boolean; summary: string; seats: Seat[]; t: T; children: ComponentChildren }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      class="l8-fold"
      open={open || live}
      data-seat={seat}
      data-testid="player-fold"
      onToggle={(e) => {
        if (e.currentTarget.open !== (open || live)) setOpen(e.currentTarget.open);
      }}
    >
      <summary>
        <SeatMark seat={seat} seats={seats} t={t} /> <span>{summary}</span>
      </summary>
      {children}
    </details>
  );
}

/** What a pick or a lay-off onto a group says of its card: the number or colour it stands for, a run's end. */
interface Meaning {
  card: number;
  number?: number;
  colour?: number;
  end?: "low" | "high";
}

function meaningOf(move: Level8MoveData): Meaning | null {
  return move.kind === "pick" || move.kind === "lay_off_onto" ? move : null;
}

/** The meanings a joker may take where it goes (its number or colour, and a run's end): the person says which. */
function Meanings({ choices, choose, deck, w }: { choices: Move<Level8MoveData>[]; choose: (move: Move<Level8MoveData> | null) => void; deck: Deck; w: Words }) {
  const first = choices[0] ? meaningOf(choices[0].move) : null;
  const question = fill(w.meaning, { card: first ? deck.name(first.card) : "" });
  return (
    <div class="row l8-prompt" role="group" aria-label={question} data-testid="meanings">
      <span>{question}</span>
      {choices.map((move) => {
        const m = meaningOf(move.move);
        if (!m) return null;
        const what = m.colour !== undefined ? deck.colourName(m.colour) : String(m.number);
        const end = m.end === "low" ? w.low : m.end === "high" ? w.high : null;
        const data: Record<string, string> = {};
        if (m.number !== undefined) data["data-number"] = String(m.number);
        if (m.colour !== undefined) data["data-colour"] = String(m.colour);
        if (m.end !== undefined) data["data-end"] = m.end;
        return (
          <button type="button" key={move.id} {...data} onClick={() => choose(move)}>
            {end ? `${end} ` : ""}
            {fill(w.as, { what })}
          </button>
        );
      })}
      <button type="button" onClick={() => choose(null)}>
        {w.cancel}
      </button>
    </div>
  );
}

type Level8Props = RendererProps<Level8ViewData, Level8Reference, Level8MoveData>;

/** The table once its reference data has arrived (it names the cards); until then the plain view. */
export function Level8View(props: Level8Props) {
  const { reference } = props;
  if (!reference) return <GenericView {...(props as unknown as RendererProps)} />;
  return <Level8Table {...props} reference={reference} />;
}

function Level8Table(props: Level8Props & { reference: Level8Reference }) {
  const { view, previous, seats, you, legal, onMove, t, reference } = props;
  const lang: Lang = props.lang === "de" ? "de" : "en";
  const w = WORDS[lang];
  const deck = new Deck(reference, lang);
  const before = previous ?? view;
  const [selected, setSelected] = useState<number[]>([]);
  const narrow = useNarrow();
  const plan = usePlan(legal, onMove);
  const hand = view.hand ?? [];
  const oldHand = before.hand ?? hand;
  const requirements = you === null ? [] : (view.requirements[you] ?? []);
  const currentPart = view.part;
  const picks = view.picks.map((p) => p[0]);
  const built = view.built;
  const laying = legal.some((m) => m.move.kind === "pick") || picks.length > 0 || built.length > 0;
  const drawStock = findMove(legal, "draw_stock");
  const cancel = findMove(legal, "cancel");
  const takeSkip = findMove(legal, "take_skip");
  const keepDone = findMove(legal, "keep_done");
  const keeps = movesOf(legal, "keep");

  // Hand positions selected, so two equal cards can be told apart; the cards they hold.
  const chosen = selected.filter((i) => i < hand.length).map((i) => hand[i]!);
  const done = () => setSelected([]);
  const single = chosen.length === 1 ? chosen[0]! : null;
  const go = (steps: Step[]) => {
    done();
    plan.run(steps);
  };
  // A joker may mean several numbers or colours there: the plan asks which.
  const pickInto = (part: number, cards: number[]): Step[] => cards.map((card) => (moves) => movesOf(moves, "pick", { card, part }));
  const partStep = (part: number): Step[] | undefined => {
    const start = findMove(legal, "start_lay_down");
    if (start && part === 0) return [() => start, ...pickInto(part, chosen)];
    if (chosen.length === 0) return undefined;
    if (laying && part === currentPart && movesOf(legal, "pick", { card: chosen[0], part }).length > 0) return pickInto(part, chosen);
    return undefined;
  };
  // The lay-down being put together: hand positions per part, and the way chosen where the cards allow several.
  const start = findMove(legal, "start_lay_down");
  const drafting = start !== undefined && props.onMoveData !== undefined;
  const [draft, setDraft] = useState<number[][]>([]);
  const [chosenWays, setChosenWays] = useState<number[]>([]);
  const handKey = hand.join(",");
  useEffect(() => {
    setDraft([]);
    setChosenWays([]);
  }, [handKey, drafting]);
  const drafted = new Set(draft.flat());
  const draftCards = (part: number) => (draft[part] ?? []).map((i) => hand[i]!);
  const ways: Way[][] = requirements.map((part, index) => waysOf(part, draftCards(index), { values: deck.values, joker: deck.joker, colours: reference.colours[lang]?.length ?? 6 }));
  const wayOf = (part: number): Way | undefined => ways[part]?.[chosenWays[part] ?? 0] ?? ways[part]?.[0];
  const ready = drafting && requirements.length > 0 && requirements.every((_p, index) => wayOf(index) !== undefined);
  const putInto = (part: number) => {
    const size = requirements[part]?.size ?? 0;
    const mine = selected.filter((i) => i < hand.length && !drafted.has(i));
    const joined = [...(draft[part] ?? []), ...mine];
    const next = requirements.map((_p, index) => (index === part ? (mine.length === 0 ? [] : joined.length > size ? mine.slice(0, size) : joined) : (draft[index] ?? [])));
    setDraft(next);
    setChosenWays(requirements.map((_p, index) => (index === part ? 0 : (chosenWays[index] ?? 0))));
    done();
  };
  const layDown = () => {
    const parts = requirements.map((_p, index) => wayOf(index)?.placed ?? []);
    setDraft([]);
    setChosenWays([]);
    props.onMoveData?.({ kind: "lay_down", parts });
  };
  const layingOff = view.layoff_card >= 0;
  const groupSteps = (owner: number) => (group: number): Step[] | undefined => {
    const onto: Step = (moves) => movesOf(moves, "lay_off_onto", { owner, group });
    if (layingOff && movesOf(legal, "lay_off_onto", { owner, group }).length > 0) return [onto];
    if (single === null) return undefined;
    const start = movesOf(legal, "lay_off", { card: single }).find((m) => m.move.onto.some((o) => o.owner === owner && o.group === group));
    return start ? [() => start, onto] : undefined;
  };
  const pileSteps = (owner: number): Step[] | undefined => {
    if (owner !== you || single === null) return undefined;
    const move = findMove(legal, "discard", { card: single });
    return move ? [() => move] : undefined;
  };
  const seatSteps = (seat: number): Step[] | undefined => {
    if (single !== deck.skip) return undefined;
    const move = findMove(legal, "skip", { seat });
    return move ? [() => move] : undefined;
  };

  return (
    <div class="level8" data-testid="view">
      <p class="facts">
        {w.round} {view.round} ·{" "}
        <span class="l8-stock">
          {w.stock} ({view.stock}){" "}
          <Act move={drawStock} onMove={onMove} testid="stock">
            <CardBack small title={w.stock} />
          </Act>
        </span>
      </p>
      <RoundState view={view} seats={seats} t={t} w={w} limit={reference.stall_rounds} />
      {plan.choices.length > 0 && <Meanings choices={plan.choices} choose={plan.choose} deck={deck} w={w} />}
      <ul class="l8-players" data-testid="players">
        {seats.map((_s, seat) => (
          <Player
            key={seat}
            seat={seat}
            seats={seats}
            you={you}
            view={view}
            before={before}
            deck={deck}
            legal={legal}
            pileSteps={pileSteps(seat)}
            seatSteps={seatSteps(seat)}
            groupSteps={groupSteps(seat)}
            go={go}
            fold={narrow && seat !== you}
            t={t}
            w={w}
          />
        ))}
      </ul>
      {you !== null && (
        <section class="l8-mine" aria-label={w.yourLevel}>
          {requirements.length > 0 && (
            <div class="l8-parts" data-testid="parts">
              {requirements.map((part, index) => {
                const free = selected.some((i) => i < hand.length && !drafted.has(i));
                const steps = drafting ? (free || draft[index]?.length ? [] : undefined) : partStep(index);
                const cards = drafting ? draftCards(index) : index < built.length ? (built[index]?.[3] ?? []) : index === currentPart ? picks : [];
                const body = (
                  <span class="l8-part-body">
                    <span>
                      {fill(w.part, { n: index + 1 })}: <span data-testid="part-name">{deck.partName(view.levels[you] ?? 1, index)}</span>
                      {drafting && ` (${cards.length}/${part.size})`}
                    </span>
                    {cards.length > 0 && <Row cards={cards} deck={deck} />}
                  </span>
                );
                return (
                  <div key={index} class={"l8-part" + (laying && index === currentPart ? " building" : "")} data-part={index}>
                    {steps ? (
                      <button type="button" class="cell-move l8-part-button" onClick={() => (drafting ? putInto(index) : go(steps))}>
                        <span class="visually-hidden">{w.layDown}: </span>
                        {body}
                      </button>
                    ) : (
                      body
                    )}
                  </div>
                );
              })}
            </div>
          )}
          {drafting && draft.some((cards) => cards.length > 0) && (
            <div class="l8-draft" data-testid="draft">
              {requirements.map((_p, index) =>
                (ways[index]?.length ?? 0) > 1 ? (
                  <p class="row l8-ways" key={index} data-part={index} role="group" aria-label={fill(w.ways, { n: index + 1 })}>
                    <span>{fill(w.ways, { n: index + 1 })}</span>
                    {ways[index]!.map((way, choice) => (
                      <button
                        type="button"
                        key={way.name}
                        data-testid="way"
                        data-way={way.name}
                        aria-pressed={wayOf(index) === way}
                        onClick={() => setChosenWays(requirements.map((_q, i) => (i === index ? choice : (chosenWays[i] ?? 0))))}
                      >
                        {way.colour !== undefined ? deck.colourName(way.colour) : way.name}
                      </button>
                    ))}
                  </p>
                ) : null,
              )}
              {!ready && (
                <p class="note" data-testid="draft-missing">
                  {fill(w.notYet, {
                    parts: requirements
                      .map((p, index) => (wayOf(index) ? "" : fill(w.partShort, { n: index + 1, size: p.size })))
                      .filter(Boolean)
                      .join("; "),
                  })}
                </p>
              )}
              <p class="row">
                <button type="button" class="primary" data-testid="lay-down" disabled={!ready} onClick={layDown}>
                  {fill(w.layDownNow, { level: view.levels[you] ?? 1 })}
                </button>
                <button type="button" data-testid="take-back" onClick={() => setDraft([])}>
                  {w.takeBack}
                </button>
              </p>
            </div>
          )}
          <p class="row">
            {cancel && (
              <button type="button" data-action={cancel.id} onClick={() => go([() => cancel])}>
                {w.cancel}
              </button>
            )}
            {takeSkip && (
              <button type="button" class="primary" data-action={takeSkip.id} onClick={() => go([() => takeSkip])}>
                {w.takeSkip}
              </button>
            )}
            {keepDone && (
              <button type="button" class="primary" data-action={keepDone.id} onClick={() => go([() => keepDone])}>
                {w.keepDone}
              </button>
            )}
          </p>
        </section>
      )}
      {hand.length > 0 && (
        <section class="hand" aria-label={w.hand}>
          <h2>{w.hand}</h2>
          <p class="note">{w.hint}</p>
          <div class="hand-cards">
            {hand.map((kind, index) => {
              if (drafted.has(index)) return null; // shown in its part until laid down or taken back
              const keep = keeps.find((m) => m.move.card === kind);
              if (keep)
                return (
                  <Act key={index} move={keep} onMove={onMove} label={`${w.keep}: ${deck.name(kind)}`} data={{ card: kind }}>
                    <L8Card kind={kind} deck={deck} />
                  </Act>
                );
              return (
                <Pick
                  key={index}
                  selected={selected.includes(index)}
                  onToggle={() => setSelected(selected.includes(index) ? selected.filter((i) => i !== index) : [...selected, index])}
                  testid="hand-card"
                  data={{ card: kind }}
                >
                  <L8Card kind={kind} deck={deck} highlight={previous !== null && !oldHand.includes(kind)} />
                </Pick>
              );
            })}
          </div>
        </section>
      )}
    </div>
  );
}
