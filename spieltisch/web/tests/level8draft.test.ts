import { describe, expect, it } from "vitest";
import { waysOf } from "../src/renderers/level8draft";

// The front side's deck: 6 colours of 1-12 (kind = colour * 12 + number - 1), then the joker.
const deck = { values: 12, joker: 72, colours: 6 };
const card = (colour: number, number: number) => colour * 12 + number - 1;

describe("a lay-down's ways", () => {
  it("fills a run's gap with its joker, and asks only where the run could lie elsewhere", () => {
    const gap = waysOf({ kind: "run", size: 3 }, [card(0, 4), deck.joker, card(1, 6)], deck);
    expect(gap.map((w) => w.name)).toEqual(["4-6"]);
    expect(gap[0]!.placed).toContainEqual({ card: deck.joker, number: 5 });
    const open = waysOf({ kind: "run", size: 4 }, [card(0, 3), card(2, 4), deck.joker, deck.joker], deck);
    expect(open.map((w) => w.name)).toEqual(["1-4", "2-5", "3-6"]);
    expect(open[1]!.placed.filter((p) => p.card === deck.joker).map((p) => p.number)).toEqual([2, 5]);
  });

  it("knows no way for cards that cannot make the part, nor for too few", () => {
    expect(waysOf({ kind: "run", size: 3 }, [card(0, 4), card(1, 4), deck.joker], deck)).toEqual([]);
    expect(waysOf({ kind: "run", size: 3 }, [card(0, 1), card(1, 5), deck.joker], deck)).toEqual([]);
    expect(waysOf({ kind: "set", size: 3 }, [card(0, 7), card(1, 8), deck.joker], deck)).toEqual([]);
    expect(waysOf({ kind: "colour", size: 3 }, [card(0, 7), card(1, 8), deck.joker], deck)).toEqual([]);
    expect(waysOf({ kind: "set", size: 3 }, [card(0, 7), card(1, 7)], deck)).toEqual([]);
  });

  it("gives a set its number and a colour group its colour; jokers alone may be any", () => {
    const set = waysOf({ kind: "set", size: 3 }, [card(0, 7), deck.joker, card(3, 7)], deck);
    expect(set).toHaveLength(1);
    expect(set[0]!.placed).toContainEqual({ card: deck.joker, number: 7 });
    const colour = waysOf({ kind: "colour", size: 2 }, [card(4, 1), deck.joker], deck);
    expect(colour.map((w) => w.colour)).toEqual([4]);
    expect(waysOf({ kind: "colour", size: 2 }, [deck.joker, deck.joker], deck)).toHaveLength(6);
    expect(waysOf({ kind: "set", size: 2 }, [deck.joker, deck.joker], deck)).toHaveLength(12);
  });
});
