// The own hand face up. A click on a card chooses it; its possible uses (the
// legal `play` moves of that card: put away, its function, the door, clean
// up, an end-scoring task with a colour) then stand beside it as buttons. A
// card that a move names by itself (`second`, the door's second card) is
// played with one click.

import { useState } from "preact/hooks";
import type { Move } from "../../api";
import { Chip } from "../../cards";
import { findMove, movesOf } from "../../moves";
import { Act, Pick } from "../parts";
import { HandCard } from "./pieces";
import { fill, type Lang, type LucandorMoveData, type LucandorPlay, type Tables, type Words } from "./tables";

interface Props {
  hand: number[];
  oldHand: Set<number>;
  fresh: boolean;
  tables: Tables;
  legal: Move<LucandorMoveData>[];
  onMove: (id: number) => void;

  lang: Lang;
  w: Words;
}

function useName(play: LucandorPlay, card: number, tables: Tables, lang: Lang, w: Words): string {
  switch (play.use) {
    case "put_away":
      return w.putAway;
    case "function":
      return tables.functionName(tables.card(card)?.function ?? "dot", lang);
    case "door":
      return w.moveDoor;
    case "clean":
      return w.clean;
    case "task":
      return `${w.task}: ${play.colour === undefined ? "" : tables.colourName(play.colour, lang)}`;
  }
}

export function Hand({ hand, oldHand, fresh, tables, legal, onMove, lang, w }: Props) {
  const [chosen, setChosen] = useState<number | null>(null);
  const plays = (card: number) => movesOf(legal, "play", { card });
  const current = chosen !== null && hand.includes(chosen) && plays(chosen).length > 0 ? chosen : null;
  return (
    <section class="lu-hand" aria-label={w.yourHand}>
      <h2>{w.yourHand}</h2>
      <div class="lu-hand-cards">
        {hand.map((card) => {
          const face = <HandCard card={card} tables={tables} lang={lang} fresh={fresh && !oldHand.has(card)} />;
          const second = findMove(legal, "second", { card });
          if (second)
            return (
              <Act key={card} move={second} onMove={onMove} label={`${w.second}: ${tables.cardName(card, lang)}`} testid="hand-card" data={{ card }}>
                {face}
              </Act>
            );
          if (plays(card).length === 0)
            return (
              <span key={card} class="lu-hand-card">
                {face}
              </span>
            );
          return (
            <Pick
              key={card}
              selected={current === card}
              onToggle={() => setChosen(current === card ? null : card)}
              testid="hand-card"
              data={{ card }}
            >
              {face}
            </Pick>
          );
        })}
      </div>
      {current !== null && (
        <div class="lu-uses row" role="group" aria-label={fill(w.chooseUse, { card: tables.cardName(current, lang) })} data-testid="uses">
          <span>{fill(w.chooseUse, { card: tables.cardName(current, lang) })}</span>
          {plays(current).map((move) => (
            <button
              type="button"
              key={move.id}
              class="primary"
              data-use={move.move.use}
              data-colour={move.move.colour === undefined ? undefined : String(move.move.colour)}
              onClick={() => {
                setChosen(null);
                onMove(move.id);
              }}
            >
              {move.move.use === "task" && move.move.colour !== undefined && <Chip colour={tables.suit(move.move.colour)} size={16} />}{" "}
              {useName(move.move, current, tables, lang, w)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
