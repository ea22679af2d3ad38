// Pieces the game tables share: a clickable place that stands for one legal
// move, a seat's mark, and a plan of moves sent one after the other.

import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { Move, Seat } from "../api";
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
export type Step = (legal: Move[]) => Move | undefined;

/**
 * Moves sent one after the other, each once the table has answered the one
 * before (a card chosen, then where it goes, when the game asks them as two
 * steps). A step that finds no legal move ends the plan; so does a new plan.
 */
export function usePlan(legal: Move[], onMove: (id: number) => void): (steps: Step[]) => void {
  const [plan, setPlan] = useState<Step[]>([]);
  const sentFor = useRef<Move[] | null>(null);
  useEffect(() => {
    if (plan.length === 0 || legal.length === 0 || sentFor.current === legal) return;
    const [next, ...rest] = plan;
    const move = next!(legal);
    setPlan(move ? rest : []);
    if (move) {
      sentFor.current = legal;
      onMove(move.id);
    }
  }, [plan, legal]);
  return (steps: Step[]) => {
    sentFor.current = null;
    setPlan(steps);
  };
}
