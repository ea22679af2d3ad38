"""Hooks for search bots: final scores estimated from a game in progress.

A playout cut off early is judged by these estimates: the match totals so
far plus the current game's layouts as they lie, face-down cards counted at
the mean of the cards nobody has seen, and the trigger doubled as the end
would double it (RULINGS.md ALLEGRA 5). Lower is better, as in the game.
"""

from __future__ import annotations

from spieltisch.games.allegra.actions import GAP
from spieltisch.games.allegra.bot import unseen_mean
from spieltisch.games.allegra.phases import DEAL
from spieltisch.games.allegra.rules import AllegraState
from spieltisch.games.allegra.scoring import double_trigger


def estimate_scores(state: AllegraState) -> list[float]:
    if state.is_terminal():
        return state.scores()
    if state.phase == DEAL:
        return state.scores()  # nothing of the new game lies yet: it starts even
    game = layout_estimates(state)
    double_trigger(game, state.trigger)
    totals = state.totals  # by index, not zip(..., strict=True): compiled, that is a call with a keyword
    return [totals[seat] + game[seat] for seat in range(len(game))]


def layout_estimates(state: AllegraState) -> list[float]:
    """Each seat's layout sum, face-down cards at the unseen mean (all gaps: the empty score)."""
    mean = unseen_mean(state)
    cards, up = state.cards, state.up
    empty_score = float(state.settings.deck.empty_layout_score)
    result = []
    for slots in state.layouts:
        total, empty = 0.0, True
        for slot in slots:
            value = cards[slot]
            if value != GAP:
                empty = False
                total += value if up[slot] else mean
        result.append(empty_score if empty else total)
    return result
