// The standing prompt's words: from the seat's view and the kinds of its legal moves.

import { describe, expect, it } from "vitest";
import type { Move } from "../src/api";
import { PROMPT_WORDS, promptFor, type PromptInput } from "../src/prompt";

const moves = (...kinds: string[]): Move[] => kinds.map((kind, id) => ({ id, label: kind, move: { kind } }) as Move);

function input(game: string, legal: Move[], more: Partial<PromptInput> = {}): PromptInput {
  return {
    game,
    view: {},
    legal,
    you: 0,
    toMove: 0,
    status: "running",
    name: (seat) => ["Ada", "Bo"][seat] ?? "?",
    lang: "en",
    ...more,
  };
}

describe("prompt", () => {
  it("asks LEVEL 8's player to draw, then to lay down their own level, in both languages", () => {
    const draw = promptFor(input("level8", moves("draw_stock", "draw_pile")));
    expect(draw.text).toMatch(/draw pile/);
    expect(draw.select).toBe(false);
    expect(draw.refusal).toMatch(/^Draw first/);
    const view = { levels: [3, 1], laid: [false, false], part: 0 };
    const play = promptFor(input("level8", moves("start_lay_down", "discard"), { view }));
    expect(play.text).toMatch(/^Lay down level 3/);
    expect(play.select).toBe(true);
    expect(play.step).not.toBe(draw.step);
    const german = promptFor(input("level8", moves("start_lay_down", "discard"), { view, lang: "de" }));
    expect(german.text).toMatch(/^Lege Level 3 aus/);
  });

  it("says that the only move is being played, and names it, in both languages", () => {
    const only = moves("take_skip");
    const english = promptFor(input("level8", only, { forced: "put the skip card under the draw pile" }));
    expect(english.step).toBe("forced");
    expect(english.text).toBe("Your only move is being played for you: put the skip card under the draw pile.");
    expect(english.select).toBe(false);
    expect(promptFor(input("level8", only, { forced: "x", lang: "de" })).text).toMatch(/^Dein einziger Zug/);
    expect(promptFor(input("level8", only)).step).toBe("l8TakeSkip");
  });

  it("names the part being laid down and the laid player's choices", () => {
    const view = { levels: [5, 1], laid: [false, false], part: 1 };
    expect(promptFor(input("level8", moves("pick", "cancel"), { view })).text).toMatch(/level 5, part 2/);
    const laid = { levels: [5, 1], laid: [true, false] };
    expect(promptFor(input("level8", moves("lay_off", "discard"), { view: laid })).step).toBe("l8Laid");
  });

  it("says whom the table waits for when it is not this seat's turn, and why a click does nothing", () => {
    const waiting = promptFor(input("calcory", [], { toMove: 1 }));
    expect(waiting.text).toBe("Waiting for Bo.");
    expect(waiting.refusal).toMatch(/Bo's turn/);
    expect(promptFor(input("calcory", [], { you: null, toMove: 1 })).text).toMatch(/watching; Bo/);
  });

  it("tells Calcory's sum against 13 and each game's steps apart", () => {
    expect(promptFor(input("calcory", moves("turn", "stop"), { view: { turn_sum: 9, turned: ["A1", "B2"] } })).text).toMatch(/Sum 9 of 13/);
    expect(promptFor(input("calcory", moves("turn_back"))).step).toBe("caTurnBack");
    expect(promptFor(input("allegra", moves("flip"), { view: { phase: "setup_flip" } })).step).toBe("alFlipSetup");
    expect(promptFor(input("allegra", moves("knock", "no_knock"))).step).toBe("alKnock");
    expect(promptFor(input("souvenirs", moves("cube", "pass"))).step).toBe("svCube");
    expect(promptFor(input("lucandor", moves("slot"))).step).toBe("luSlot");
    expect(promptFor(input("lucandor", moves("play"))).select).toBe(true);
  });

  it("falls back to the move list for a step it does not know, and ends with the game", () => {
    expect(promptFor(input("othello", moves("x"))).step).toBe("moves");
    expect(promptFor(input("level8", [], { status: "finished" })).step).toBe("over");
  });

  it("has every word in both languages", () => {
    expect(Object.keys(PROMPT_WORDS.de).sort()).toEqual(Object.keys(PROMPT_WORDS.en).sort());
    for (const words of Object.values(PROMPT_WORDS)) for (const text of Object.values(words)) expect(text.trim()).not.toBe("");
  });
});
