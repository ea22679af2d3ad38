// The table's websocket: says hello with the seat token, reconnects with backoff,
// and keeps the latest state, the view before it, the whole log (fetched once
// per connection, then extended by each state) and the chat.
//
// A move is sent once. While it waits for the server's answer, and while the
// connection is down, no move can be sent; nothing is queued or sent again on
// reconnecting, since the state the server sends then says what happened.
//
// Each code the server closes with is handled on purpose (AFTER_CLOSE): a table
// that does not exist ends the page with the server's message, a refusal waits
// the longest before trying again, everything else reconnects with backoff.

import { useEffect, useRef, useState } from "preact/hooks";
import { api, encodeMessage, type ChatMessage, type ClientMessage, type LogEntry, type MoveStruct, type ServerMessage, type StateMessage, type View } from "./api";
import { CloseCode } from "./closecodes";
import type { Lang } from "./i18n";

/** Where the connection stands: never opened yet, open, lost and retrying, or ended for good. */
export type Link = "connecting" | "open" | "lost" | "gone";

/** After a close: reconnect with backoff, wait the longest first, or stop for good. */
export type AfterClose = "retry" | "later" | "stop";

const AFTER_CLOSE: Record<CloseCode, AfterClose> = {
  [CloseCode.MESSAGE_TOO_BIG]: "retry", // nothing the client sends is that big: a new connection
  [CloseCode.SERVICE_RESTART]: "retry", // the server (or its replacement) is back in a moment
  [CloseCode.TRY_AGAIN_LATER]: "later", // refused for now: every early try is refused again
  [CloseCode.TOO_SLOW]: "retry", // a new connection brings the whole state
  [CloseCode.NO_TABLE]: "stop", // a bad link: the server's message says so, and no retry helps
  [CloseCode.NO_HELLO]: "retry", // the page always says hello: it was asleep
};

/** What to do after the connection closed with `code`; any other code (1006: the
 * network, a proxy, a server that died) means retry. */
export function afterClose(code: number): AfterClose {
  return code in AFTER_CLOSE ? AFTER_CLOSE[code as CloseCode] : "retry";
}

const FIRST_DELAY = 500;
const LONGEST_DELAY = 8000;

export interface TableSocket {
  state: StateMessage | null;
  previous: View | null;
  /** The whole game log, oldest first. */
  log: LogEntry[];
  chat: ChatMessage[];
  error: string | null;
  link: Link;
  /** The version a sent move was made at, until the server has answered it. */
  waiting: number | null;
  /** Sends a move made at `version`; false (and nothing sent) when that is not possible now. */
  move: (action: number, version: number) => boolean;
  /** Sends a move of several steps as data (a LEVEL 8 lay-down), made at `version`; false as for `move`. */
  moveData: (move: MoveStruct, version: number) => boolean;
  /** Asks to take back your last move, as seen at `version`; sent once, as a move is. */
  takeBack: (version: number) => boolean;
  chatSend: (text: string) => boolean;
  /** Says hello again with the seat token: a person a bot stands in for takes the seat back. */
  reclaim: () => boolean;
}

/** Follows a state's log on from what is known. A state brings the entries after version
 * `from` (known ones after it are stale: a move made step by step grew); `from` 0 is the
 * server's whole recent log, which stands from its first entry on. */
export function followLog(known: LogEntry[], from: number, incoming: LogEntry[]): LogEntry[] {
  const cut = logCut(from, incoming);
  return [...known.filter((entry) => entry.version <= cut), ...incoming];
}

/** The version after which a state's log stands on its own (see followLog). */
export function logCut(from: number, incoming: LogEntry[]): number {
  return from > 0 ? from : incoming.length > 0 ? incoming[0].version - 1 : Infinity;
}

/** Merges the fetched log into what is known: entries by version, oldest first. Only its
 * entries up to `upTo` count: after that the states' own log stands, and the fetched one may
 * be older than them (a move made step by step that grew since would stay twice). */
export function mergeLog(known: LogEntry[], incoming: LogEntry[], upTo = Infinity): LogEntry[] {
  const fetched = incoming.filter((entry) => entry.version <= upTo);
  if (fetched.length === 0) return known;
  const byVersion = new Map(known.map((entry) => [entry.version, entry]));
  for (const entry of fetched) byVersion.set(entry.version, entry);
  return [...byVersion.values()].sort((a, b) => a.version - b.version);
}

export function useTableSocket(table: string, token: string | undefined, lang: Lang): TableSocket {
  const [state, setState] = useState<StateMessage | null>(null);
  const [previous, setPrevious] = useState<View | null>(null);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [chat, setChat] = useState<ChatMessage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<Link>("connecting");
  const [waiting, setWaiting] = useState<number | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const hello = () => encodeMessage({ type: "hello", token: token ?? null, lang });
  const latest = useRef<StateMessage | null>(null);
  const sentAt = useRef<number | null>(null);

  const settle = () => {
    sentAt.current = null;
    setWaiting(null);
  };

  useEffect(() => {
    let closed = false;
    let delay = FIRST_DELAY;
    let timer: number | undefined;
    // A new language is a new connection with the same state: the log starts
    // afresh, since its names are in the other language.
    setLog([]);
    const open = () => {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(table)}?lang=${lang}`);
      socket.current = ws;
      let logAsked = false;
      let statesFrom = Infinity; // the states' log stands on its own after this version
      // The state brings the last moves only: the rest of the log (after a reload,
      // or moves missed while away) comes once per connection, once the table is
      // known to exist (its first state).
      const fetchLog = () => {
        logAsked = true;
        api
          .log(table, lang, token)
          .then((reply) => {
            if (!closed) setLog((known) => mergeLog(known, reply.log as LogEntry[], statesFrom));
          })
          .catch(() => undefined); // the log the states bring is still shown
      };
      ws.onopen = () => {
        delay = FIRST_DELAY;
        ws.send(hello());
      };
      ws.onmessage = (event) => {
        const message = JSON.parse(event.data as string) as ServerMessage;
        if (message.type === "state") {
          const before = latest.current;
          if (before && before.version !== message.version) setPrevious(before.view);
          latest.current = message;
          setState(message);
          statesFrom = Math.min(statesFrom, logCut(message.log_from, message.log ?? []));
          setLog((known) => followLog(known, message.log_from, message.log ?? []));
          if (!logAsked) fetchLog();
          setLink("open");
          setError(null);
          if (sentAt.current !== null && message.version !== sentAt.current) settle();
        } else if (message.type === "presence") {
          // Who is online changed: the same state with the new seats.
          const seats = message.seats;
          if (latest.current) latest.current = { ...latest.current, seats };
          setState((now) => (now ? { ...now, seats } : now));
        } else if (message.type === "chat_history") setChat(message.messages);
        else if (message.type === "chat") setChat((old) => [...old.slice(-99), message]);
        // "pong" answers a ping; nothing to do.
        else if (message.type === "error") {
          setError(message.message);
          settle();
        }
      };
      ws.onclose = (event) => {
        if (socket.current === ws) socket.current = null;
        // A move sent on this connection is either in the state the next
        // connection brings or was never accepted; it is not sent again.
        settle();
        if (closed) return;
        const next = afterClose(event.code);
        if (next === "stop") {
          setLink("gone");
          return;
        }
        setLink((now) => (now === "connecting" ? "connecting" : "lost"));
        delay = next === "later" ? LONGEST_DELAY : Math.min(delay * 2, LONGEST_DELAY);
        timer = window.setTimeout(open, delay);
      };
    };
    open();
    return () => {
      closed = true;
      window.clearTimeout(timer);
      socket.current?.close();
    };
  }, [table, token, lang]);

  const ready = () => {
    const ws = socket.current;
    return ws !== null && ws.readyState === WebSocket.OPEN ? ws : null;
  };
  const send = (message: ClientMessage & { version: number }): boolean => {
    const ws = ready();
    if (!ws || sentAt.current !== null) return false;
    sentAt.current = message.version;
    setWaiting(message.version);
    ws.send(encodeMessage(message));
    return true;
  };
  const move = (action: number, version: number): boolean => send({ type: "action", action, version });
  const moveData = (data: MoveStruct, version: number): boolean => send({ type: "move", move: { ...data }, version });
  const takeBack = (version: number): boolean => send({ type: "take_back", version });
  const chatSend = (text: string): boolean => {
    const ws = ready();
    if (!ws) return false;
    ws.send(encodeMessage({ type: "chat", text }));
    return true;
  };
  const reclaim = (): boolean => {
    const ws = ready();
    if (!ws) return false;
    ws.send(hello());
    return true;
  };
  return { state, previous, log, chat, error, link, waiting, move, moveData, takeBack, chatSend, reclaim };
}
