// The player aids' own reckoning: Souvenirs' combinations a line holds, as the engine's scoring.py finds them.

import { describe, expect, it } from "vitest";
import { possibleCombinations } from "../src/aids";

const sorted = (found: Set<string>) => [...found].sort();

describe("Souvenirs' combinations in a line", () => {
  it("finds a full house with its pairs and three of a kind, and nothing more", () => {
    const line: [number, number][] = [[3, 0], [3, 1], [3, 2], [5, 0], [5, 1]];
    expect(sorted(possibleCombinations(line))).toEqual(["drilling", "full_house", "nichts", "paerchen", "zwei_paare"]);
  });

  it("lets a joker complete a straight or a four of a kind, and counts a short line by its pairs only", () => {
    const straight = possibleCombinations([[1, 0], [2, 1], [3, 2], [4, 3], null]);
    expect(straight.has("strasse") && straight.has("regenbogen") && straight.has("paerchen")).toBe(true);
    expect(possibleCombinations([[6, 0], [6, 1], [6, 2], null]).has("vierling")).toBe(true);
    expect(sorted(possibleCombinations([[2, 0], [4, 0]]))).toEqual(["nichts"]);
  });
});
