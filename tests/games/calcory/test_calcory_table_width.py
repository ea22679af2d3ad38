"""The table as text fits the width it is given: the facts beside the layout when wide, under it when not."""

from __future__ import annotations

from calcory_helpers import deal, turn


def test_the_facts_stand_beside_the_layout_only_when_they_fit() -> None:
    state = deal(3, [7, 4])
    turn(state, "A1", "A2")
    narrow = state.render_text(0, "en", 80).splitlines()
    wide = state.render_text(0, "en", 120).splitlines()
    assert any(line.startswith("Seat 1 (you)") for line in narrow)
    assert any(line.startswith(" A ") and "Seat 2: " in line for line in wide)
    assert len(wide) < len(narrow)
    for width in (50, 80, 120):
        for lang in ("en", "de"):
            assert max(len(line) for line in state.render_text(None, lang, width).splitlines()) <= width
