"""The Calcory rule-of-thumb player: push-your-luck by counting the unseen digits.

It reads only what its seat may see (`CalcoryState.unseen_counts`, face-up
cards, its own put-back cards). The next unknown card is taken to be drawn
from the digits it has not seen, and a small expectimax over (sum, cards,
zero seen) decides between turning another card and stopping:
* a hit with m + 1 cards is worth m cards (one goes back);
* a stop that stands is worth (m - 1) cards times the chance that no
  opponent beats it before the bot's next turn; a single card that stands
  ends the game, good only when the bot then leads;
* beating or hitting over another player's offer adds a little for the
  cards that player loses.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Final

from spieltisch.core.draws import choice
from spieltisch.games.calcory.cards import DIGITS, TARGET
from spieltisch.games.calcory.phases import DOWN, EMPTY, PLACE, RETURN, TURN
from spieltisch.games.calcory.rules import NOBODY, CalcoryState

DENY: Final = 0.5  # worth of each card an opponent loses when their offer is beaten
END_LEAD: Final = 10.0  # ending the game while strictly ahead
END_TIE: Final = 2.0  # ending it in a shared lead
END_BEHIND: Final = -10.0  # ending it behind
ROLLOUT_STOP: Final = 9  # the playout policy stops from this sum up


def heuristic_action(state: CalcoryState, rng: random.Random) -> int:
    if state.phase != TURN:
        return after_turning(state)
    return _turn_or_stop(state, state.player, rng)


def after_turning(state: CalcoryState) -> int:
    """The move once the turning is over: turn back after a bust; after taking,
    return the highest digit and put it on the first empty position."""
    actions = state.settings.actions
    if state.phase == RETURN:
        # Keep the highest digit hidden: it is the likeliest to bust whoever turns it,
        # and the bot knows where it lies.
        return actions.encode_return(max(state.taken))
    if state.phase == PLACE:
        return actions.encode_place(state.status.index(EMPTY))
    return actions.cover


def rollout_action(state: CalcoryState, rng: random.Random) -> int:
    """A cheap policy for search playouts: stop from 9 up when the stop stands, else turn."""
    if state.phase != TURN:
        return after_turning(state)
    actions = state.settings.actions
    if not state.downs:
        return actions.stop
    if state.may_stop():
        total, count = state.turn_sum, len(state.turned)
        stands = (
            state.offer_owner == NOBODY
            or total > state.offer_sum
            or (total == state.offer_sum and count > len(state.offer))
        )
        enough = total >= ROLLOUT_STOP if count > 1 else total >= 7 and _leads(state)
        if stands and enough:
            return actions.stop
    return actions.encode_turn(choice(rng, state.downs))


def _leads(state: CalcoryState) -> bool:
    own = len(state.piles[state.player])
    return all(own >= len(pile) for pile in state.piles)


def _turn_or_stop(state: CalcoryState, seat: int, rng: random.Random) -> int:
    actions = state.settings.actions
    unseen = state.unseen_counts(seat)
    total = sum(unseen)
    probs = tuple(n / total for n in unseen) if total else (0.0,) * DIGITS
    unknown: list[int] = []
    known: list[tuple[int, int]] = []
    for p, status in enumerate(state.status):
        if status == DOWN:
            if state.known[p] == seat:
                known.append((p, state.cards[p]))
            else:
                unknown.append(p)
    plan = _Plan(state, seat, probs, len(unknown), {digit for _, digit in known})
    s0, m0, z0 = state.turn_sum, len(state.turned), state.turn_zeros
    options: list[tuple[float, int]] = []
    if state.may_stop():
        options.append((plan.stop_value(s0, m0, len(unknown) + len(known)), actions.stop))
    if unknown:
        # Unknown cards all look alike to the seat; a random one keeps the bot,
        # which has no memory, from turning the same cards turn after turn.
        options.append((plan.draw_value(s0, m0, z0, m0), actions.encode_turn(choice(rng, unknown))))
    for position, digit in known:
        options.append((plan.after(s0 + digit, m0 + 1, z0 + (digit == 0), m0), actions.encode_turn(position)))
    best = max(value for value, _ in options)
    return min(action for value, action in options if value >= best - 1e-12)


class _Plan:
    """Values of the bot's choices in the current turn, seen from `seat`."""

    def __init__(
        self, state: CalcoryState, seat: int, probs: tuple[float, ...], unknown: int, known: set[int]
    ) -> None:
        self.probs = probs
        self.unknown = unknown
        self.known = known
        self.has_pile = bool(state.piles[seat])
        self.opponents = state.num_players - 1
        self.offer_sum = state.offer_sum
        self.offer_cards = len(state.offer)
        self.offer_stands = state.offer_owner not in (NOBODY, seat)
        own = len(state.piles[seat]) + 1
        best_other = max(len(pile) for s, pile in enumerate(state.piles) if s != seat)
        self.end_value = END_LEAD if own > best_other else END_TIE if own == best_other else END_BEHIND
        self.memo: dict[tuple[int, int, int], float] = {}

    def deny(self) -> float:
        return DENY * max(0, self.offer_cards - 1) if self.offer_stands else 0.0

    def stop_value(self, total: int, cards: int, left_after: int) -> float:
        """Leaving `cards` cards of sum `total`, with `left_after` face-down cards left."""
        if self.offer_stands and not (
            total > self.offer_sum or (total == self.offer_sum and cards > self.offer_cards)
        ):
            return 0.0
        survive = 1.0 if left_after == 0 else (1.0 - _beat_chance(self.probs, total)) ** self.opponents
        gain = self.end_value if cards == 1 else cards - 1.0
        return survive * gain + self.deny()

    def after(self, total: int, cards: int, zeros: int, start: int) -> float:
        """The value once a card has made the sum `total` with `cards` cards turned."""
        if total > TARGET or zeros >= 2:
            return 0.0
        if total == TARGET:
            return cards - 1.0 + self.deny()
        return self.value(total, cards, zeros, start)

    def value(self, total: int, cards: int, zeros: int, start: int) -> float:
        key = (total, cards, zeros)
        if key in self.memo:
            return self.memo[key]
        drawn = cards - start
        left = self.unknown - drawn
        best = -1e9
        if self.known and TARGET - total in self.known:
            best = cards + self.deny()  # the bot knows where the missing digit lies
        if cards >= 2 or (cards == 1 and self.has_pile) or left <= 0:
            best = max(best, self.stop_value(total, cards, max(0, left) + len(self.known)))
        if left > 0:
            best = max(best, self.draw_value(total, cards, zeros, start))
        self.memo[key] = best
        return best

    def draw_value(self, total: int, cards: int, zeros: int, start: int) -> float:
        return sum(
            p * self.after(total + d, cards + 1, zeros + (d == 0), start)
            for d, p in enumerate(self.probs)
            if p > 0
        )


@lru_cache(maxsize=4096)
def _beat_chance(probs: tuple[float, ...], offer: int) -> float:
    """The chance one opponent, turning until the sum passes `offer`, stays at 13 or below."""
    return _reach(probs, offer, 0, False, {})


def _reach(
    probs: tuple[float, ...], offer: int, total: int, zero_seen: bool, memo: dict[tuple[int, bool], float]
) -> float:
    """The chance to end above `offer` and at most 13 from `total` (memoized in `memo`)."""
    known = memo.get((total, zero_seen))
    if known is not None:
        return known
    chance = 0.0
    for d, p in enumerate(probs):
        if p == 0:
            continue
        if d == 0:
            if not zero_seen:
                chance += p * _reach(probs, offer, total, True, memo)
        elif total + d > TARGET:
            continue
        elif total + d > offer:
            chance += p
        else:
            chance += p * _reach(probs, offer, total + d, zero_seen, memo)
    memo[total, zero_seen] = chance
    return chance
