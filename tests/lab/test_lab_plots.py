"""The lab's plots: no label or legend is cut off, however long, for one variant or several."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("matplotlib")

from spieltisch.lab import plots
from spieltisch.lab.report import score_meaning

BOTS = ["heuristic", "ismcts:500:c=0.7:cutoff=40", "random"]


def study_results(variants: list[str]) -> list[dict[str, Any]]:
    rng = random.Random(1)
    return [
        {"variant": variant, "bots": BOTS, "scores": [rng.randint(0, 90) for _ in BOTS],
         "decisions": rng.randint(20, 90)}
        for variant in variants for _ in range(20)
    ]  # fmt: skip


def fits(figure: Any) -> bool:
    """Whether everything drawn (labels, ticks, legend, title) lies inside the figure's edges."""
    figure.canvas.draw()
    drawn = figure.get_tightbbox(figure.canvas.get_renderer())  # in inches
    width, height = figure.get_size_inches()
    return bool(
        drawn.x0 >= -0.01 and drawn.y0 >= -0.01 and drawn.x1 <= width + 0.01 and drawn.y1 <= height + 0.01
    )


@pytest.mark.parametrize("variants", [["base"], ["base", "variant"], ["base", "variant 1", "variant 2"]])
def test_no_label_is_cut_off(variants: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pyplot = plots._pyplot()
    drawn: list[Any] = []
    monkeypatch.setattr(pyplot, "close", drawn.append)
    results = study_results(variants)
    names = {v: f"{v}: knocking=false, games=3, turn_cap=300" for v in variants}
    longest = max((f"final score: {score_meaning(game)}" for game in plots_games()), key=len)
    rows = [{"seat": seat, "share": 1 / 3, "low": 0.2, "high": 0.5} for seat in range(3)]
    plots.plot_scores_by_bot(results, tmp_path / "scores.png", names, longest)
    plots.plot_win_share_by_seat({v: {"seats": rows} for v in variants}, 3, tmp_path / "seats.png", names)
    plots.plot_game_length(results, tmp_path / "length.png", names)
    monkeypatch.undo()
    try:
        assert len(drawn) == 3
        for figure in drawn:
            assert fits(figure), figure.axes[0].get_title()
    finally:
        for figure in drawn:
            pyplot.close(figure)


def plots_games() -> list[str]:
    from spieltisch.core.registry import game_names

    return game_names()
