// Step through a finished game move by move, as this browser's seat saw it
// (or as a spectator).

import { useEffect, useState } from "preact/hooks";
import { api, loadKeys, type ReplayStep, type TableSummary, type View } from "./api";
import type { Lang, T } from "./i18n";
import { useReference } from "./reference";
import { rendererFor } from "./renderers";

export function ReplayPage({ id, t, lang }: { id: string; t: T; lang: Lang }) {
  const [table, setTable] = useState<TableSummary | null>(null);
  const [step, setStep] = useState<ReplayStep | null>(null);
  const [previous, setPrevious] = useState<View | null>(null);
  const [index, setIndex] = useState(0);
  const token = loadKeys(id).token;
  const reference = useReference(id);
  useEffect(() => {
    api.table(id).then(setTable);
  }, [id]);
  useEffect(() => {
    const steps = step?.steps ?? [];
    const version = index === 0 ? 0 : steps[index - 1] ?? 0;
    api.replay(id, version, lang, token).then((next) => {
      setPrevious(step?.view ?? null);
      setStep(next);
    });
  }, [id, index, lang]);
  if (!step || !table || !reference) return <p class="status">{t("connecting")}</p>;
  const total = step.steps.length;
  const Renderer = rendererFor(table.game);
  const go = (next: number) => setIndex(Math.max(0, Math.min(total, next)));
  return (
    <div class="replay">
      <h1>
        {t("replay")}: {table.game}
      </h1>
      <p class="controls" role="group">
        <button type="button" onClick={() => go(0)}>⏮ {t("first")}</button>
        <button type="button" onClick={() => go(index - 1)}>◀ {t("back")}</button>
        <span data-testid="replay-step">{t("step", { n: index, total })}</span>
        <button type="button" onClick={() => go(index + 1)}>{t("next")} ▶</button>
        <button type="button" onClick={() => go(total)}>{t("last")} ⏭</button>
      </p>
      <div class="board">
        <Renderer game={table.game} view={step.view} previous={previous} you={step.you} seats={table.seats} legal={[]} onMove={() => undefined} t={t} lang={lang} options={table.options} reference={reference} />
      </div>
      <p>
        <a href={`#/table/${id}`}>{t("table")}</a>
      </p>
    </div>
  );
}
