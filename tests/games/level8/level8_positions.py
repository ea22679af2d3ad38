"""Building LEVEL 8 positions for tests: cards by name, forced deals, hand-made tables."""

from __future__ import annotations

from typing import Any

from spieltisch.games.level8.cards import CODES, JOKER, SKIP, kind_of
from spieltisch.games.level8.game import Level8Game
from spieltisch.games.level8.levels import COLOUR, RUN, SET
from spieltisch.games.level8.phases import PLAY
from spieltisch.games.level8.rules import Level8State
from spieltisch.games.level8.solver import Group, make_group


def card(name: str) -> int:
    """ "R7" -> the red 7; "J" joker; "S" skip card."""
    if name == "J":
        return JOKER
    if name == "S":
        return SKIP
    return kind_of(int(name[1:]), CODES.index(name[0]))


def cards(names: str) -> list[int]:
    return sorted(card(n) for n in names.split())


def group(kind: str, names: str, meanings: list[int] | None = None) -> Group:
    """A laid group; number cards mean their number (or colour), jokers take `meanings`."""
    ptype = {"run": RUN, "set": SET, "colour": COLOUR}[kind]
    picks = []
    jokers = iter(meanings or [])
    for name in names.split():
        k = card(name)
        if k == JOKER:
            picks.append((k, next(jokers)))
        else:
            picks.append((k, k // 15 if ptype == COLOUR else k % 15 + 1))
    return make_group(ptype, picks)


def position(
    players: int = 3,
    hands: dict[int, str] | None = None,
    piles: dict[int, str] | None = None,
    groups: dict[int, list[Group]] | None = None,
    levels: dict[int, int] | None = None,
    player: int = 0,
    phase: int = PLAY,
    **options: Any,
) -> Level8State:
    """A mid-round table; the draw pile holds every card not placed elsewhere.

    Seats whose hand is not given get 5 filler cards from the draw pile's end.
    """
    game = Level8Game(players, options)
    state = game.new_initial_state()
    stock = game.settings.deck.counts()
    state.deal_queue = []
    given = {s: cards(h) for s, h in (hands or {}).items()}
    state.piles = [cards((piles or {}).get(s, "")) for s in range(players)]
    state.groups = [list((groups or {}).get(s, [])) for s in range(players)]
    used = [c for h in given.values() for c in h] + [c for p in state.piles for c in p]
    used += [c for gs in state.groups for g in gs for c in g[3]]
    for c in used:
        stock[c] -= 1
        assert stock[c] >= 0, f"card {c} used twice"
    for s in range(players):
        if s not in given:
            filler = [k for k in range(JOKER - 1, -1, -1) if stock[k]][:5]
            for c in filler:
                stock[c] -= 1
            given[s] = sorted(filler)
    state.hands = [given[s] for s in range(players)]
    state.known = [[] for _ in range(players)]
    state.laid = [bool(state.groups[s]) for s in range(players)]
    state.level = [(levels or {}).get(s, 1) for s in range(players)]
    state.stock = stock
    state.stock_size = sum(stock)
    state.dealer = (player - 1) % players
    state.player = player
    state.phase = phase
    state.check_invariants()
    return state


def legal_names(state: Level8State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def force_deal(state: Level8State, hands: dict[int, str], turned: str) -> None:
    """Apply the deal's chance outcomes so each seat gets the named cards (in order)."""
    queues = {s: cards(h) for s, h in hands.items()}
    while state.deal_queue:
        seat = state.deal_queue[0]
        state.apply_action(card(turned) if seat < 0 else queues[seat].pop(0))
