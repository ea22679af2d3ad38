// Step through a finished game move by move, as this browser's seat saw it
// (or as a spectator); each step is named by its move, and the last one shows
// why the game ended and how each score was made. A slider, the arrow keys
// (Home and End too) and the game log's lines move through it; #/replay/<id>/<version>
// opens it at the moment after that version's move.

import { useEffect, useRef, useState } from "preact/hooks";
import { api, loadKeys, type GameInfo, type LogEntry, type ReplayStep, type TableSummary, type View } from "./api";
import type { Lang, T } from "./i18n";
import { useCardMotion } from "./motion";
import { useReference } from "./reference";
import { rendererFor } from "./renderers";
import { ScoreCards, entryText, seatName } from "./table";

export function ReplayPage({ id, t, lang }: { id: string; t: T; lang: Lang }) {
  const [table, setTable] = useState<TableSummary | null>(null);
  const [game, setGame] = useState<GameInfo | null>(null);
  const [step, setStep] = useState<ReplayStep | null>(null);
  const [previous, setPrevious] = useState<View | null>(null);
  // The step asked for in the address is found once the list of steps has come.
  const [at] = useState(() => Number(location.hash.match(/^#\/replay\/[\w-]+\/(\d+)/)?.[1] ?? 0));
  const [index, setIndex] = useState<number | null>(at ? null : 0);
  const token = loadKeys(id).token;
  const reference = useReference(id);
  const board = useRef<HTMLDivElement>(null);
  useCardMotion(board, step?.version ?? -1); // each step's cards travel, as at the table
  useEffect(() => {
    api.table(id).then((found) => {
      setTable(found);
      api.games().then((games) => setGame(games.find((g) => g.name === found.game) ?? null));
    });
  }, [id]);
  useEffect(() => {
    const steps = step?.steps ?? [];
    const version = index === null ? at : index === 0 ? 0 : (steps[index - 1] ?? 0);
    let current = true; // an answer for a step already left behind is dropped
    api.replay(id, version, lang, token).then((next) => {
      if (!current) return;
      setPrevious(step?.view ?? null);
      setStep(next);
      if (index === null) setIndex(next.steps.indexOf(at) + 1);
    });
    return () => {
      current = false;
    };
  }, [id, index, lang]);
  const total = step?.steps.length ?? 0;
  const clamp = (next: number) => Math.max(0, Math.min(total, next));
  const go = (next: number) => setIndex(clamp(next));
  useEffect(() => {
    const keys: Record<string, (now: number) => number> = {
      ArrowLeft: (now) => now - 1,
      ArrowRight: (now) => now + 1,
      Home: () => 0,
      End: () => total,
    };
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      // The slider and text fields handle these keys themselves.
      if (!keys[event.key] || index === null || target.closest("input, select, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      // From the newest index: keys pressed faster than the page draws each count.
      const move = keys[event.key]!;
      setIndex((now) => (now === null ? now : clamp(move(now))));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [index, total]);
  if (!step || !table || !reference || index === null) return <p class="status">{t("connecting")}</p>;
  const Renderer = rendererFor(table.game);
  const moves: LogEntry[] = step.moves ?? [];
  const made = index > 0 ? moves[index - 1] : undefined;
  const seats = table.seats;
  return (
    <div class="replay">
      <h1>
        {t("replay")}: {game?.title ?? table.game}
      </h1>
      <p class="controls" role="group" aria-label={t("replay")}>
        <button type="button" onClick={() => go(0)} disabled={index === 0}>
          <SkipIcon to="start" /> {t("first")}
        </button>
        <button type="button" onClick={() => go(index - 1)} disabled={index === 0}>
          ◀ {t("back")}
        </button>
        <span data-testid="replay-step">{t("step", { n: index, total })}</span>
        <button type="button" onClick={() => go(index + 1)} disabled={index === total}>
          {t("next")} ▶
        </button>
        <button type="button" onClick={() => go(total)} disabled={index === total}>
          {t("last")} <SkipIcon to="end" />
        </button>
        <input
          type="range"
          class="replay-slider"
          min={0}
          max={total}
          value={index}
          aria-label={t("replay")}
          aria-valuetext={t("step", { n: index, total })}
          data-testid="replay-slider"
          onInput={(event) => go(Number((event.target as HTMLInputElement).value))}
        />
      </p>
      <p class="replay-move" aria-live="polite" data-testid="replay-move">
        {made ? (
          <>
            <strong>{seatName(seats, made.seat, step.you, t)}</strong>: {entryText(made, t)}
          </>
        ) : (
          t("stepStart")
        )}
      </p>
      <div class="board" ref={board}>
        <Renderer
          game={table.game}
          view={step.view}
          previous={previous}
          you={step.you}
          seats={seats}
          legal={[]}
          onMove={() => undefined}
          t={t}
          lang={lang}
          options={table.options}
          reference={reference}
          log={moves.slice(0, index)}
        />
      </div>
      {step.result && index === total && (
        <section class="end" data-testid="replay-result">
          <h2>{t("gameOver")}</h2>
          {step.result.end_reason && (
            <p>
              <strong>{t("whyEnded")}:</strong> {step.result.end_reason.text}
            </p>
          )}
          <ScoreCards result={step.result} seats={seats} you={step.you} t={t} />
        </section>
      )}
      <section class="log">
        <h2>{t("log")}</h2>
        <ol data-testid="replay-log" tabIndex={0} aria-label={t("log")}>
          {moves.map((entry, number) => (
            <li key={entry.version} class={number + 1 === index ? "latest" : undefined} data-version={entry.version}>
              <button type="button" class="log-jump" aria-current={number + 1 === index ? "step" : undefined} onClick={() => go(number + 1)}>
                <strong>{seatName(seats, entry.seat, step.you, t)}</strong>: {entryText(entry, t)}
              </button>
            </li>
          ))}
        </ol>
      </section>
      <p>
        <a class="button" href={`#/table/${id}`}>
          {t("table")}
        </a>
      </p>
    </div>
  );
}

/** A bar and a triangle, to the start or the end: drawn, since many fonts lack ⏮ and ⏭. */
function SkipIcon({ to }: { to: "start" | "end" }) {
  const path = to === "start" ? "M4 3h3v18H4zM21 3v18L8 12z" : "M17 3h3v18h-3zM3 3v18l13-9z";
  return (
    <svg viewBox="0 0 24 24" width="0.9em" height="0.9em" aria-hidden="true" class="icon">
      <path d={path} fill="currentColor" />
    </svg>
  );
}
