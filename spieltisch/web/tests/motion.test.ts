// Which cards travel (motion.ts): a card whose face left one place for another, nearest first;
// not the cards that stayed, nor those that only shifted with the layout.

import { describe, expect, it } from "vitest";
import { journeys } from "../src/motion";

type Spot = [face: string, x: number, y: number];

function board(...spots: Spot[]) {
  const found = new Map<string, { element: Element; x: number; y: number }[]>();
  for (const [face, x, y] of spots) {
    const list = found.get(face) ?? [];
    list.push({ element: { id: `${face}@${x},${y}` } as unknown as Element, x, y });
    found.set(face, list);
  }
  return found;
}

const moves = (before: Spot[], after: Spot[]) =>
  journeys(board(...before), board(...after)).map(([from, to]) => [from.x, from.y, to.x, to.y]);

describe("cards travelling", () => {
  it("moves a card from its old place to its new one and leaves the others still", () => {
    expect(moves([["red:5", 0, 0], ["blue:2", 50, 0]], [["red:5", 100, 80], ["blue:2", 50, 0]])).toEqual([[0, 0, 100, 80]]);
  });

  it("sends each of two equal cards from the nearer place", () => {
    const before: Spot[] = [["red:5", 0, 0], ["red:5", 300, 0]];
    const after: Spot[] = [["red:5", 0, 0], ["red:5", 280, 90]];
    expect(moves(before, after)).toEqual([[300, 0, 280, 90]]);
  });

  it("lets a card that is new, or gone, neither travel nor stop the others", () => {
    expect(moves([["back", 0, 0]], [["green:1", 0, 0]])).toEqual([]);
    expect(moves([["green:1", 0, 0], ["red:3", 40, 0]], [["red:3", 40, 60]])).toEqual([[40, 0, 40, 60]]);
  });

  it("keeps cards still that only shifted together with the layout", () => {
    const before: Spot[] = [["a:1", 0, 0], ["a:2", 50, 0], ["a:3", 100, 0], ["b:9", 0, 200]];
    const after: Spot[] = [["a:1", 0, 30], ["a:2", 50, 30], ["a:3", 100, 30], ["b:9", 200, 300]];
    expect(moves(before, after)).toEqual([[0, 200, 200, 300]]);
  });
});
