// The table's websocket: says hello with the seat token, reconnects with backoff,
// and keeps the latest state, the view before it and the chat.

import { useEffect, useRef, useState } from "preact/hooks";
import type { ChatMessage, StateMessage, View } from "./api";
import type { Lang } from "./i18n";

export interface TableSocket {
  state: StateMessage | null;
  previous: View | null;
  chat: ChatMessage[];
  error: string | null;
  connected: boolean;
  send: (message: object) => void;
}

export function useTableSocket(table: string, token: string | undefined, lang: Lang): TableSocket {
  const [state, setState] = useState<StateMessage | null>(null);
  const [previous, setPrevious] = useState<View | null>(null);
  const [chat, setChat] = useState<ChatMessage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const socket = useRef<WebSocket | null>(null);
  const latest = useRef<StateMessage | null>(null);

  useEffect(() => {
    let closed = false;
    let delay = 500;
    let timer: number | undefined;
    const open = () => {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(table)}?lang=${lang}`);
      socket.current = ws;
      ws.onopen = () => {
        delay = 500;
        setConnected(true);
        ws.send(JSON.stringify({ type: "hello", token: token ?? null, lang }));
      };
      ws.onmessage = (event) => {
        const message = JSON.parse(event.data as string);
        if (message.type === "state") {
          const before = latest.current;
          if (before && before.version !== message.version) setPrevious(before.view);
          latest.current = message;
          setState(message);
          setError(null);
        } else if (message.type === "chat_history") setChat(message.messages);
        else if (message.type === "chat") setChat((old) => [...old.slice(-99), message]);
        else if (message.type === "error") setError(message.message);
      };
      ws.onclose = () => {
        setConnected(false);
        if (!closed) timer = window.setTimeout(open, (delay = Math.min(delay * 2, 8000)));
      };
    };
    open();
    return () => {
      closed = true;
      window.clearTimeout(timer);
      socket.current?.close();
    };
  }, [table, token, lang]);

  const send = (message: object) => socket.current?.send(JSON.stringify(message));
  return { state, previous, chat, error, connected, send };
}
