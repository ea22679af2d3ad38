// Der Graf von Lucandor: the phase and who moves, the card being played, the
// wardrobe with its scoring slots, every player, the prompts for a colour, a
// luck check's corner or securing a slot won by luck, the discard pile and the own hand.
//
// The view names cards by id and cells by number; the table's reference data
// says what they are (tables.ts). Every click is a legal move found by its
// struct (spieltisch/games/lucandor/moves.py, docs/rules/lucandor.md "Moves as
// data"); no label is read.

import { Chip } from "../../cards";
import { movesOf } from "../../moves";
import { GenericView } from "../generic";
import { playerName } from "../parts";
import type { components } from "../../schema";
import type { RendererProps } from "../types";
import { Hand } from "./hand";
import { HandCard, Piece } from "./pieces";
import { Players } from "./players";
import { asLucandor, fill, tablesFor, wordsFor, type Lang, type LucandorMoveData, type LucandorReference } from "./tables";
import { Wardrobe } from "./wardrobe";

/** What a seat sees of Der Graf von Lucandor (spieltisch/games/lucandor/views.py `LucandorView`, generated into schema.d.ts). */
export type LucandorViewData = components["schemas"]["LucandorView"];

export function LucandorView(props: RendererProps<LucandorViewData, LucandorReference, LucandorMoveData>) {
  const { view, previous, seats, you, legal, onMove, t, log } = props;
  const lang: Lang = props.lang === "de" ? "de" : "en";
  const content = view.content ?? [];
  // Without the table's reference data (not loaded, or not a shape this
  // renderer knows) the view is still shown, as the generic tree.
  const ref = asLucandor(props.reference);
  if (!ref || content.length !== tablesFor(ref).cells) return GenericView(props as unknown as RendererProps);
  const tables = tablesFor(ref);
  const w = wordsFor(ref, lang);
  const before = previous ?? view;
  const placedBefore = new Set(before.placed);
  const fresh = (card: number) => previous !== null && !placedBefore.has(card);
  const { slots, players, discard } = view;
  const lockOwner = view.lock_owner;
  const hand = view.hand ?? [];
  const toMove = view.to_move;
  const phase = view.phase === "afternoon" ? w.afternoon : w.morning;
  // The card being played: the mover's last move, when it played a card this turn (a public struct).
  const last = log?.[log.length - 1];
  const playing = last && last.seat === toMove && last.move?.kind === "play" && last.move.card !== undefined ? last.move.card : null;
  const colours = movesOf(legal, "colour");
  const corners = movesOf(legal, "corner");
  const secures = movesOf(legal, "secure");
  const secureAsk = secures[0] ? fill(w.secureAsk, { n: secures[0].move.slot + 1 }) : "";
  return (
    <div class="lucandor" data-testid="view">
      <p class="facts">
        <strong>{phase}</strong>
        {toMove >= 0 && (
          <>
            {" "}
            · {w.toMove}: <strong data-testid="lu-to-move">{playerName(seats, toMove, t)}</strong>
          </>
        )}
      </p>
      {playing !== null && (
        <div class="lu-playing" data-testid="playing">
          {w.playing}: <HandCard card={playing} tables={tables} lang={lang} />
        </div>
      )}
      {colours.length > 0 && (
        <div class="row lu-prompt" role="group" aria-label={w.chooseColour}>
          <span>{w.chooseColour}</span>
          {colours.map((move) => (
            <button type="button" key={move.id} data-colour={move.move.colour} onClick={() => onMove(move.id)}>
              <Chip colour={tables.suit(move.move.colour)} size={18} /> {tables.colourName(move.move.colour, lang)}
            </button>
          ))}
        </div>
      )}
      {corners.length > 0 && (
        <div class="row lu-prompt" role="group" aria-label={w.chooseCorner}>
          <span>{w.chooseCorner}</span>
          {corners.map((move) => (
            <button type="button" key={move.id} data-corner={move.move.corner} onClick={() => onMove(move.id)}>
              {tables.cornerName(move.move.corner, lang)}
            </button>
          ))}
        </div>
      )}
      {secures.length > 0 && (
        <div class="row lu-prompt" role="group" aria-label={secureAsk}>
          <span>{secureAsk}</span>
          {secures.map((move) => (
            <button type="button" key={move.id} data-secure={String(move.move.secure)} onClick={() => onMove(move.id)}>
              {move.move.secure ? w.secure : w.leave}
            </button>
          ))}
        </div>
      )}
      <Wardrobe
        content={content}
        drawers={view.drawers}
        door={view.door}
        slots={slots}
        oldSlots={before.slots}
        lockOwner={lockOwner}
        lockLevel={view.lock_level}
        fresh={fresh}
        tables={tables}
        legal={legal}
        onMove={onMove}
        seats={seats}
        t={t}
        lang={lang}
        w={w}
      />
      <Players players={players} lockOwner={lockOwner} toMove={toMove} you={you} seats={seats} tables={tables} legal={legal} onMove={onMove} t={t} lang={lang} w={w} />
      <p class="facts">
        {w.discard}: {discard.length}
        {discard.length > 0 && (
          <>
            {" "}
            <Piece card={discard[discard.length - 1]!} tables={tables} lang={lang} />
          </>
        )}{" "}
        · {w.startPile}: {view.start_pile.length}
      </p>
      {hand.length > 0 && (
        <Hand
          hand={hand}
          oldHand={new Set(before.hand ?? hand)}
          fresh={previous !== null}
          tables={tables}
          legal={legal}
          onMove={onMove}
          lang={lang}
          w={w}
        />
      )}
    </div>
  );
}
