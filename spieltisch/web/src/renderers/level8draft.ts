// A LEVEL 8 lay-down being put together before it is sent as one move: which
// number or colour each card of a part stands for, and, where the cards allow
// several (a run with jokers at either end, a part of jokers only), the ways
// the player chooses from. The server checks the whole lay-down again
// (spieltisch/games/level8/moves.py `lay_down_steps`); this only spares the
// player a question the cards already answer.

import type { components } from "../schema";

export type PlacedCard = components["schemas"]["Level8PlacedCard"];
type Part = components["schemas"]["PartStruct"];

export interface Deck {
  /** Numbers per colour (cards count from 1). */
  values: number;
  joker: number;
  colours: number;
}

/** One way a part's cards can make it: a name to choose it by ("3-6", "7"; a colour group: its
 * `colour`, which the table names) and every card as sent. */
export interface Way {
  name: string;
  colour?: number;
  placed: PlacedCard[];
}

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_x, i) => from + i);

/** The ways `cards` (card kinds) make `part`; none when they cannot (too few or too many, or not alike). */
export function waysOf(part: Part, cards: number[], deck: Deck): Way[] {
  if (cards.length !== part.size) return [];
  const plain = cards.filter((card) => card !== deck.joker);
  const jokers = cards.length - plain.length;
  const numbers = plain.map((card) => (card % deck.values) + 1);
  const own: PlacedCard[] = plain.map((card) => ({ card }));
  if (part.kind === "run") {
    if (new Set(numbers).size !== numbers.length) return [];
    const low = numbers.length ? Math.max(1, Math.max(...numbers) - part.size + 1) : 1;
    const high = numbers.length ? Math.min(...numbers) : deck.values - part.size + 1;
    return range(low, Math.min(high, deck.values - part.size + 1)).map((first) => {
      const missing = range(first, first + part.size - 1).filter((n) => !numbers.includes(n));
      return { name: `${first}-${first + part.size - 1}`, placed: [...own, ...missing.map((number) => ({ card: deck.joker, number }))] };
    });
  }
  const colour = part.kind === "colour";
  const keys = colour ? plain.map((card) => Math.floor(card / deck.values)) : numbers;
  if (new Set(keys).size > 1) return [];
  const choices = keys.length ? [keys[0]!] : colour ? range(0, deck.colours - 1) : range(1, deck.values);
  return choices.map((key) => ({
    name: String(key),
    ...(colour ? { colour: key } : {}),
    placed: [...own, ...Array.from({ length: jokers }, () => (colour ? { card: deck.joker, colour: key } : { card: deck.joker, number: key }))],
  }));
}
