// Every player: points (with end scoring), hand, draw pile and free stones,
// the end-scoring tasks (own with their storey, the others' face down with
// their chip), and the cards known to be in another's hand. An own task is
// clickable when a move names it (`task`, for hanger and needle & thread).

import type { Move, Seat } from "../../api";
import { Chip } from "../../cards";
import type { T } from "../../i18n";
import { findMove } from "../../moves";
import { Act, SeatMark, playerName, seatColour } from "../parts";
import { Piece } from "./pieces";
import type { components } from "../../schema";
import type { Lang, LucandorMoveData, Tables, Words } from "./tables";

/** A player as the view shows them (spieltisch/games/lucandor/views.py `LucandorPlayerView`). */
export type Player = components["schemas"]["LucandorPlayerView"];

interface Props {
  players: Player[];
  lockOwner: number[];
  toMove: number;
  you: number | null;
  seats: Seat[];
  tables: Tables;
  legal: Move<LucandorMoveData>[];
  onMove: (id: number) => void;
  t: T;
  lang: Lang;
  w: Words;
}

export function Players({ players, lockOwner, toMove, you, seats, tables, legal, onMove, t, lang, w }: Props) {
  return (
    <ul class="lu-players" data-testid="players">
      {players.map((player, seat) => {
        const stones = tables.markers - lockOwner.filter((owner) => owner === seat).length;
        return (
          <li
            key={seat}
            class={(seat === you ? "mine" : "") + (seat === toMove ? " to-move" : "")}
            data-seat={seat}
            style={{ borderColor: seatColour(seat) }}
          >
            <SeatMark seat={seat} seats={seats} t={t} /> <strong>{playerName(seats, seat, t)}</strong>
            {seat === toMove && " ▶"} · <span data-testid="points">{player.points + player.end_points}</span> {w.points}
            {player.end_points ? ` (${w.ends} ${player.end_points})` : ""}
            <div class="lu-row">
              <span>
                {w.hand} {player.hand_size}
              </span>
              <span>
                {w.pile} {player.pile.length}
              </span>
              <span>
                {stones} {w.stones}
              </span>
            </div>
            {player.end_colours.length > 0 && (
              <div class="lu-row">
                {w.ends}:{" "}
                {player.end_colours.map((colour, index) => {
                  const task = player.end_cards?.[index];
                  const storey = task === undefined ? null : (tables.card(task)?.storey ?? -1) + 1;
                  const text = storey === null ? w.faceDown : `${w.storey} ${storey}`;
                  const move = seat === you ? findMove(legal, "task", { task: index }) : undefined;
                  return (
                    <Act key={index} move={move} onMove={onMove} label={`${w.ends} ${index + 1}: ${tables.colourName(colour, lang)}, ${text}`} data={{ task: index }}>
                      <span class="lu-task">
                        <Chip colour={tables.suit(colour)} title={tables.colourName(colour, lang)} />
                        {text}
                      </span>
                    </Act>
                  );
                })}
              </div>
            )}
            {seat !== you && player.known_in_hand.length > 0 && (
              <div class="lu-row">
                {w.known}:{" "}
                {player.known_in_hand.map((card) => (
                  <Piece key={card} card={card} tables={tables} lang={lang} />
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
