"""Calcory: turn cards one by one and aim for the sum 13 (rules/calcory.de.txt).

The table is a grid of positions (6 x 10). Each position is empty, holds a
face-down card, a card turned up in the current turn, or a card of the
standing offer (turned up and marked with its owner's blocks).

Action ids (turn, stop, return, put back, turn back) are made and read by
the codec in actions.py. Chance outcomes 0-9: the digit dealt to the next
position of the layout.

Length bound (max_game_length), with C cards, L = idle_turn_limit and M =
Deck.max_cards_in_turn() (with the cap off, L = 0, nothing bounds the length):
* A played turn has at most M + 2 decisions: at most M turns, then a stop
  (1), or after a bust the turning back (1), or after a hit a return and a
  put-back (2); Aufnehmen 2 has at most 2 and a skipped turn none.
* A taking turn (a hit, or Aufnehmen 2 of k >= 2 cards) removes k >= 2 cards
  from the table and puts one back (a hit needs two cards: 9 < 13), so the
  table shrinks by at least one and never drops below one card. Taking a
  single card ends the game. Hence at most C - 1 taking turns.
* Between two taking turns (and before the first, after the last) come at
  most L played turns without taking; the L-th ends the game.
* Skipped turns (nothing to turn, another player's offer stands) have no
  decisions, and after at most n - 1 of them the owner takes the offer.
So decisions <= ((C - 1) + C * L) * (M + 2). Random play can do no more.
"""

from __future__ import annotations

import enum
import random
from bisect import insort
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from spieltisch.core.contract import CHANCE, TERMINAL, UNBOUNDED, Game, State
from spieltisch.core.draws import shuffle
from spieltisch.games.calcory.actions import Block, Codec
from spieltisch.games.calcory.cards import DIGITS, TARGET, Deck, load_deck
from spieltisch.games.calcory.observe import observation
from spieltisch.games.calcory.phases import (
    BUST,
    DEAL,
    DOWN,
    EMPTY,
    OFFER,
    OVER,
    PLACE,
    RETURN,
    TURN,
    UP,
    Cell,
)
from spieltisch.games.calcory.views import CalcoryView


class End(enum.StrEnum):
    """Why a game ended (the view's `end`)."""

    SINGLE_CARD = "single card"
    """An offer of a single card was taken (RULINGS.md Calcory 5)."""
    NOTHING_LEFT = "nothing left"
    """No face-down card and no offer left (RULINGS.md Calcory 5)."""
    IDLE = "idle"
    """The idle-turn cap: too many played turns in a row without taking (digital safety cap)."""


NOBODY: Final = -1


@dataclass(frozen=True)
class Settings:
    """The rules of one game: the deck and its layout, the idle-turn cap and the action ids."""

    players: int
    deck: Deck
    idle_limit: int
    """Played turns in a row without taking after which the game ends (digital safety cap; 0 = off)."""
    positions: int = field(init=False)
    actions: Codec = field(init=False)
    """The action ids of this layout."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "positions", self.deck.positions)
        object.__setattr__(self, "actions", Codec(self.deck.positions))

    @classmethod
    def from_options(cls, players: int, options: Mapping[str, Any]) -> Settings:
        return cls(players, load_deck(str(options["deck_file"])), int(options["idle_turn_limit"]))

    def max_game_length(self) -> int:
        """The bound proved in the module docstring; none with the idle cap off."""
        if not self.idle_limit:
            return UNBOUNDED
        cards = self.deck.size
        turns = (cards - 1) + cards * self.idle_limit
        return turns * (self.deck.max_cards_in_turn() + 2)


class CalcoryState(State):
    """A game of Calcory: the layout, the turn in progress, the standing offer and the piles.

    `cards[p]` is the true digit at position p (-1 when empty) and `status[p]`
    what lies there (a Cell); `known[p]` is the seat that put a face-down card
    back there and alone knows it.
    """

    def __init__(self, game: Game[Any], settings: Settings) -> None:
        super().__init__(game)
        self.settings = settings
        size = settings.positions
        self.cards: list[int] = [-1] * size  # true digit at each position, -1 when empty
        self.status: list[Cell] = [EMPTY] * size
        self.known: list[int] = [NOBODY] * size  # who put this face-down card back
        self.left: list[int] = list(settings.deck.counts)  # cards still to deal, per digit
        self.dealt = 0
        self.downs: list[int] = []  # face-down positions, sorted
        self.turned: list[int] = []  # positions turned up this turn, in order
        self.turn_sum = 0
        self.turn_zeros = 0
        self.offer: list[int] = []  # positions of the standing offer
        self.offer_owner = NOBODY
        self.offer_sum = 0
        self.piles: list[list[int]] = [[] for _ in range(self.num_players)]
        self.taken: list[int] = []  # digits just taken, one of which goes back
        self.holding = -1  # the digit being put back
        self.player = 0
        self.phase = DEAL
        self.idle = 0  # played turns in a row in which nobody took cards
        self.log: list[list[Any]] = []  # [seat, result, cards] of the recent turns, newest last
        self.end = ""  # why the game ended
        self.shown = -1  # the digit the last step turned up for everybody, -1 if none

    # --- whose move ------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == DEAL:
            return CHANCE
        if self.phase == OVER:
            return TERMINAL
        return self.player

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        actions = self.settings.actions
        if phase == TURN:
            legal = [actions.encode_turn(p) for p in self.downs]
            if self.may_stop():
                legal.append(actions.stop)
            return legal
        if phase == DEAL:
            return [d for d in range(DIGITS) if self.left[d]]
        if phase == BUST:
            return [actions.cover]
        if phase == RETURN:
            return [actions.encode_return(d) for d in sorted(set(self.taken))]
        if phase == PLACE:
            return [
                actions.encode_place(p) for p in range(self.settings.positions) if self.status[p] == EMPTY
            ]
        return []

    def is_legal(self, action: int) -> bool:
        if isinstance(action, bool) or not isinstance(action, int):
            return False
        phase = self.phase
        if phase == DEAL:
            return 0 <= action < DIGITS and self.left[action] > 0
        if phase == OVER or not 0 <= action < self.settings.actions.size:
            return False
        move = self.settings.actions.decode(action)
        if phase == TURN:
            if move.block == Block.TURN:
                return self.status[move.position] == DOWN
            return move.block == Block.STOP and self.may_stop()
        if phase == BUST:
            return move.block == Block.COVER
        if phase == RETURN:
            return move.block == Block.RETURN and move.digit in self.taken
        return move.block == Block.PLACE and self.status[move.position] == EMPTY

    def may_stop(self) -> bool:
        """Stopping needs one card up; without collected cards two, or all that were left."""
        count = len(self.turned)
        if count == 0:
            return False
        return count >= 2 or bool(self.piles[self.player]) or not self.downs

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        remaining = self.settings.deck.size - self.dealt
        return [(d, n / remaining) for d, n in enumerate(self.left) if n]

    # --- moving ------------------------------------------------------------
    def _apply(self, action: int) -> None:
        self.shown = -1
        if self.phase == DEAL:
            self._deal(action)
            return
        move = self.settings.actions.decode(action)
        block = move.block
        if block == Block.TURN:
            self._turn(move.position)
        elif block == Block.STOP:
            self._stop()
        elif block == Block.COVER:
            self._cover(self.turned)
            self._end_turn("bust", len(self.turned))
        elif block == Block.RETURN:
            self._choose_return(move.digit)
        else:
            self._put_back(move.position)

    def _deal(self, digit: int) -> None:
        position = self.dealt
        self.cards[position] = digit
        self.status[position] = DOWN
        self.left[digit] -= 1
        self.dealt += 1
        self.downs.append(position)
        if self.dealt == self.settings.deck.size:
            self.player = 0  # RULINGS.md general: seat 0 starts, seats in turn order
            self._begin_turn()

    def _turn(self, position: int) -> None:
        digit = self.cards[position]
        self.shown = digit
        self.status[position] = UP
        self.known[position] = NOBODY  # a put-back card once turned up is an ordinary card again
        self.downs.remove(position)
        self.turned.append(position)
        self.turn_sum += digit
        if digit == 0:
            self.turn_zeros += 1
        if self.turn_sum > TARGET or self.turn_zeros >= 2:
            # RULINGS.md Calcory 2: bust above 13 or on a second 0 this turn. The cards
            # stay up until the player turns them back, so everybody sees the last one.
            self.phase = BUST
        elif self.turn_sum == TARGET:
            self._hit()

    def _hit(self) -> None:
        """RULINGS.md Calcory 3: a hit beats any standing offer; the player takes the cards."""
        if self.offer_owner != NOBODY:
            self._cover(self.offer)
            self._clear_offer()
        self._note(self.player, "hit", len(self.turned))
        self._take(self.turned)
        self._reset_turn()

    def _stop(self) -> None:
        """RULINGS.md Calcory 4: the turned cards become the offer if they beat the standing one."""
        count = len(self.turned)
        if self.offer_owner == NOBODY:
            result = "offer"
        elif self.turn_sum > self.offer_sum or (self.turn_sum == self.offer_sum and count > len(self.offer)):
            result = "beat"  # the tie rule: an equal sum beats only with more cards
            self._cover(self.offer)
            self._clear_offer()
        else:
            self._cover(self.turned)
            self._end_turn("fail", count)
            return
        for position in self.turned:
            self.status[position] = OFFER
        self.offer = list(self.turned)
        self.offer_owner = self.player
        self.offer_sum = self.turn_sum
        self.turned = []  # the offer's cards are no longer this turn's
        self._end_turn(result, count)

    def _take(self, positions: list[int]) -> None:
        """Take the cards at `positions`; one of them must go back (Aufnehmen 1 and 2)."""
        digits = [self.cards[p] for p in positions]
        for p in positions:
            self.cards[p] = -1
            self.status[p] = EMPTY
        self.idle = 0
        self.taken = digits
        self.phase = RETURN
        if len(set(digits)) == 1:
            self._choose_return(digits[0])  # no real choice: skip the step

    def _choose_return(self, digit: int) -> None:
        self.taken.remove(digit)
        self.piles[self.player].extend(self.taken)
        self.taken = []
        self.holding = digit
        self.phase = PLACE

    def _put_back(self, position: int) -> None:
        # Face down at any empty position, known only to this player.
        self.cards[position] = self.holding
        self.status[position] = DOWN
        self.known[position] = self.player
        insort(self.downs, position)
        self.holding = -1
        self._next_turn()

    def _note(self, seat: int, result: str, cards: int) -> None:
        """Keep what happened in the last two rounds, for players to read."""
        self.log.append([seat, result, cards])
        if len(self.log) > 2 * self.num_players:
            del self.log[0]

    def _cover(self, positions: list[int]) -> None:
        for p in positions:
            self.status[p] = DOWN
            insort(self.downs, p)

    def _clear_offer(self) -> None:
        self.offer = []
        self.offer_owner = NOBODY
        self.offer_sum = 0

    def _reset_turn(self) -> None:
        self.turned = []
        self.turn_sum = 0
        self.turn_zeros = 0

    def _end_turn(self, result: str, cards: int) -> None:
        """A played turn in which nobody took cards."""
        self._note(self.player, result, cards)
        self._reset_turn()
        self.idle += 1
        if self.idle == self.settings.idle_limit:
            self._finish(End.IDLE)  # digital ruling: see docs/rules/calcory.md
            return
        self._next_turn()

    def _next_turn(self) -> None:
        self.player = (self.player + 1) % self.num_players
        self._begin_turn()

    def _begin_turn(self) -> None:
        while True:
            if self.offer_owner == self.player:
                self._take_offer()
                return
            if self.downs:
                self.phase = TURN
                return
            if self.offer_owner == NOBODY:
                self._finish(End.NOTHING_LEFT)  # RULINGS.md Calcory 5
                return
            # Digital ruling: nothing to turn while another's offer stands: the turn passes.
            self._note(self.player, "skip", 0)
            self.player = (self.player + 1) % self.num_players

    def _take_offer(self) -> None:
        """Aufnehmen 2 (RULINGS.md Calcory 1): the owner's unbeaten offer is theirs."""
        positions = self.offer
        self._clear_offer()
        if len(positions) == 1:
            # RULINGS.md Calcory 5: a single card is kept and ends the game.
            p = positions[0]
            self.piles[self.player].append(self.cards[p])
            self.cards[p] = -1
            self.status[p] = EMPTY
            self._note(self.player, "single", 1)
            self._finish(End.SINGLE_CARD)
            return
        self._note(self.player, "took", len(positions))
        self._take(positions)

    def _finish(self, reason: str) -> None:
        self.phase = OVER
        self.end = reason

    def clone(self) -> CalcoryState:
        other = CalcoryState.__new__(CalcoryState)
        other.game = self.game
        other.settings = self.settings
        other.num_players = self.num_players
        other._history = self._history.copy()
        other.cards = self.cards.copy()
        other.status = self.status.copy()
        other.known = self.known.copy()
        other.left = self.left.copy()
        other.dealt = self.dealt
        other.downs = self.downs.copy()
        other.turned = self.turned.copy()
        other.turn_sum = self.turn_sum
        other.turn_zeros = self.turn_zeros
        other.offer = self.offer.copy()
        other.offer_owner = self.offer_owner
        other.offer_sum = self.offer_sum
        other.piles = [pile.copy() for pile in self.piles]
        other.taken = self.taken.copy()
        other.holding = self.holding
        other.player = self.player
        other.phase = self.phase
        other.idle = self.idle
        other.log = [entry.copy() for entry in self.log]
        other.end = self.end
        other.shown = self.shown
        return other

    # --- results -----------------------------------------------------------
    def scores(self) -> list[float]:
        """Cards collected so far (RULINGS.md Calcory 5: most cards wins)."""
        return [float(len(pile)) for pile in self.piles]

    def winners(self) -> list[int]:
        """Most cards; a tie is a shared victory (RULINGS.md general)."""
        if self.phase != OVER:
            return []
        best = max(len(pile) for pile in self.piles)
        return [seat for seat, pile in enumerate(self.piles) if len(pile) == best]

    # --- what a seat may see -------------------------------------------------
    def visible_digit(self, position: int, seat: int | None) -> int:
        """The digit at `position` as `seat` sees it, -1 if hidden or empty."""
        status = self.status[position]
        if status >= UP:  # turned this turn, or marked as the offer
            return self.cards[position]
        if status == DOWN and seat is not None and self.known[position] == seat:
            return self.cards[position]
        return -1

    def unseen_counts(self, seat: int) -> list[int]:
        """Per digit, the cards `seat` cannot place: face down unknown or in others' piles."""
        counts = list(self.settings.deck.counts)
        if self.phase == DEAL:
            return counts
        for p in range(self.settings.positions):
            digit = self.visible_digit(p, seat)
            if digit >= 0:
                counts[digit] -= 1
        for digit in self.piles[seat]:
            counts[digit] -= 1
        for digit in self.taken:
            counts[digit] -= 1
        if self.phase == PLACE and self.player == seat:
            counts[self.holding] -= 1
        return counts

    def view(self, seat: int | None) -> CalcoryView:
        # RULINGS.md Calcory 6: a seat sees only face-up cards (and the cards it put back).
        deck = self.settings.deck
        cells: list[int | Literal["?"] | None] = []
        known: dict[str, int] = {}
        for p, status in enumerate(self.status):
            if status == EMPTY:
                cells.append(None)
            elif status == DOWN:
                cells.append("?")
                if seat is not None and self.known[p] == seat:
                    known[deck.label(p)] = self.cards[p]
            else:
                cells.append(self.cards[p])
        view: CalcoryView = {
            "rows": deck.rows,
            "columns": deck.columns,
            "phase": self.phase.name.lower(),
            "player": self.current_player(),
            "dealt": self.dealt,
            "cells": cells,
            "known": known,
            "turned": [deck.label(p) for p in self.turned],
            "turn_sum": self.turn_sum,
            "offer": None,
            "collected": [len(pile) for pile in self.piles],
            "pile": sorted(self.piles[seat]) if seat is not None else None,
            "return_choices": sorted(self.taken),
            "holding": self.holding if seat is not None and seat == self.player else None,
            "idle_turns": self.idle,
            "idle_turn_limit": self.settings.idle_limit,
            "recent": [{"seat": seat, "result": result, "cards": cards} for seat, result, cards in self.log],
            "end": self.end,
            "winners": self.winners(),
        }
        if self.offer_owner != NOBODY:
            view["offer"] = {
                "owner": self.offer_owner,
                "cells": [deck.label(p) for p in self.offer],
                "sum": self.offer_sum,
                "cards": len(self.offer),
            }
        return view

    def observation_tensor(self, seat: int) -> list[float]:
        return observation(self, seat)

    def resample_from_infostate(self, seat: int, rng: random.Random) -> CalcoryState:
        """Redeal every card `seat` cannot place: unknown face-down cards and others' piles."""
        return self.redeal(seat, rng, {})

    def redeal(self, seat: int, rng: random.Random, fixed: dict[int, int]) -> CalcoryState:
        """`resample_from_infostate`, keeping face-down position p at digit fixed[p] where possible.

        `fixed` holds what a remembering player believes; a belief the cards
        cannot satisfy any more is dropped.
        """
        other = self.clone()
        slots: list[tuple[int, int]] = []  # (NOBODY, position) on the table, (owner, index) in a pile
        for p, status in enumerate(other.status):
            if status == DOWN and other.known[p] != seat:
                slots.append((NOBODY, p))
        for owner, pile in enumerate(other.piles):
            if owner != seat:
                slots.extend((owner, i) for i in range(len(pile)))
        pool = [other.cards[p] if owner == NOBODY else other.piles[owner][p] for owner, p in slots]
        holder_hidden = other.phase == PLACE and other.player != seat
        if holder_hidden:
            pool.append(other.holding)
        free: list[tuple[int, int]] = []
        if fixed:
            spare = [0] * DIGITS
            for digit in pool:
                spare[digit] += 1
            for owner, p in slots:
                digit = fixed.get(p, -1) if owner == NOBODY else -1
                if digit >= 0 and spare[digit]:
                    spare[digit] -= 1
                    other.cards[p] = digit
                else:
                    free.append((owner, p))
            pool = [digit for digit in range(DIGITS) for _ in range(spare[digit])]
        else:
            free = slots
        pool.sort()  # the result then depends on what the seat knows, not on the true order
        shuffle(rng, pool)
        for (owner, p), digit in zip(free, pool, strict=False):
            if owner == NOBODY:
                other.cards[p] = digit
            else:
                other.piles[owner][p] = digit
        if holder_hidden:
            other.holding = pool[-1]
        return other

    def cap_counters(self) -> dict[str, int]:
        """The idle cap's counter: played turns in a row in which nobody took cards."""
        return {"idle_turn_limit": self.idle}

    def check_invariants(self) -> None:
        deck = self.settings.deck
        counts = [0] * DIGITS
        for p, status in enumerate(self.status):
            digit = self.cards[p]
            assert (status == EMPTY) == (digit < 0), f"position {deck.label(p)} is inconsistent"
            if digit >= 0:
                counts[digit] += 1
            if status != DOWN:
                assert self.known[p] == NOBODY, "only face-down cards can be known"
        for pile in self.piles:
            for digit in pile:
                counts[digit] += 1
        for digit in self.taken:
            counts[digit] += 1
        if self.holding >= 0:
            counts[self.holding] += 1
        for digit in range(DIGITS):
            counts[digit] += self.left[digit]
        assert counts == list(deck.counts), "cards are not conserved"
        assert self.downs == [p for p, s in enumerate(self.status) if s == DOWN], "face-down list is off"
        assert all(self.status[p] == UP for p in self.turned), "turned cards must be face up"
        assert all(self.status[p] == OFFER for p in self.offer), "offer cards must be marked"
        ups = sum(1 for s in self.status if s == UP)
        offers = sum(1 for s in self.status if s == OFFER)
        assert ups == len(self.turned) and offers == len(self.offer)
        assert self.turn_sum == sum(self.cards[p] for p in self.turned)
        busted = self.turn_sum > TARGET or self.turn_zeros >= 2
        assert busted == (self.phase == BUST) and self.turn_sum != TARGET, "a finished turn is still open"
        assert (self.offer_owner == NOBODY) == (not self.offer)
        assert self.offer_sum == sum(self.cards[p] for p in self.offer)
        assert (self.phase == PLACE) == (self.holding >= 0)
        assert (self.phase == RETURN) == bool(self.taken)
        limit = self.settings.idle_limit
        assert not limit or self.idle < limit or self.phase == OVER, "the idle cap was passed"
