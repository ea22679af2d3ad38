// The server's REST API and its messages. The types are generated from the
// server's OpenAPI document into schema.d.ts (`npm run types`, see types.sh);
// only what the schema leaves open is narrowed here: a move's struct is its
// game's `<Game>Move` (the game tables name theirs), a public result has a `text`.

import type { components } from "./schema";

type Schemas = components["schemas"];

export type OptionInfo = Schemas["OptionInfo"];
export type GameInfo = Schemas["GameSummary"];
export type Seat = Schemas["SeatInfo"] | Schemas["SeatSummary"];
export type TableSummary = Schemas["TableSummary"];
export type EndReason = Schemas["EndReasonInfo"];
export type ScoreLine = Schemas["ScoreLineInfo"];
/** A finished game's result: scores, winners, why it ended, each score in its parts. */
export type Result = Schemas["FinalResult"];
export type ChatMessage = Schemas["ChatLine"];
export type ReferenceReply = Schemas["ReferenceReply"];
export type CreatedTable = Schemas["CreatedTable"];

/**
 * A move as data: {"kind": "flip", "position": 7} (docs/contract.md, "Moves as data").
 * Each game's moves are published as `<Game>Move`, a union told apart by `kind`;
 * a game's table reads its own (renderers/types.ts `gameTable`).
 */
export interface MoveStruct {
  kind: string;
}

/** What a move showed everybody (Calcory's turned digit), in words and as data. */
export interface PublicResult {
  text: string;
  [field: string]: unknown;
}

/** A legal move: its id to send, its name for people and its struct `M` for the table to click;
 * `forced` (always sent, false unless marked) lets the table make it for the player (autoplay.tsx). */
export type Move<M extends MoveStruct = MoveStruct> = Omit<Schemas["LegalMove"], "move" | "forced"> & { move: M; forced?: boolean };

export type LogEntry<M extends MoveStruct = MoveStruct> = Omit<Schemas["LogEntry"], "move" | "result" | "took_back"> & {
  move?: M | null;
  result?: PublicResult | null;
  /** This step took back a move: that move's version. */
  took_back?: number | null;
};

/** A seat's view of the game: each game's own shape (the game tables type their own). */
export type View = Record<string, unknown>;

export type StateMessage = Omit<Schemas["StateMessage"], "legal" | "log" | "view"> & {
  legal: Move[];
  log: LogEntry[];
  view: View | null;
};

export type ReplayStep = Omit<Schemas["ReplayStep"], "moves" | "log" | "view"> & {
  moves: LogEntry[];
  log: LogEntry[];
  view: View;
};

/** A game's public reference data for one table (card definitions, board layout); {} when it has none. */
export type Reference = Record<string, unknown>;

/** Everything the client sends on a table's websocket, told apart by `type`. */
export type ClientMessage = Schemas["ClientMessage"];

/** A message to the server as the socket carries it; only a `ClientMessage` can be sent. */
export function encodeMessage(message: ClientMessage): string {
  return JSON.stringify(message);
}

/** Everything the server sends on a table's websocket, told apart by `type`. */
export type ServerMessage =
  | StateMessage
  | Schemas["PresenceMessage"]
  | Schemas["ChatMessage"]
  | Schemas["ChatHistory"]
  | Schemas["ErrorMessage"]
  | Schemas["Pong"];

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(data.error ?? "http", data.message ?? response.statusText);
  return data as T;
}

export const api = {
  games: () => call<GameInfo[]>("GET", "/api/games"),
  tables: (status: string) => call<TableSummary[]>("GET", `/api/tables?status=${status}`),
  table: (id: string) => call<TableSummary>("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (body: Schemas["CreateTable"]) => call<CreatedTable>("POST", "/api/tables", body),
  takeSeat: (id: string, seat: number, name: string) =>
    call<Schemas["SeatTaken"]>("POST", `/api/tables/${id}/seats/${seat}`, { name }),
  addBots: (id: string, host_token: string, bot: string, seat?: number) =>
    call<unknown>("POST", `/api/tables/${id}/bots`, { host_token, bot, seat }),
  start: (id: string, host_token: string) => call<unknown>("POST", `/api/tables/${id}/start`, { host_token }),
  rematch: (id: string, token: string) => call<Schemas["RematchReply"]>("POST", `/api/tables/${id}/rematch`, { token }),
  reference: (id: string) => call<ReferenceReply>("GET", `/api/tables/${encodeURIComponent(id)}/reference`),
  /** The whole log so far as this seat (or a spectator) may know it; the state carries only the last moves. */
  log: (id: string, lang: string, token?: string) =>
    call<Schemas["GameLog"]>("GET", `/api/tables/${encodeURIComponent(id)}/log?lang=${lang}`, undefined, token ? { "x-seat-token": token } : {}),
  replay: (id: string, version: number, lang: string, token?: string) =>
    call<ReplayStep>("GET", `/api/tables/${id}/replay/${version}?lang=${lang}`, undefined, token ? { "x-seat-token": token } : {}),
};

// Seat and host tokens stay in this browser only; they are the keys to a seat.
export interface Keys {
  token?: string;
  seat?: number;
  host_token?: string;
}

export function loadKeys(table: string): Keys {
  try {
    return JSON.parse(localStorage.getItem(`spieltisch:${table}`) ?? "{}") as Keys;
  } catch {
    return {};
  }
}

export function saveKeys(table: string, keys: Keys): void {
  localStorage.setItem(`spieltisch:${table}`, JSON.stringify({ ...loadKeys(table), ...keys }));
}
