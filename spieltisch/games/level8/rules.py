"""LEVEL 8 (Super Mario edition): setup, the turn, round end and winning.

The whole game, round after round until a player wins, is one State. Seats
are numbered in turn order (RULINGS.md, general rulings); seat 0 deals the
first round and the deal passes left.
"""

from __future__ import annotations

import random
from bisect import insort
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from typing import Any, ClassVar

from spieltisch.core.contract import CHANCE, TERMINAL, Game, Move, State
from spieltisch.core.options import OptionError, OptionSpec
from spieltisch.games.level8 import actions as A
from spieltisch.games.level8.cards import (
    COLOURS,
    JOKER,
    KINDS,
    NUMBER_KINDS,
    SKIP,
    Deck,
    card_name,
    load_deck,
)
from spieltisch.games.level8.levels import (
    COLOUR,
    LEVEL_COUNT,
    MAX_PARTS,
    LevelList,
    Part,
    load_levels,
    part_struct,
)
from spieltisch.games.level8.solver import (
    Group,
    Pick,
    Req,
    can_complete_planned,
    extend,
    layoff_ends,
    make_group,
    meaning_of,
    picks_possible,
    plan_of,
    reqs_of,
)

# Phases of the state machine.
DEAL, DRAW, STOCK_DRAW, PLAY, LAYDOWN, TARGET, SKIPPED, KEEP, OVER = range(9)
PHASE_NAMES = ("deal", "draw", "stock_draw", "play", "laydown", "target", "skipped", "keep", "over")

# Digital ruling (docs/rules/level8.md): at most this many cancels per turn
# (of a lay-down or a lay-off in progress), so every turn has a bounded length.
CANCELS_PER_TURN = 3
HAND_MAX = 11  # 10 dealt + 1 drawn


def turn_decision_bound(hand_max: int = HAND_MAX, level_cards: int = 10) -> int:
    """Most decisions one turn can take: draw, lay-down attempts, lay-offs, cancels, discard."""
    attempts = CANCELS_PER_TURN + 1
    laydown = attempts * (1 + level_cards)
    layoffs = 2 * (hand_max - 1)
    return 1 + laydown + layoffs + CANCELS_PER_TURN * 2 + 1


class Level8Game(Game["Level8State"]):
    name = "level8"
    title = "LEVEL 8"
    min_players = 2
    max_players = 6
    option_specs = (
        OptionSpec(
            "side",
            "front",
            "choice",
            "level card side: front (one star) or back (two stars)",
            choices=("front", "back"),
        ),
        OptionSpec(
            "jokers", 5, "int", "jokers in the deck: 5 (German edition) or 6 (English)", minimum=5, maximum=6
        ),
        OptionSpec("levels_file", "", "str", "a TOML file with your own 8 levels (see docs)"),
        OptionSpec(
            "round_turns",
            100,
            "int",
            "turns (all players together) after which a round ends with nobody out",
            minimum=10,
            maximum=1000,
        ),
        OptionSpec(
            "stall_rounds",
            1,
            "int",
            "rounds in a row ended by round_turns after which the highest level wins",
            minimum=1,
            maximum=10,
        ),
    )

    # ISMCTS settings that work here (docs/rules/level8.md, "Search hooks"): flat
    # Monte Carlo over the seat's own moves (a deeper tree let the other seat play
    # as if it saw the hidden hands), playouts of the cheap policy without random
    # moves, cut off after 8 decisions and judged by `estimate_scores`, and a pull
    # towards the playout policy's move unless the playouts say otherwise.
    search_defaults: ClassVar[dict[str, object]] = {
        "rollout": "fast",
        "cutoff": 8,
        "depth": 1,
        "rollout_epsilon": 0.0,
        "exploration": 0.3,
        "bias": 2.0,
        "hint": "fast",
    }

    def setup(self) -> None:
        self.deck: Deck = load_deck(int(self.options["jokers"]))
        self.levels: LevelList = load_levels(str(self.options["side"]), str(self.options["levels_file"]))
        if self.options["levels_file"] == "":
            # The back side's keep-4-cards rule comes with the side (verified, rulebook).
            self.carry_over = self.options["side"] == "back"
        else:
            self.carry_over = self.levels.carry_over
        dealt = self.deck.hand_size * self.num_players + 1
        if dealt > self.deck.size:
            raise OptionError(f"the deck of {self.deck.size} cards cannot deal {dealt}")
        # Asked on every new hand: made once, not per question.
        self.level_reqs = tuple(reqs_of(parts) for parts in self.levels.levels)
        self.level_plans = tuple(plan_of(reqs) for reqs in self.level_reqs)
        self.level_cards = tuple(sum(size for _, size in parts) for parts in self.levels.levels)

    def new_initial_state(self) -> Level8State:
        return Level8State(self)

    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        return KINDS

    def max_rounds(self) -> int:
        """A bound on rounds: a round someone goes out in raises the sum of levels by 2
        (at most 7n/2 + 1 such rounds before a win), and at most `stall_rounds` - 1
        rounds without anyone out come between two of them."""
        return (7 * self.num_players // 2 + 2) * int(self.options["stall_rounds"])

    def max_game_length(self) -> int:
        """Rounds x (turns x decisions per turn + carry-over choices): a true bound."""
        turns = int(self.options["round_turns"])
        keep = self.num_players * (self.deck.keep_limit + 1)
        return self.max_rounds() * (turns * turn_decision_bound() + keep)

    def observation_shape(self) -> tuple[int, ...]:
        return (observation_size(self.num_players),)

    def heuristic_action(self, state: State, rng: random.Random) -> int:
        from spieltisch.games.level8.bot import heuristic_action

        assert isinstance(state, Level8State)
        return heuristic_action(state, rng)

    def rollout_action(self, state: State, rng: random.Random) -> int:
        """A cheap playout policy for the search bots (`rollout=fast`)."""
        from spieltisch.games.level8.search import rollout_action

        assert isinstance(state, Level8State)
        return rollout_action(state, rng)

    def estimate_scores(self, state: State) -> list[float]:
        """Levels completed plus progress toward the next, for playouts cut off early."""
        from spieltisch.games.level8.search import estimate_scores

        assert isinstance(state, Level8State)
        return estimate_scores(state)

    def action_struct(self, state: Level8State, action: int) -> Move:
        from spieltisch.games.level8.moves import action_struct

        return action_struct(state, action)

    def public_action_struct(self, state: Level8State, action: int) -> Move | None:
        from spieltisch.games.level8.moves import public_action_struct

        return public_action_struct(state, action)

    def public_result(self, state: Level8State, action: int, lang: str) -> dict[str, Any] | None:
        """A move that ended a round (or the game): who went out, the new levels, who won."""
        from spieltisch.games.level8.text import public_result

        return public_result(state, lang)

    def reference_data(self) -> dict[str, Any]:
        """The level list (each level's parts) and the colours, for a display."""
        from spieltisch.games.level8.text import reference_data

        return reference_data(self)


ALL_KINDS = range(KINDS)
PER_SEAT = 6 + KINDS + (KINDS + 2) + MAX_PARTS * 6
GLOBAL = len(PHASE_NAMES) + 4 + KINDS + 16 + (KINDS + 1) + KINDS


def observation_size(players: int) -> int:
    return KINDS + players * PER_SEAT + GLOBAL


@lru_cache(maxsize=4096)
def legal_picks(reqs: tuple[Req, ...], hand: tuple[int, ...]) -> tuple[int, ...]:
    """The pick actions of a lay-down under way, ascending: asked by `legal_actions`
    and again by `is_legal` for the chosen one, and a search lays the same hand
    down many times."""
    kind = reqs[0][0]
    result = []
    for card, meaning in picks_possible(reqs, hand):
        if card != JOKER:
            result.append(A.PICK + card)
        elif kind == COLOUR:
            result.append(A.JOKER_COLOUR + meaning)
        else:
            result.append(A.JOKER_NUMBER + meaning - 1)
    return tuple(sorted(result))


@dataclass(frozen=True)
class RoundEnd:
    """How a round ended: shown in the view and announced by the move that ended it."""

    round: int
    """The round's number, 1 for the first."""
    went_out: int
    """The seat that went out, or -1 when the round ended with nobody out."""
    levels_before: tuple[int, ...]
    """Every seat's level during the round."""
    levels: tuple[int, ...]
    """Every seat's level after it (9: on the win coin)."""
    step: int
    """How many steps the history holds once the move that ended the round is made."""

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "went_out": self.went_out if self.went_out >= 0 else None,
            "levels_before": list(self.levels_before),
            "levels": list(self.levels),
        }


class Level8State(State):
    game: Level8Game

    def __init__(self, game: Level8Game) -> None:
        super().__init__(game)
        n = self.num_players
        self.level = [1] * n  # 1..8; LEVEL_COUNT + 1 is the win coin
        self.laid = [False] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]  # hand cards all have seen
        self.kept: list[list[int]] = [[] for _ in range(n)]
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.groups: list[list[Group]] = [[] for _ in range(n)]
        self.skip_on = [False] * n
        self.stock: list[int] = [0] * KINDS
        self.stock_size = 0
        self.under = 0  # face-up skip cards under the draw pile
        self.dealer = n - 1  # the first round's deal passes to seat 0
        self.player = 0
        self.phase = DEAL
        self.rounds = 0  # rounds finished
        self.stalled = 0  # rounds in a row that ended with nobody out
        self.turns = 0  # turns taken this round
        self.cancels = CANCELS_PER_TURN
        self.deal_queue: list[int] = []
        self.part = 0
        self.picks: list[Pick] = []
        self.built: list[Group] = []
        self.layoff_card = -1
        self.carry: list[int] = []
        self.went_out = -1
        self.last_round: RoundEnd | None = None
        self.won: list[int] = []
        self._new_round()

    # --- setup and round flow ---------------------------------------------------
    def _new_round(self) -> None:
        n = self.num_players
        self.dealer = (self.dealer + 1) % n
        self.stock = self.game.deck.counts()
        for seat in range(n):
            for card in self.kept[seat]:
                self.stock[card] -= 1
        self.stock_size = sum(self.stock)
        self.hands = [sorted(k) for k in self.kept]
        self.known = [[] for _ in range(n)]
        self.kept = [[] for _ in range(n)]
        self.piles = [[] for _ in range(n)]
        self.groups = [[] for _ in range(n)]
        self.laid = [False] * n
        self.skip_on = [False] * n
        self.under = 0
        self.turns = 0
        self.went_out = -1
        queue: list[int] = []
        for step in range(1, n + 1):
            seat = (self.dealer + step) % n
            queue += [seat] * (self.game.deck.hand_size - len(self.hands[seat]))
        self.deal_queue = [*queue, -1]  # -1: the card turned up on the dealer's pile
        self.phase = DEAL

    def _begin_turn(self, seat: int) -> None:
        self.player = seat
        self.cancels = CANCELS_PER_TURN
        if self.skip_on[seat]:
            self.phase = SKIPPED
            return
        self.phase = DRAW
        self._refill()
        if self.stock_size == 0 and not any(self.piles):
            # Digital ruling: nothing anywhere to draw; the turn goes on without a draw.
            self.phase = PLAY

    def _refill(self) -> None:
        """RULINGS.md LEVEL 8 ruling 5: an empty draw pile (or one of face-up skips only)
        is rebuilt from every discard pile but its top card, with those skip cards."""
        if self.stock_size:
            return
        moved = self.under
        self.stock[SKIP] += self.under
        self.under = 0
        for pile in self.piles:
            for card in pile[:-1]:
                self.stock[card] += 1
            moved += max(0, len(pile) - 1)
            del pile[:-1]
        self.stock_size += moved

    def _end_turn(self) -> None:
        self.turns += 1
        if self.turns >= int(self.game.options["round_turns"]):
            # Digital ruling (docs/rules/level8.md): a round this long ends with nobody out.
            self._end_round(-1)
        else:
            self._begin_turn((self.player + 1) % self.num_players)

    def _end_round(self, out: int) -> None:
        """RULINGS.md LEVEL 8 ruling 6: out +2 levels, others laid down +1."""
        self.went_out = out
        self.rounds += 1
        self.stalled = 0 if out >= 0 else self.stalled + 1
        before = tuple(self.level)
        for seat in range(self.num_players):
            if seat == out:
                self.level[seat] += 2
            elif self.laid[seat]:
                self.level[seat] += 1
        # The move being applied is not in the history yet: it ends at the next step.
        self.last_round = RoundEnd(self.rounds, out, before, tuple(self.level), len(self._history) + 1)
        if out >= 0 and self.level[out] > LEVEL_COUNT:
            self._finish([out])  # went out after laying level 7: on the win coin
            return
        if self.stalled >= int(self.game.options["stall_rounds"]):
            # Digital ruling: after `stall_rounds` rounds in a row with nobody out,
            # the game ends and the highest level wins (ties share).
            top = max(self.level)
            self._finish([s for s in range(self.num_players) if self.level[s] == top])
            return
        self.carry = []
        if self.game.carry_over:
            # RULINGS.md LEVEL 8 ruling 7: levels 5-8 not laid down keep up to 4 cards.
            order = [(self.dealer + 1 + i) % self.num_players for i in range(self.num_players)]
            self.carry = [s for s in order if not self.laid[s] and 5 <= self.level[s] <= LEVEL_COUNT]
        if self.carry:
            self.phase = KEEP
        else:
            self._new_round()

    def _finish(self, winners: list[int]) -> None:
        self.won = sorted(winners)
        self.phase = OVER

    # --- whose move ---------------------------------------------------------------
    # Asked several times per step: answered from the phase alone.
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def is_chance_node(self) -> bool:
        return self.phase in (DEAL, STOCK_DRAW)

    def current_player(self) -> int:
        if self.phase in (DEAL, STOCK_DRAW):
            return CHANCE
        if self.phase == OVER:
            return TERMINAL
        if self.phase == KEEP:
            return self.carry[0]
        return self.player

    def is_legal(self, action: int) -> bool:
        """`action in legal_actions()`, answered without listing every legal action."""
        if isinstance(action, bool) or not isinstance(action, int):
            return False
        phase = self.phase
        if phase in (DEAL, STOCK_DRAW):
            return 0 <= action < KINDS and self.stock[action] > 0
        if phase == PLAY:
            return self._play_legal(action)
        if phase == DRAW:
            if action == A.DRAW_STOCK:
                return self.stock_size > 0
            return A.DRAW_PILE <= action < A.DRAW_PILE + self.num_players and bool(
                self.piles[action - A.DRAW_PILE]
            )
        if phase == LAYDOWN:
            return self._pick_legal(action)
        if phase == SKIPPED:
            return action == A.TAKE_SKIP
        return phase != OVER and action in self.legal_actions()

    def _play_legal(self, action: int) -> bool:
        seat = self.player
        hand = self.hands[seat]
        if A.DISCARD <= action < A.SKIP_AT:
            return action - A.DISCARD in hand
        if action == A.START_LAYDOWN:
            return self.can_lay_down(seat)
        if A.SKIP_AT <= action < A.SKIP_AT + self.num_players:
            target = action - A.SKIP_AT
            return target != seat and not self.skip_on[target] and SKIP in hand
        if A.LAYOFF <= action < A.TARGET:
            card = action - A.LAYOFF
            return self.laid[seat] and len(hand) >= 2 and card in hand and self.fits_any_group(card)
        return False

    def _pick_legal(self, action: int) -> bool:
        if action == A.CANCEL:
            return self.cancels > 0
        return action in legal_picks(self.reqs(), tuple(self.hands[self.player]))

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        total = self.stock_size
        stock = self.stock
        return [(kind, stock[kind] / total) for kind in compress(ALL_KINDS, stock)]

    def level_parts(self, seat: int) -> tuple[Part, ...]:
        """The parts of the level `seat` works on (level 8's once on the win coin)."""
        return self.game.levels.levels[min(self.level[seat], LEVEL_COUNT) - 1]

    def requirement(self, seat: int) -> tuple[Part, ...]:
        """The parts `seat` still has to lay down for its level: none once on the win coin."""
        return self.level_parts(seat) if self.level[seat] <= LEVEL_COUNT else ()

    def reqs(self) -> tuple[Req, ...]:
        """What the current player still has to lay in the lay-down under way."""
        parts = self.level_parts(self.player)
        kind, size = parts[self.part]
        current = (kind, size, tuple(sorted(m for _, m in self.picks)))
        return (current, *((k, s, ()) for k, s in parts[self.part + 1 :]))

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase in (DEAL, STOCK_DRAW):
            return [k for k, count in enumerate(self.stock) if count]
        if phase == DRAW:
            draws = [A.DRAW_STOCK] if self.stock_size else []
            return draws + [A.DRAW_PILE + s for s in range(self.num_players) if self.piles[s]]
        if phase == PLAY:
            return self._play_actions()
        if phase == LAYDOWN:
            return self._pick_actions()
        if phase == TARGET:
            found = self._targets(self.layoff_card)
            return [A.CANCEL, *found] if self.cancels else found
        if phase == SKIPPED:
            return [A.TAKE_SKIP]
        return self._keep_actions()

    def _play_actions(self) -> list[int]:
        """Built in ascending id order (discards, skips, lay-down, lay-offs): no sort needed."""
        seat = self.player
        hand = self.hands[seat]
        kinds = list(dict.fromkeys(hand))  # the hand is sorted, so these are too
        result = [A.DISCARD + k for k in kinds]
        if kinds and kinds[-1] == SKIP:
            skip_on = self.skip_on
            result += [A.SKIP_AT + s for s in range(self.num_players) if s != seat and not skip_on[s]]
        if self.laid[seat]:
            if len(hand) >= 2:
                result += [A.LAYOFF + k for k in kinds if k <= JOKER and self.fits_any_group(k)]
        elif self.can_lay_down(seat):
            result.append(A.START_LAYDOWN)
        return result

    def can_lay_down(self, seat: int) -> bool:
        """RULINGS.md LEVEL 8 ruling 2 and 4: the whole level, keeping a card to end the
        turn (except on the last level, which wins at once)."""
        if self.laid[seat]:
            return False
        level = min(self.level[seat], LEVEL_COUNT) - 1
        hand = self.hands[seat]
        if len(hand) <= self.game.level_cards[level] and self.level[seat] < LEVEL_COUNT:
            return False
        return can_complete_planned(self.game.level_plans[level], self.game.level_reqs[level], tuple(hand))

    def _pick_actions(self) -> list[int]:
        picks = legal_picks(self.reqs(), tuple(self.hands[self.player]))
        return [A.CANCEL, *picks] if self.cancels else list(picks)

    def _targets(self, card: int) -> list[int]:
        """RULINGS.md LEVEL 8 ruling 3: any laid group, runs at both ends."""
        result = []
        for owner in range(self.num_players):
            for part, group in enumerate(self.groups[owner]):
                result += [A.target_id(owner, part, end) for end in layoff_ends(card, group)]
        return result

    def fits_any_group(self, card: int) -> bool:
        """Whether `card` can be laid off on some laid group (of any player)."""
        return any(layoff_ends(card, group) for groups in self.groups for group in groups)

    def _keep_actions(self) -> list[int]:
        seat = self.carry[0]
        hand, kept = self.hands[seat], self.kept[seat]
        result = [A.KEEP + k for k in sorted(set(hand)) if hand.count(k) > kept.count(k)]
        return [*result, A.KEEP_DONE]

    # --- moving ---------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == DEAL:
            self._deal(action)
        elif phase == STOCK_DRAW:
            self._take_from_stock(self.player, action)
            self._refill()
            self.phase = PLAY
        elif phase == DRAW:
            self._draw(action)
        elif phase == PLAY:
            self._play(action)
        elif phase == LAYDOWN:
            self._lay(action)
        elif phase == TARGET:
            self._lay_off(action)
        elif phase == SKIPPED:
            # RULINGS.md LEVEL 8 ruling 5: the skipped turn puts the card under the draw pile.
            self.skip_on[self.player] = False
            self.under += 1
            self._end_turn()
        else:
            self._keep(action)

    def _take_from_stock(self, seat: int, kind: int) -> None:
        self.stock[kind] -= 1
        self.stock_size -= 1
        if seat >= 0:
            insort(self.hands[seat], kind)

    def _deal(self, kind: int) -> None:
        seat = self.deal_queue.pop(0)
        self._take_from_stock(seat, kind)
        if seat < 0:
            self.piles[self.dealer].append(kind)
        if not self.deal_queue:
            self._begin_turn((self.dealer + 1) % self.num_players)

    def _draw(self, action: int) -> None:
        if action == A.DRAW_STOCK:
            self.phase = STOCK_DRAW
            return
        card = self.piles[action - A.DRAW_PILE].pop()
        self._to_hand(self.player, card)
        self.phase = PLAY

    def _to_hand(self, seat: int, card: int) -> None:
        """A card all players have seen goes into a hand (remembered as known)."""
        insort(self.hands[seat], card)
        insort(self.known[seat], card)

    def _from_hand(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _play(self, action: int) -> None:
        seat = self.player
        if action == A.START_LAYDOWN:
            self.phase = LAYDOWN
            self.part = 0
            self.picks = []
            self.built = []
        elif A.LAYOFF <= action < A.TARGET:
            self.layoff_card = action - A.LAYOFF
            self._from_hand(seat, self.layoff_card)
            self.phase = TARGET
        elif A.DISCARD <= action < A.SKIP_AT:
            card = action - A.DISCARD
            self._from_hand(seat, card)
            self.piles[seat].append(card)
            self._after_turn_card(seat)
        else:
            self._from_hand(seat, SKIP)
            if self.hands[seat]:
                self.skip_on[action - A.SKIP_AT] = True
            else:
                # A skip card as the last card ends the round and has no effect (ruling 4).
                self.piles[seat].append(SKIP)
            self._after_turn_card(seat)

    def _after_turn_card(self, seat: int) -> None:
        if self.hands[seat]:
            self._end_turn()
        else:
            self._end_round(seat)

    def _lay(self, action: int) -> None:
        seat = self.player
        if action == A.CANCEL:
            for _, _, _, cards, _ in self.built:
                for card in cards:
                    self._to_hand(seat, card)
            for card, _ in self.picks:
                self._to_hand(seat, card)
            self.picks, self.built = [], []
            self.cancels -= 1
            self.phase = PLAY
            return
        kind, size = self.level_parts(seat)[self.part]
        if action < A.JOKER_NUMBER:
            card = action - A.PICK
            meaning = meaning_of(kind, card)
        elif action < A.JOKER_COLOUR:
            card, meaning = JOKER, action - A.JOKER_NUMBER + 1
        else:
            card, meaning = JOKER, action - A.JOKER_COLOUR
        self._from_hand(seat, card)
        self.picks.append((card, meaning))
        if len(self.picks) < size:
            return
        self.built.append(make_group(kind, self.picks))
        self.picks = []
        self.part += 1
        if self.part < len(self.level_parts(seat)):
            return
        self.groups[seat] = self.built
        self.built = []
        self.part = 0
        self.laid[seat] = True
        self.phase = PLAY
        if self.level[seat] == LEVEL_COUNT:
            self.level[seat] += 1  # the win coin: laying level 8 wins at once (ruling 6)
            self._finish([seat])

    def _lay_off(self, action: int) -> None:
        seat = self.player
        card = self.layoff_card
        self.layoff_card = -1
        self.phase = PLAY
        if action == A.CANCEL:
            self._to_hand(seat, card)
            self.cancels -= 1
            return
        owner, part, end = A.split_target(action)
        self.groups[owner][part] = extend(self.groups[owner][part], card, end)

    def _keep(self, action: int) -> None:
        seat = self.carry[0]
        if action != A.KEEP_DONE:
            self.kept[seat].append(action - A.KEEP)
            self.kept[seat].sort()
        if action == A.KEEP_DONE or len(self.kept[seat]) >= self.game.deck.keep_limit:
            self.carry.pop(0)
            if not self.carry:
                self._new_round()

    # --- names ----------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        from spieltisch.games.level8.text import action_text

        return action_text(self, action, "en")

    def action_label(self, action: int, lang: str = "en") -> str:
        from spieltisch.games.level8.text import action_text

        return action_text(self, action, lang)

    def public_action_label(self, action: int, lang: str = "en") -> str | None:
        from spieltisch.games.level8.text import public_action_text

        return public_action_text(self, action, lang)

    def render_text(self, seat: int | None, lang: str = "en", width: int = 80) -> str:
        from spieltisch.games.level8.text import render

        return render(self, seat, lang)

    # --- copies -----------------------------------------------------------------------
    def clone(self) -> Level8State:
        other = Level8State.__new__(Level8State)
        other.game = self.game
        other.num_players = self.num_players
        other._history = list(self._history)
        other.level = list(self.level)
        other.laid = list(self.laid)
        other.hands = [list(h) for h in self.hands]
        other.known = [list(h) for h in self.known]
        other.kept = [list(h) for h in self.kept]
        other.piles = [list(p) for p in self.piles]
        other.groups = [list(g) for g in self.groups]
        other.skip_on = list(self.skip_on)
        other.stock = list(self.stock)
        other.stock_size = self.stock_size
        other.under = self.under
        other.dealer = self.dealer
        other.player = self.player
        other.phase = self.phase
        other.rounds = self.rounds
        other.stalled = self.stalled
        other.turns = self.turns
        other.cancels = self.cancels
        other.deal_queue = list(self.deal_queue)
        other.part = self.part
        other.picks = list(self.picks)
        other.built = list(self.built)
        other.layoff_card = self.layoff_card
        other.carry = list(self.carry)
        other.went_out = self.went_out
        other.last_round = self.last_round
        other.won = list(self.won)
        return other

    # --- results ------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """Levels completed (8 with the win coin)."""
        return [float(min(level, LEVEL_COUNT + 1) - 1) for level in self.level]

    def winners(self) -> list[int]:
        return list(self.won) if self.phase == OVER else []

    # --- what a seat may see ----------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.num_players
        return {
            "round": self.rounds + 1,
            "dealer": self.dealer,
            "phase": PHASE_NAMES[self.phase],
            "player": self.current_player(),
            "turns": self.turns,
            "levels": list(self.level),
            "requirements": [[part_struct(part) for part in self.requirement(s)] for s in range(n)],
            "laid": list(self.laid),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "known": [list(k) for k in self.known],
            "kept": list(self.kept[seat]) if seat is not None else None,
            "kept_sizes": [len(k) for k in self.kept],
            "piles": [list(p) for p in self.piles],
            "groups": [[[g[0], g[1], g[2], list(g[3]), list(g[4])] for g in gs] for gs in self.groups],
            "stock": self.stock_size,
            "under": self.under,
            "skip_on": list(self.skip_on),
            "cancels": self.cancels,
            "part": self.part,
            "picks": [list(p) for p in self.picks],
            "built": [[g[0], g[1], g[2], list(g[3]), list(g[4])] for g in self.built],
            "layoff_card": self.layoff_card,
            "carry": list(self.carry),
            "deal_left": len(self.deal_queue),
            "went_out": self.went_out,
            "last_round": self.last_round.to_json() if self.last_round else None,
            "winners": list(self.won),
            "rounds_played": self.rounds,
            "stalled": self.stalled,
            "seats": n,
        }

    def observation_tensor(self, seat: int) -> list[float]:
        from spieltisch.games.level8.text import observation

        return observation(self, seat)

    def resample_from_infostate(self, seat: int, rng: random.Random) -> Level8State:
        """Redeal every card `seat` cannot see: other hands (but for cards all have seen
        go into them) and the draw pile, keeping every count."""
        other = self.clone()
        pool = [kind for kind, count in enumerate(self.stock) for _ in range(count)]
        unknown = [0] * self.num_players
        for s in range(self.num_players):
            if s == seat:
                continue
            rest = list(self.hands[s])
            for card in self.known[s]:
                rest.remove(card)
            pool += rest
            unknown[s] = len(rest)
        pool.sort()  # the result then depends on what the seat knows, not on the true order
        rng.shuffle(pool)
        for s in range(self.num_players):
            if s == seat:
                continue
            dealt, pool = pool[: unknown[s]], pool[unknown[s] :]
            other.hands[s] = sorted(self.known[s] + dealt)
            if self.kept[s]:
                other.kept[s] = sorted(rng.sample(other.hands[s], len(self.kept[s])))
        other.stock = [0] * KINDS
        for card in pool:
            other.stock[card] += 1
        return other

    def check_invariants(self) -> None:
        counts = [0] * KINDS
        places: list[list[int]] = [*self.hands, *self.piles]
        for gs in (*self.groups, self.built):
            places += [list(g[3]) for g in gs]
        places.append([c for c, _ in self.picks])
        if self.layoff_card >= 0:
            places.append([self.layoff_card])
        for spot in places:
            for card in spot:
                counts[card] += 1
        counts[SKIP] += self.under + sum(self.skip_on)
        for kind in range(KINDS):
            counts[kind] += self.stock[kind]
        assert counts == self.game.deck.counts(), "cards are not conserved"
        assert self.stock_size == sum(self.stock) and min(self.stock) >= 0
        for s in range(self.num_players):
            hand = self.hands[s]
            assert hand == sorted(hand)
            for sub in (self.known[s], self.kept[s]):
                assert all(sub.count(c) <= hand.count(c) for c in sub), "known/kept not in hand"
            assert 1 <= self.level[s] <= LEVEL_COUNT + 2
            assert len(self.groups[s]) <= MAX_PARTS
            if self.phase not in (KEEP, OVER):
                assert not self.laid[s] or len(self.groups[s]) == len(self.level_parts(s))
        if self.phase in (PLAY, LAYDOWN, TARGET, DRAW, SKIPPED):
            assert self.hands[self.player] or self.phase == LAYDOWN
        assert all(0 <= c < NUMBER_KINDS or c == JOKER for c, _ in self.picks)
        assert 0 <= self.cancels <= CANCELS_PER_TURN and COLOURS == 6

    def card(self, kind: int, lang: str = "en") -> str:
        return card_name(kind, lang)
