// The renderer every game gets: the seat's view as a readable tree. Values that
// changed since the previous view are highlighted, so the last moves stand out.
// Lists under card-like keys are drawn as cards ("?", null and -1 as backs).

import type { ComponentChildren } from "preact";
import { Card, CardBack } from "../cards";
import type { RendererProps } from "./types";
import type { Seat } from "../api";

const CARD_KEYS = /hand|cards?$|pile|discard|deck|layouts?|cells|kept|drawn|display|row|known|slots|offer/i;
const COUNT_KEYS = /sizes?$|counts?$|points|scores?|totals?/i;
const HIDDEN = new Set<unknown>(["?", null, -1]);

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isScalar(value: unknown): boolean {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function words(key: string): string {
  return key.replace(/_/g, " ");
}

function scalarText(value: unknown): string {
  if (value === null) return "—";
  if (typeof value === "boolean") return value ? "✓" : "✗";
  return String(value);
}

interface NodeProps {
  name: string;
  value: unknown;
  previous: unknown;
  seats: Seat[];
  depth: number;
}

function CardRow({ items, previous }: { items: unknown[]; previous: unknown }) {
  const before = Array.isArray(previous) ? previous : [];
  return (
    <span class="cards">
      {items.map((item, index) =>
        HIDDEN.has(item) ? (
          <CardBack small key={index} />
        ) : (
          <Card small key={index} rank={scalarText(item)} highlight={!same(item, before[index])} />
        ),
      )}
    </span>
  );
}

function Value({ name, value, previous, seats, depth }: NodeProps): ComponentChildren {
  if (isScalar(value)) return <span class="scalar">{scalarText(value)}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span class="scalar">—</span>;
    if (value.every(isScalar)) {
      if (CARD_KEYS.test(name) && !COUNT_KEYS.test(name)) return <CardRow items={value} previous={previous} />;
      return <span class="scalar">{value.map(scalarText).join(", ")}</span>;
    }
    const bySeat = value.length === seats.length;
    const before = Array.isArray(previous) ? previous : [];
    return (
      <ul class="tree">
        {value.map((item, index) => (
          <Node
            key={index}
            name={bySeat ? seats[index]?.name || `#${index + 1}` : `#${index + 1}`}
            value={item}
            previous={before[index]}
            seats={seats}
            depth={depth + 1}
            cardKey={name}
          />
        ))}
      </ul>
    );
  }
  const record = value as Record<string, unknown>;
  const before = (previous && typeof previous === "object" ? previous : {}) as Record<string, unknown>;
  return (
    <ul class="tree">
      {Object.entries(record).map(([key, item]) => (
        <Node key={key} name={key} value={item} previous={before[key]} seats={seats} depth={depth + 1} />
      ))}
    </ul>
  );
}

function Node(props: NodeProps & { cardKey?: string }) {
  const changed = !same(props.value, props.previous);
  const valueName = props.cardKey ?? props.name;
  return (
    <li class={changed ? "changed" : undefined}>
      <span class="key">{words(props.name)}</span>{" "}
      <Value {...props} name={valueName} />
    </li>
  );
}

export function GenericView({ view, previous, seats }: RendererProps) {
  // Without an earlier view (first render) nothing counts as changed.
  const before = previous ?? view;
  return (
    <ul class="tree root" data-testid="view">
      {Object.entries(view).map(([key, value]) => (
        <Node key={key} name={key} value={value} previous={before[key]} seats={seats} depth={0} />
      ))}
    </ul>
  );
}
