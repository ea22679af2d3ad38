"""Calcory: a push-your-luck memory game; turn cards and hit the sum 13."""

from spieltisch.games.calcory.game import CalcoryGame

GAME = CalcoryGame

__all__ = ["GAME", "CalcoryGame"]
