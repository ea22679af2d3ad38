// Player aids beside the board, each from the public view and the table's
// reference data: LEVEL 8's levels with the players on them, Souvenirs' score
// table, ALLEGRA's visible sums and final round, Calcory's sum against 13 and
// Lucandor's scoring in short. Each folds away and remembers it per game.

import type { ComponentChildren, VNode } from "preact";
import { useState } from "preact/hooks";
import type { Lang } from "./i18n";
import { Chip } from "./cards";
import { visibleSum } from "./renderers/allegra";
import type { LucandorViewData } from "./renderers/lucandor";
import { scoresNow } from "./renderers/lucandor/scores";
import { asLucandor, tablesFor, wordsFor, type LucandorReference } from "./renderers/lucandor/tables";
import { seatColour } from "./renderers/parts";

const WORDS = {
  en: {
    aid: "Player aid",
    levels: "The eight levels",
    level: "Level {n}",
    combinations: "Combinations and points",
    combination: "Combination",
    first: "1st cube",
    second: "2nd cube",
    row: "Row {n}",
    column: "Column {n}",
    cubesNote: "Each row and column scores its best combination at the end: the first cube on it gets the first value, a cube on top of it the second.",
    sums: "Standings by visible sum",
    hidden: "{n} face down",
    lowest: "Lowest score wins.",
    finalNow: "Final round: {name} has no face-down card left. Everybody else has one more turn, then all cards are turned up. {name}'s score is doubled if positive, unless it is alone the lowest.",
    finalLater: "When a player has no face-down card left, everybody else has one more turn; then all cards are turned up and counted. That player's score is doubled if positive, unless it is alone the lowest.",
    sum: "Sum against 13",
    sumNow: "This turn: {sum} of 13",
    sumNote: "Exactly 13 takes the turned cards; over 13 (or a second 0) busts. Stopping below 13 leaves an offer that a higher sum, or the same sum with more cards, beats.",
    offer: "Standing offer: {name}, {sum} with {cards} cards",
    scoring: "How scoring works",
    scoringNow: "Scoring now",
    points: "{n} points",
    onePoint: "1 point",
    storeyPays: "Putting a garment away now pays, per storey and colour",
    pays: "pays",
    doubled: "Twice that into a container that already holds a garment of that colour.",
    handBest: "up to {points} now (storey {storeys})",
    handNone: "no storey for it",
    handZero: "no points anywhere now",
    noTasks: "No end scoring laid yet.",
    taskHidden: "storey face down",
    taskNow: "storey {storey}: {n} now",
    scoringText: [
      "Putting a garment away scores the points of every scoring slot over its storey whose card shows the garment's colour; doubled when its container already holds a garment of that colour.",
      "A storey under two slots can score twice. A scoring card replaces a slot's card.",
      "End-scoring tasks are laid face down and scored at the end of the game.",
    ],
  },
  de: {
    aid: "Spielhilfe",
    levels: "Die acht Level",
    level: "Level {n}",
    combinations: "Kombinationen und Punkte",
    combination: "Kombination",
    first: "1. Würfel",
    second: "2. Würfel",
    row: "Reihe {n}",
    column: "Spalte {n}",
    cubesNote: "Jede Reihe und Spalte zählt am Ende ihre beste Kombination: der erste Würfel darauf bekommt den ersten Wert, ein Würfel darauf den zweiten.",
    sums: "Stand nach sichtbarer Summe",
    hidden: "{n} verdeckt",
    lowest: "Die niedrigste Summe gewinnt.",
    finalNow: "Letzte Runde: {name} hat keine verdeckte Karte mehr. Alle anderen haben noch einen Zug, dann werden alle Karten aufgedeckt. {name}s Summe verdoppelt sich, wenn sie positiv und nicht allein die niedrigste ist.",
    finalLater: "Hat jemand keine verdeckte Karte mehr, haben alle anderen noch einen Zug; dann werden alle Karten aufgedeckt und gezählt. Dessen Summe verdoppelt sich, wenn sie positiv und nicht allein die niedrigste ist.",
    sum: "Summe gegen 13",
    sumNow: "Dieser Zug: {sum} von 13",
    sumNote: "Genau 13 nimmt die aufgedeckten Karten; über 13 (oder eine zweite 0) sprengt. Wer unter 13 aufhört, lässt ein Angebot liegen, das eine höhere Summe oder dieselbe mit mehr Karten schlägt.",
    offer: "Liegendes Angebot: {name}, {sum} mit {cards} Karten",
    scoring: "So wird gewertet",
    scoringNow: "Wertung jetzt",
    points: "{n} Punkte",
    onePoint: "1 Punkt",
    storeyPays: "Einräumen bringt jetzt, nach Etage und Farbe",
    pays: "bringt",
    doubled: "Doppelt in ein Fach, das schon ein Stück dieser Farbe hält.",
    handBest: "bis zu {points} jetzt (Etage {storeys})",
    handNone: "keine Etage dafür",
    handZero: "jetzt nirgends Punkte",
    noTasks: "Noch keine Endwertung ausgelegt.",
    taskHidden: "Etage verdeckt",
    taskNow: "Etage {storey}: jetzt {n}",
    scoringText: [
      "Wer ein Kleidungsstück einräumt, bekommt die Punkte jedes Wertungsfelds über seinem Stockwerk, dessen Karte die Farbe des Stücks zeigt; doppelt, wenn sein Fach schon ein Stück dieser Farbe hält.",
      "Ein Stockwerk unter zwei Feldern kann doppelt zählen. Eine Wertungskarte ersetzt die Karte eines Felds.",
      "Schlusswertungsaufgaben liegen verdeckt und zählen am Ende der Partie.",
    ],
  },
};
type Words = (typeof WORDS)["en"];

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_m, key: string) => String(values[key] ?? ""));
}

type Data = Record<string, unknown>;

export interface AidsProps {
  game: string;
  view: Data;
  reference: Data;
  /** A seat's name as the table shows it. */
  name: (seat: number) => string;
  players: number;
  lang: Lang;
}

/** A folding aid that remembers whether it was open (per game, in this browser). */
function Aid({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  const key = `spieltisch:aid:${id}`;
  const [open, setOpen] = useState(() => localStorage.getItem(key) !== "closed");
  return (
    <details
      class="aid"
      open={open}
      data-testid={`aid-${id}`}
      onToggle={(e) => {
        const now = e.currentTarget.open;
        if (now === open) return;
        localStorage.setItem(key, now ? "open" : "closed");
        setOpen(now);
      }}
    >
      <summary>{title}</summary>
      <div class="aid-body">{children}</div>
    </details>
  );
}

function Who({ seats, name }: { seats: number[]; name: (seat: number) => string }) {
  return (
    <>
      {seats.map((seat) => (
        <span key={seat} class="aid-who" style={{ borderColor: seatColour(seat) }} data-seat={seat}>
          {name(seat)}
        </span>
      ))}
    </>
  );
}

function Level8Aid({ view, reference, name, lang, w }: AidsProps & { w: Words }) {
  const names = (reference.level_names as Record<string, string[]> | undefined)?.[lang] ?? [];
  const levels = (view.levels as number[] | undefined) ?? [];
  return (
    <Aid id="level8" title={w.levels}>
      <ol class="aid-levels" data-testid="aid-levels">
        {names.map((text, index) => {
          const here = levels.flatMap((level, seat) => (level === index + 1 ? [seat] : []));
          return (
            <li key={index} data-level={index + 1} class={here.length ? "occupied" : undefined}>
              <strong>{fill(w.level, { n: index + 1 })}</strong>: {text} <Who seats={here} name={name} />
            </li>
          );
        })}
      </ol>
    </Aid>
  );
}

/** A card as (number, colour), a joker as null: `kind = colour * 6 + number - 1` (spieltisch/games/souvenirs/cards.py). */
type SvCard = [number, number] | null;

/** The combinations some choice of the jokers gives these cards (up to 5): scoring.py `_possible`, the same rules. */
export function possibleCombinations(cards: SvCard[]): Set<string> {
  const fixed = cards.filter((card): card is [number, number] => card !== null);
  const jokers = cards.length - fixed.length;
  const tally = new Map<number, number>();
  for (const [number] of fixed) tally.set(number, (tally.get(number) ?? 0) + 1);
  const counts = [...[...tally.values()].sort((a, b) => b - a), 0, 0];
  const numbers = new Set(fixed.map(([number]) => number));
  const colours = new Set(fixed.map(([, colour]) => colour));
  const found = new Set(["nichts"]);
  const sizes: [number, string][] = [[2, "paerchen"], [3, "drilling"], [4, "vierling"], [5, "fuenfling"]];
  for (const [size, name] of sizes) if (counts[0]! + jokers >= size) found.add(name);
  if (Math.max(0, 2 - counts[0]!) + Math.max(0, 2 - counts[1]!) <= jokers) found.add("zwei_paare");
  if (cards.length === 5) {
    if (numbers.size <= 2 && counts[0]! <= 3) found.add("full_house");
    if (colours.size <= 1) found.add("flush");
    if (colours.size === fixed.length && !(jokers === 0 && numbers.size === 1)) found.add("regenbogen");
    const span = numbers.size ? Math.max(...numbers) - Math.min(...numbers) : 0;
    if (numbers.size === fixed.length && span < 5) found.add("strasse");
  }
  return found;
}

/** Each line with a cube on it: its best combination now and what each cube on it would score. */
function SouvenirsLines({ view, reference, name, lang, w }: AidsProps & { w: Words }) {
  const combinations = (reference.combinations as string[] | undefined) ?? [];
  const labels = (reference.combination_names as Record<string, string[]> | undefined)?.[lang] ?? [];
  const points = (reference.points as Record<string, number[]> | undefined) ?? {};
  const joker = typeof reference.joker === "number" ? reference.joker : 30;
  const laid = (view.cards as number[][] | undefined) ?? [];
  const cubes = (view.cubes as number[][] | undefined) ?? [];
  const half = Math.floor(cubes.length / 4); // rows -half..half, then columns likewise
  const lines = cubes.flatMap((seats, index) => {
    if (seats.length === 0) return [];
    const isRow = index <= 2 * half;
    const at = (isRow ? index : index - 2 * half - 1) - half;
    const cards = laid.filter((c) => c[isRow ? 0 : 1] === at).map(([, , kind]): SvCard => (kind === joker ? null : [(kind! % 6) + 1, Math.floor(kind! / 6)]));
    const held = possibleCombinations(cards);
    const score = (rank: number) => Math.max(...combinations.filter((c) => held.has(c)).map((c) => points[c]?.[rank] ?? 0), 0);
    const best = combinations.find((c) => held.has(c) && (points[c]?.[0] ?? 0) === score(0)) ?? "nichts";
    const line = fill(isRow ? w.row : w.column, { n: at > 0 ? `+${at}` : at });
    return [{ index, line, best, seats, score }];
  });
  if (!lines.length) return null;
  return (
    <ul class="aid-lines" data-testid="aid-lines">
      {lines.map(({ index, line, best, seats, score }) => (
        <li key={index} data-line={index}>
          <strong>{line}</strong>: {labels[combinations.indexOf(best)] ?? best} ·{" "}
          {seats.map((seat, rank) => (
            <span key={rank}>
              <Who seats={[seat]} name={name} /> {score(Math.min(rank, 1))}{" "}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

function SouvenirsAid(props: AidsProps & { w: Words }) {
  const { reference, lang, w } = props;
  const combinations = (reference.combinations as string[] | undefined) ?? [];
  const labels = (reference.combination_names as Record<string, string[]> | undefined)?.[lang] ?? [];
  const points = (reference.points as Record<string, number[]> | undefined) ?? {};
  return (
    <Aid id="souvenirs" title={w.combinations}>
      <table class="aid-table" data-testid="aid-combinations">
        <thead>
          <tr>
            <th scope="col">{w.combination}</th>
            <th scope="col">{w.first}</th>
            <th scope="col">{w.second}</th>
          </tr>
        </thead>
        <tbody>
          {combinations.map((combination, index) => (
            <tr key={combination} data-combination={combination}>
              <th scope="row">{labels[index] ?? combination}</th>
              <td>{points[combination]?.[0]}</td>
              <td>{points[combination]?.[1]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="note">{w.cubesNote}</p>
      <SouvenirsLines {...props} />
    </Aid>
  );
}

function AllegraAid({ view, name, players, w }: AidsProps & { w: Words }) {
  const layouts = (view.layouts as (number | "?" | null)[][] | undefined) ?? [];
  const trigger = typeof view.trigger === "number" ? view.trigger : -1;
  // Lowest first: the order the game is won in, as far as anybody can see now.
  const standings = Array.from({ length: players }, (_x, seat) => ({ seat, ...visibleSum(layouts[seat] ?? []) })).sort(
    (a, b) => a.sum - b.sum || a.seat - b.seat,
  );
  return (
    <Aid id="allegra" title={w.sums}>
      <ol class="aid-sums" data-testid="aid-sums">
        {standings.map(({ seat, sum, hidden }) => (
          <li key={seat} data-seat={seat}>
            <Who seats={[seat]} name={name} /> <strong data-testid="aid-sum">{sum}</strong>
            {hidden > 0 && ` (${fill(w.hidden, { n: hidden })})`}
          </li>
        ))}
      </ol>
      <p class="note">
        {w.lowest} {view.final_round && trigger >= 0 ? fill(w.finalNow, { name: name(trigger) }) : w.finalLater}
      </p>
    </Aid>
  );
}

function CalcoryAid({ view, name, w }: AidsProps & { w: Words }) {
  const sum = typeof view.turn_sum === "number" ? view.turn_sum : 0;
  const offer = view.offer as { owner: number; sum: number; cards: number } | null | undefined;
  return (
    <Aid id="calcory" title={w.sum}>
      <p data-testid="aid-sum">
        <strong>{fill(w.sumNow, { sum })}</strong>{" "}
        <meter min={0} max={13} value={Math.min(sum, 13)} aria-label={fill(w.sumNow, { sum })} />
      </p>
      {offer && <p data-testid="aid-offer">{fill(w.offer, { name: name(offer.owner), sum: offer.sum, cards: offer.cards })}</p>}
      <p class="note">{w.sumNote}</p>
    </Aid>
  );
}

/** Lucandor: what each scoring slot pays now, per storey and colour, the most each hand card
 * would score now, and every end-scoring task this seat may see, counted as the wardrobe stands. */
function LucandorAid({ view, reference, name, lang, w }: AidsProps & { w: Words }) {
  const ref = asLucandor(reference as LucandorReference);
  const data = view as LucandorViewData;
  if (!ref || !Array.isArray(data.content) || data.content.length !== tablesFor(ref).cells) return <LucandorRules w={w} />;
  const tables = tablesFor(ref);
  const lw = wordsFor(ref, lang);
  const now = scoresNow(data, tables);
  const colour = (c: number) => (
    <span class="aid-colour">
      <Chip colour={tables.suit(c)} size={14} /> {tables.colourName(c, lang)}
    </span>
  );
  const storeys = (list: number[]) => list.map((storey) => storey + 1).join(", ");
  const pointsText = (n: number) => (n === 1 ? w.onePoint : fill(w.points, { n }));
  return (
    <Aid id="lucandor" title={w.scoringNow}>
      <ul class="aid-slots" data-testid="aid-slots">
        {now.slots.map(({ slot, storeys: covered, colours, points, start }) => (
          <li key={slot} data-slot={slot}>
            <strong>
              {lw.slot} {slot + 1}
            </strong>{" "}
            ({lw.storeys} {covered.length > 1 ? `${covered[0]! + 1}–${covered[covered.length - 1]! + 1}` : storeys(covered)}): {colours.map((c, i) => <span key={c}>{i > 0 && " / "}{colour(c)}</span>)} {pointsText(points)}
            {start && ` · ${lw.start}`}
          </li>
        ))}
      </ul>
      <table class="aid-table" data-testid="aid-storeys">
        <caption>{w.storeyPays}</caption>
        <thead>
          <tr>
            <th scope="col">{lw.storey}</th>
            <th scope="col">{w.pays}</th>
          </tr>
        </thead>
        <tbody>
          {now.storeys.map((pays, storey) => (
            <tr key={storey} data-storey={storey}>
              <th scope="row">{storey + 1}</th>
              <td>{pays.length ? pays.map(([c, points]) => <span key={c} data-colour={c} data-points={points}>{colour(c)} {points} </span>) : "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="note">{w.doubled}</p>
      {now.hand.length > 0 && (
        <ul class="aid-hand" data-testid="aid-hand">
          {now.hand.map(({ card, points, storeys: best }) => (
            <li key={card} data-card={card} data-points={points}>
              <strong>{tables.cardName(card, lang)}</strong>: {!best.length ? w.handNone : points === 0 ? w.handZero : fill(w.handBest, { points: pointsText(points), storeys: storeys(best) })}
            </li>
          ))}
        </ul>
      )}
      <ul class="aid-tasks" data-testid="aid-tasks">
        {now.tasks.every((tasks) => tasks.length === 0) && <li>{w.noTasks}</li>}
        {now.tasks.map(
          (tasks, seat) =>
            tasks.length > 0 && (
              <li key={seat} data-seat={seat}>
                <Who seats={[seat]} name={name} />{" "}
                {tasks.map((task, index) => (
                  <span key={index} class="aid-task" data-points={task.points ?? ""}>
                    {index > 0 && " · "}
                    {colour(task.colour)}{" "}
                    {task.storey === null ? w.taskHidden : fill(w.taskNow, { storey: task.storey + 1, n: task.points ?? 0 })}
                  </span>
                ))}
              </li>
            ),
        )}
      </ul>
      <LucandorRules w={w} from={1} />
    </Aid>
  );
}

/** Lucandor's scoring in words (from `from` on: the aid's table already says the first line). */
function LucandorRules({ w, from = 0 }: { w: Words; from?: number }) {
  return (
    <ul data-testid="aid-scoring" class="note">
      {w.scoringText.slice(from).map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}

const AIDS: Record<string, (props: AidsProps & { w: Words }) => VNode> = {
  level8: Level8Aid,
  souvenirs: SouvenirsAid,
  allegra: AllegraAid,
  calcory: CalcoryAid,
  lucandor: LucandorAid,
};

/** The game's player aid, or nothing for a game without one. */
export function Aids(props: AidsProps) {
  const Shown = AIDS[props.game];
  if (!Shown) return null;
  const w = WORDS[props.lang];
  return (
    <section class="aids" aria-label={w.aid} data-testid="aids">
      <Shown {...props} w={w} />
    </section>
  );
}
