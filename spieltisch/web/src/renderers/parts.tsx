// Pieces the game tables share: a clickable place that stands for one legal
// move, a seat's mark, and a plan of moves sent one after the other.

import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { Move, MoveStruct, Seat } from "../api";
import type { T } from "../i18n";

interface ActProps {
  /** The legal move a click makes; without one the children are shown as they are. */
  move?: Move;
  onMove: (id: number) => void;
  children: ComponentChildren;
  class?: string;
  /** What a click there does, for people who hear the page, said before what the place shows. */
  label?: string;
  testid?: string;
  /** data-* attributes that say what the place is (for tests and styles). */
  data?: Record<string, string | number>;
}

function dataAttributes(data: Record<string, string | number> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(data ?? {}).map(([key, value]) => [`data-${key}`, String(value)]));
}

/** A place on the table that makes a move when clicked (or Enter/Space when focused). */
export function Act({ move, onMove, children, class: extra, label, testid, data }: ActProps) {
  if (!move) return <>{children}</>;
  return (
    <button
      type="button"
      class={"cell-move " + (extra ?? "")}
      title={move.label}
      data-action={move.id}
      data-testid={testid}
      {...dataAttributes(data)}
      onClick={() => onMove(move.id)}
    >
      {label && <span class="visually-hidden">{label}: </span>}
      {children}
    </button>
  );
}

interface PickProps {
  selected: boolean;
  onToggle: () => void;
  /** The card; it names itself (a drawn card's label, or its text). */
  children: ComponentChildren;
  testid?: string;
  data?: Record<string, string | number>;
}

/** A card that can be chosen before saying where it goes; pressed while chosen. */
export function Pick({ selected, onToggle, children, testid, data }: PickProps) {
  return (
    <button
      type="button"
      class={"cell-move pick" + (selected ? " selected" : "")}
      aria-pressed={selected}
      data-testid={testid}
      {...dataAttributes(data)}
      onClick={onToggle}
    >
      {children}
    </button>
  );
}

/** Seat colours (Okabe-Ito, apart from the card colours' order) with the player's initial inside. */
export const SEAT_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#6b5a00", "#56B4E9"];

export function seatColour(seat: number): string {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length]!;
}

/** A player's name: their own, or "Seat 2" for a free seat (seats count from 1). */
export function playerName(seats: Seat[], seat: number, t: T): string {
  return seats[seat]?.name || `${t("seat")} ${seat + 1}`;
}

/** The letter on a seat's mark: the player's initial, or the seat's number when initials repeat. */
export function seatLetter(seats: Seat[], seat: number, t: T): string {
  const initial = (s: number) => playerName(seats, s, t).slice(0, 1).toUpperCase();
  const mine = initial(seat);
  const shared = seats.some((_x, other) => other !== seat && initial(other) === mine);
  return shared ? String(seat + 1) : mine;
}

/** A small square in the seat's colour with its letter, and an optional mark (1st, 2nd). */
export function SeatMark({ seat, seats, t, mark, title }: { seat: number; seats: Seat[]; t: T; mark?: string; title?: string }) {
  const label = title ?? playerName(seats, seat, t);
  return (
    <span class="seat-mark" style={{ background: seatColour(seat) }} title={label} role="img" aria-label={label}>
      {seatLetter(seats, seat, t)}
      {mark && <sup>{mark}</sup>}
    </span>
  );
}

/**
 * One step of a plan: the legal move to make next, found by structure, or
 * undefined when none fits (the plan is then given up).
 */
/** One step of a plan: the legal move it makes, or the moves it may mean when the person must say which. */
export type Step<M extends MoveStruct = MoveStruct> = (legal: Move<M>[]) => Move<M> | Move<M>[] | undefined;

export interface Plan<M extends MoveStruct = MoveStruct> {
  /** Starts a new plan (and ends any before it). */
  run: (steps: Step<M>[]) => void;
  /** The moves a step may mean while the person chooses (a joker's number or colour); else empty. */
  choices: Move<M>[];
  /** Makes the chosen one of `choices` and goes on with the plan; null gives the plan up. */
  choose: (move: Move<M> | null) => void;
}

/**
 * Moves sent one after the other, each once the table has answered the one
 * before (a card chosen, then where it goes, when the game asks them as two
 * steps). A step that may mean several moves waits for the person to choose
 * one. A step that finds no legal move ends the plan; so does a new plan.
 */
export function usePlan<M extends MoveStruct>(legal: Move<M>[], onMove: (id: number) => void): Plan<M> {
  const [plan, setPlan] = useState<Step<M>[]>([]);
  // The choices are for one state's moves; a new state voids them.
  const [asked, setAsked] = useState<{ legal: Move<M>[]; moves: Move<M>[] } | null>(null);
  const sentFor = useRef<Move<M>[] | null>(null);
  const send = (move: Move<M>) => {
    sentFor.current = legal;
    onMove(move.id);
  };
  const choices = asked !== null && asked.legal === legal ? asked.moves : [];
  useEffect(() => {
    if (asked !== null && asked.legal !== legal) {
      // The table changed before the person chose: the plan no longer fits.
      setAsked(null);
      setPlan([]);
      return;
    }
    if (choices.length > 0 || plan.length === 0 || legal.length === 0 || sentFor.current === legal) return;
    const [next, ...rest] = plan;
    const found = next!(legal);
    const moves = found === undefined ? [] : Array.isArray(found) ? found : [found];
    setPlan(moves.length > 0 ? rest : []);
    if (moves.length === 1) send(moves[0]!);
    else if (moves.length > 1) setAsked({ legal, moves });
  }, [plan, legal, asked]);
  return {
    run: (steps: Step<M>[]) => {
      sentFor.current = null;
      setAsked(null);
      setPlan(steps);
    },
    choices,
    choose: (move: Move<M> | null) => {
      setAsked(null);
      if (move && choices.includes(move)) send(move);
      else setPlan([]);
    },
  };
}
