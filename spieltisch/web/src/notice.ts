// The turn notice outside the page: the tab's title and icon say when it is your
// turn, and an optional short sound (off by default, kept in this browser).

import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";

const ICON = (fill: string, dot: boolean) =>
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="3" y="5" width="18" height="24" rx="3" fill="#1f6b4a" stroke="#fff" stroke-width="2"/><rect x="11" y="3" width="18" height="24" rx="3" fill="${fill}" stroke="#fff" stroke-width="2"/>${
      dot ? '<circle cx="24" cy="24" r="7" fill="#d55e00" stroke="#fff" stroke-width="2"/>' : ""
    }</svg>`,
  );

export const QUIET_ICON = ICON("#35507a", false);
export const TURN_ICON = ICON("#35507a", true);

function setIcon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>("link[rel=icon]");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.appendChild(link);
  }
  link.href = href;
}

/** Sets the tab's title and icon; `mine` marks both as your turn. */
export function showTurn(title: string, mine: boolean, notice: string): void {
  document.title = mine ? `▶ ${notice} · ${title}` : `${title} · spieltisch`;
  setIcon(mine ? TURN_ICON : QUIET_ICON);
}

function chime(): void {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 660;
    volume.gain.setValueAtTime(0.12, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
    tone.onended = () => void audio.close();
  } catch {
    // No sound where the browser has no audio: the title and icon still tell.
  }
}

/** Whether the turn sound is on, and a way to switch it. */
export function useSoundSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => localStorage.getItem("spieltisch:sound") === "on");
  const change = (next: boolean) => {
    localStorage.setItem("spieltisch:sound", next ? "on" : "off");
    setOn(next);
  };
  return [on, change];
}

/** Keeps the tab's title and icon in step with the turn; chimes when the turn becomes yours.
 *
 * A layout effect: the title changes with the page, in the same task, never a frame
 * later (a plain effect waits for the next paint, so "Your turn" outlived the game's end). */
export function useTurnNotice(title: string | null, mine: boolean, notice: string, sound: boolean): void {
  const before = useRef(false);
  useLayoutEffect(() => {
    if (title === null) return;
    showTurn(title, mine, notice);
    if (mine && !before.current && sound) chime();
    before.current = mine;
  }, [title, mine, notice, sound]);
  useEffect(
    () => () => {
      document.title = "spieltisch";
      setIcon(QUIET_ICON);
    },
    [],
  );
}
