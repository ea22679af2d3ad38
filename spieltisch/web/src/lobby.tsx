// The lobby: start a table (game, rule options, seats for people or bots) and
// find open, running and finished tables.

import { useEffect, useState } from "preact/hooks";
import { api, ApiError, saveKeys, type GameInfo, type OptionInfo, type TableSummary } from "./api";
import { botName, clockTime, formatDate, type Lang, type T } from "./i18n";
import { botLabel, botsAt, levelLabel } from "./levels";
import { RulesHelp } from "./table";

export function Lobby({ t, lang }: { t: T; lang: Lang }) {
  const [games, setGames] = useState<GameInfo[]>([]);
  useEffect(() => {
    api.games().then(setGames);
  }, []);
  return (
    <div class="lobby">
      {games.length > 0 && <NewTable games={games} t={t} lang={lang} />}
      <TableList status="open" title={t("openTables")} action={t("join")} games={games} t={t} lang={lang} />
      <TableList status="running" title={t("runningTables")} action={t("watch")} games={games} t={t} lang={lang} />
      <TableList status="finished" title={t("finishedTables")} action={t("replay")} games={games} t={t} lang={lang} />
    </div>
  );
}

interface OptionProps {
  spec: OptionInfo;
  players: number;
  value: unknown;
  onChange: (v: unknown) => void;
  /** A data file chosen on this computer for a data-file option; null: none. */
  onFile: (text: string | null) => void;
  t: T;
  lang: Lang;
}

/** A data-file option: the built-in data, a data set the server offers, or a file uploaded with the table. */
function DataFileField({ id, spec, value, onChange, onFile, t }: { id: string } & Omit<OptionProps, "lang" | "players">) {
  const [uploading, setUploading] = useState(false);
  const choose = (choice: string) => {
    setUploading(choice === UPLOAD);
    onFile(null);
    onChange(choice === UPLOAD ? "" : choice);
  };
  const read = async (file: File | undefined) => onFile(file ? await file.text() : null);
  return (
    <>
      <select id={id} value={uploading ? UPLOAD : String(value ?? "")} aria-describedby={`${id}-help`} onChange={(e) => choose(e.currentTarget.value)}>
        <option value="">{t("builtIn")}</option>
        {(spec.data_sets ?? []).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        <option value={UPLOAD}>{t("uploadFile")}</option>
      </select>
      {uploading && (
        <input type="file" accept=".toml,text/plain" aria-label={t("uploadFile")} onChange={(e) => void read(e.currentTarget.files?.[0])} />
      )}
    </>
  );
}

const UPLOAD = "\u0000upload";

function withoutKey<V>(record: Record<string, V>, key: string): Record<string, V> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

function OptionField({ spec, players, value, onChange, onFile, t, lang }: OptionProps) {
  const id = `option-${spec.name}`;
  // The option's name, help and choices in the page's language, as the game declares them (the server's words).
  const label = spec.label[lang] ?? spec.name;
  const help = spec.help[lang] ?? spec.help.en ?? "";
  const choiceLabels = spec.choice_labels[lang] ?? [];
  let input;
  if (spec.kind === "bool")
    input = (
      <input id={id} type="checkbox" checked={Boolean(value)} aria-describedby={`${id}-help`} onChange={(e) => onChange(e.currentTarget.checked)} />
    );
  else if (spec.kind === "choice")
    input = (
      <select id={id} value={String(value)} aria-describedby={`${id}-help`} onChange={(e) => onChange(e.currentTarget.value)}>
        {spec.choices.map((c, i) => (
          <option key={String(c)} value={String(c)}>
            {choiceLabels[i] ?? String(c)}
          </option>
        ))}
      </select>
    );
  else if (spec.kind === "int")
    input = (
      <input
        id={id}
        type="number"
        aria-describedby={`${id}-help`}
        value={value === null ? "" : String(value)}
        placeholder={spec.per_player ? String(spec.per_player * players) : undefined}
        min={spec.minimum ?? undefined}
        max={spec.maximum ?? undefined}
        // An emptied field means "the default", never 0 (which switches a safety cap off).
        onInput={(e) => onChange(e.currentTarget.value === "" ? null : Number(e.currentTarget.value))}
      />
    );
  else input = <DataFileField id={id} spec={spec} value={value} onChange={onChange} onFile={onFile} t={t} />;
  const shown = spec.kind === "bool" ? (value ? t("yes") : t("no")) : null;
  return (
    <p class={"option" + (spec.kind === "bool" ? " check" : "")}>
      <label for={id}>{label}</label> {input} {shown && <span aria-hidden="true">{shown}</span>}{" "}
      <small id={`${id}-help`}>{help}</small>
    </p>
  );
}

/** The clocks the lobby offers (the server takes 10-3600 s per move or 1-14 days). */
const CLOCKS: { kind: "none" | "move" | "day"; seconds: number }[] = [
  { kind: "none", seconds: 0 },
  { kind: "move", seconds: 60 },
  { kind: "move", seconds: 300 },
  { kind: "day", seconds: 86400 },
  { kind: "day", seconds: 3 * 86400 },
];

function NewTable({ games, t, lang }: { games: GameInfo[]; t: T; lang: Lang }) {
  const [gameName, setGameName] = useState(games[0].name);
  const game = games.find((g) => g.name === gameName) ?? games[0];
  const [players, setPlayers] = useState(game.min_players);
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [files, setFiles] = useState<Record<string, string>>({});
  const [seats, setSeats] = useState<string[]>([]);
  const [name, setName] = useState(localStorage.getItem("spieltisch:name") ?? "");
  const [clock, setClock] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (next: string) => {
    const chosen = games.find((g) => g.name === next)!;
    setGameName(next);
    setPlayers(chosen.min_players);
    setOptions({});
    setFiles({});
    setSeats([]);
  };
  const bots = botsAt(game.bots, players);
  // A seat keeps its choice while it fits the player count; a bot of other counts falls back.
  const fits = (kind: string) => kind === "open" || game.levels.some((lv) => lv.spec === kind) || bots.some((b) => b.id === kind);
  const seatKind = (seat: number) => {
    const chosen = seats[seat];
    return chosen !== undefined && fits(chosen) ? chosen : seat === 0 ? "open" : game.bots[1]?.id ?? "random";
  };
  const create = async (event: Event) => {
    event.preventDefault();
    setProblem(null);
    try {
      const kinds = Array.from({ length: players }, (_v, i) => seatKind(i));
      // Whoever creates a table with an open seat takes it, under a plain name when none was typed.
      const withName = kinds.includes("open") ? name.trim() || t("hostName") : undefined;
      const reply = await api.create({ game: game.name, players, options, seats: kinds, name: withName, files, clock: CLOCKS[clock]! });
      if (name.trim()) localStorage.setItem("spieltisch:name", name.trim());
      saveKeys(reply.id, { host_token: reply.host_token, token: reply.token ?? undefined, seat: reply.seat ?? undefined });
      location.hash = `#/table/${reply.id}`;
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    }
  };
  const counts = Array.from({ length: game.max_players - game.min_players + 1 }, (_v, i) => game.min_players + i);
  return (
    <form class="new-table" onSubmit={create}>
      <h2>{t("newTable")}</h2>
      <p class="row">
        <label>
          {t("game")}{" "}
          <select value={game.name} onChange={(e) => choose(e.currentTarget.value)} data-testid="game">
            {games.map((g) => (
              <option key={g.name} value={g.name}>
                {g.title}
              </option>
            ))}
          </select>
        </label>{" "}
        <label>
          {t("players")}{" "}
          <select value={String(players)} onChange={(e) => setPlayers(Number(e.currentTarget.value))} data-testid="players">
            {counts.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </p>
      {game.options.length > 0 && (
        <details class="options">
          <summary>{t("options")}</summary>
          {game.options.map((spec) => (
            <OptionField
              key={spec.name}
              spec={spec}
              players={players}
              t={t}
              lang={lang}
              value={options[spec.name] ?? spec.default}
              onChange={(v) => setOptions(v === null ? withoutKey(options, spec.name) : { ...options, [spec.name]: v })}
              onFile={(text) => {
                const others = withoutKey(files, spec.name);
                setFiles(text === null ? others : { ...others, [spec.name]: text });
              }}
            />
          ))}
        </details>
      )}
      <ol class="seat-choice">
        {Array.from({ length: players }, (_v, seat) => (
          <li key={seat}>
            <label>
              {t("seat")} {seat + 1}{" "}
              <select
                value={seatKind(seat)}
                data-testid={`seat-${seat}`}
                onChange={(e) => {
                  const next = Array.from({ length: players }, (_x, i) => seatKind(i));
                  next[seat] = e.currentTarget.value;
                  setSeats(next);
                }}
              >
                <option value="open">{t("person")}</option>
                <optgroup label={t("levels")}>
                  {game.levels.map((level) => (
                    <option key={level.id} value={level.spec} data-level={level.id}>
                      {levelLabel(level, lang)}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t("otherBots")}>
                  {bots.map((b) => (
                    <option key={b.id} value={b.id}>
                      {botName(b.id, t)}
                    </option>
                  ))}
                </optgroup>
              </select>
            </label>
          </li>
        ))}
      </ol>
      <p class="row">
        <label>
          {t("clock")}{" "}
          <select value={String(clock)} onChange={(e) => setClock(Number(e.currentTarget.value))} data-testid="clock-choice">
            {CLOCKS.map((choice, index) => (
              <option key={index} value={String(index)}>
                {choice.kind === "none" ? t("clockNone") : t("perMove", { time: clockTime(choice.seconds, choice.kind, t) })}
              </option>
            ))}
          </select>
        </label>
      </p>
      <RulesHelp game={game.name} title={game.title} t={t} lang={lang} />
      <p class="row">
        <label>
          {t("yourName")} <input value={name} maxLength={24} onInput={(e) => setName(e.currentTarget.value)} data-testid="your-name" />
        </label>
        <button type="submit" class="primary" data-testid="create">
          {t("create")}
        </button>
      </p>
      {problem && <p class="error" role="alert">{problem}</p>}
    </form>
  );
}

interface ListProps {
  status: string;
  title: string;
  action: string;
  games: GameInfo[];
  t: T;
  lang: Lang;
}

function TableList({ status, title, action, games, t, lang }: ListProps) {
  const [tables, setTables] = useState<TableSummary[]>([]);
  useEffect(() => {
    const load = () => api.tables(status).then(setTables).catch(() => undefined);
    load();
    const timer = window.setInterval(load, 5000);
    return () => window.clearInterval(timer);
  }, [status]);
  const titleOf = (name: string) => games.find((g) => g.name === name)?.title ?? name;
  // A bot seat says what plays it: a level by its name and rating, another bot by its kind.
  const seatText = (game: string, seat: TableSummary["seats"][number]) => {
    if (seat.kind === "open") return t("open");
    if (seat.kind !== "bot") return seat.name;
    return `${seat.name}: ${botLabel(seat.bot, games.find((g) => g.name === game)?.levels ?? [], lang, t)}`;
  };
  return (
    <section class="tables">
      <h2>{title}</h2>
      {tables.length === 0 ? (
        <p class="note">{t("none")}</p>
      ) : (
        <ul>
          {tables.slice(0, 20).map((table) => (
            <li key={table.id}>
              <a href={status === "finished" ? `#/replay/${table.id}` : `#/table/${table.id}`}>
                {action}: {titleOf(table.game)}
              </a>{" "}
              <small>
                <span data-testid="table-seats">{table.seats.map((s) => seatText(table.game, s)).join(" · ")}</span> ·{" "}
                <time dateTime={new Date(table.created_at * 1000).toISOString()}>{t("created", { date: formatDate(table.created_at, lang) })}</time>
              </small>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
