// The table page: seats, the seat's view, its legal moves, log, chat and the end.

import { useEffect, useState } from "preact/hooks";
import { api, ApiError, loadKeys, saveKeys, type GameInfo, type Keys, type StateMessage } from "./api";
import type { Lang, T } from "./i18n";
import { useReference } from "./reference";
import { rendererFor } from "./renderers";
import { useTableSocket, type TableSocket } from "./socket";

interface Props {
  id: string;
  t: T;
  lang: Lang;
}

export function TablePage({ id, t, lang }: Props) {
  const [keys, setKeys] = useState<Keys>(() => loadKeys(id));
  const socket = useTableSocket(id, keys.token, lang);
  const state = socket.state;
  const remember = (more: Keys) => {
    saveKeys(id, more);
    setKeys(loadKeys(id));
  };
  if (!state) return <p class="status">{t("connecting")}</p>;
  return (
    <div class="table-page">
      <header class="table-head">
        <h1>{state.title}</h1>
        <TurnBanner state={state} t={t} />
      </header>
      {socket.error && (
        <p class="error" role="alert" data-testid="error">
          {socket.error}
        </p>
      )}
      <Seats state={state} t={t} />
      {state.status === "open" ? (
        <Waiting id={id} state={state} keys={keys} remember={remember} t={t} />
      ) : (
        <Play socket={socket} state={state} t={t} lang={lang} />
      )}
      {state.status === "finished" && <End id={id} state={state} keys={keys} t={t} />}
      <div class="side">
        <Log state={state} t={t} />
        <Chat socket={socket} seated={state.you !== null} t={t} />
      </div>
    </div>
  );
}

function seatName(state: StateMessage, seat: number, t: T): string {
  const found = state.seats[seat];
  const name = found?.name || `${t("seat")} ${seat + 1}`;
  return seat === state.you ? `${name} (${t("you")})` : name;
}

function TurnBanner({ state, t }: { state: StateMessage; t: T }) {
  let text = t("waiting");
  if (state.status === "finished") text = t("gameOver");
  else if (state.status === "running" && state.to_move !== null && state.to_move >= 0)
    text = state.to_move === state.you ? t("yourTurn") : t("turnOf", { name: seatName(state, state.to_move, t) });
  const mine = state.status === "running" && state.to_move === state.you;
  return (
    <p class={"turn" + (mine ? " mine" : "")} aria-live="polite" data-testid="turn" data-status={state.status} data-version={state.version}>
      {text}
    </p>
  );
}

function Seats({ state, t }: { state: StateMessage; t: T }) {
  return (
    <ol class="seats">
      {state.seats.map((seat) => (
        <li key={seat.seat} class={seat.seat === state.to_move && state.status === "running" ? "to-move" : undefined}>
          <span class="seat-name">{seat.kind === "open" ? `${t("seat")} ${seat.seat + 1}: ${t("open")}` : seatName(state, seat.seat, t)}</span>
          {seat.kind === "bot" && <span class="tag">{`${t("bot")} ${seat.bot}`}</span>}
          {seat.kind === "human" && !seat.online && <span class="tag">{t("offline")}</span>}
        </li>
      ))}
    </ol>
  );
}

function Waiting({ id, state, keys, remember, t }: { id: string; state: StateMessage; keys: Keys; remember: (k: Keys) => void; t: T }) {
  const [name, setName] = useState(localStorage.getItem("spieltisch:name") ?? "");
  const [game, setGame] = useState<GameInfo | null>(null);
  const [bot, setBot] = useState("heuristic");
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    api.games().then((games) => setGame(games.find((g) => g.name === state.game) ?? null));
  }, [state.game]);
  const guard = async (work: () => Promise<unknown>) => {
    try {
      setProblem(null);
      await work();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    }
  };
  const sit = (seat: number) =>
    guard(async () => {
      const reply = await api.takeSeat(id, seat, name);
      localStorage.setItem("spieltisch:name", name);
      remember({ token: reply.token, seat: reply.seat });
    });
  const link = `${location.origin}/#/table/${id}`;
  const free = state.seats.filter((s) => s.kind === "open");
  return (
    <section class="waiting">
      <p>
        {t("joinLink")}: <input readOnly value={link} aria-label={t("joinLink")} onFocus={(e) => e.currentTarget.select()} />{" "}
        <button type="button" onClick={() => navigator.clipboard?.writeText(link)}>
          {t("copy")}
        </button>
      </p>
      {keys.token === undefined && free.length > 0 && (
        <p>
          <label>
            {t("yourName")} <input value={name} maxLength={24} onInput={(e) => setName(e.currentTarget.value)} data-testid="name" />
          </label>{" "}
          {free.map((seat) => (
            <button type="button" key={seat.seat} onClick={() => sit(seat.seat)} disabled={!name.trim()}>
              {t("takeSeat")} ({seat.seat + 1})
            </button>
          ))}
        </p>
      )}
      {keys.host_token && (
        <p>
          {free.length > 0 && game && (
            <>
              <label>
                {t("fillBots")}{" "}
                <select value={bot} onChange={(e) => setBot(e.currentTarget.value)}>
                  {game.bots.map((b) => (
                    <option value={b.id} key={b.id}>
                      {b.label}
                    </option>
                  ))}
                </select>
              </label>{" "}
              <button type="button" onClick={() => guard(() => api.addBots(id, keys.host_token!, bot))}>
                OK
              </button>{" "}
            </>
          )}
          <button type="button" class="primary" disabled={free.length > 0} onClick={() => guard(() => api.start(id, keys.host_token!))}>
            {t("start")}
          </button>
        </p>
      )}
      {problem && <p class="error" role="alert">{problem}</p>}
    </section>
  );
}

function Play({ socket, state, t, lang }: { socket: TableSocket; state: StateMessage; t: T; lang: Lang }) {
  const Renderer = rendererFor(state.game);
  const reference = useReference(state.table);
  const move = (action: number) => socket.send({ type: "action", action, version: state.version });
  return (
    <section class="play">
      {state.view && reference && (
        <div class="board">
          <Renderer
            game={state.game}
            view={state.view}
            previous={socket.previous}
            you={state.you}
            seats={state.seats}
            legal={state.legal}
            onMove={move}
            t={t}
            lang={lang}
            options={state.options}
            reference={reference}
          />
        </div>
      )}
      {state.status === "finished" ? null : state.you === null ? (
        <p class="note">{t("spectator")}</p>
      ) : (
        <div class="moves" role="group" aria-label={t("moves")}>
          <h2>{t("moves")}</h2>
          {state.legal.length === 0 ? (
            <p class="note">{t("noMoves")}</p>
          ) : (
            state.legal.map((m) => (
              <button type="button" key={m.id} class="move" data-action={m.id} onClick={() => move(m.id)}>
                {m.label}
              </button>
            ))
          )}
        </div>
      )}
    </section>
  );
}

function End({ id, state, keys, t }: { id: string; state: StateMessage; keys: Keys; t: T }) {
  const result = state.result;
  if (!result) return null;
  const token = keys.token ?? keys.host_token;
  const rematch = async () => {
    if (!token) return;
    const reply = await api.rematch(id, token);
    saveKeys(reply.id, { ...keys, seat: reply.seat ?? undefined });
    location.hash = `#/table/${reply.id}`;
  };
  const winners = result.winners.map((s) => seatName(state, s, t)).join(", ");
  return (
    <section class="end" data-testid="result">
      <h2>{t("gameOver")}</h2>
      <p>
        {result.winners.length > 1 ? t("winners") : t("winner")}: <strong>{winners}</strong>
      </p>
      <table class="scores">
        <tbody>
          {result.scores.map((score, seat) => (
            <tr key={seat} class={result.winners.includes(seat) ? "won" : undefined}>
              <th scope="row">{seatName(state, seat, t)}</th>
              <td>{score}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {token && (
          <button type="button" class="primary" onClick={rematch}>
            {state.rematch ? t("toRematch") : t("rematch")}
          </button>
        )}{" "}
        <a href={`#/replay/${id}`}>{t("replay")}</a>
      </p>
    </section>
  );
}

function Log({ state, t }: { state: StateMessage; t: T }) {
  const entries = state.log.slice(-12).reverse();
  return (
    <section class="log">
      <h2>{t("log")}</h2>
      <ol data-testid="log">
        {entries.map((entry, index) => (
          <li key={entry.version} class={index === 0 ? "latest" : undefined}>
            <strong>{seatName(state, entry.seat, t)}</strong>: {entry.label ?? t("moved")}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Chat({ socket, seated, t }: { socket: TableSocket; seated: boolean; t: T }) {
  const [text, setText] = useState("");
  const submit = (event: Event) => {
    event.preventDefault();
    if (!text.trim()) return;
    socket.send({ type: "chat", text: text.trim() });
    setText("");
  };
  return (
    <section class="chat">
      <h2>{t("chat")}</h2>
      <ul aria-live="polite" data-testid="chat">
        {socket.chat.slice(-30).map((message, index) => (
          <li key={index}>
            <strong>{message.name}</strong>: {message.text}
          </li>
        ))}
      </ul>
      {seated ? (
        <form onSubmit={submit}>
          <input value={text} maxLength={300} aria-label={t("chat")} onInput={(e) => setText(e.currentTarget.value)} />
          <button type="submit">{t("send")}</button>
        </form>
      ) : (
        <p class="note">{t("chatOnlySeated")}</p>
      )}
    </section>
  );
}
