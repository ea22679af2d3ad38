// A bot seat as a person reads it: a level by its name and rating ("Stark (≈1497)"),
// any other bot by its kind. A seat holds the level's id or its bot spec
// (spieltisch/bots/levels.py); /api/games lists each game's levels.

import { useEffect, useState } from "preact/hooks";
import { api, type GameInfo } from "./api";
import { botName, type Lang, type T } from "./i18n";

export type LevelInfo = GameInfo["levels"][number];
export type BotChoice = GameInfo["bots"][number];

/** The bots on offer beside the levels that play at a table of `players` (the learned bot only
 * where a network was trained for that count). */
export function botsAt(bots: BotChoice[], players: number): BotChoice[] {
  return bots.filter((bot) => bot.players.includes(players));
}

/** A level as a person chooses it: its name with its rating, "Strong (≈1450)". */
export function levelLabel(level: LevelInfo, lang: Lang): string {
  const name = level.name[lang] ?? level.name.en ?? level.id;
  return level.rating == null ? name : `${name} (≈${Math.round(level.rating)})`;
}

/** The bot of a seat in words: its level's label when it plays one of `levels`, else its kind. */
export function botLabel(bot: string | null | undefined, levels: LevelInfo[], lang: Lang, t: T): string {
  const level = levels.find((lv) => lv.id === bot || lv.spec === bot);
  return level ? levelLabel(level, lang) : botName(bot, t);
}

let gamesOnce: Promise<GameInfo[]> | null = null;

/** A game's levels, fetched once per page (none until they come, or when the list fails). */
export function useLevels(game: string): LevelInfo[] {
  const [levels, setLevels] = useState<LevelInfo[]>([]);
  useEffect(() => {
    gamesOnce ??= api.games().catch(() => {
      gamesOnce = null;
      return [];
    });
    let live = true;
    gamesOnce.then((games) => live && setLevels(games.find((g) => g.name === game)?.levels ?? []));
    return () => {
      live = false;
    };
  }, [game]);
  return levels;
}
