"""The games of spieltisch: one package each, found by `spieltisch.core.registry`.

A game package's `__init__` sets `GAME` to its Game class; nothing else
needs to change for the tests, the command line and the fronts to find it.
"""
