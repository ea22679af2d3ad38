// Cards drawn as SVG: every colour also has its own symbol, so no one has to
// tell colours apart to play (colour-blind safe, Okabe-Ito palette). Each card
// names its face in `data-card` (a back: "back"), by which it travels (motion.ts).

export interface Suit {
  fill: string;
  shape: Shape;
  name: string;
}

type Shape = "circle" | "star" | "triangle" | "square" | "diamond" | "hexagon" | "plus" | "ring" | "cross";

const SUITS: Record<string, Suit> = {
  red: { fill: "#D55E00", shape: "circle", name: "red" },
  yellow: { fill: "#E6B800", shape: "star", name: "yellow" },
  green: { fill: "#009E73", shape: "triangle", name: "green" },
  blue: { fill: "#0072B2", shape: "square", name: "blue" },
  purple: { fill: "#CC79A7", shape: "diamond", name: "purple" },
  orange: { fill: "#E69F00", shape: "hexagon", name: "orange" },
  turquoise: { fill: "#56B4E9", shape: "plus", name: "turquoise" },
  black: { fill: "#333333", shape: "cross", name: "black" },
  white: { fill: "#9A9A9A", shape: "ring", name: "white" },
};

// Light colours take dark ink for contrast.
const LIGHT = new Set(["yellow", "orange", "turquoise"]);

const ORDER = ["red", "yellow", "green", "blue", "purple", "orange", "turquoise", "black", "white"];

/** Whether the palette has a colour of this name (with its own symbol). */
export function hasSuit(name: string): boolean {
  return name in SUITS;
}

export function suitOf(colour: string | number): Suit {
  const key = typeof colour === "number" ? ORDER[colour % ORDER.length] : colour.toLowerCase();
  return SUITS[key] ?? { fill: "#666", shape: "ring", name: String(colour) };
}

// Symbols are drawn as paths, not font glyphs, so they look the same everywhere.
const SHAPES: Record<Shape, string> = {
  circle: "M22 40 a7 7 0 1 0 0.01 0 Z",
  star: "M22 39 L24.4 44.6 L30.5 45.1 L25.9 49.1 L27.3 55 L22 51.9 L16.7 55 L18.1 49.1 L13.5 45.1 L19.6 44.6 Z",
  triangle: "M22 39 L30 54 L14 54 Z",
  square: "M15.5 40.5 H28.5 V53.5 H15.5 Z",
  diamond: "M22 38 L30 47 L22 56 L14 47 Z",
  hexagon: "M22 39 L29 43 L29 51 L22 55 L15 51 L15 43 Z",
  plus: "M19.5 39 H24.5 V44.5 H30 V49.5 H24.5 V55 H19.5 V49.5 H14 V44.5 H19.5 Z",
  ring: "M22 40 a7 7 0 1 0 0.01 0 Z M22 43 a4 4 0 1 1 -0.01 0 Z",
  cross: "M16 41 L19 38 L22 41 L25 38 L28 41 L25 44 L28 47 L25 50 L22 47 L19 50 L16 47 L19 44 Z",
};

interface CardProps {
  rank: string | number;
  colour?: string | number;
  title?: string;
  small?: boolean;
  highlight?: boolean;
}

export function Card({ rank, colour, title, small, highlight }: CardProps) {
  const suit = colour === undefined ? null : suitOf(colour);
  const fill = suit?.fill ?? "#f4f1ea";
  const ink = suit && !LIGHT.has(suit.name) ? "#fff" : "#1d1d1d";
  const size = small ? { width: 30, height: 42 } : { width: 44, height: 62 };
  const label = title ?? `${suit ? suit.name + " " : ""}${rank}`;
  return (
    <svg class={"card" + (highlight ? " changed" : "")} viewBox="0 0 44 62" {...size} role="img" aria-label={label} data-card={`${suit?.name ?? ""}:${rank}`}>
      <title>{label}</title>
      <rect x="1" y="1" width="42" height="60" rx="5" fill={fill} stroke="#222" stroke-width="1.5" />
      <text x="22" y={suit ? 28 : 37} text-anchor="middle" font-size="19" font-weight="700" fill={ink}>
        {rank}
      </text>
      {suit && <path d={SHAPES[suit.shape]} fill={ink} fill-rule="evenodd" />}
    </svg>
  );
}

export function CardBack({ small, title = "hidden card" }: { small?: boolean; title?: string }) {
  const size = small ? { width: 30, height: 42 } : { width: 44, height: 62 };
  return (
    <svg class="card back" viewBox="0 0 44 62" {...size} role="img" aria-label={title} data-card="back">
      <title>{title}</title>
      <rect x="1" y="1" width="42" height="60" rx="5" fill="#35507a" stroke="#222" stroke-width="1.5" />
      <path d="M8 8 L36 54 M36 8 L8 54" stroke="#9fb3d1" stroke-width="2" />
    </svg>
  );
}

/** A colour chip: the colour with its own symbol (for scoring colours, end-scoring chips). */
export function Chip({ colour, title, size = 18 }: { colour: string | number; title?: string; size?: number }) {
  const suit = suitOf(colour);
  const ink = LIGHT.has(suit.name) ? "#1d1d1d" : "#fff";
  const label = title ?? suit.name;
  return (
    <svg class="chip" viewBox="12 37 20 20" width={size} height={size} role="img" aria-label={label}>
      <title>{label}</title>
      <rect x="12.5" y="37.5" width="19" height="19" rx="4" fill={suit.fill} stroke="#222" stroke-width="1" />
      <path d={SHAPES[suit.shape]} fill={ink} fill-rule="evenodd" transform="translate(22 47) scale(0.7) translate(-22 -47)" />
    </svg>
  );
}
