"""End of a game: the scores (rulebook "Spielende & Wertung", RULINGS.md ALLEGRA 5)."""

from __future__ import annotations

from collections.abc import Sequence

from spieltisch.games.allegra.actions import GAP


def layout_sum(cards: Sequence[int], slots: Sequence[int]) -> int:
    """Sum of the cards in a layout; gaps count 0."""
    return sum(cards[s] for s in slots if cards[s] != GAP)


def is_empty(cards: Sequence[int], slots: Sequence[int]) -> bool:
    return all(cards[s] == GAP for s in slots)


def game_scores(
    cards: Sequence[int], layouts: Sequence[Sequence[int]], trigger: int, empty_score: int
) -> list[int]:
    """Each seat's score for the game; every card must be face up already.

    A shared card counts for both neighbours. An all-gap layout scores
    `empty_score` (-10). The trigger's score is doubled when it is positive and
    the trigger is not alone with the lowest score (RULINGS.md ALLEGRA 5).
    """
    scores = [empty_score if is_empty(cards, slots) else layout_sum(cards, slots) for slots in layouts]
    if trigger >= 0:
        own = scores[trigger]
        alone_lowest = own == min(scores) and scores.count(own) == 1
        if own > 0 and not alone_lowest:
            scores[trigger] = 2 * own
    return scores
