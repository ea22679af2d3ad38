"""The table as text fits the width it is given: the facts beside the grid when they fit, else under it."""

from __future__ import annotations

from test_souvenirs_explained import _finished


def test_the_table_fits_every_width_and_uses_a_wide_one() -> None:
    state = _finished(4, 1)
    for width in (48, 60, 80, 120):
        for lang in ("en", "de"):
            for seat in (None, 2):
                assert max(len(line) for line in state.render_text(seat, lang, width).splitlines()) <= width
    assert len(state.render_text(2, "de", 120).splitlines()) < len(
        state.render_text(2, "de", 48).splitlines()
    )
