// German and English texts. Game-specific words come from the server (move labels).

const en = {
  lobby: "Lobby",
  newTable: "New table",
  game: "Game",
  players: "Players",
  yourName: "Your name",
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
  rematch: "Rematch",
  toRematch: "Go to the rematch",
  moves: "Your moves",
  noMoves: "Nothing to do right now.",
  log: "Game log",
  moved: "moved",
  chat: "Chat",
  send: "Send",
  chatOnlySeated: "Only players can write here.",
  spectator: "You are watching.",
  you: "you",
  bot: "bot",
  offline: "offline",
  connecting: "Connecting …",
  back: "Back",
  next: "Next",
  first: "Start",
  last: "End",
  step: "Step {n} of {total}",
  table: "Table",
  options: "Rule options",
  language: "Deutsch",
  error: "Error",
  name: "Name",
} as const;

type Key = keyof typeof en;

const de: Record<Key, string> = {
  lobby: "Lobby",
  newTable: "Neuer Tisch",
  game: "Spiel",
  players: "Spieler",
  yourName: "Dein Name",
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
  rematch: "Revanche",
  toRematch: "Zur Revanche",
  moves: "Deine Züge",
  noMoves: "Gerade nichts zu tun.",
  log: "Spielverlauf",
  moved: "hat gezogen",
  chat: "Chat",
  send: "Senden",
  chatOnlySeated: "Nur Mitspieler können hier schreiben.",
  spectator: "Du schaust zu.",
  you: "du",
  bot: "Bot",
  offline: "offline",
  connecting: "Verbinde …",
  back: "Zurück",
  next: "Weiter",
  first: "Anfang",
  last: "Ende",
  step: "Schritt {n} von {total}",
  table: "Tisch",
  options: "Regeloptionen",
  language: "English",
  error: "Fehler",
  name: "Name",
};

export type Lang = "en" | "de";

export function initialLang(): Lang {
  const saved = localStorage.getItem("spieltisch:lang");
  if (saved === "de" || saved === "en") return saved;
  return navigator.language.toLowerCase().startsWith("de") ? "de" : "en";
}

export function texts(lang: Lang) {
  const table = lang === "de" ? de : en;
  return (key: Key, values: Record<string, string | number> = {}): string =>
    table[key].replace(/\{(\w+)\}/g, (_m, name: string) => String(values[name] ?? ""));
}

export type T = ReturnType<typeof texts>;
