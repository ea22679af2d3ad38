"""The strength table: does each bot beat the one below it, by the project's targets?

For every game, `spieltisch strength` plays the heuristic bot against random
and ISMCTS against the heuristic: the candidate in one seat, the opponent in
all others, rotated one seat per game so the candidate plays every seat.
A candidate meets its target with two players when it wins at least 60% and
its 95% interval lies above one half; with more players when the interval
lies above the fair share (1/players). A candidate with a time limit per move
must also keep its slowest game's mean thinking time within it.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from spieltisch.bots import make_bot
from spieltisch.core.contract import State
from spieltisch.lab.simulation import StudySpec, make_game, play_seated, resolve_game_class, seat_bots
from spieltisch.lab.summary import bot_rows

TWO_PLAYER_TARGET = 0.6


@dataclass(frozen=True)
class Matchup:
    game: str  # a registered name, or module:GameClass
    players: int
    candidate: str
    opponent: str
    title: str = ""  # the game's own name, for tables

    @property
    def shown(self) -> str:
        return self.title or self.game

    @property
    def label(self) -> str:
        """A folder name for the matchup's study."""
        return f"{self.shown}-{self.players}p-{self.candidate}-vs-{self.opponent}".replace(":", "_")

    def spec(self, games: int, seed: int) -> StudySpec:
        bots = seat_bots([self.candidate, self.opponent], self.players)
        return StudySpec(self.game, self.players, bots, games, seed)


@dataclass(frozen=True)
class Verdict:
    matchup: Matchup
    games: int
    share: float
    low: float
    high: float
    seconds_per_move: float
    met: bool
    why: str

    @property
    def fair(self) -> float:
        return 1 / self.matchup.players


def matchups(games: list[str], ismcts: str, players: int | None = None, kinds: str = "both") -> list[Matchup]:
    """Heuristic against random, then ISMCTS against heuristic, for each game.

    Each game is played with `players` seats, or its smallest count of at least two.
    """
    pairs = {"heuristic": [("heuristic", "random")], "ismcts": [(ismcts, "heuristic")]}
    chosen = pairs["heuristic"] + pairs["ismcts"] if kinds == "both" else pairs[kinds]
    result = []
    for candidate, opponent in chosen:
        for game in games:
            cls = resolve_game_class(game)
            count = players or max(2, cls.min_players)
            result.append(Matchup(game, count, candidate, opponent, cls.name))
    return result


def estimate_seconds(matchup: Matchup, samples: int = 2, seed: int = 0) -> float:
    """About how many seconds one game of `matchup` takes on one core, from a quick pilot.

    A pilot game with the opponent in every seat gives the game's length and
    the opponents' cost; the candidate's cost per move is timed on `samples`
    positions of it, and it makes about one move in `players`.
    """
    game = make_game(matchup.game, matchup.players, {})
    opponents = [make_bot(matchup.opponent, game, seat) for seat in range(matchup.players)]
    start = time.perf_counter()
    final, _, decisions = play_seated(game, opponents, seed)
    pilot = time.perf_counter() - start
    positions = _decision_states(final, samples)
    candidate_seconds = 0.0
    for position in positions:
        bot = make_bot(matchup.candidate, game, position.current_player())
        start = time.perf_counter()
        bot.choose(position, random.Random(seed))
        candidate_seconds += time.perf_counter() - start
    per_move = candidate_seconds / len(positions) if positions else 0.0
    moves = sum(decisions)
    return pilot * (matchup.players - 1) / matchup.players + moves / matchup.players * per_move


def _decision_states(final: State, count: int) -> list[State]:
    """Up to `count` positions spread over a finished game where a player is to move."""
    history = final.history()
    marks = [len(history) * (i + 1) // (count + 1) for i in range(count)]
    state = final.game.new_initial_state()
    found: list[State] = []
    for index, action in enumerate(history):
        if marks and index >= marks[0] and not state.is_chance_node():
            found.append(state.clone())
            marks.pop(0)
        state.apply_action(action)
    return found


def judge(matchup: Matchup, results: list[dict[str, Any]], seconds_limit: float | None) -> Verdict:
    """The candidate's win share, interval and speed over `results`, against the target."""
    row = next(r for r in bot_rows(results) if r["bot"] == matchup.candidate)
    share, low, high = row["share"], row["low"], row["high"]
    seconds = row["seconds_per_move"]
    met, why = target_met(share, low, matchup.players)
    if seconds_limit is not None and seconds > seconds_limit:
        met, why = False, f"too slow: {seconds:.2f} s/move, limit {seconds_limit:g}"
    return Verdict(matchup, row["played"], share, low, high, seconds, met, why)


def target_met(share: float, low: float, players: int) -> tuple[bool, str]:
    fair = 1 / players
    if low <= fair:
        return False, f"interval reaches the fair share {fair:.3f}"
    if players == 2 and share < TWO_PLAYER_TARGET:
        return False, f"below {TWO_PLAYER_TARGET:.0%} wins"
    return True, "met"


def markdown_table(verdicts: list[Verdict]) -> str:
    lines = [
        "| game | players | candidate | opponent | games | win share | 95% interval | fair share "
        "| max s/move | target met |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for v in verdicts:
        m = v.matchup
        verdict = "yes" if v.met else f"no ({v.why})"
        lines.append(
            f"| {m.shown} | {m.players} | `{m.candidate}` | `{m.opponent}` | {v.games} | {v.share:.3f} "
            f"| {v.low:.3f}-{v.high:.3f} | {v.fair:.3f} | {v.seconds_per_move:.2f} | {verdict} |"
        )
    return "\n".join(lines) + "\n"
