"""Calcory: turn cards one by one and aim for the sum 13 (rules/calcory.de.txt).

The table is a grid of positions (6 x 10). Each position is empty, holds a
face-down card, a card turned up in the current turn, or a card of the
standing offer (turned up and marked with its owner's blocks).

Action ids, with P = rows x columns positions (P = 60 by default):
    0 .. P-1          turn up the face-down card at position p ("turn B7")
    P                 stop and leave the turned cards lying ("stop")
    P+1 .. P+10       return a card of digit d face down ("return a 4")
    P+11 .. 2P+10     put the returned card at empty position p ("put back at C3")
    2P+11             after a bust, turn the cards face down again ("turn back")
Chance outcomes 0-9: the digit dealt to the next position of the layout.

Length bound (max_game_length), with C cards, L = idle_turn_limit and M =
Deck.max_cards_in_turn():
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

import random
from bisect import insort
from typing import Any, ClassVar

from spieltisch.core.contract import CHANCE, TERMINAL, Game, MemoryHooks, Move, State
from spieltisch.core.options import OptionSpec
from spieltisch.games.calcory.cards import DIGITS, TARGET, Deck, load_deck

# What lies at a position.
EMPTY, DOWN, UP, OFFER = 0, 1, 2, 3
# Phases of play.
DEAL, TURN, BUST, RETURN, PLACE, OVER = 0, 1, 2, 3, 4, 5
PHASE_NAMES = ("deal", "turn", "bust", "return", "place", "over")

NOBODY = -1


class CalcoryGame(Game["CalcoryState"]):
    name = "calcory"
    title = "Calcory"
    min_players = 2
    max_players = 4
    # Search bots: remembering where turned cards lie is the heart of Calcory, and
    # with memory the cheap `rollout_action` playouts beat the heuristic at 3k+ per second.
    search_defaults: ClassVar[dict[str, object]] = {"rollout": "fast", "memory": "perfect"}
    option_specs = (
        OptionSpec(
            "deck_file",
            "",
            "str",
            "a TOML file with the layout and the count of each digit (empty: the bundled default)",
        ),
        OptionSpec(
            "idle_turn_limit",
            40,
            "int",
            "the game ends after this many played turns in a row in which nobody took cards",
            minimum=1,
            maximum=1000,
        ),
    )

    def setup(self) -> None:
        self.deck: Deck = load_deck(str(self.options["deck_file"]))
        self.positions = self.deck.positions
        self.stop_action = self.positions
        self.return_base = self.positions + 1
        self.place_base = self.positions + 1 + DIGITS
        self.cover_action = 2 * self.positions + 1 + DIGITS
        self.idle_limit = int(self.options["idle_turn_limit"])

    def new_initial_state(self) -> CalcoryState:
        return CalcoryState(self)

    def num_distinct_actions(self) -> int:
        return 2 * self.positions + 2 + DIGITS

    def max_chance_outcomes(self) -> int:
        return DIGITS

    def max_game_length(self) -> int:
        # Proof in the module docstring.
        cards = self.deck.size
        turns = (cards - 1) + cards * self.idle_limit
        return turns * (self.deck.max_cards_in_turn() + 2)

    def observation_shape(self) -> tuple[int, ...]:
        return (15 * self.positions + 4 * self.num_players + 39,)

    def heuristic_action(self, state: State, rng: random.Random) -> int:
        from spieltisch.games.calcory.bot import heuristic_action

        assert isinstance(state, CalcoryState)
        return heuristic_action(state, rng)

    def memory_hooks(self) -> MemoryHooks:
        from spieltisch.games.calcory.memory import remember_facts, resample_with_memory

        return MemoryHooks(remember_facts, resample_with_memory)

    def rollout_action(self, state: State, rng: random.Random) -> int:
        """A cheaper policy for search playouts."""
        from spieltisch.games.calcory.bot import rollout_action

        assert isinstance(state, CalcoryState)
        return rollout_action(state, rng)

    def action_struct(self, state: CalcoryState, action: int) -> Move:
        from spieltisch.games.calcory.moves import action_struct

        return action_struct(state, action)

    def public_action_struct(self, state: CalcoryState, action: int) -> Move | None:
        from spieltisch.games.calcory.moves import public_action_struct

        return public_action_struct(state, action)

    def public_result(self, state: CalcoryState, action: int, lang: str) -> dict[str, Any] | None:
        """After a turn, the digit the card showed: everybody saw it (also when it hit or bust)."""
        if state.shown < 0:
            return None
        return {"text": str(state.shown), "digit": state.shown}


class CalcoryState(State):
    game: CalcoryGame

    def __init__(self, game: CalcoryGame) -> None:
        super().__init__(game)
        size = game.positions
        self.cards: list[int] = [-1] * size  # true digit at each position, -1 when empty
        self.status: list[int] = [EMPTY] * size
        self.known: list[int] = [NOBODY] * size  # who put this face-down card back
        self.left: list[int] = list(game.deck.counts)  # cards still to deal, per digit
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

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == TURN:
            legal = self.downs.copy()
            if self.may_stop():
                legal.append(self.game.stop_action)
            return legal
        if phase == DEAL:
            return [d for d in range(DIGITS) if self.left[d]]
        if phase == BUST:
            return [self.game.cover_action]
        if phase == RETURN:
            base = self.game.return_base
            return [base + d for d in sorted(set(self.taken))]
        if phase == PLACE:
            base = self.game.place_base
            return [base + p for p in range(self.game.positions) if self.status[p] == EMPTY]
        return []

    def is_legal(self, action: int) -> bool:
        if isinstance(action, bool) or not isinstance(action, int):
            return False
        phase = self.phase
        game = self.game
        if phase == TURN:
            if 0 <= action < game.positions:
                return self.status[action] == DOWN
            return action == game.stop_action and self.may_stop()
        if phase == DEAL:
            return 0 <= action < DIGITS and self.left[action] > 0
        if phase == BUST:
            return action == game.cover_action
        if phase == RETURN:
            return game.return_base <= action < game.place_base and action - game.return_base in self.taken
        if phase == PLACE:
            p = action - game.place_base
            return 0 <= p < game.positions and self.status[p] == EMPTY
        return False

    def may_stop(self) -> bool:
        """Stopping needs one card up; without collected cards two, or all that were left."""
        count = len(self.turned)
        if count == 0:
            return False
        return count >= 2 or bool(self.piles[self.player]) or not self.downs

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        remaining = self.game.deck.size - self.dealt
        return [(d, n / remaining) for d, n in enumerate(self.left) if n]

    # --- moving ------------------------------------------------------------
    def _apply(self, action: int) -> None:
        phase = self.phase
        self.shown = -1
        if phase == TURN:
            if action == self.game.stop_action:
                self._stop()
            else:
                self._turn(action)
        elif phase == DEAL:
            self._deal(action)
        elif phase == BUST:
            self._cover(self.turned)
            self._end_turn("bust", len(self.turned))
        elif phase == RETURN:
            self._choose_return(action - self.game.return_base)
        else:
            self._put_back(action - self.game.place_base)

    def _deal(self, digit: int) -> None:
        position = self.dealt
        self.cards[position] = digit
        self.status[position] = DOWN
        self.left[digit] -= 1
        self.dealt += 1
        self.downs.append(position)
        if self.dealt == self.game.deck.size:
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
        if self.idle >= self.game.idle_limit:
            self._finish("idle")  # digital ruling: see docs/rules/calcory.md
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
                self._finish("nothing left")  # RULINGS.md Calcory 5
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
            self._finish("single card")
            return
        self._note(self.player, "took", len(positions))
        self._take(positions)

    def _finish(self, reason: str) -> None:
        self.phase = OVER
        self.end = reason

    # --- names -------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        game = self.game
        if self.phase == DEAL:
            return f"deal {action} at {game.deck.label(self.dealt)}"
        if 0 <= action < game.positions:
            return f"turn {game.deck.label(action)}"
        if action == game.stop_action:
            return "stop"
        if action == game.cover_action:
            return "turn back"
        if game.return_base <= action < game.place_base:
            return f"return a {action - game.return_base}"
        if game.place_base <= action < game.num_distinct_actions():
            return f"put back at {game.deck.label(action - game.place_base)}"
        return f"action {action}"

    def action_label(self, action: int, lang: str = "en") -> str:
        from spieltisch.games.calcory.text import action_label

        return action_label(self, action, lang)

    def public_action_label(self, action: int, lang: str = "en") -> str | None:
        from spieltisch.games.calcory.text import public_action_label

        return public_action_label(self, action, lang)

    def render_text(self, seat: int | None, lang: str = "en", width: int = 80) -> str:
        from spieltisch.games.calcory.text import render

        return render(self, seat, lang)

    def clone(self) -> CalcoryState:
        other = CalcoryState.__new__(CalcoryState)
        other.game = self.game
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
        counts = list(self.game.deck.counts)
        if self.phase == DEAL:
            return counts
        for p in range(self.game.positions):
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

    def view(self, seat: int | None) -> dict[str, Any]:
        # RULINGS.md Calcory 6: a seat sees only face-up cards (and the cards it put back).
        deck = self.game.deck
        cells: list[Any] = []
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
        view: dict[str, Any] = {
            "rows": deck.rows,
            "columns": deck.columns,
            "phase": PHASE_NAMES[self.phase],
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
            "idle_turn_limit": self.game.idle_limit,
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
        """Per position 15 values, then the seats, own pile, phase and turn (shape in the game)."""
        tensor: list[float] = []
        for p, status in enumerate(self.status):
            cell = [0.0] * 15
            digit = self.visible_digit(p, seat)
            if status == DOWN and digit >= 0:
                cell[2] = 1.0
            else:
                cell[(0, 1, 3, 4)[status]] = 1.0
            if digit >= 0:
                cell[5 + digit] = 1.0
            tensor.extend(cell)
        n = self.num_players
        size = float(self.game.deck.size)
        tensor.extend(len(pile) / size for pile in self.piles)
        tensor.extend(1.0 if self.offer_owner == s else 0.0 for s in range(n))
        tensor.extend(1.0 if self.current_player() == s else 0.0 for s in range(n))
        tensor.extend(1.0 if seat == s else 0.0 for s in range(n))
        top = float(max(self.game.deck.counts) or 1)
        own = [0.0] * DIGITS
        for digit in self.piles[seat]:
            own[digit] += 1.0 / top
        tensor.extend(own)
        tensor.extend(1.0 if self.phase == k else 0.0 for k in range(len(PHASE_NAMES)))
        tensor.append(self.turn_sum / TARGET)
        tensor.append(float(self.turn_zeros))
        taken = [0.0] * DIGITS
        for digit in self.taken:
            taken[digit] += 1.0 / top
        tensor.extend(taken)
        holding = [0.0] * DIGITS
        if self.holding >= 0 and seat == self.player:
            holding[self.holding] = 1.0
        tensor.extend(holding)
        tensor.append(self.idle / self.game.idle_limit)
        return tensor

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
        rng.shuffle(pool)
        for (owner, p), digit in zip(free, pool, strict=False):
            if owner == NOBODY:
                other.cards[p] = digit
            else:
                other.piles[owner][p] = digit
        if holder_hidden:
            other.holding = pool[-1]
        return other

    def check_invariants(self) -> None:
        deck = self.game.deck
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
        assert self.idle < self.game.idle_limit or self.phase == OVER
