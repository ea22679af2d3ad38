// Forced moves made for the player. The server marks the only legal move
// `forced` when it shows nothing hidden to anybody and no chance event follows
// it (the game's quiet_action): the table then makes it after a short pause,
// which the prompt announces, unless the player turned this off (a setting of
// this browser, on by default). Spectators get no legal moves and the replay
// none at all, so it never plays for them; a move is made once per version.

import { useEffect, useRef, useState } from "preact/hooks";
import type { Move } from "./api";
import type { T } from "./i18n";

const SETTING = "spieltisch:autoplay";
/** Long enough to see what is played, short enough not to wait for it. */
export const FORCED_PAUSE_MS = 800;

/** Whether forced moves are made for the player here, and a way to change it (remembered). */
export function useAutoplay(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => localStorage.getItem(SETTING) !== "off");
  const change = (value: boolean) => {
    localStorage.setItem(SETTING, value ? "on" : "off");
    setOn(value);
  };
  return [on, change];
}

/** The forced move about to be made for the player at `version` (null: none), sent once after the pause. */
export function useForcedMove(legal: Move[], version: number, on: boolean, send: (id: number) => void): Move | null {
  const only = legal.length === 1 ? legal[0]! : null;
  const forced = on && only !== null && only.forced ? only : null;
  const madeAt = useRef<number | null>(null);
  const sender = useRef(send);
  sender.current = send;
  const id = forced?.id ?? null;
  useEffect(() => {
    if (id === null || madeAt.current === version) return;
    const timer = window.setTimeout(() => {
      madeAt.current = version;
      sender.current(id);
    }, FORCED_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [id, version]);
  return forced !== null && madeAt.current !== version ? forced : null;
}

/** The switch for the setting, with what it does. */
export function AutoplayToggle({ on, change, t }: { on: boolean; change: (on: boolean) => void; t: T }) {
  return (
    <label class="autoplay" title={t("autoPlayHelp")}>
      <input type="checkbox" data-testid="autoplay" checked={on} onChange={(event) => change(event.currentTarget.checked)} /> {t("autoPlay")}
    </label>
  );
}
