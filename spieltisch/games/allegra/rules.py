"""ALLEGRA: the settings and the state machine (setup, turn, knocking, clearing, end, match).

One State holds a whole match: the games follow each other inside it, the
dealer passing left, so records, bots and the terminal see one game.
Every card is dealt as an explicit chance node (outcome = card kind, value + 1);
a face-down card has a concrete value that no seat may see.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any, Final

import spieltisch.games.allegra.actions as actions
from spieltisch.core.contract import CHANCE, TERMINAL, UNBOUNDED, Game, State
from spieltisch.core.draws import shuffle
from spieltisch.games.allegra.actions import GAP, NO_CARD
from spieltisch.games.allegra.cards import POSITIONS, SLOTS_PER_SEAT, DeckSpec, layouts, load_deck, owners
from spieltisch.games.allegra.clearing import find_triples
from spieltisch.games.allegra.observe import observation
from spieltisch.games.allegra.phases import (
    CLEAR,
    DEAL,
    DRAW,
    DRAW_CARD,
    FLIP,
    KNOCK_ASK,
    KNOCK_CHOOSE,
    KNOCKER_PLACE,
    OVER,
    PLACE,
    SETUP_FLIP,
    TAKE,
    TAKE_PLACE,
)
from spieltisch.games.allegra.scoring import double_trigger, is_empty, layout_score
from spieltisch.games.allegra.views import AllegraView, Cell


class After(enum.IntEnum):
    """What follows a run of clearing."""

    KEEP = 0
    """A kept card: discard the card it replaced, end the turn."""
    FLIP = 1
    """A flip: end the turn."""
    KNOCKER = 2
    """The knocker's exchange: the active player takes a card next."""
    TAKE = 3
    """The active player's exchange: the knocker refills the freed place."""
    REFILL = 4
    """The knocker's refill: end the turn."""


AFTER_KEEP, AFTER_FLIP, AFTER_KNOCKER, AFTER_TAKE, AFTER_REFILL = After


FACE_DOWN: Final = -100
"""A face-down card in `information_state_key` (no card has this value)."""

MOST_GAMES: Final = 50
"""The most games of a match (the `games` option's maximum): a target without `games` plays to it."""


@dataclass(frozen=True)
class Settings:
    """The rules of one match, fixed by the options and the player count."""

    players: int
    deck: DeckSpec
    games: int
    """Games in the match (with a target, the most it may last)."""
    target: int
    """The match ends after the game in which a total reaches this; 0 = no target."""
    knocking: bool
    """Knocking is played (never with 2 players)."""
    turn_cap: int
    """A game ends, scored as it stands, after this many turns (digital safety cap; 0 = off)."""

    @classmethod
    def from_options(cls, players: int, options: Mapping[str, Any]) -> Settings:
        """The settings for validated `options`; OptionError for a deck file that cannot be used."""
        deck = load_deck(players, str(options["deck_file"]))
        games, target = int(options["games"]), int(options["target"])
        if target > 0 and games < 2:
            games = MOST_GAMES  # a match to a target, bounded: one game would make the target moot
        # Knocking is never used with 2 players (rulebook "Klopfen").
        knocking = bool(options["knocking"]) and players >= 3
        return cls(players, deck, games, target, knocking, int(options["turn_cap"]))

    def max_game_length(self) -> int:
        if not self.turn_cap:
            return UNBOUNDED  # the draw pile is refilled, so nothing else bounds a game
        n = self.players
        # Per turn: draw, n-1 knock answers, choice, two placements, a take,
        # and at most one clearing choice per 3 cards on the table.
        per_turn = 5 * n + 8
        per_game = self.deck.setup_flips * n + (self.turn_cap + n) * per_turn
        return self.games * per_game


class AllegraState(State):
    """A whole match of ALLEGRA: the table of the current game and the results so far.

    Card places are slots (see cards.py); `cards[slot]` is the value lying
    there (GAP once cleared) and `up[slot]` whether it is face up.
    """

    def __init__(self, game: Game[Any], settings: Settings) -> None:
        super().__init__(game)
        self.settings = settings
        n = self.num_players
        self.layouts = layouts(n)
        self.owners = owners(n)
        self.game_no = 0
        self.dealer = 0
        self.totals = [0] * n
        self.results: list[list[int]] = []
        self.triggers: list[int] = []
        # Per finished game, each seat's score before the trigger's doubling, and whose layout was empty.
        self.layout_scores: list[list[int]] = []
        self.empty_layouts: list[list[bool]] = []
        # A face-down card the last step showed everybody: ("flip", value) where it
        # was turned in place, ("uncover", value) where it left its place face up.
        self.shown: tuple[str, int] | None = None
        self._new_game()

    # --- a new game of the match -------------------------------------------
    def _new_game(self) -> None:
        n = self.num_players
        deck = self.settings.deck
        self.cards = [GAP] * (n * SLOTS_PER_SEAT)
        self.up = [True] * (n * SLOTS_PER_SEAT)  # gaps count as face up
        self.draw = list(deck.counts)
        self.draw_size = deck.size
        self.draw_fresh = True  # no reshuffle yet: the pile holds only unseen cards
        self.discard: list[int] = []
        self.phase = DEAL
        self.deal_next = 0
        self.active = self.dealer
        self.setup_seat = self.dealer
        self.setup_left = deck.setup_flips
        self.setup_done = 0
        self.drawn = NO_CARD
        self.drawn_from_pile = False
        self.knock_queue: list[int] = []
        self.knock_index = 0
        self.knockers: list[int] = []
        self.knocker = -1
        self.held = NO_CARD
        self.taken = NO_CARD
        self.freed = -1
        self.replaced = NO_CARD
        self.clear_seat = -1
        self.clear_next = AFTER_FLIP
        self.trigger = -1
        self.final_round = False
        self.final_queue: list[int] = []
        self.had_final = [False] * n
        self.turns = 0

    # --- whose move ------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in (DEAL, DRAW_CARD):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        if phase == SETUP_FLIP:
            return self.setup_seat
        if phase == KNOCK_ASK:
            return self.knock_queue[self.knock_index]
        if phase == CLEAR:
            return self.clear_seat
        if phase == KNOCKER_PLACE:
            return self.knocker
        return self.active

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase in (DEAL, DRAW_CARD):
            return [k for k, count in enumerate(self.draw) if count]
        if phase == SETUP_FLIP:
            return self._face_down_positions(self.setup_seat)
        if phase == DRAW:
            legal = [actions.DRAW_PILE] if self.draw_size or len(self.discard) > 1 else []
            return [*legal, actions.DRAW_DISCARD] if self.discard else legal
        if phase == KNOCK_ASK:
            return [actions.KNOCK, actions.NO_KNOCK]
        if phase == KNOCK_CHOOSE:
            return [actions.DECLINE] + [actions.ACCEPT + seat for seat in sorted(self.knockers)]
        if phase == PLACE:
            legal = self._card_positions(self.active)
            return [*legal, actions.DISCARD_DRAWN] if self._face_down_positions(self.active) else legal
        if phase == FLIP:
            return self._face_down_positions(self.active)
        if phase == CLEAR:
            return [action for action, _ in self.triples(self.clear_seat)]
        if phase == KNOCKER_PLACE:
            return self._card_positions(self.knocker)
        if phase == TAKE:
            return self._take_options()
        if phase == TAKE_PLACE:
            return self._card_positions(self.active)
        return []

    def is_legal(self, action: int) -> bool:
        """A fast check of the common steps; the rest compare with legal_actions()."""
        if isinstance(action, bool) or not isinstance(action, int):
            return False
        phase = self.phase
        if phase in (DEAL, DRAW_CARD):
            return 0 <= action < len(self.draw) and self.draw[action] > 0
        if phase in (SETUP_FLIP, FLIP, PLACE, KNOCKER_PLACE, TAKE_PLACE) and 0 <= action < POSITIONS:
            seat = (
                self.setup_seat
                if phase == SETUP_FLIP
                else self.knocker
                if phase == KNOCKER_PLACE
                else self.active
            )
            slot = self.layouts[seat][action]
            if phase in (SETUP_FLIP, FLIP):
                return not self.up[slot]
            return self.cards[slot] != GAP
        return action in self._legal_now()

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        size = self.draw_size
        return [(k, count / size) for k, count in enumerate(self.draw) if count]

    # --- layout helpers ------------------------------------------------------
    def _face_down_positions(self, seat: int) -> list[int]:
        up = self.up
        return [p for p, slot in enumerate(self.layouts[seat]) if not up[slot]]

    def _card_positions(self, seat: int) -> list[int]:
        cards = self.cards
        return [p for p, slot in enumerate(self.layouts[seat]) if cards[slot] != GAP]

    def card_count(self, seat: int) -> int:
        cards = self.cards
        return len([slot for slot in self.layouts[seat] if cards[slot] != GAP])

    def finished(self, seat: int) -> bool:
        """No face-down card among the seat's 15 positions (RULINGS.md ALLEGRA 4)."""
        up = self.up
        return all(up[slot] for slot in self.layouts[seat])

    def triples(self, seat: int) -> list[tuple[int, tuple[int, ...]]]:
        return find_triples(self.cards, self.up, self.layouts[seat])

    def _take_options(self) -> list[int]:
        """Knocker positions the active player may take: one of theirs must stay to exchange."""
        cards = self.cards
        mine = [slot for slot in self.layouts[self.active] if cards[slot] != GAP]
        only = mine[0] if len(mine) == 1 else -1
        return [
            position
            for position, slot in enumerate(self.layouts[self.knocker])
            if cards[slot] != GAP and slot != only and mine
        ]

    def knock_eligible(self, seat: int) -> bool:
        """Knocking needs more than 3 cards and no final-round turn had (RULINGS.md ALLEGRA 6).

        The trigger has had their last turn, so never knocks either.
        """
        return seat != self.trigger and not self.had_final[seat] and self.card_count(seat) > 3

    # --- moving ----------------------------------------------------------------
    def _apply(self, action: int) -> None:
        phase = self.phase
        self.shown = None
        if phase == DEAL:
            self._deal(action)
        elif phase == SETUP_FLIP:
            self._setup_flip(action)
        elif phase == DRAW:
            self._draw(action)
        elif phase == DRAW_CARD:
            self._drawn_from_pile(action)
        elif phase == KNOCK_ASK:
            self._knock_answer(action)
        elif phase == KNOCK_CHOOSE:
            self._knock_choice(action)
        elif phase == PLACE:
            self._place(action)
        elif phase == FLIP:
            self._flip(action)
        elif phase == CLEAR:
            self._clear(action)
            self._run_clears(self.clear_seat, self.clear_next)
        elif phase == KNOCKER_PLACE:
            self._knocker_place(action)
        elif phase == TAKE:
            self._take(action)
        elif phase == TAKE_PLACE:
            self._take_place(action)

    def _pull(self, kind: int) -> int:
        self.draw[kind] -= 1
        self.draw_size -= 1
        return self.settings.deck.value(kind)

    def _deal(self, kind: int) -> None:
        value = self._pull(kind)
        if self.deal_next < len(self.cards):
            self.cards[self.deal_next] = value
            self.up[self.deal_next] = False
            self.deal_next += 1
        else:  # the top card of the rest starts the discard pile
            self.discard.append(value)
            self.phase = SETUP_FLIP

    def _setup_flip(self, position: int) -> None:
        # RULINGS.md ALLEGRA 1: 2 flips each from the dealer clockwise; dealer starts.
        slot = self.layouts[self.setup_seat][position]
        self.up[slot] = True
        self.shown = ("flip", self.cards[slot])
        self.setup_left -= 1
        if self.setup_left:
            return
        self.setup_done += 1
        if self.setup_done == self.num_players:
            self._start_turn(self.dealer)
        else:
            self.setup_seat = (self.setup_seat + 1) % self.num_players
            self.setup_left = self.settings.deck.setup_flips

    def _draw(self, action: int) -> None:
        if action == actions.DRAW_DISCARD:
            self.drawn = self.discard.pop()
            self.drawn_from_pile = False
            self.phase = PLACE
            return
        if not self.draw_size:
            # Digital ruling (docs): an empty draw pile is refilled from the
            # discard pile, all but its top card, shuffled (every card seen before).
            top = self.discard.pop()
            for value in self.discard:
                self.draw[self.settings.deck.kind(value)] += 1
            self.draw_size = len(self.discard)
            self.discard = [top]
            self.draw_fresh = False
        self.phase = DRAW_CARD

    def _drawn_from_pile(self, kind: int) -> None:
        # RULINGS.md ALLEGRA 2: a card from the draw pile is shown to all.
        self.drawn = self._pull(kind)
        self.drawn_from_pile = True
        if self.settings.knocking:
            n = self.num_players
            order = [(self.active + j) % n for j in range(1, n)]
            self.knock_queue = [seat for seat in order if self.knock_eligible(seat)]
            self.knock_index = 0
            self.knockers = []
        self.phase = KNOCK_ASK if self.knock_queue else PLACE

    def _knock_answer(self, action: int) -> None:
        if action == actions.KNOCK:
            self.knockers.append(self.knock_queue[self.knock_index])
        self.knock_index += 1
        if self.knock_index == len(self.knock_queue):
            self.phase = KNOCK_CHOOSE if self.knockers else PLACE

    def _knock_choice(self, action: int) -> None:
        if action == actions.DECLINE:
            self.phase = PLACE
        else:
            self.knocker = action - actions.ACCEPT
            self.phase = KNOCKER_PLACE

    def _place(self, action: int) -> None:
        if action == actions.DISCARD_DRAWN:
            self.discard.append(self.drawn)
            self.drawn = NO_CARD
            self.phase = FLIP
            return
        slot = self.layouts[self.active][action]
        self.replaced = self._exchange(slot, self.drawn)
        self.drawn = NO_CARD
        self._run_clears(self.active, AFTER_KEEP)

    def _flip(self, position: int) -> None:
        slot = self.layouts[self.active][position]
        self.up[slot] = True
        self.shown = ("flip", self.cards[slot])
        self._note_uncovered(slot)
        self._run_clears(self.active, AFTER_FLIP)

    def _knocker_place(self, position: int) -> None:
        # Knocking (a): the knocker exchanges the drawn card, holding the removed card face up.
        slot = self.layouts[self.knocker][position]
        self.held = self._exchange(slot, self.drawn)
        self.drawn = NO_CARD
        self._run_clears(self.knocker, AFTER_KNOCKER)

    def _take(self, position: int) -> None:
        # Knocking (c): the active player takes any card of the knocker's layout, face up.
        slot = self.layouts[self.knocker][position]
        self.taken = self.cards[slot]
        was_down = not self.up[slot]
        self.cards[slot] = GAP
        self.up[slot] = True
        self.freed = slot
        if was_down:
            self.shown = ("uncover", self.taken)
            self._note_uncovered(slot)
        self.phase = TAKE_PLACE

    def _take_place(self, position: int) -> None:
        slot = self.layouts[self.active][position]
        self.replaced = self._exchange(slot, self.taken)
        self.taken = NO_CARD
        self._run_clears(self.active, AFTER_TAKE)

    def _exchange(self, slot: int, value: int) -> int:
        """Put `value` face up on `slot`; return the card that was there."""
        old = self.cards[slot]
        was_down = not self.up[slot]
        self.cards[slot] = value
        self.up[slot] = True
        if was_down:
            self.shown = ("uncover", old)
            self._note_uncovered(slot)
        return old

    def _note_uncovered(self, slot: int) -> None:
        """A face-down card left `slot`: the first player this finishes is the trigger.

        RULINGS.md ALLEGRA 4: the active player when among the finished, else
        the first of them in turn order.
        """
        if self.trigger >= 0 or self.phase == SETUP_FLIP:
            return
        done = [seat for seat in self.owners[slot] if self.finished(seat)]
        if not done:
            return
        if self.active in done:
            self.trigger = self.active
        else:
            n = self.num_players
            self.trigger = min(done, key=lambda seat: (seat - self.active) % n)

    # --- clearing ------------------------------------------------------------------
    def _run_clears(self, seat: int, then: After) -> None:
        """Clear triples of `seat` one at a time; ask when there is a choice (RULINGS.md ALLEGRA 3)."""
        while True:
            found = self.triples(seat)
            if not found:
                break
            if len(found) > 1:
                self.phase = CLEAR
                self.clear_seat = seat
                self.clear_next = then
                return
            self._clear(found[0][0], found)
        self._after_clears(then)

    def _clear(self, action: int, found: list[tuple[int, tuple[int, ...]]] | None = None) -> None:
        found = found if found is not None else self.triples(self.clear_seat)
        slots = next(slots for name, slots in found if name == action)
        for slot in slots:
            # Cleared cards go to the discard pile before the exchanged card.
            self.discard.append(self.cards[slot])
            self.cards[slot] = GAP
            self.up[slot] = True

    def _after_clears(self, then: After) -> None:
        if then == AFTER_KEEP:
            self.discard.append(self.replaced)
            self.replaced = NO_CARD
            self._end_turn()
        elif then == AFTER_KNOCKER:
            # Knocking: with no card left to give (or none the active player could
            # exchange against), steps (c) and (d) lapse and the held card is discarded.
            if self.card_count(self.knocker) and self._take_options():
                self.phase = TAKE
            else:
                self.discard.append(self.held)
                self.held = NO_CARD
                self._end_turn()
        elif then == AFTER_TAKE:
            # Knocking (c) ends with the replaced card discarded; (d) the knocker
            # fills the freed place with the held card and clears again.
            self.discard.append(self.replaced)
            self.replaced = NO_CARD
            self.cards[self.freed] = self.held
            self.up[self.freed] = True
            self.held = NO_CARD
            self.freed = -1
            self._run_clears(self.knocker, AFTER_REFILL)
        else:
            self._end_turn()

    # --- turns, final round, end ---------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.active = seat
        self.phase = DRAW

    def _end_turn(self) -> None:
        n = self.num_players
        self.knock_queue = []
        self.knock_index = 0
        self.knockers = []
        self.knocker = -1
        self.drawn_from_pile = False
        if self.trigger >= 0 and not self.final_round:
            # RULINGS.md ALLEGRA 4: one more turn each, from the player after the active one.
            self.final_round = True
            order = [(self.active + j) % n for j in range(1, n + 1)]
            self.final_queue = [seat for seat in order if seat != self.trigger]
        if self.final_round:
            while self.final_queue:
                seat = self.final_queue.pop(0)
                self.had_final[seat] = True
                if not self.finished(seat):  # a finished player is skipped
                    self._start_turn(seat)
                    return
            self._end_game()
            return
        self.turns += 1
        if self.turns == self.settings.turn_cap:
            self._end_game()  # digital safety cap (docs): scored as it stands, no trigger
            return
        self._start_turn((self.active + 1) % n)

    def _end_game(self) -> None:
        # All cards are turned up, with no more clearing.
        self.up = [True] * len(self.up)
        deck = self.settings.deck
        before = [layout_score(self.cards, slots, deck.empty_layout_score) for slots in self.layouts]
        self.layout_scores.append(before)
        self.empty_layouts.append([is_empty(self.cards, slots) for slots in self.layouts])
        scores = list(before)
        double_trigger(scores, self.trigger)
        self.results.append(scores)
        self.triggers.append(self.trigger)
        self.totals = [total + score for total, score in zip(self.totals, scores, strict=True)]
        settings = self.settings
        more = len(self.results) < settings.games
        if settings.target and max(self.totals) >= settings.target:
            more = False
        if more:
            # RULINGS.md ALLEGRA 7: the dealer passes left.
            self.game_no += 1
            self.dealer = (self.dealer + 1) % self.num_players
            self._new_game()
        else:
            self.phase = OVER

    # --- copying ---------------------------------------------------------------------
    def clone(self) -> AllegraState:
        # Field by field (the compiled build has no __dict__): every field of the state.
        other = AllegraState.__new__(AllegraState)
        other.game = self.game
        other.num_players = self.num_players
        other.settings = self.settings
        other.layouts = self.layouts
        other.owners = self.owners
        other.game_no = self.game_no
        other.dealer = self.dealer
        other.shown = self.shown
        other.draw_size = self.draw_size
        other.draw_fresh = self.draw_fresh
        other.phase = self.phase
        other.deal_next = self.deal_next
        other.active = self.active
        other.setup_seat = self.setup_seat
        other.setup_left = self.setup_left
        other.setup_done = self.setup_done
        other.drawn = self.drawn
        other.drawn_from_pile = self.drawn_from_pile
        other.knock_index = self.knock_index
        other.knocker = self.knocker
        other.held = self.held
        other.taken = self.taken
        other.freed = self.freed
        other.replaced = self.replaced
        other.clear_seat = self.clear_seat
        other.clear_next = self.clear_next
        other.trigger = self.trigger
        other.final_round = self.final_round
        other.turns = self.turns
        other._history = self._history.copy()
        other.cards = list(self.cards)
        other.up = list(self.up)
        other.draw = list(self.draw)
        other.discard = list(self.discard)
        other.knock_queue = list(self.knock_queue)
        other.knockers = list(self.knockers)
        other.final_queue = list(self.final_queue)
        other.had_final = list(self.had_final)
        other.totals = list(self.totals)
        other.results = [list(r) for r in self.results]
        other.triggers = list(self.triggers)
        other.layout_scores = [list(r) for r in self.layout_scores]
        other.empty_layouts = [list(r) for r in self.empty_layouts]
        return other

    # --- results ---------------------------------------------------------------------
    def scores(self) -> list[float]:
        """Running match totals of the finished games (lower is better)."""
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        best = min(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == best]

    # --- what a seat may see ---------------------------------------------------------
    def cell(self, slot: int) -> Cell:
        """A slot as seen by everyone: its value, "?" when face down, None for a gap."""
        if self.cards[slot] == GAP:
            return None
        return self.cards[slot] if self.up[slot] else "?"

    def view(self, seat: int | None) -> AllegraView:
        # No card is private in ALLEGRA: face-down cards are unknown to all.
        settings = self.settings

        def card(value: int) -> int | None:
            return None if value == NO_CARD else value

        return {
            "seat": seat,
            "players": self.num_players,
            "game": self.game_no + 1,
            "games": settings.games,
            "target": settings.target,
            "knocking": settings.knocking,
            "dealer": self.dealer,
            "phase": self.phase.name.lower(),
            "to_move": self.current_player(),
            "active": self.active,
            "turns": self.turns,
            "turn_cap": settings.turn_cap,
            "setup": [self.setup_seat, self.setup_left] if self.phase == SETUP_FLIP else None,
            "layouts": [[self.cell(slot) for slot in slots] for slots in self.layouts],
            "draw_size": self.draw_size,
            "draw_known": None if self.draw_fresh else list(self.draw),
            "discard": list(self.discard),
            "drawn": card(self.drawn),
            "drawn_from": None if self.drawn == NO_CARD else ("pile" if self.drawn_from_pile else "discard"),
            "knock_queue": list(self.knock_queue),
            "knock_index": self.knock_index,
            "knockers": list(self.knockers),
            "knocker": self.knocker,
            "held": card(self.held),
            "taken": card(self.taken),
            "freed": self.freed,
            "replaced": card(self.replaced),
            "clear_seat": self.clear_seat if self.phase == CLEAR else None,
            "trigger": self.trigger,
            "final_round": self.final_round,
            "final_queue": list(self.final_queue),
            "had_final": list(self.had_final),
            "totals": list(self.totals),
            "results": [list(r) for r in self.results],
            "triggers": list(self.triggers),
            "capped": [trigger < 0 for trigger in self.triggers],
        }

    def information_state_key(self, seat: int) -> Hashable:
        """What the view shows, as a tuple: equal exactly when the views are (the settings
        are the game's), and far cheaper than the view's JSON. A face-down card is FACE_DOWN,
        a gap GAP (always face up)."""
        cards, up = self.cards, self.up
        table = tuple([cards[slot] if up[slot] else FACE_DOWN for slot in range(len(cards))])
        phase = self.phase
        return (
            seat,
            self.game_no,
            self.dealer,
            phase,
            self.current_player(),
            self.active,
            self.turns,
            (self.setup_seat, self.setup_left) if phase == SETUP_FLIP else None,
            table,
            self.draw_size,
            None if self.draw_fresh else tuple(self.draw),
            tuple(self.discard),
            self.drawn,
            None if self.drawn == NO_CARD else self.drawn_from_pile,
            tuple(self.knock_queue),
            self.knock_index,
            tuple(self.knockers),
            self.knocker,
            self.held,
            self.taken,
            self.freed,
            self.replaced,
            self.clear_seat if phase == CLEAR else None,
            self.trigger,
            self.final_round,
            tuple(self.final_queue),
            tuple(self.had_final),
            tuple(self.totals),
            tuple([tuple(result) for result in self.results]),
            tuple(self.triggers),
        )

    def observation_tensor(self, seat: int) -> list[float]:
        return observation(self, seat)

    def resample_from_infostate(self, seat: int, rng: random.Random) -> AllegraState:
        """Redeal the face-down cards (and the unseen draw pile) from the unseen cards."""
        other = self.clone()
        down = [slot for slot, up in enumerate(self.up) if not up]
        pool = [self.cards[slot] for slot in down]
        deck = self.settings.deck
        if self.draw_fresh:
            for kind, count in enumerate(self.draw):
                pool += [deck.value(kind)] * count
        pool.sort()  # the result then depends on what the seat knows, not on the true order
        shuffle(rng, pool)
        for slot, value in zip(down, pool, strict=False):
            other.cards[slot] = value
        if self.draw_fresh:
            other.draw = [0] * deck.kinds
            for value in pool[len(down) :]:
                other.draw[deck.kind(value)] += 1
        return other

    def cap_counters(self) -> dict[str, int]:
        """The turn cap's counter: turns of the current game before its final round."""
        return {"turn_cap": self.turns}

    def check_invariants(self) -> None:
        deck = self.settings.deck
        counts = [0] * deck.kinds
        loose = [self.drawn, self.held, self.taken, self.replaced]
        for value in [*self.cards, *self.discard, *loose]:
            if value not in (GAP, NO_CARD):
                counts[deck.kind(value)] += 1
        for kind in range(deck.kinds):
            counts[kind] += self.draw[kind]
        assert counts == list(deck.counts), "cards are not conserved"
        assert self.draw_size == sum(self.draw), "draw pile size is off"
        assert all(self.up[s] for s, v in enumerate(self.cards) if v == GAP), "a gap is face down"
        assert len(self.results) == self.game_no + (1 if self.phase == OVER else 0)
        assert self.totals == [sum(r[s] for r in self.results) for s in range(self.num_players)]
        for before, after, trigger in zip(self.layout_scores, self.results, self.triggers, strict=True):
            doubled = list(before)
            double_trigger(doubled, trigger)
            assert doubled == after, "a game's result is not its layouts' scores, the trigger's doubled"
        if self.phase not in (DEAL, SETUP_FLIP, OVER):
            assert self.discard or self.drawn != NO_CARD, "the discard pile ran empty"
        if self.phase == CLEAR:
            assert len(self.triples(self.clear_seat)) > 1, "a clearing choice without a choice"
        if self.phase == OVER:
            assert all(self.up), "cards left face down at the end"
