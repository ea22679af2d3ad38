// Unit tests of the client's pure parts: run with `npm test` (vitest).

import { describe, expect, it } from "vitest";
import type { Move } from "../src/api";
import { HELP_GAMES, helpFor } from "../src/help";
import { botName, preferredLang, texts, TEXTS } from "../src/i18n";
import { botsAt } from "../src/levels";
import { findAny, findMove, matches, movesOf } from "../src/moves";
import { stripColumns, visibleSum, type AllegraMoveData } from "../src/renderers/allegra";
import type { CalcoryMoveData } from "../src/renderers/calcory";
import { followLog, logCut, mergeLog } from "../src/socket";

describe("language", () => {
  it("is German when the browser prefers German, whatever the region", () => {
    expect(preferredLang(["de-AT", "en-US"])).toBe("de");
    expect(preferredLang(["fr-FR", "de"])).toBe("de");
    expect(preferredLang(["en-GB", "de-DE"])).toBe("en");
    expect(preferredLang(["fr-FR"])).toBe("en");
  });

  it("has every text in both languages, and none empty", () => {
    for (const table of Object.values(TEXTS)) for (const text of Object.values(table)) expect(text.trim()).not.toBe("");
    expect(Object.keys(TEXTS.de).sort()).toEqual(Object.keys(TEXTS.en).sort());
  });

  it("names bots in the page's language", () => {
    expect(botName("heuristic", texts("de"))).toBe("Faustregel-Bot");
    expect(botName("ismcts:200", texts("de"))).toBe("Suchbot 200 (leicht)");
    expect(botName("ismcts:3000", texts("en"))).toBe("Search bot 3000 (strong)");
    expect(botName("learned:t=0.25", texts("en"))).toBe("Learned (network-guided search)");
    expect(botName("learned:t=0.25", texts("de"))).toBe("Lern-Bot (netzgestützte Suche)");
    expect(botName("learnedx", texts("en"))).toBe("learnedx");
  });

  it("offers a bot only at the player counts it plays at", () => {
    const bots = [
      { id: "heuristic", label: "Heuristic", players: [2, 3, 4] },
      { id: "learned:t=0.25", label: "Learned (network-guided search)", players: [2] },
    ];
    expect(botsAt(bots, 2).map((b) => b.id)).toEqual(["heuristic", "learned:t=0.25"]);
    expect(botsAt(bots, 3).map((b) => b.id)).toEqual(["heuristic"]);
    expect(botsAt(bots, 5)).toEqual([]);
  });

  it("has the rules of every game in both languages, alike in shape", () => {
    expect(HELP_GAMES.sort()).toEqual(["allegra", "calcory", "level8", "lucandor", "souvenirs"]);
    for (const game of HELP_GAMES) {
      const en = helpFor(game, "en")!;
      const de = helpFor(game, "de")!;
      expect(de.sections.map((s) => s.points.length)).toEqual(en.sections.map((s) => s.points.length));
    }
  });
});

describe("moves by structure", () => {
  const legal: Move<CalcoryMoveData | AllegraMoveData>[] = [
    { id: 3, label: "whatever", move: { kind: "turn", position: 3, row: 0, col: 3 } },
    { id: 4, label: "whatever", move: { kind: "turn", position: 4, row: 0, col: 4 } },
    { id: 60, label: "stop", move: { kind: "stop" } },
    { id: 70, label: "x", move: { kind: "clear", seat: 0, line: "column", positions: [1, 6, 11] } },
  ];

  it("finds the one move whose struct fits, whatever its label says", () => {
    expect(findMove(legal, "turn", { position: 4 })?.id).toBe(4);
    expect(findMove(legal, "turn")).toBeUndefined(); // two fit: no guess
    expect(findMove(legal, "turn", { position: 9 })).toBeUndefined();
    expect(findAny(legal, ["flip", "stop"])?.id).toBe(60);
    expect(movesOf(legal, "turn").map((m) => m.id)).toEqual([3, 4]);
    expect(matches(legal[3]!.move, "clear", { positions: [1, 6, 11] })).toBe(true);
    expect(matches(legal[3]!.move, "clear", { positions: [6, 1, 11] })).toBe(false);
  });

  it("gives the found move the type of its kind, with typed fields", () => {
    const turn = findMove(legal, "turn", { position: 4 });
    expect(turn?.move.col).toBe(4);
    expect(movesOf(legal, "clear").flatMap((m) => m.move.positions)).toEqual([1, 6, 11]);
  });
});

describe("the log", () => {
  it("keeps every entry seen, by version, once", () => {
    const a = { version: 1, seat: 0, label: "a" };
    const b = { version: 2, seat: 1, label: "b" };
    const c = { version: 5, seat: 0, label: "c" };
    expect(mergeLog([a, b], [b, c]).map((e) => e.version)).toEqual([1, 2, 5]);
    expect(mergeLog([a], [])).toEqual([a]);
  });

  it("follows each state's entries on from its log_from", () => {
    const a = { version: 1, seat: 0, label: "a" };
    const b = { version: 2, seat: 1, label: "b" };
    const grown = { version: 4, seat: 1, label: "b · c" };
    const d = { version: 6, seat: 0, label: "d" };
    expect(followLog([a], 1, [b])).toEqual([a, b]);
    expect(followLog([a, b], 2, [])).toEqual([a, b]);
    expect(followLog([a, b], 1, [grown])).toEqual([a, grown]); // the move b began went on
    expect(followLog([a, grown], 0, [b, d])).toEqual([a, b, d]); // the whole recent log stands
    expect(followLog([a, b], 0, [])).toEqual([a, b]);
  });

  it("takes from a fetched log only what lies before the states' own", () => {
    const a = { version: 1, seat: 0, label: "a" };
    const b = { version: 2, seat: 1, label: "b" }; // a move begun, fetched while half made
    const grown = { version: 4, seat: 1, label: "b · c" };
    // A reconnect: the first state brings the recent log [b], then the move grows; the fetch
    // answers with the log as it stood before, which must not bring b back beside grown.
    const upTo = Math.min(logCut(0, [b]), logCut(1, [grown]));
    const known = followLog(followLog([], 0, [b]), 1, [grown]);
    expect(mergeLog(known, [a, b], upTo)).toEqual([a, grown]);
    expect(mergeLog(known, [a, b])).toEqual([a, b, grown]); // what taking it all would show
  });
});

describe("ALLEGRA's strip", () => {
  it("draws each shared column once, between the two layouts it belongs to, and closes the ring", () => {
    for (const players of [2, 3, 6]) {
      const columns = stripColumns(players, 1);
      const shared = columns.filter((c) => c.shared && !c.repeat);
      expect(shared).toHaveLength(players);
      expect(columns.filter((c) => c.repeat)).toHaveLength(1);
      // Seat s's left column is seat s+1's right column.
      for (const column of shared) {
        const [[seat, left], [neighbour, right]] = column.owners as [[number, number], [number, number]];
        expect([left, right]).toEqual([0, 4]);
        expect(neighbour).toBe((seat + 1) % players);
      }
      // Between two shared columns stand the three own columns of one seat, whose columns they are.
      columns.forEach((column, index) => {
        if (column.shared || column.owners[0]![1] !== 1) return;
        const seat = column.owners[0]![0];
        expect(columns[index - 1]!.owners[0]![0]).toBe(seat);
        expect(columns[index + 3]!.owners[1]![0]).toBe(seat);
      });
    }
  });

  it("sums what is face up", () => {
    expect(visibleSum([3, "?", -1, null, 11])).toEqual({ sum: 13, hidden: 1 });
  });
});
