// Calcory: the target 13 and the running sum of the turn, the standing offer
// (whose, which cards, what sum), the card grid (rows A.., columns 1..) with
// the cards turned this turn and the offer marked, what this seat remembers of
// face-down cards, every player's collected cards, and the own pile.
//
// A click is matched to a legal move by its struct (spieltisch/games/calcory/moves.py):
// a face-down card is `turn`, an empty cell `put_back`, a taken digit `return`,
// the buttons `stop` and `turn_back`.

import type { components } from "../schema";
import { Card } from "../cards";
import { findMove } from "../moves";
import { useNarrow } from "../narrow";
import { CardGrid } from "./grid";
import { Act, SeatMark, playerName } from "./parts";
import type { RendererProps } from "./types";

/** The table's reference data (spieltisch/games/calcory/views.py `CalcoryReference`). */
type CalcoryReference = components["schemas"]["CalcoryReference"];

const WORDS = {
  de: {
    target: "Ziel", sum: "Summe dieses Zuges", card: "Karte", cards: "Karten", offer: "Angebot", noOffer: "Kein Angebot",
    offerOf: "Angebot von {name}", sumOf: "Summe {sum}", stop: "Aufhören", turnBack: "Karten wieder umdrehen",
    returnOne: "Lege eine der Karten verdeckt zurück:", putBack: "Wähle den Platz, an dem die {digit} verdeckt liegen soll.",
    pile: "Dein Stapel", collected: "gesammelt", hidden: "verdeckte Karte", grid: "Auslage", turned: "aufgedeckt",
    remembered: "du weißt", returnDigit: "eine {digit} zurücklegen", toMove: "am Zug",
  },
  en: {
    target: "Target", sum: "This turn's sum", card: "card", cards: "cards", offer: "Offer", noOffer: "No offer",
    offerOf: "{name}'s offer", sumOf: "sum {sum}", stop: "Stop", turnBack: "Turn the cards back",
    returnOne: "Put one of the cards back face down:", putBack: "Choose where the {digit} goes, face down.",
    pile: "Your pile", collected: "collected", hidden: "face-down card", grid: "layout", turned: "turned",
    remembered: "you know", returnDigit: "return a {digit}", toMove: "to move",
  },
};

/** What a seat sees of Calcory (spieltisch/games/calcory/views.py `CalcoryView`, generated into schema.d.ts). */
export type CalcoryViewData = components["schemas"]["CalcoryView"];
/** A move of Calcory as data, one type per kind (spieltisch/games/calcory/views.py `CalcoryMove`). */
export type CalcoryMoveData = components["schemas"]["CalcoryMove"];

export function CalcoryView({ view, previous, seats, you, lang: pageLang, legal, onMove, t, reference }: RendererProps<CalcoryViewData, CalcoryReference, CalcoryMoveData>) {
  const lang = pageLang === "de" ? "de" : "en";
  const w = WORDS[lang];
  const { columns, cells, known, collected, offer, player } = view;
  const oldCells = (previous ?? view).cells;
  const pile = view.pile ?? [];
  const turned = new Set(view.turned);
  const offered = new Set(offer?.cells ?? []);
  const choices = view.return_choices;
  const holding = view.holding !== null && view.holding >= 0 ? view.holding : null;
  const label = (index: number) => reference?.position_names[index] ?? "?";
  const stop = findMove(legal, "stop");
  const turnBack = findMove(legal, "turn_back");
  const returns = [...new Set(choices)].map((digit) => ({ digit, move: findMove(legal, "return", { digit }) }));
  const putting = legal.some((m) => m.move.kind === "put_back");
  // A phone turns the grid: ten columns of 44 px do not fit 390 px, ten rows do.
  const narrow = useNarrow();
  return (
    <div class="calcory" data-testid="view">
      <p class="cc-status">
        <span class="cc-target" data-testid="target">
          {w.target}: <strong>{reference?.target ?? "?"}</strong>
        </span>
        <span data-testid="turn-sum">
          {w.sum}: <strong>{view.turn_sum}</strong> ({turned.size} {turned.size === 1 ? w.card : w.cards})
        </span>
        {player >= 0 && (
          <span>
            {playerName(seats, player, t)} {w.toMove}
          </span>
        )}
        {/* Beside the sum, in a line that keeps its height: the grid never moves when they come. */}
        {stop && (
          <button type="button" class="primary" data-action={stop.id} data-testid="stop" onClick={() => onMove(stop.id)}>
            {w.stop}
          </button>
        )}
        {turnBack && (
          <button type="button" class="primary" data-action={turnBack.id} data-testid="turn-back" onClick={() => onMove(turnBack.id)}>
            {w.turnBack}
          </button>
        )}
      </p>
      <p class="cc-offer" data-testid="offer">
        {offer ? (
          <>
            <SeatMark seat={offer.owner} seats={seats} t={t} /> <strong>{w.offerOf.replace("{name}", playerName(seats, offer.owner, t))}</strong>:{" "}
            {offer.cells.join(", ")} · {w.sumOf.replace("{sum}", String(offer.sum))} · {offer.cards} {offer.cards === 1 ? w.card : w.cards}
          </>
        ) : (
          w.noOffer
        )}
      </p>
      <div class="grid-box" tabIndex={0} role="group" aria-label={w.grid}>
        <CardGrid
          cells={cells}
          columns={columns}
          rowNames={reference?.row_names ?? []}
          columnNames={reference?.column_names ?? []}
          cellName={label}
          hiddenName={w.hidden}
          label={w.grid}
          fresh={(index) => previous !== null && oldCells[index] !== cells[index]}
          note={(index) => (known[label(index)] === undefined ? undefined : String(known[label(index)]))}
          mark={(index) => [turned.has(label(index)) ? "turned" : "", offered.has(label(index)) ? "offered" : ""].join(" ")}
          badge={(index) => (offer && offered.has(label(index)) ? <SeatMark seat={offer.owner} seats={seats} t={t} /> : null)}
          moveAt={(index) => findMove(legal, "turn", { position: index }) ?? findMove(legal, "put_back", { position: index })}
          onMove={onMove}
          transpose={narrow}
        />
      </div>
      {returns.some((r) => r.move) && (
        <div class="row" data-testid="return">
          <span>{w.returnOne}</span>
          {returns.map(({ digit, move }) => (
            <Act key={digit} move={move} onMove={onMove} label={w.returnDigit.replace("{digit}", String(digit))} data={{ digit }}>
              <Card small rank={digit} />
            </Act>
          ))}
        </div>
      )}
      {putting && holding !== null && <p data-testid="put-back">{w.putBack.replace("{digit}", String(holding))}</p>}
      <ul class="cc-players" data-testid="players">
        {seats.map((_seat, index) => (
          <li key={index} class={index === you ? "mine" : undefined} data-seat={index}>
            <SeatMark seat={index} seats={seats} t={t} /> {playerName(seats, index, t)}: {collected[index] ?? 0} {collected[index] === 1 ? w.card : w.cards} {w.collected}
          </li>
        ))}
      </ul>
      {pile.length > 0 && (
        <div class="hand" aria-label={w.pile}>
          <h2>{w.pile}</h2>
          <div class="hand-cards">
            {pile.map((value, index) => (
              <Card key={index} small rank={value} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
