// Cards travel from where they were to where they go (FLIP: first, last, invert, play).
//
// Every card on a board carries `data-card`, what is printed on it (Lucandor's
// cards their id); a card back is "back". When the table's version changes, the
// places of the cards are read while the page still shows the old table, and
// once the new one is drawn each card whose face now lies somewhere else starts
// from its old place and travels to its new one. Cards that stayed stay still,
// and so do cards that only shifted with the layout (several by one and the
// same distance). With `prefers-reduced-motion` nothing travels.

import { useLayoutEffect, useRef } from "preact/hooks";
import type { RefObject } from "preact";

export const TRAVEL_MS = 450;
/** At least this many cards shifted by the same distance: the layout moved, not the cards. */
const SHIFTED_TOGETHER = 3;

interface Place {
  element: Element;
  x: number;
  y: number;
}

export function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Each card's place on the board (relative to it, so scrolling the page changes nothing), by face. */
function places(board: HTMLElement): Map<string, Place[]> {
  const origin = board.getBoundingClientRect();
  const found = new Map<string, Place[]>();
  for (const element of board.querySelectorAll("[data-card]")) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue; // folded away
    const face = element.getAttribute("data-card") ?? "";
    const list = found.get(face) ?? [];
    list.push({ element, x: box.left - origin.left, y: box.top - origin.top });
    found.set(face, list);
  }
  return found;
}

const near = (a: Place, b: Place) => Math.abs(a.x - b.x) < 1 && Math.abs(a.y - b.y) < 1;
const distance = (a: Place, b: Place) => Math.hypot(a.x - b.x, a.y - b.y);

/** The cards that moved, each with the place it came from: those of one face that left a place
 * go, nearest first, to the places of that face that are new. */
export function journeys(before: Map<string, Place[]>, after: Map<string, Place[]>): [Place, Place][] {
  const pairs: [Place, Place][] = [];
  for (const [face, now] of after) {
    const was = before.get(face) ?? [];
    const left = was.filter((old) => !now.some((place) => near(place, old)));
    const arrived = now.filter((place) => !was.some((old) => near(place, old)));
    for (const place of arrived) {
      if (left.length === 0) break;
      let best = 0;
      left.forEach((old, index) => {
        if (distance(old, place) < distance(left[best]!, place)) best = index;
      });
      pairs.push([left.splice(best, 1)[0]!, place]);
    }
  }
  const shift = (from: Place, to: Place) => `${Math.round(to.x - from.x)},${Math.round(to.y - from.y)}`;
  const counts = new Map<string, number>();
  for (const [from, to] of pairs) counts.set(shift(from, to), (counts.get(shift(from, to)) ?? 0) + 1);
  return pairs.filter(([from, to]) => (counts.get(shift(from, to)) ?? 0) < SHIFTED_TOGETHER);
}

function travel(from: Place, to: Place): void {
  const element = to.element as HTMLElement;
  if (typeof element.animate !== "function") return;
  element.classList.add("travelling");
  const start = `translate(${from.x - to.x}px, ${from.y - to.y}px)`;
  const run = element.animate([{ transform: start }, { transform: "none" }], { duration: TRAVEL_MS, easing: "ease-in-out" });
  run.onfinish = run.oncancel = () => element.classList.remove("travelling");
}

/** Lets the cards on `board` travel whenever `version` changes (see above). */
export function useCardMotion(board: RefObject<HTMLElement>, version: number): void {
  const shown = useRef(version);
  const before = useRef<Map<string, Place[]> | null>(null);
  // Rendering a new version: the page still shows the old one, so its places are read now.
  if (version !== shown.current && before.current === null && board.current) before.current = places(board.current);
  useLayoutEffect(() => {
    if (version === shown.current) return;
    shown.current = version;
    const old = before.current;
    before.current = null;
    if (!old || !board.current || reducedMotion()) return;
    for (const [from, to] of journeys(old, places(board.current))) travel(from, to);
  }, [version]);
}
