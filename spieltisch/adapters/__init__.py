"""Research adapters: PettingZoo, Gymnasium and OpenSpiel views of every game.

Each adapter lives in its own module and needs its optional extra
(`pip install spieltisch[rl]` or `spieltisch[openspiel]`); importing this
package alone needs none of them, and the core never imports an adapter.
"""
