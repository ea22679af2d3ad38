"""Calcory: a push-your-luck memory game; turn cards and hit the sum 13."""

from spieltisch.games.calcory.memory import remember_facts, resample_with_memory
from spieltisch.games.calcory.rules import CalcoryGame

GAME = CalcoryGame

__all__ = ["GAME", "CalcoryGame", "remember_facts", "resample_with_memory"]
