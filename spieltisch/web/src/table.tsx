// The table page: seats, the seat's view, its legal moves, the game log, chat,
// the rules help and the end with each player's score explained.

import { useEffect, useRef, useState } from "preact/hooks";
import { api, ApiError, loadKeys, saveKeys, type GameInfo, type Keys, type LogEntry, type Move, type MoveStruct, type Result, type Seat, type StateMessage } from "./api";
import { helpFor } from "./help";
import { botLabel, botsAt, levelLabel, useLevels } from "./levels";
import { botName, clockTime, countdown, formatDate, formatTime, type Lang, type T } from "./i18n";
import { useTurnNotice } from "./notice";
import { Aids } from "./aids";
import { AutoplayToggle, useAutoplay, useForcedMove } from "./autoplay";
import { useCardMotion } from "./motion";
import { PromptBar } from "./promptbar";
import { useReference } from "./reference";
import { rendererFor } from "./renderers";
import { GenericView } from "./renderers/generic";
import { useTableSocket, type TableSocket } from "./socket";

interface Props {
  id: string;
  t: T;
  lang: Lang;
  sound: boolean;
}

export function TablePage({ id, t, lang, sound }: Props) {
  const [keys, setKeys] = useState<Keys>(() => loadKeys(id));
  const socket = useTableSocket(id, keys.token, lang);
  const state = socket.state;
  const standingIn = state !== null && standsIn(state);
  const mine = state !== null && state.status === "running" && state.you !== null && state.to_move === state.you && !standingIn;
  useTurnNotice(state?.title ?? null, mine, t("yourTurn"), sound);
  const [autoplay, setAutoplay] = useAutoplay();
  const live = socket.link === "open" && socket.waiting === null;
  const version = state?.version ?? 0;
  const forced = useForcedMove(mine && live ? state.legal : [], version, autoplay, (action) => socket.move(action, version));
  const remember = (more: Keys) => {
    saveKeys(id, more);
    setKeys(loadKeys(id));
  };
  if (socket.link === "gone") return <Gone message={socket.error} t={t} />;
  if (!state)
    return (
      <>
        <p class="status" role="status">
          {t("connecting")}
        </p>
        {socket.error && (
          <p class="error" role="alert" data-testid="error">
            {socket.error}
          </p>
        )}
      </>
    );
  return (
    <div class="table-page">
      <header class="table-head">
        <h1>{state.title}</h1>
        <TurnBanner state={state} standingIn={standingIn} t={t} />
        {!standingIn && (
          <PromptBar
            game={state.game}
            view={state.view ?? null}
            legal={state.legal}
            you={state.you}
            toMove={state.to_move}
            status={state.status}
            name={(seat) => nameOf(state, seat, t)}
            lang={lang}
            forced={forced?.label ?? null}
          />
        )}
        {state.you !== null && state.status !== "finished" && <AutoplayToggle on={autoplay} change={setAutoplay} t={t} />}
        <Clock state={state} t={t} lang={lang} />
        <RulesHelp game={state.game} title={state.title} t={t} lang={lang} />
      </header>
      <Connection socket={socket} t={t} />
      {socket.error && (
        <p class="error" role="alert" data-testid="error">
          {socket.error}
        </p>
      )}
      <Seats state={state} t={t} lang={lang} />
      <StandIn socket={socket} state={state} t={t} />
      {state.status === "open" ? (
        <Waiting id={id} state={state} keys={keys} remember={remember} t={t} lang={lang} />
      ) : (
        <Play socket={socket} state={state} t={t} lang={lang} />
      )}
      {state.status === "finished" && <End id={id} state={state} keys={keys} t={t} />}
      <div class="side">
        <Log id={id} state={state} entries={socket.log} t={t} />
        <Chat socket={socket} seated={state.you !== null} t={t} lang={lang} />
      </div>
    </div>
  );
}

/** The end of a link that leads nowhere: the server's message (in the page's language) and the way back. */
function Gone({ message, t }: { message: string | null; t: T }) {
  return (
    <div class="gone" role="alert" data-testid="gone">
      <h1>{t("noTable")}</h1>
      {message && <p class="gone-message">{message}</p>}
      <p>
        <a class="button" href="#/">
          {t("toLobby")}
        </a>
      </p>
    </div>
  );
}

/** A seat as people know it: the player's name, or "Seat 2" while it is free (seats count from 1). */
export function seatName(seats: Seat[], seat: number, you: number | null, t: T): string {
  const found = seats[seat];
  const name = found?.name || `${t("seat")} ${seat + 1}`;
  return seat === you ? `${name} (${t("you")})` : name;
}

function nameOf(state: StateMessage, seat: number, t: T): string {
  return seatName(state.seats, seat, state.you, t);
}

/** Whether a bot plays this page's seat for now (the person's time ran out, or they were away). */
function standsIn(state: StateMessage): boolean {
  const yours = state.you === null ? undefined : state.seats[state.you];
  return state.status === "running" && yours !== undefined && "standin" in yours && yours.standin;
}

function TurnBanner({ state, standingIn, t }: { state: StateMessage; standingIn: boolean; t: T }) {
  let text = t("waiting");
  if (state.status === "finished") text = t("gameOver");
  else if (state.status === "running" && state.to_move !== null && state.to_move >= 0)
    text =
      state.to_move !== state.you
        ? t("turnOf", { name: nameOf(state, state.to_move, t) })
        : standingIn
          ? t("botMovesForYou")
          : t("yourTurn");
  const mine = state.status === "running" && state.to_move === state.you && !standingIn;
  return (
    <p class={"turn" + (mine ? " mine" : "")} aria-live="polite" data-testid="turn" data-status={state.status} data-version={state.version}>
      {text}
    </p>
  );
}

/** The table's clock and how long the person to move has left (their deadline from the server). */
function Clock({ state, t, lang }: { state: StateMessage; t: T; lang: Lang }) {
  const [now, setNow] = useState(() => Date.now() / 1000);
  const deadline = state.status === "running" ? state.deadline : null;
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now() / 1000);
    const timer = window.setInterval(() => setNow(Date.now() / 1000), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  const clock = state.clock;
  if (!clock || clock.kind === "none") return null;
  const who = state.to_move !== null && state.to_move >= 0 ? nameOf(state, state.to_move, t) : "";
  // A clock per day counts in days: its end is a date; a clock per move counts down.
  const left =
    deadline === null
      ? null
      : clock.kind === "day"
        ? t("timeUntil", { name: who, date: formatDate(deadline, lang) })
        : t("timeLeft", { name: who, time: countdown(deadline - now) });
  return (
    <p class="clock" data-testid="clock" data-kind={clock.kind}>
      <span>
        {t("clock")}: {t("perMove", { time: clockTime(clock.seconds, clock.kind, t) })}
      </span>
      {left && (
        <>
          {" · "}
          <strong data-testid="deadline" class={deadline !== null && deadline - now < 10 ? "short" : undefined}>
            {left}
          </strong>
        </>
      )}
    </p>
  );
}

/** When a bot plays your seat for you: say so, and give the seat back at a click (a new hello). */
function StandIn({ socket, state, t }: { socket: TableSocket; state: StateMessage; t: T }) {
  if (!standsIn(state)) return null;
  return (
    <p class="connection waiting row" role="status" data-testid="standin-you">
      <span>{t("standinYou")}</span>
      <button type="button" class="primary" disabled={socket.link !== "open"} onClick={() => socket.reclaim()}>
        {t("takeBack")}
      </button>
    </p>
  );
}

/** The rules of the game in our own words, opened and closed in place (keyboard: Enter on the summary). */
export function RulesHelp({ game, title, t, lang }: { game: string; title: string; t: T; lang: Lang }) {
  const help = helpFor(game, lang);
  if (!help) return null;
  return (
    <details class="rules-help" data-testid="rules">
      <summary>{t("rules")}</summary>
      <div class="rules-body">
        <h2>{t("rulesOf", { game: title })}</h2>
        <p>{help.goal}</p>
        {help.sections.map((section) => (
          <section key={section.title}>
            <h3>{section.title}</h3>
            <ul>
              {section.points.map((point, index) => (
                <li key={index}>{point}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </details>
  );
}

function Connection({ socket, t }: { socket: TableSocket; t: T }) {
  if (socket.link === "lost")
    return (
      <p class="connection lost" role="status" data-testid="connection">
        {t("connectionLost")}
      </p>
    );
  if (socket.waiting !== null)
    return (
      <p class="connection waiting" role="status" data-testid="sent">
        {t("moveSent")}
      </p>
    );
  return null;
}

function Seats({ state, t, lang }: { state: StateMessage; t: T; lang: Lang }) {
  const levels = useLevels(state.game);
  return (
    <ol class="seats" aria-label={t("seats")}>
      {state.seats.map((seat) => (
        <li key={seat.seat} class={seat.seat === state.to_move && state.status === "running" ? "to-move" : undefined} data-seat={seat.seat}>
          <span class="seat-name">{seat.kind === "open" ? `${t("seat")} ${seat.seat + 1}: ${t("open")}` : nameOf(state, seat.seat, t)}</span>
          {seat.kind === "bot" && <span class="tag">{botLabel(seat.bot, levels, lang, t)}</span>}
          {seat.kind === "human" && !seat.online && <span class="tag">{t("offline")}</span>}
          {"standin" in seat && seat.standin && (
            <span class="tag standin" data-testid="standin">
              {t("standin")}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

function Waiting({ id, state, keys, remember, t, lang }: { id: string; state: StateMessage; keys: Keys; remember: (k: Keys) => void; t: T; lang: Lang }) {
  const [name, setName] = useState(localStorage.getItem("spieltisch:name") ?? "");
  const [game, setGame] = useState<GameInfo | null>(null);
  const [bot, setBot] = useState("heuristic");
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    api.games().then((games) => {
      const found = games.find((g) => g.name === state.game) ?? null;
      setGame(found);
      // The level that plays as the heuristic does, else the first: a level by name, not a bot kind.
      const levels = found?.levels ?? [];
      const preset = levels.find((level) => level.spec === "heuristic") ?? levels[0];
      if (preset) setBot(preset.spec);
    });
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
      <p class="row">
        <label>
          {t("joinLink")} <input readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        </label>
        <button type="button" onClick={() => navigator.clipboard?.writeText(link)}>
          {t("copy")}
        </button>
      </p>
      {keys.token === undefined && free.length > 0 && (
        <p class="row">
          <label>
            {t("yourName")} <input value={name} maxLength={24} onInput={(e) => setName(e.currentTarget.value)} data-testid="name" />
          </label>
          {free.map((seat) => (
            <button type="button" key={seat.seat} onClick={() => sit(seat.seat)} disabled={!name.trim()}>
              {t("takeSeat")} ({seat.seat + 1})
            </button>
          ))}
        </p>
      )}
      {keys.host_token && (
        <p class="row">
          {free.length > 0 && game && (
            <>
              <label>
                {t("fillBots")}{" "}
                <select value={bot} onChange={(e) => setBot(e.currentTarget.value)} data-testid="fill-bot">
                  <optgroup label={t("levels")}>
                    {game.levels.map((level) => (
                      <option value={level.spec} key={level.id} data-level={level.id}>
                        {levelLabel(level, lang)}
                      </option>
                    ))}
                  </optgroup>
                  <optgroup label={t("otherBots")}>
                    {botsAt(game.bots, state.seats.length).map((b) => (
                      <option value={b.id} key={b.id}>
                        {botName(b.id, t)}
                      </option>
                    ))}
                  </optgroup>
                </select>
              </label>
              <button type="button" onClick={() => guard(() => api.addBots(id, keys.host_token!, bot))}>
                {t("fill")}
              </button>
            </>
          )}
          <button type="button" class="primary" disabled={free.length > 0} onClick={() => guard(() => api.start(id, keys.host_token!))}>
            {t("start")}
          </button>
        </p>
      )}
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

/** Each player's score, broken down the way the rulebook counts it when the game says how; winners starred. */
export function ScoreCards({ result, seats, you, t }: { result: Result; seats: Seat[]; you: number | null; t: T }) {
  const breakdown = result.score_breakdown ?? [];
  return (
    <div class="score-cards" data-testid="scores">
      {result.scores.map((score, seat) => (
        <section key={seat} class={"score-card" + (result.winners.includes(seat) ? " won" : "")} data-seat={seat}>
          <h3>
            {seatName(seats, seat, you, t)}: <span data-testid="score">{score}</span>
          </h3>
          {(breakdown[seat] ?? []).length > 0 && (
            <table class="breakdown">
              <tbody>
                {breakdown[seat]!.map((line, index) => (
                  <tr key={index}>
                    <th scope="row">{line.label}</th>
                    <td>{line.points}</td>
                  </tr>
                ))}
                <tr class="sum">
                  <th scope="row">{t("total")}</th>
                  <td>{score}</td>
                </tr>
              </tbody>
            </table>
          )}
        </section>
      ))}
    </div>
  );
}

/** A log entry in words: the move's name (or "moved") and what it showed everybody. */
export function entryText(entry: LogEntry, t: T): string {
  const label = entry.label ?? t("moved");
  return entry.result?.text ? `${label}: ${entry.result.text}` : label;
}

function LastMove({ state, entries, t }: { state: StateMessage; entries: LogEntry[]; t: T }) {
  const last = entries[entries.length - 1];
  if (!last) return null;
  return (
    <p class="last-move" data-testid="last-move" aria-live="polite" key={last.version}>
      <span class="tag">{t("lastMove")}</span> <strong>{nameOf(state, last.seat, t)}</strong>: {entryText(last, t)}
    </p>
  );
}

/** Whether the table can make these moves by clicking: they come as data (a game without gets the contract's plain "action"). */
function playable(legal: Move[]): boolean {
  return legal.some((m) => m.move !== undefined && m.move.kind !== "action");
}

function Play({ socket, state, t, lang }: { socket: TableSocket; state: StateMessage; t: T; lang: Lang }) {
  const Renderer = rendererFor(state.game);
  const reference = useReference(state.table);
  const live = socket.link === "open" && socket.waiting === null;
  const legal = live ? state.legal : [];
  // The list is the way to move where the table cannot be clicked (a game
  // without its own table or without moves as data); elsewhere it is folded.
  const clickable = Renderer !== GenericView && playable(state.legal);
  const [listOpen, setListOpen] = useState<boolean | null>(null);
  const board = useRef<HTMLDivElement>(null);
  useCardMotion(board, state.version);
  const move = (action: number) => {
    socket.move(action, state.version);
  };
  const moveData = (data: MoveStruct) => {
    socket.moveData(data, state.version);
  };
  return (
    <section class="play" aria-label={t("boardOf", { game: state.title })}>
      <LastMove state={state} entries={socket.log} t={t} />
      {state.status === "running" && state.you !== null && (
        <TakeBack allowed={live && state.can_take_back} onClick={() => socket.takeBack(state.version)} t={t} />
      )}
      {state.view && reference && (
        <div class="board" data-testid="board" ref={board}>
          <Renderer
            game={state.game}
            view={state.view}
            previous={socket.previous}
            you={state.you}
            seats={state.seats}
            legal={legal}
            onMove={move}
            onMoveData={moveData}
            t={t}
            lang={lang}
            options={state.options}
            reference={reference}
            log={socket.log}
          />
        </div>
      )}
      {state.view && reference && (
        <Aids game={state.game} view={state.view} reference={reference} name={(seat) => nameOf(state, seat, t)} players={state.seats.length} lang={lang} />
      )}
      {state.status === "finished" ? null : state.you === null ? (
        <p class="note">{t("spectator")}</p>
      ) : (
        <details
          class="moves"
          open={listOpen ?? !clickable}
          // Only a person's toggle is remembered; the page opening or folding it fires this too.
          onToggle={(e) => e.currentTarget.open !== (listOpen ?? !clickable) && setListOpen(e.currentTarget.open)}
          data-testid="moves"
        >
          <summary>
            {t("moves")} ({state.legal.length})
          </summary>
          <p class="note">{t("movesHint")}</p>
          <div class="move-list" role="group" aria-label={t("moves")}>
            {state.legal.length === 0 ? (
              <p class="note">{t("noMoves")}</p>
            ) : (
              state.legal.map((m) => (
                <button type="button" key={m.id} class="move" data-action={m.id} disabled={!live} onClick={() => move(m.id)}>
                  {m.label}
                </button>
              ))
            )}
          </div>
        </details>
      )}
    </section>
  );
}

/** Takes back your last move; the server says when that is allowed (`can_take_back`). */
function TakeBack({ allowed, onClick, t }: { allowed: boolean; onClick: () => void; t: T }) {
  return (
    <p class="take-back row">
      <button type="button" data-testid="take-back" disabled={!allowed} title={allowed ? t("undoHint") : undefined} onClick={onClick}>
        {t("undo")}
      </button>
    </p>
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
  const winners = result.winners.map((s) => nameOf(state, s, t)).join(", ");
  return (
    <section class="end" data-testid="result">
      <h2>{t("gameOver")}</h2>
      {result.end_reason && (
        <p data-testid="end-reason">
          <strong>{t("whyEnded")}:</strong> {result.end_reason.text}
        </p>
      )}
      <p>
        {result.winners.length > 1 ? t("winners") : t("winner")}: <strong>{winners}</strong>
      </p>
      <ScoreCards result={result} seats={state.seats} you={state.you} t={t} />
      <p class="row">
        {token && (
          <button type="button" class="primary" onClick={rematch}>
            {state.rematch ? t("toRematch") : t("rematch")}
          </button>
        )}
        <a class="button" href={`#/replay/${id}`}>
          {t("replay")}
        </a>
      </p>
    </section>
  );
}

/** The whole game log, oldest first, scrolled to the newest; the newest is marked. Once the game
 * is over, each line opens the replay at that moment. */
function Log({ id, state, entries, t }: { id: string; state: StateMessage; entries: LogEntry[]; t: T }) {
  const list = useRef<HTMLOListElement>(null);
  const takenBack = new Set(entries.flatMap((entry) => (entry.took_back == null ? [] : [entry.took_back])));
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [entries.length]);
  return (
    <section class="log">
      <h2>{t("log")}</h2>
      {/* A scrollable region must be reachable by keyboard to be read there. */}
      <ol data-testid="log" ref={list} tabIndex={0} aria-label={t("log")}>
        {entries.length === 0 && <li class="note">{t("logEmpty")}</li>}
        {entries.map((entry, index) => (
          <li key={entry.version} class={logClass(entry, index === entries.length - 1, takenBack)} data-version={entry.version}>
            {state.status === "finished" ? (
              <a href={`#/replay/${id}/${entry.version}`}>
                <span>
                  <strong>{nameOf(state, entry.seat, t)}</strong>: {entryText(entry, t)}
                </span>
              </a>
            ) : (
              <>
                <strong>{nameOf(state, entry.seat, t)}</strong>: {entryText(entry, t)}
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A log line's marks: the newest, a move later taken back (struck through), a step that took one back. */
function logClass(entry: LogEntry, latest: boolean, takenBack: Set<number>): string | undefined {
  const marks = [latest && "latest", takenBack.has(entry.version) && "taken-back", entry.took_back != null && "took-back"];
  return marks.filter(Boolean).join(" ") || undefined;
}

function Chat({ socket, seated, t, lang }: { socket: TableSocket; seated: boolean; t: T; lang: Lang }) {
  const [text, setText] = useState("");
  const submit = (event: Event) => {
    event.preventDefault();
    if (!text.trim()) return;
    if (socket.chatSend(text.trim())) setText("");
  };
  return (
    <section class="chat">
      <h2>{t("chat")}</h2>
      <ul aria-live="polite" data-testid="chat">
        {socket.chat.slice(-30).map((message, index) => (
          <li key={index}>
            <time>{formatTime(message.created_at, lang)}</time> <strong>{message.name}</strong>: {message.text}
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
