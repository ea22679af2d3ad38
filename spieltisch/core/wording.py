"""Small helpers for the words games show: a count with its noun in the right number, seat numbers."""

from __future__ import annotations


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
