// The standing prompt under the turn banner, and the short message when a click
// on the board can lead to no legal move: a card or place that is not a button
// now, or a hand card to select in a step where none is played (LEVEL 8 before
// drawing). Such a click is stopped before the board sees it.

import { useEffect, useRef, useState } from "preact/hooks";
import type { Move } from "./api";
import type { Lang } from "./i18n";
import { promptFor, type Prompt } from "./prompt";

interface Props {
  game: string;
  view: Record<string, unknown> | null;
  legal: Move[];
  you: number | null;
  toMove: number | null;
  status: string;
  name: (seat: number) => string;
  lang: Lang;
  /** The name of the only move, being made for the player after a short pause. */
  forced?: string | null;
}

/** What looks clickable on a board although it is not a button now: cards, cells, slots. */
const INERT_TARGETS = ".card, .chip, [data-cell], [data-position], [data-slot], [data-card], .cell";
/** What a click always may use: links, form fields, folding aids. */
const FREE_TARGETS = "a, input, select, textarea, summary, label, .aids";
const SHOWN_MS = 4000;

/** Why this click leads to no legal move, or null when it may. */
export function refusalOf(target: Element, prompt: Prompt): string | null {
  if (!target.closest('[data-testid="board"]') || target.closest(FREE_TARGETS)) return null;
  const button = target.closest("button");
  if (button && !button.disabled) {
    // A hand card selected for later: only where hand cards are played now (deselecting is always fine).
    const selecting = button.classList.contains("pick") && button.getAttribute("aria-pressed") !== "true";
    return selecting && !prompt.select ? prompt.refusal : null;
  }
  return target.closest(INERT_TARGETS) ? prompt.refusal : null;
}

export function PromptBar(props: Props) {
  const prompt = promptFor(props);
  const [message, setMessage] = useState<{ text: string; at: number } | null>(null);
  const current = useRef(prompt);
  current.current = prompt;
  useEffect(() => {
    // Capture comes before the board's own handlers, so a refused click changes nothing.
    const listener = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      const reason = refusalOf(event.target, current.current);
      if (reason === null) return;
      event.preventDefault();
      event.stopPropagation();
      setMessage({ text: reason, at: Date.now() });
    };
    document.addEventListener("click", listener, true);
    return () => document.removeEventListener("click", listener, true);
  }, []);
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [message]);
  // A new step makes an old refusal stale.
  useEffect(() => setMessage(null), [prompt.step, prompt.text]);
  return (
    <>
      <p class="prompt" data-testid="prompt" data-step={prompt.step}>
        {prompt.text}
      </p>
      {message && (
        <p class="refusal" role="status" data-testid="refusal" key={message.at}>
          {message.text}
        </p>
      )}
    </>
  );
}
