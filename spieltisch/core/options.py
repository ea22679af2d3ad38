"""Rule options: declared per game, validated once in `load_game`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


class OptionError(ValueError):
    """A game name, player count or rule option that the game does not allow."""


@dataclass(frozen=True)
class Words:
    """A short text in each language the tables speak."""

    en: str
    de: str

    def __call__(self, lang: str) -> str:
        """The text in `lang` (English for another language)."""
        return self.de if lang == "de" else self.en


@dataclass(frozen=True)
class OptionSpec:
    """One rule option of a game.

    `kind` is "bool", "int", "choice" or "str" (a free string such as a file
    path, checked by the game itself). An "int" option whose default grows
    with the table sets `per_player` (and `default` None): its default for n
    players is `per_player * n`, filled in when the game is made.

    `help` says what the option does and `label` names it for a person (the
    lobby's field), both as `Words` in German and English; a plain string is
    English only, and without a label the option's name stands for itself.
    `choice_labels` name the choices for a person, in order (none: as they are).
    The command line shows the English help.
    """

    name: str
    default: Any
    kind: str
    help: str | Words
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    per_player: int | None = None
    label: Words | None = None
    choice_labels: tuple[Words, ...] = ()

    def help_in(self, lang: str) -> str:
        return self.help(lang) if isinstance(self.help, Words) else self.help

    def label_in(self, lang: str) -> str:
        return self.label(lang) if self.label else self.name.replace("_", " ")

    def choice_labels_in(self, lang: str) -> list[str]:
        if self.choice_labels:
            return [words(lang) for words in self.choice_labels]
        return [str(choice) for choice in self.choices]

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label per choice")

    def default_for(self, players: int | None) -> Any:
        """The default for `players` (`default` itself when it does not scale or no count is given)."""
        if self.per_player is None or players is None:
            return self.default
        return self.per_player * players

    def describe(self) -> str:
        default = f"{self.per_player} per player" if self.per_player is not None else repr(self.default)
        return f"{self.name} ({self.allowed_values()}; default {default}): {self.help_in('en')}"

    def allowed_values(self) -> str:
        """The values the option takes, in words: "true or false", "a whole number 5..6"."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.kind == "int":
            low = "" if self.minimum is None else f"{self.minimum}"
            high = "" if self.maximum is None else f"{self.maximum}"
            return f"a whole number {low}..{high}".rstrip(".") if low or high else "a whole number"
        return "a text value"

    def coerce(self, value: Any) -> Any:
        """Turn `value` (possibly a command-line string) into a valid value or raise."""
        if self.kind == "bool":
            return _coerce_bool(self, value)
        if self.kind == "int":
            return _coerce_int(self, value)
        if self.kind == "choice":
            for choice in self.choices:
                if value == choice or (isinstance(value, str) and value == str(choice)):
                    return choice
            raise OptionError(f"option {self.name}={value!r} is not allowed; use {self.describe()}")
        if not isinstance(value, str):
            raise OptionError(f"option {self.name} must be text, got {value!r}")
        return value


def _coerce_bool(spec: OptionSpec, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1"):
        return True
    if isinstance(value, str) and value.lower() in ("false", "no", "off", "0"):
        return False
    raise OptionError(f"option {spec.name}={value!r} is not allowed; use {spec.describe()}")


def _coerce_int(spec: OptionSpec, value: Any) -> int:
    if isinstance(value, bool):
        raise OptionError(f"option {spec.name}={value!r} is not allowed; use {spec.describe()}")
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise OptionError(f"option {spec.name}={value!r} is not allowed; use {spec.describe()}") from None
    if isinstance(value, float) and value != number:
        raise OptionError(f"option {spec.name}={value!r} is not a whole number")
    if (spec.minimum is not None and number < spec.minimum) or (
        spec.maximum is not None and number > spec.maximum
    ):
        raise OptionError(f"option {spec.name}={value!r} is out of range; use {spec.describe()}")
    return number


def check_json_kinds(specs: tuple[OptionSpec, ...], given: Mapping[str, Any]) -> None:
    """Refuse values of the wrong JSON kind, as a JSON client sends them (the server's REST API).

    The command line gives every value as text, so `coerce` reads "5" as 5; a JSON
    client has real numbers and booleans, and a "5" or 5.0 from it is a mistake.
    """
    by_name = {spec.name: spec for spec in specs}
    for name, value in given.items():
        spec = by_name.get(name)
        if spec is None:
            continue  # validate_options names unknown options
        wrong_int = spec.kind == "int" and (isinstance(value, bool) or not isinstance(value, int))
        wrong_bool = spec.kind == "bool" and not isinstance(value, bool)
        if wrong_int or wrong_bool:
            kind = "a whole number" if spec.kind == "int" else "true or false"
            raise OptionError(f"option {name}={value!r} must be {kind}; use {spec.describe()}")


def validate_options(
    game_name: str, specs: tuple[OptionSpec, ...], given: Mapping[str, Any], players: int | None = None
) -> dict[str, Any]:
    """Return every option of the game with defaults (for `players`) filled in, or raise OptionError."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        allowed = "; ".join(spec.describe() for spec in specs) or "this game has no options"
        raise OptionError(f"{game_name} has no option {', '.join(unknown)}. Allowed: {allowed}")
    values = {spec.name: spec.default_for(players) for spec in specs}
    for name, value in given.items():
        values[name] = by_name[name].coerce(value)
    return values
