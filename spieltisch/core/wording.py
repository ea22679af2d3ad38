"""Small helpers for the words games show: a count with its noun in the right number, seats
named by their players' names (or their numbers)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

SEAT_WORDS = {"en": "seat", "de": "Platz"}

# The players' names by seat while a front has texts made for its table (see `seat_names`);
# empty: the texts name seats by number. A context variable, so every thread and task has its own.
_names: ContextVar[tuple[str, ...]] = ContextVar("seat_names", default=())


def counted(forms: str, number: float, **fields: object) -> str:
    """`forms` is "one|many" with `{n}` for the number: counted("{n} card|{n} cards", 1) is "1 card".

    German and English both use the singular for exactly one; a whole float prints as an
    int. `fields` fill the form's other places.
    """
    one, many = forms.split("|")
    shown = int(number) if float(number).is_integer() else number
    return (one if number == 1 else many).format(n=shown, **fields)


def seat_number(seat: int) -> int:
    """The number people read for `seat`: the first seat is 1, as on every screen (data counts from 0)."""
    return seat + 1


@contextmanager
def seat_names(names: Sequence[str]) -> Iterator[None]:
    """Inside, texts name each seat by `names[seat]` ("" or a seat beyond the list: by number).

    A front that knows its players (the server's tables, the terminal) asks for move names,
    log lines and end reasons inside this; the games never see the names, and a text made
    outside names seats by number, as the recorded trajectories do.
    """
    token = _names.set(tuple(names))
    try:
        yield
    finally:
        _names.reset(token)


def seat_name(seat: int, lang: str, capital: bool = False) -> str:
    """Who `seat` is in a text: the player's name when known, else "seat 2" ("Platz 2");
    `capital` for the start of a sentence ("Seat 2"). A name is a value, never a template:
    it goes into a text as a `str.format` field, so braces in it are printed as typed."""
    names = _names.get()
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    word = SEAT_WORDS.get(lang, SEAT_WORDS["en"])
    return f"{word[0].upper() + word[1:] if capital else word} {seat_number(seat)}"


def seats_named(seats: Sequence[int], lang: str, plural: str) -> str:
    """Several seats: "Anna, Ben" (each by `seat_name`) when names are known, else `plural`
    filled with their numbers ("seats {numbers}" gives "seats 1, 3"); one seat is `seat_name`."""
    if len(seats) == 1:
        return seat_name(seats[0], lang)
    if any(_names.get()):
        return ", ".join(seat_name(s, lang) for s in seats)
    return plural.format(numbers=", ".join(str(seat_number(s)) for s in seats))
