"""An option whose default grows with the table: filled in for the player count when the game is made."""

from __future__ import annotations

import pytest

from spieltisch.core.options import OptionError, OptionSpec, validate_options

CAP = OptionSpec("cap", None, "int", "a safety cap; 0 = off", minimum=0, maximum=1000, per_player=20)


def test_the_default_scales_with_the_players_and_a_given_value_does_not() -> None:
    assert validate_options("g", (CAP,), {}, players=3) == {"cap": 60}
    assert validate_options("g", (CAP,), {}, players=4) == {"cap": 80}
    assert validate_options("g", (CAP,), {"cap": "0"}, players=4) == {"cap": 0}
    assert validate_options("g", (CAP,), {"cap": 7}, players=2) == {"cap": 7}
    assert CAP.default_for(None) is None


def test_the_description_says_per_player() -> None:
    assert "default 20 per player" in CAP.describe()
    with pytest.raises(OptionError, match="default 20 per player"):
        validate_options("g", (CAP,), {"cap": -1}, players=2)
