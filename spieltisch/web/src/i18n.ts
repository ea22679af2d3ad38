// German and English texts of the site around the table. Game words come from
// the server (move labels, public results, end reasons, score lines); the rules
// help and the lobby's option texts of each game are in help.ts.

const en = {
  lobby: "Lobby",
  newTable: "New table",
  game: "Game",
  players: "Players",
  yourName: "Your name",
  hostName: "Host",
  seat: "Seat",
  person: "Person",
  create: "Create table",
  openTables: "Open tables",
  runningTables: "Running games",
  finishedTables: "Finished games",
  none: "None yet.",
  join: "Join",
  watch: "Watch",
  replay: "Replay",
  open: "free",
  takeSeat: "Sit here",
  fillBots: "Fill free seats with",
  fill: "Fill",
  start: "Start",
  joinLink: "Invite link",
  copy: "Copy",
  waiting: "Waiting for players …",
  yourTurn: "Your turn",
  turnOf: "{name}'s turn",
  gameOver: "Game over",
  winner: "Winner",
  winners: "Winners",
  scores: "Scores",
  total: "Total",
  whyEnded: "Why it ended",
  rematch: "Rematch",
  toRematch: "Go to the rematch",
  moves: "Your moves",
  movesHint: "Every move you can make now, also playable on the table above.",
  noMoves: "Nothing to do right now.",
  log: "Game log",
  logEmpty: "No moves yet.",
  moved: "moved",
  chat: "Chat",
  send: "Send",
  chatOnlySeated: "Only players can write here.",
  spectator: "You are watching.",
  autoPlay: "Play my only move for me",
  autoPlayHelp: "When your only move shows nothing and decides nothing, it is played for you after a short pause.",
  you: "you",
  bot: "bot",
  offline: "offline",
  connecting: "Connecting …",
  connectionLost: "Connection lost, reconnecting …",
  noTable: "Table not found",
  toLobby: "Back to the lobby",
  moveSent: "Move sent, waiting for the table …",
  back: "Back",
  next: "Next",
  first: "Start",
  last: "End",
  step: "Step {n} of {total}",
  stepStart: "the deal",
  table: "Table",
  options: "Rule options",
  language: "Deutsch",
  languageName: "Sprache: Deutsch",
  error: "Error",
  name: "Name",
  rules: "Rules",
  rulesOf: "Rules of {game}",
  close: "Close",
  sound: "Sound on your turn",
  soundOn: "Sound: on",
  soundOff: "Sound: off",
  created: "created {date}",
  botRandom: "Random bot",
  botHeuristic: "Rule-of-thumb bot",
  botSearch: "Search bot {n}",
  botLearned: "Learned (network-guided search)",
  botEasy: "easy",
  botStrong: "strong",
  levels: "Levels (rating)",
  otherBots: "Other bots",
  yes: "yes",
  no: "no",
  selected: "selected",
  cancelChoice: "Cancel choice",
  lastMove: "last move",
  skipToTable: "Skip to the table",
  boardOf: "{game} table",
  mainNav: "Main",
  seats: "Seats",
  builtIn: "built-in",
  uploadFile: "a file of mine …",
  clock: "Clock",
  clockNone: "none",
  perMove: "{time} per move",
  seconds: "{n} s",
  minutes: "{n} min",
  oneDay: "1 day",
  days: "{n} days",
  timeLeft: "{name}: {time} left",
  timeUntil: "{name}: until {date}",
  standin: "a bot stands in",
  standinYou: "A bot is playing your seat for now (your time ran out, or you were away).",
  takeBack: "Take my seat back",
  undo: "Take back my move",
  undoHint: "Your last move showed nothing and nobody has moved since: you may take it back.",
  botMovesForYou: "A bot moves for you",
} as const;

export type Key = keyof typeof en;

const de: Record<Key, string> = {
  lobby: "Lobby",
  newTable: "Neuer Tisch",
  game: "Spiel",
  players: "Spieler",
  yourName: "Dein Name",
  hostName: "Gastgeber",
  seat: "Platz",
  person: "Mensch",
  create: "Tisch anlegen",
  openTables: "Offene Tische",
  runningTables: "Laufende Partien",
  finishedTables: "Beendete Partien",
  none: "Noch keine.",
  join: "Mitspielen",
  watch: "Zuschauen",
  replay: "Nachspielen",
  open: "frei",
  takeSeat: "Hier Platz nehmen",
  fillBots: "Freie Plätze füllen mit",
  fill: "Füllen",
  start: "Starten",
  joinLink: "Einladungslink",
  copy: "Kopieren",
  waiting: "Warte auf Mitspieler …",
  yourTurn: "Du bist am Zug",
  turnOf: "{name} ist am Zug",
  gameOver: "Spielende",
  winner: "Sieger",
  winners: "Sieger",
  scores: "Punkte",
  total: "Summe",
  whyEnded: "Warum das Spiel endete",
  rematch: "Revanche",
  toRematch: "Zur Revanche",
  moves: "Deine Züge",
  movesHint: "Alle Züge, die du jetzt machen kannst; sie gehen auch oben auf dem Tisch.",
  noMoves: "Gerade nichts zu tun.",
  log: "Spielverlauf",
  logEmpty: "Noch keine Züge.",
  moved: "hat gezogen",
  chat: "Chat",
  send: "Senden",
  chatOnlySeated: "Nur Mitspieler können hier schreiben.",
  spectator: "Du schaust zu.",
  autoPlay: "Meinen einzigen Zug für mich spielen",
  autoPlayHelp: "Wenn dein einziger Zug nichts aufdeckt und nichts entscheidet, wird er nach einer kurzen Pause für dich gespielt.",
  you: "du",
  bot: "Bot",
  offline: "nicht verbunden",
  connecting: "Verbinde …",
  connectionLost: "Verbindung verloren, verbinde neu …",
  noTable: "Tisch nicht gefunden",
  toLobby: "Zurück zur Lobby",
  moveSent: "Zug gesendet, warte auf den Tisch …",
  back: "Zurück",
  next: "Weiter",
  first: "Anfang",
  last: "Ende",
  step: "Schritt {n} von {total}",
  stepStart: "das Austeilen",
  table: "Tisch",
  options: "Regeloptionen",
  language: "English",
  languageName: "Language: English",
  error: "Fehler",
  name: "Name",
  rules: "Regeln",
  rulesOf: "Regeln von {game}",
  close: "Schließen",
  sound: "Ton, wenn du am Zug bist",
  soundOn: "Ton: an",
  soundOff: "Ton: aus",
  created: "angelegt {date}",
  botRandom: "Zufallsbot",
  botHeuristic: "Faustregel-Bot",
  botSearch: "Suchbot {n}",
  botLearned: "Lern-Bot (netzgestützte Suche)",
  botEasy: "leicht",
  botStrong: "stark",
  levels: "Spielstärken (Wertung)",
  otherBots: "Weitere Bots",
  yes: "ja",
  no: "nein",
  selected: "ausgewählt",
  cancelChoice: "Auswahl aufheben",
  lastMove: "letzter Zug",
  skipToTable: "Zum Tisch springen",
  boardOf: "Tisch: {game}",
  mainNav: "Hauptmenü",
  seats: "Plätze",
  builtIn: "eingebaut",
  uploadFile: "eine eigene Datei …",
  clock: "Bedenkzeit",
  clockNone: "keine",
  perMove: "{time} pro Zug",
  seconds: "{n} s",
  minutes: "{n} Min.",
  oneDay: "1 Tag",
  days: "{n} Tage",
  timeLeft: "{name}: noch {time}",
  timeUntil: "{name}: bis {date}",
  standin: "ein Bot vertritt",
  standinYou: "Ein Bot spielt gerade für dich (deine Zeit war abgelaufen, oder du warst weg).",
  takeBack: "Platz zurücknehmen",
  undo: "Zug zurücknehmen",
  undoHint: "Dein letzter Zug hat nichts gezeigt, und seither hat niemand gezogen: du kannst ihn zurücknehmen.",
  botMovesForYou: "Ein Bot zieht für dich",
};

export type Lang = "en" | "de";

export const TEXTS: Record<Lang, Record<Key, string>> = { en, de };

/** The saved choice, else German when the browser prefers German over English. */
export function initialLang(): Lang {
  const saved = localStorage.getItem("spieltisch:lang");
  if (saved === "de" || saved === "en") return saved;
  return preferredLang(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

export function preferredLang(languages: readonly string[]): Lang {
  for (const language of languages) {
    const code = language.toLowerCase().slice(0, 2);
    if (code === "de" || code === "en") return code;
  }
  return "en";
}

export function texts(lang: Lang) {
  const table = TEXTS[lang];
  return (key: Key, values: Record<string, string | number> = {}): string =>
    table[key].replace(/\{(\w+)\}/g, (_m, name: string) => String(values[name] ?? ""));
}

export type T = ReturnType<typeof texts>;

/** A bot's name by its id ("random", "heuristic", "ismcts:1000", "learned:t=0.25"), in the page's language. */
export function botName(id: string | null | undefined, t: T): string {
  if (id === "random") return t("botRandom");
  if (id === "heuristic") return t("botHeuristic");
  if (/^learned(:|$)/.test(id ?? "")) return t("botLearned");
  const search = /^ismcts:(\d+)$/.exec(id ?? "");
  if (search) {
    const n = Number(search[1]);
    const level = n <= 200 ? ` (${t("botEasy")})` : n >= 3000 ? ` (${t("botStrong")})` : "";
    return t("botSearch", { n }) + level;
  }
  return id ?? t("bot");
}

/** A date and time as people of that language write it (seconds since 1970). */
export function formatDate(seconds: number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-GB", { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(seconds * 1000),
  );
}

export function formatTime(seconds: number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-GB", { timeStyle: "short" }).format(new Date(seconds * 1000));
}

/** A clock's time per move in words: "60 s", "5 min", "3 days". */
export function clockTime(seconds: number, kind: string, t: T): string {
  if (kind === "day") return seconds === 86400 ? t("oneDay") : t("days", { n: seconds / 86400 });
  return seconds % 60 === 0 ? t("minutes", { n: seconds / 60 }) : t("seconds", { n: seconds });
}

/** Time left as a clock shows it: "4:07", "1:02:09". */
export function countdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor(whole / 60) % 60, whole % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}
