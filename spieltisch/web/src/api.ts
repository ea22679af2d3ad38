// The server's REST API and the shapes of its messages (see docs/server.md).

export interface OptionInfo {
  name: string;
  kind: "bool" | "int" | "choice" | "str";
  default: unknown;
  help: string;
  choices: unknown[];
  minimum: number | null;
  maximum: number | null;
}

export interface GameInfo {
  name: string;
  title: string;
  min_players: number;
  max_players: number;
  options: OptionInfo[];
  bots: { id: string; label: string }[];
}

export interface Seat {
  seat: number;
  kind: "open" | "human" | "bot";
  name: string;
  bot: string | null;
  online?: boolean;
}

export interface TableSummary {
  id: string;
  game: string;
  players: number;
  options: Record<string, unknown>;
  status: "open" | "running" | "finished";
  created_at: number;
  seats: Seat[];
  result: Result | null;
}

/** Why a finished game ended: `kind` for programs, `text` for people (docs/contract.md). */
export interface EndReason {
  kind: string;
  text: string;
  capped: boolean;
}

/** One part of a seat's score, as the rulebook counts it. */
export interface ScoreLine {
  label: string;
  points: number;
}

export interface Result {
  scores: number[];
  winners: number[];
  returns?: number[];
  end_reason?: EndReason | null;
  score_breakdown?: ScoreLine[][];
}

/** A move as data: {"kind": "flip", "position": 7} (docs/contract.md, "Moves as data"). */
export interface MoveStruct {
  kind: string;
  [field: string]: unknown;
}

/** A legal move: its id to send, its name for people and its struct for the table to click. */
export interface Move {
  id: number;
  label: string;
  move?: MoveStruct;
}

/** What a move showed everybody (Calcory's turned digit), in words and as data. */
export interface PublicResult {
  text: string;
  [field: string]: unknown;
}

export interface LogEntry {
  version: number;
  seat: number;
  label: string | null;
  move?: MoveStruct | null;
  result?: PublicResult | null;
}

export type View = Record<string, unknown>;

export interface StateMessage {
  type: "state";
  table: string;
  game: string;
  title: string;
  options: Record<string, unknown>;
  status: "open" | "running" | "finished";
  version: number;
  you: number | null;
  seats: Seat[];
  to_move: number | null;
  view: View | null;
  legal: Move[];
  log: LogEntry[];
  result: Result | null;
  rematch: string | null;
}

export interface ChatMessage {
  seat: number | null;
  name: string;
  text: string;
  created_at: number;
}

/** A game's public reference data for one table (card definitions, board layout); {} when it has none. */
export type Reference = Record<string, unknown>;

export interface ReferenceReply {
  game: string;
  data: Reference;
}

export interface ReplayStep {
  version: number;
  last_version: number;
  you: number | null;
  to_move: number;
  view: View;
  steps: number[];
  log: LogEntry[];
}

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
  create: (body: unknown) =>
    call<{ id: string; host_token: string; seat?: number; token?: string; join_url: string }>("POST", "/api/tables", body),
  takeSeat: (id: string, seat: number, name: string) =>
    call<{ seat: number; token: string }>("POST", `/api/tables/${id}/seats/${seat}`, { name }),
  addBots: (id: string, host_token: string, bot: string, seat?: number) =>
    call<unknown>("POST", `/api/tables/${id}/bots`, { host_token, bot, seat }),
  start: (id: string, host_token: string) => call<unknown>("POST", `/api/tables/${id}/start`, { host_token }),
  rematch: (id: string, token: string) =>
    call<{ id: string; seat: number | null }>("POST", `/api/tables/${id}/rematch`, { token }),
  reference: (id: string) => call<ReferenceReply>("GET", `/api/tables/${encodeURIComponent(id)}/reference`),
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
