"""The `learned` bot: ISMCTS with a small network's policy as its prior and its value at the leaves.

The network (spieltisch.bots.learned.net) runs in NumPy; its weights are
files in spieltisch/bots/data/learned, one per game and player count, made by
`spieltisch train` (spieltisch.lab.train). The search is in
spieltisch.bots.learned.search.
"""

from spieltisch.bots.learned.net import Net
from spieltisch.bots.learned.search import LearnedBot, make_learned_bot, net_for

__all__ = ["LearnedBot", "Net", "make_learned_bot", "net_for"]
