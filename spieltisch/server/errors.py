"""Errors the server answers with, in every language it speaks, and its websocket close codes.

Each error is a named `Problem`: a stable `code` for programs, an HTTP status
and one sentence per language with named blanks. Seats are counted from 1 in
these sentences, as on the screen. A `TableError` carries a problem and the
values for its blanks; it is worded only when it is sent, in the language of
whoever receives it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

LANGS = ("en", "de")
"""The languages the server speaks; the first is the fallback."""


class CloseCode(IntEnum):
    """Why the server closed a table's websocket: every code it closes one with.

    The server closes with the 4xxx codes (4000-4999 are free for applications)
    and 1013; uvicorn with 1009 and 1012. A connection that ends without a close
    frame (1006: the network, a failed send, a crash) has no code of its own.
    The browser client gets these names from the published schema
    (spieltisch/web/src/closecodes.ts) and acts on each on purpose.
    """

    meaning: str

    def __new__(cls, code: int, meaning: str) -> CloseCode:
        member = int.__new__(cls, code)
        member._value_ = code
        member.meaning = meaning
        return member

    MESSAGE_TOO_BIG = 1009, "A frame over the server's limit of 64 KiB."
    SERVICE_RESTART = 1012, "The server is shutting down or restarting."
    TRY_AGAIN_LATER = 1013, "Refused for now: too many connections or new ones a minute, or no database."
    TOO_SLOW = 4008, "The connection's outgoing queue overflowed: the client does not read what it is sent."
    NO_TABLE = 4404, "The table does not exist."
    NO_HELLO = 4408, "No hello within the time allowed after connecting."


def close_codes_json_schema() -> dict[str, Any]:
    """CloseCode as JSON Schema, each code's name and meaning beside it (`x-enum-varnames`)."""
    return {
        "title": "CloseCode",
        "description": " ".join((CloseCode.__doc__ or "").split("\n\n")[0].split()),
        "type": "integer",
        "enum": [int(code) for code in CloseCode],
        "x-enum-varnames": [code.name for code in CloseCode],
        "x-enum-descriptions": [code.meaning for code in CloseCode],
    }


@dataclass(frozen=True)
class Problem:
    code: str
    status: int
    en: str
    de: str

    def text(self, lang: str, **values: Any) -> str:
        """The sentence in `lang`; a value given per language ({"en": ..., "de": ...}) is picked too."""
        template = self.de if lang == "de" else self.en
        worded = {k: in_lang(v, lang) if isinstance(v, dict) else v for k, v in values.items()}
        return template.format(**worded)


NOT_FOUND = Problem("not_found", 404, "there is no table {table}", "Einen Tisch {table} gibt es nicht")
NO_GAME = Problem("not_found", 404, "there is no game {game}", "Ein Spiel {game} gibt es nicht")
UNAVAILABLE = Problem(
    "unavailable",
    500,
    "table {table} cannot be restored: {detail}",
    "Tisch {table} lässt sich nicht wiederherstellen: {detail}",
)
DATABASE_DOWN = Problem(
    "try_again",
    503,
    "the database cannot be reached just now; nothing was changed, try again in a moment",
    "Die Datenbank ist gerade nicht erreichbar; nichts wurde geändert, bitte gleich noch einmal versuchen",
)
MALFORMED = Problem("malformed", 422, "{detail}", "{detail}")
BAD_OPTIONS = Problem("bad_options", 400, "{detail}", "Diese Einstellungen gehen nicht: {detail}")
UNKNOWN_DATA_SET = Problem(
    "bad_options",
    400,
    "option {option}: choose one of the offered data sets ({offered}), leave it empty for the built-in one, "
    "or upload a file",
    "Option {option}: einen der angebotenen Datensätze wählen ({offered}), leer lassen für den eingebauten "
    "oder eine Datei hochladen",
)
DATA_FILE_TOO_LARGE = Problem(
    "too_large",
    413,
    "option {option}: an uploaded file may have at most {limit} bytes",
    "Option {option}: eine hochgeladene Datei darf höchstens {limit} Bytes haben",
)
NOT_A_FILE_OPTION = Problem(
    "bad_options",
    400,
    "{option} takes no file; files go with: {options}",
    "{option} nimmt keine Datei; Dateien gehören zu: {options}",
)
BAD_BOT = Problem(
    "bad_bot",
    400,
    "there is no bot {bot}; choose one of: {allowed}",
    "Einen Bot {bot} gibt es nicht; zur Wahl: {allowed}",
)
BOT_PLAYERS = Problem(
    "bad_bot",
    400,
    "the bot {bot} plays only with {counts} players, not with {players}",
    "Der Bot {bot} spielt nur mit {counts} Spielern, nicht mit {players}",
)
BAD_SEATS = Problem(
    "bad_seats",
    400,
    "{given} seats given for {players} players",
    "{given} Plätze angegeben für {players} Spieler",
)
NOT_OPEN = Problem("not_open", 409, "the table has already started", "Das Spiel hat schon begonnen")
SEAT_TAKEN = Problem("seat_taken", 409, "seat {seat} is not free", "Platz {seat} ist nicht frei")
NO_FREE_SEAT = Problem("seat_taken", 409, "no free seat to fill", "Kein Platz ist mehr frei")
SEATS_OPEN = Problem(
    "seats_open",
    409,
    "every seat needs a player or a bot before the start",
    "Vor dem Start braucht jeder Platz einen Spieler oder einen Bot",
)
NOT_HOST = Problem(
    "wrong_token",
    403,
    "this is not the host token of the table",
    "Das ist nicht der Schlüssel des Gastgebers",
)
NOT_A_PLAYER = Problem(
    "wrong_token",
    403,
    "only the players of this table can ask for a rematch",
    "Nur wer an diesem Tisch gespielt hat, kann eine Revanche verlangen",
)
NO_SEAT_FOR_TOKEN = Problem(
    "wrong_token",
    403,
    "this token holds no seat at this table",
    "Dieser Schlüssel gehört zu keinem Platz hier",
)
NOT_FINISHED = Problem(
    "not_finished", 409, "the game is not finished yet", "Das Spiel ist noch nicht zu Ende"
)
BAD_VERSION = Problem(
    "bad_version",
    400,
    "the step must be between 0 and {last}",
    "Der Schritt muss zwischen 0 und {last} liegen",
)
TOO_LARGE = Problem(
    "too_large",
    400,
    "a message may have at most {limit} bytes",
    "Eine Nachricht darf höchstens {limit} Bytes haben",
)
BODY_TOO_LARGE = Problem(
    "too_large",
    413,
    "a request may have at most {limit} bytes",
    "Eine Anfrage darf höchstens {limit} Bytes haben",
)
RATE_LIMITED_TABLES = Problem(
    "rate_limited",
    429,
    "at most {limit} new tables a minute; wait a little",
    "Höchstens {limit} neue Tische pro Minute; bitte kurz warten",
)
RATE_LIMITED_CONNECTIONS = Problem(
    "rate_limited",
    429,
    "at most {limit} new connections a minute; wait a little",
    "Höchstens {limit} neue Verbindungen pro Minute; bitte kurz warten",
)
TOO_MANY_CONNECTIONS = Problem(
    "too_many_connections",
    429,
    "too many connections; close some tables or try again later",
    "Zu viele Verbindungen; einige Tische schließen oder später wieder versuchen",
)
NOT_SEATED = Problem(
    "not_seated",
    400,
    "only a seated player can do that; send your seat token first",
    "Das kann nur, wer einen Platz hat; zuerst den Platzschlüssel senden",
)
SEAT_PRESENT = Problem(
    "seat_present",
    409,
    "seat {seat} is not absent: its player is connected",
    "Platz {seat} ist nicht verwaist: die Person ist verbunden",
)
NOT_A_PERSON = Problem(
    "seat_taken", 409, "seat {seat} holds no person", "Auf Platz {seat} sitzt keine Person"
)
STANDING_IN = Problem(
    "standing_in",
    409,
    "a bot is playing for you; say hello again to take your seat back",
    "Ein Bot spielt für dich; sag erneut Hallo, um deinen Platz zurückzunehmen",
)
STALE_VERSION = Problem(
    "stale_version",
    409,
    "the table is at step {current}, not {given}; another move came first",
    "Der Tisch ist bei Schritt {current}, nicht {given}; ein anderer Zug kam zuerst",
)
STORED_FIRST = Problem(
    "stale_version",
    409,
    "another move was stored first; reload",
    "Ein anderer Zug wurde zuerst gespeichert; bitte neu laden",
)
NOT_YOUR_TURN = Problem(
    "not_your_turn", 409, "it is {name}'s turn (seat {seat})", "{name} ist am Zug (Platz {seat})"
)
ILLEGAL_ACTION = Problem(
    "illegal_action", 400, "move {action} is not possible now", "Zug {action} ist jetzt nicht möglich"
)
ILLEGAL_MOVE = Problem(
    "illegal_move", 400, "this move is not possible now: {why}", "Dieser Zug ist jetzt nicht möglich: {why}"
)
NO_TAKE_BACK = Problem(
    "cannot_take_back",
    409,
    "there is no move of yours to take back: only your own last move can be, while nobody has moved"
    " since and it showed nothing hidden and drew nothing",
    "Du hast keinen Zug, den du zurücknehmen kannst: nur deinen eigenen letzten, solange niemand"
    " seither gezogen hat und er nichts Verdecktes gezeigt und nichts gezogen hat",
)
NOT_RUNNING = Problem(
    "not_running",
    409,
    "the game is not running (it is {status})",
    "Das Spiel läuft nicht (Stand: {status})",
)
RATE_LIMITED = Problem(
    "rate_limited", 429, "too many messages; wait a few seconds", "Zu viele Nachrichten; bitte kurz warten"
)


class TableError(Exception):
    """A request that cannot be carried out; nothing was changed."""

    def __init__(self, problem: Problem, **values: Any) -> None:
        super().__init__(problem.text("en", **values))
        self.problem = problem
        self.values = values

    @property
    def code(self) -> str:
        return self.problem.code

    @property
    def status(self) -> int:
        return self.problem.status

    def text(self, lang: str) -> str:
        return self.problem.text(lang, **self.values)


STATUS_WORDS = {
    "open": {"en": "open", "de": "offen"},
    "running": {"en": "running", "de": "läuft"},
    "finished": {"en": "finished", "de": "beendet"},
    "expired": {"en": "expired", "de": "verfallen"},
}


def in_lang(texts: dict[str, Any], lang: str) -> Any:
    """`texts[lang]`, or the fallback language's entry when `lang` has none."""
    return texts[lang] if lang in texts else texts.get(LANGS[0])


def pick_lang(accept_language: str | None) -> str:
    """The language of a request: the first one its Accept-Language names that the server speaks."""
    for part in (accept_language or "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGS:
            return tag
    return LANGS[0]


# pydantic's check names, worded in German (pydantic words them in English).
GERMAN_CHECKS = {
    "missing": "fehlt",
    "extra_forbidden": "ist hier nicht erlaubt",
    "int_type": "muss eine ganze Zahl sein",
    "int_parsing": "muss eine ganze Zahl sein",
    "int_from_float": "muss eine ganze Zahl sein",
    "bool_type": "muss wahr oder falsch sein",
    "bool_parsing": "muss wahr oder falsch sein",
    "string_type": "muss ein Text sein",
    "string_too_short": "ist zu kurz",
    "string_too_long": "ist zu lang",
    "too_short": "hat zu wenige Einträge",
    "too_long": "hat zu viele Einträge",
    "greater_than_equal": "ist zu klein",
    "less_than_equal": "ist zu groß",
    "literal_error": "ist keiner der erlaubten Werte",
    "enum": "ist keiner der erlaubten Werte",
    "dict_type": "muss ein Objekt sein",
    "list_type": "muss eine Liste sein",
    "model_type": "muss ein Objekt sein",
    "model_attributes_type": "muss ein Objekt sein",
    "json_invalid": "ist kein gültiges JSON",
    "json_type": "ist kein gültiges JSON",
    "union_tag_invalid": "ist keine bekannte Nachrichtenart",
    "union_tag_not_found": "nennt keine Nachrichtenart (type)",
    "bad_name": (
        "ein Name hat 1-24 Buchstaben, Ziffern, Leerzeichen oder . ' - "
        "und beginnt mit einem Buchstaben oder einer Ziffer"
    ),
    "only_control_characters": "enthält nichts Lesbares",
}


def validation_detail(errors: Sequence[Any], skip: int = 0) -> dict[str, str]:
    """pydantic's findings in every language: "field: what is wrong", joined by "; ".

    `skip` drops leading parts of each location ("body" of a request).
    """
    texts: dict[str, list[str]] = {lang: [] for lang in LANGS}
    for error in errors:
        where = ".".join(map(str, error["loc"][skip:])) or "message"
        texts["en"].append(f"{where}: {error['msg']}")
        texts["de"].append(f"{where}: {GERMAN_CHECKS.get(error['type'], 'ist ungültig')}")
    return {lang: "; ".join(found) or "invalid request" for lang, found in texts.items()}
