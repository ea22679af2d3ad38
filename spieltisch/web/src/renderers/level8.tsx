// LEVEL 8: each seat's level and laid groups, the discard piles, and the hand.
// Card kinds follow the game's deck: kind = colour * 15 + (value - 1) for
// colours R O Y G B P, then 90 the joker and 91 the skip card (Aussetzen).

import { Card, CardBack } from "../cards";
import type { RendererProps } from "./types";

const COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"];
const JOKER = 90;
const SKIP = 91;

function Level8Card({ kind, highlight, lang }: { kind: number; highlight?: boolean; lang: string }) {
  if (kind < 0) return <CardBack small />;
  if (kind === JOKER) return <Card small rank="J" title="joker" highlight={highlight} />;
  if (kind === SKIP) return <Card small rank={lang === "de" ? "A" : "S"} title="skip" highlight={highlight} />;
  return <Card small rank={(kind % 15) + 1} colour={COLOURS[Math.floor(kind / 15)]} highlight={highlight} />;
}

function Row({ cards, before, lang }: { cards: number[]; before?: number[]; lang: string }) {
  const old = new Set(before ?? cards);
  return (
    <span class="cards">
      {cards.map((kind, index) => (
        <Level8Card key={index} kind={kind} highlight={!old.has(kind)} lang={lang} />
      ))}
    </span>
  );
}

type Group = [number, number, number, number[], number[]];

function numbers(view: Record<string, unknown>, key: string): number[] {
  return (view[key] as number[] | undefined) ?? [];
}

export function Level8View({ view, previous, seats, you, lang }: RendererProps) {
  const before = previous ?? view;
  const piles = (view.piles as number[][] | undefined) ?? [];
  const oldPiles = (before.piles as number[][] | undefined) ?? [];
  const groups = (view.groups as Group[][] | undefined) ?? [];
  const oldGroups = (before.groups as Group[][] | undefined) ?? [];
  const levels = numbers(view, "levels");
  const sizes = numbers(view, "hand_sizes");
  return (
    <div class="level8" data-testid="view">
      <p class="facts">
        {lang === "de" ? "Runde" : "Round"} {String(view.round ?? "")} · {lang === "de" ? "Stapel" : "Stock"}{" "}
        {String(view.stock ?? "")}
      </p>
      <ul class="players">
        {seats.map((seat, index) => (
          <li key={index} class={index === you ? "mine" : undefined}>
            <strong>{seat.name || `#${index + 1}`}</strong> · Level {levels[index] ?? "?"} · 🂠 {sizes[index] ?? 0}
            <div class="pile">
              {(piles[index] ?? []).length > 0 && (
                <Row cards={(piles[index] ?? []).slice(-1)} before={(oldPiles[index] ?? []).slice(-1)} lang={lang} />
              )}
            </div>
            {(groups[index] ?? []).map((group, g) => (
              <div key={g} class="group">
                <Row cards={group[3] ?? []} before={oldGroups[index]?.[g]?.[3]} lang={lang} />
              </div>
            ))}
          </li>
        ))}
      </ul>
      {numbers(view, "hand").length > 0 && (
        <div class="hand" aria-label="hand">
          <Row cards={numbers(view, "hand")} before={numbers(before, "hand")} lang={lang} />
        </div>
      )}
    </div>
  );
}
