"""End of a game: the scores (rulebook "Spielende & Wertung", RULINGS.md ALLEGRA 5)."""

from __future__ import annotations

from collections.abc import Sequence

from spieltisch.games.allegra.actions import GAP


def layout_sum(cards: Sequence[int], slots: Sequence[int]) -> int:
    """Sum of the cards in a layout; gaps count 0."""
    return sum(cards[s] for s in slots if cards[s] != GAP)


def is_empty(cards: Sequence[int], slots: Sequence[int]) -> bool:
    return all(cards[s] == GAP for s in slots)


# Scores are whole points or, in estimates, fractions: a union rather than a
# constrained TypeVar, which the compiled build would read as whole points only.
def trigger_doubled(scores: Sequence[int] | Sequence[float], trigger: int) -> bool:
    """Whether the trigger's score is doubled: it is positive and the trigger is not
    alone with the lowest score (RULINGS.md ALLEGRA 5); never without a trigger."""
    if trigger < 0:
        return False
    own = scores[trigger]
    alone_lowest = own == min(scores) and scores.count(own) == 1
    return own > 0 and not alone_lowest


def double_trigger(scores: list[int] | list[float], trigger: int) -> None:
    """Double the trigger's score in place where the rule says so."""
    if trigger_doubled(scores, trigger):
        scores[trigger] *= 2  # type: ignore[assignment]  # an int stays an int, a float a float


def layout_score(cards: Sequence[int], slots: Sequence[int], empty_score: int) -> int:
    """One layout's score before doubling: its sum, or `empty_score` (-10) when all gaps."""
    return empty_score if is_empty(cards, slots) else layout_sum(cards, slots)


def game_scores(
    cards: Sequence[int], layouts: Sequence[Sequence[int]], trigger: int, empty_score: int
) -> list[int]:
    """Each seat's score for the game; every card must be face up already.

    A shared card counts for both neighbours. An all-gap layout scores
    `empty_score` (-10). The trigger's score is doubled when it is positive and
    the trigger is not alone with the lowest score (RULINGS.md ALLEGRA 5).
    """
    scores = [layout_score(cards, slots, empty_score) for slots in layouts]
    double_trigger(scores, trigger)
    return scores
