"""The heuristic ALLEGRA player: greedy on the expected sum of its own layout.

It reads only public facts: face-up cards, the piles, the drawn and held cards
and the mean of the cards nobody has seen (face-down cards count as that mean).
Every choice is deterministic, ties broken by the lowest action id, so it
chooses the same on any state its seat cannot tell apart from the true one.
"""

from __future__ import annotations

from typing import Final

import spieltisch.games.allegra.actions as actions
from spieltisch.games.allegra.actions import GAP, NO_CARD
from spieltisch.games.allegra.clearing import find_triples, in_triple
from spieltisch.games.allegra.phases import (
    CLEAR,
    DRAW,
    FLIP,
    KNOCK_ASK,
    KNOCK_CHOOSE,
    KNOCKER_PLACE,
    PLACE,
    SETUP_FLIP,
    TAKE,
    TAKE_PLACE,
)
from spieltisch.games.allegra.rules import AllegraState

TAKE_DISCARD_GAIN: Final = 3.0  # take the discard card when it improves the layout this much
KEEP_GAIN: Final = 1.0  # keep a drawn card rather than discard and flip
KNOCK_GAIN: Final = 8.0  # knock when the drawn card is worth this much (a clear, usually)
ACCEPT_MARGIN: Final = 2.0  # accept a knock when taking beats keeping by this much


class Evaluator:
    """Public estimates for one state: the mean unseen card and layout values."""

    def __init__(self, state: AllegraState) -> None:
        self.state = state
        self.mean = unseen_mean(state)
        self._best: dict[tuple[int, int, int], tuple[float, int]] = {}

    def estimate(self, seat: int, cards: list[int], up: list[bool]) -> float:
        """Expected score of `seat`'s layout (face-down cards at the unseen mean)."""
        return self._estimate_and_done(seat, cards, up)[0]

    def _estimate_and_done(self, seat: int, cards: list[int], up: list[bool]) -> tuple[float, bool]:
        """The estimate, and whether the seat is finished (no card face down), in one pass."""
        total = 0.0
        empty = True
        done = True
        mean = self.mean
        for slot in self.state.layouts[seat]:
            value = cards[slot]
            if value == GAP:
                continue
            empty = False
            if up[slot]:
                total += value
            else:
                total += mean
                done = False
        return (float(self.state.settings.deck.empty_layout_score) if empty else total), done

    def worth(self, seat: int, cards: list[int], up: list[bool], done: bool | None = None) -> float:
        """Estimate plus the risk of being the trigger and doubled (lower is better).

        `done` says whether the seat is finished when that cannot be read from `up`.
        """
        own, finished = self._estimate_and_done(seat, cards, up)
        state = self.state
        if done is None:
            done = finished
        if state.trigger < 0 and done and own > 0:
            others = [self.estimate(o, cards, up) for o in range(state.num_players) if o != seat]
            if own >= min(others) - 2:
                own *= 2
        return own

    def settle(self, seat: int, cards: list[int], up: list[bool]) -> None:
        """Clear `seat`'s triples in place, highest first (the greedy chain)."""
        slots = self.state.layouts[seat]
        while True:
            found = find_triples(cards, up, slots)
            if not found:
                return
            best = max(found, key=lambda item: (cards[item[1][0]], -item[0]))
            for slot in best[1]:
                cards[slot] = GAP
                up[slot] = True

    def after_exchange(
        self, seat: int, position: int, value: int, removed: int = -1, settled: bool = False
    ) -> float:
        """Worth of `seat` after putting `value` face up on its `position` (and clearing).

        `settled` says the layout holds no triple before (see `is_settled`): then
        only a triple through the new card can form, and when there is none the
        clearing is skipped (the common case, with the same result). The change is
        made on the table itself and undone before returning: no copy of the table,
        except for the rare clearing, which may take away more cards.
        """
        state = self.state
        slots = state.layouts[seat]
        cards, up = state.cards, state.up
        slot = slots[position]
        kept_card, kept_up = cards[slot], up[slot]
        removed_card, removed_up = (cards[removed], up[removed]) if removed >= 0 else (GAP, True)
        if removed >= 0:
            cards[removed] = GAP
            up[removed] = True
        cards[slot] = value
        up[slot] = True
        try:
            if settled and not in_triple(cards, up, slots, position):
                return self.worth(seat, cards, up)
            cleared_cards, cleared_up = list(cards), list(up)
            self.settle(seat, cleared_cards, cleared_up)
            return self.worth(seat, cleared_cards, cleared_up)
        finally:
            cards[slot], up[slot] = kept_card, kept_up
            if removed >= 0:
                cards[removed], up[removed] = removed_card, removed_up

    def is_settled(self, seat: int, removed: int = -1) -> bool:
        """No triple in `seat`'s layout as it lies (with `removed` taken away, and put back)."""
        state = self.state
        if removed < 0:
            return not state.triples(seat)
        cards, up = state.cards, state.up
        removed_card, removed_up = cards[removed], up[removed]
        cards[removed] = GAP
        up[removed] = True
        try:
            return not find_triples(cards, up, state.layouts[seat])
        finally:
            cards[removed], up[removed] = removed_card, removed_up

    def best_place(self, seat: int, value: int, removed: int = -1) -> tuple[float, int]:
        """(worth, position) of the best exchange of `value` into `seat`'s layout.

        Remembered for the Evaluator's state, which does not change: knocking asks
        for the same card in the same layout once per card it might take.
        """
        key = (seat, value, self._bearing(seat, removed))
        found = self._best.get(key)
        if found is None:
            found = self._best[key] = self._best_place(seat, value, removed)
        return found

    def _bearing(self, seat: int, removed: int) -> int:
        """`removed`, or -1 where taking it away changes no exchange into `seat`'s layout.

        A card taken from another layout changes only the others' estimates, and those
        count only for an exchange that may finish the layout (the trigger's doubling):
        never while two of its cards lie face down or the trigger is known.
        """
        state = self.state
        if removed < 0 or seat in state.owners[removed]:
            return removed
        if state.trigger >= 0:
            return -1
        up = state.up
        down = 0
        for slot in state.layouts[seat]:
            if not up[slot]:
                down += 1
        return -1 if down >= 2 else removed

    def _best_place(self, seat: int, value: int, removed: int) -> tuple[float, int]:
        """`best_place` worked out: each exchange's worth is `after_exchange`'s, to the last
        bit. `removed` is taken away once for all positions, and the common exchange (no
        triple, no risk of being the trigger) is summed from the layout's running sum."""
        state = self.state
        cards, up = state.cards, state.up
        settled = self.is_settled(seat, removed)
        if removed < 0:
            return self._best_exchange(seat, value, settled)
        removed_card, removed_up = cards[removed], up[removed]
        cards[removed] = GAP
        up[removed] = True
        try:
            return self._best_exchange(seat, value, settled)
        finally:
            cards[removed], up[removed] = removed_card, removed_up

    def _best_exchange(self, seat: int, value: int, settled: bool) -> tuple[float, int]:
        state = self.state
        cards, up = state.cards, state.up
        slots = state.layouts[seat]
        mean = self.mean
        # The layout's cards in the order `_estimate_and_done` adds them: its float sum
        # depends on that order, and ties between exchanges must fall as they do there.
        positions: list[int] = []
        parts: list[float] = []
        down = 0
        alike = 0  # face-up cards of `value`: a triple through the new card needs two others
        for position, slot in enumerate(slots):
            card = cards[slot]
            if card == GAP:
                continue
            positions.append(position)
            if up[slot]:
                parts.append(float(card))
                if card == value:
                    alike += 1
            else:
                parts.append(mean)
                down += 1
        open_trigger = state.trigger < 0
        best_worth, best_position = float("inf"), -1
        before = 0.0  # the running sum of the cards before the exchanged one
        for k, position in enumerate(positions):
            slot = slots[position]
            was_up = up[slot]
            total = 0.0
            others_alike = alike - 1 if was_up and cards[slot] == value else alike
            quick = settled and (others_alike < 2 or not self._forms_triple(slots, slot, position, value))
            if quick:
                total = before + value
                for j in range(k + 1, len(parts)):
                    total += parts[j]
                # A layout this finishes may be the trigger's, doubled: that is judged in full.
                quick = not (open_trigger and total > 0 and down == (0 if was_up else 1))
            worth = total if quick else self.after_exchange(seat, position, value, -1, settled)
            if worth < best_worth:
                best_worth, best_position = worth, position
            before += parts[k]
        return best_worth, best_position

    def _forms_triple(self, slots: tuple[int, ...], slot: int, position: int, value: int) -> bool:
        """Whether `value`, put face up at `position`, would be part of a triple."""
        cards, up = self.state.cards, self.state.up
        kept_card, kept_up = cards[slot], up[slot]
        cards[slot] = value
        up[slot] = True
        found = in_triple(cards, up, slots, position)
        cards[slot], up[slot] = kept_card, kept_up
        return found

    def now(self, seat: int) -> float:
        return self.estimate(seat, self.state.cards, self.state.up)


def unseen_mean(state: AllegraState) -> float:
    """Mean value of the cards no one has seen (public arithmetic)."""
    deck = state.settings.deck
    counts = list(deck.counts)
    low = deck.min_value
    # Loops by index, not zip(..., strict=True): the compiled build calls that with a keyword.
    cards, up = state.cards, state.up
    for slot in range(len(cards)):
        value = cards[slot]
        if up[slot] and value != GAP:
            counts[value - low] -= 1
    for value in (state.drawn, state.held, state.taken, state.replaced):
        if value != NO_CARD:
            counts[value - low] -= 1
    for value in state.discard:
        if value != NO_CARD:
            counts[value - low] -= 1
    if not state.draw_fresh:
        draw = state.draw
        for kind in range(len(counts)):
            counts[kind] -= draw[kind]
    size = sum(counts)
    if size <= 0:
        return 5.0
    # Whole numbers until the one division, so the mean is exact to the last bit.
    return sum((kind + low) * count for kind, count in enumerate(counts)) / size


def choose(state: AllegraState) -> int:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    seat = state.current_player()
    ev = Evaluator(state)
    if phase == SETUP_FLIP:
        return _setup_flip(legal)
    if phase == DRAW:
        return _draw(state, ev, legal)
    if phase == PLACE:
        return _place(state, ev, legal)
    if phase == FLIP:
        return _flip(state, ev, legal)
    if phase == KNOCK_ASK:
        gain = ev.now(seat) - ev.best_place(seat, state.drawn)[0]
        return actions.KNOCK if gain >= KNOCK_GAIN else actions.NO_KNOCK
    if phase == KNOCK_CHOOSE:
        return _knock_choice(state, ev, legal)
    if phase == KNOCKER_PLACE:
        return ev.best_place(seat, state.drawn)[1]
    if phase == TAKE:
        return _take(state, ev, legal)
    if phase == TAKE_PLACE:
        return ev.best_place(seat, state.taken)[1]
    if phase == CLEAR:
        return _clear(state, ev, legal)
    return legal[0]


def _setup_flip(legal: list[int]) -> int:
    own = [p for p in legal if p % 5 in (1, 2, 3)]
    return own[0] if own else legal[0]


def _draw(state: AllegraState, ev: Evaluator, legal: list[int]) -> int:
    if actions.DRAW_DISCARD not in legal:
        return legal[0]
    if actions.DRAW_PILE not in legal:
        return actions.DRAW_DISCARD
    seat = state.active
    gain = ev.now(seat) - ev.best_place(seat, state.discard[-1])[0]
    return actions.DRAW_DISCARD if gain >= TAKE_DISCARD_GAIN else actions.DRAW_PILE


def _place(state: AllegraState, ev: Evaluator, legal: list[int]) -> int:
    seat = state.active
    worth, position = ev.best_place(seat, state.drawn)
    if actions.DISCARD_DRAWN not in legal:
        return position
    flip_worth = _flip_worth(state, ev)
    return position if worth <= flip_worth - KEEP_GAIN else actions.DISCARD_DRAWN


def _flip_worth(state: AllegraState, ev: Evaluator) -> float:
    """Expected worth after discarding and flipping (the flip itself costs nothing on average)."""
    seat = state.active
    down = [s for s in state.layouts[seat] if not state.up[s]]
    # Flipping the last card finishes: weigh the trigger risk (the card counts at the mean).
    return ev.worth(seat, state.cards, state.up, done=len(down) == 1)


def _flip(state: AllegraState, ev: Evaluator, legal: list[int]) -> int:
    """Flip where a triple is likeliest: beside a face-up pair in its column, else an own card."""
    slots = state.layouts[state.active]
    best, best_key = legal[0], (-1, 0)
    for position in legal:  # the first of the most promising (a loop: no closure, no reference cycle)
        key = (_flip_promise(state.cards, state.up, slots, position), -position)
        if key > best_key:
            best, best_key = position, key
    return best


def _flip_promise(cards: list[int], up: list[bool], slots: tuple[int, ...], position: int) -> int:
    column = position % 5
    values = [cards[slots[r * 5 + column]] for r in range(3) if r * 5 + column != position]
    ups = [up[slots[r * 5 + column]] for r in range(3) if r * 5 + column != position]
    pair = all(ups) and values[0] == values[1] and values[0] != GAP
    return (2 if pair else 0) + (1 if column in (1, 2, 3) else 0)


def _knock_choice(state: AllegraState, ev: Evaluator, legal: list[int]) -> int:
    seat = state.active
    keep = min(ev.best_place(seat, state.drawn)[0], ev.now(seat))
    best_action, best_worth = actions.DECLINE, keep - ACCEPT_MARGIN
    for action in legal:
        if action == actions.DECLINE:
            continue
        worth = _best_take(state, ev, action - actions.ACCEPT)[0]
        if worth < best_worth:
            best_action, best_worth = action, worth
    return best_action


def _best_take(state: AllegraState, ev: Evaluator, knocker: int) -> tuple[float, int]:
    best = (float("inf"), -1)
    for position, slot in enumerate(state.layouts[knocker]):
        value = state.cards[slot]
        if value == GAP:
            continue
        if not state.up[slot]:
            value = round(ev.mean)
        worth = ev.best_place(state.active, value, removed=slot)[0]
        if worth < best[0]:
            best = (worth, position)
    return best


def _take(state: AllegraState, ev: Evaluator, legal: list[int]) -> int:
    position = _best_take(state, ev, state.knocker)[1]
    return position if position in legal else legal[0]


def _clear(state: AllegraState, ev: Evaluator, legal: list[int]) -> int:
    seat = state.clear_seat
    found = dict(state.triples(seat))
    best_action, best_worth = legal[0], float("inf")
    for action in legal:
        cards, up = list(state.cards), list(state.up)
        for slot in found[action]:
            cards[slot] = GAP
            up[slot] = True
        ev.settle(seat, cards, up)
        worth = ev.estimate(seat, cards, up)
        if worth < best_worth:
            best_action, best_worth = action, worth
    return best_action


def rollout(state: AllegraState) -> int:
    """A cheap greedy move for search playouts: low cards in, high cards out, no knocking."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == DRAW:
        if actions.DRAW_PILE not in legal or (actions.DRAW_DISCARD in legal and state.discard[-1] <= 3):
            return actions.DRAW_DISCARD
        return actions.DRAW_PILE
    if phase == PLACE:
        target = _worst_place(state, state.active, state.drawn)
        if target >= 0 or actions.DISCARD_DRAWN not in legal:
            return target if target >= 0 else legal[0]
        return actions.DISCARD_DRAWN
    if phase == KNOCK_ASK:
        return actions.NO_KNOCK
    if phase == KNOCK_CHOOSE:
        return actions.DECLINE
    if phase == KNOCKER_PLACE:
        target = _worst_place(state, state.knocker, state.drawn)
        return target if target >= 0 else legal[0]
    if phase == TAKE:
        cards, up, slots = state.cards, state.up, state.layouts[state.knocker]
        return min(legal, key=lambda p: (cards[slots[p]] if up[slots[p]] else 5, p))
    if phase == TAKE_PLACE:
        target = _worst_place(state, state.active, state.taken)
        return target if target >= 0 else legal[0]
    return legal[0]


def _worst_place(state: AllegraState, seat: int, value: int) -> int:
    """The position a card of `value` should replace: the highest face-up card above it,
    else a face-down card when the value is low; -1 when keeping it is not worth it."""
    cards, up = state.cards, state.up
    best, best_value = -1, value
    down = -1
    for position, slot in enumerate(state.layouts[seat]):
        card = cards[slot]
        if card == GAP:
            continue
        if not up[slot]:
            if down < 0:
                down = position
        elif card > best_value:
            best, best_value = position, card
    if best >= 0 and best_value - value >= 3:
        return best
    return down if value <= 4 and down >= 0 else best if best >= 0 else -1
