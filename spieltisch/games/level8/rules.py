"""LEVEL 8 (Super Mario edition): setup, the turn, round end and winning.

The whole game, round after round until a player wins, is one State. Seats
are numbered in turn order (RULINGS.md, general rulings); seat 0 deals the
first round and the deal passes left.
"""

from __future__ import annotations

import enum
import random
from bisect import insort
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from typing import Any, Final

import spieltisch.games.level8.actions as actions
from spieltisch.core.contract import CHANCE, TERMINAL, UNBOUNDED, Game, State
from spieltisch.core.draws import shuffle
from spieltisch.core.options import OptionError
from spieltisch.games.level8.cards import COLOURS, JOKER, KINDS, NUMBER_KINDS, SKIP, Deck, load_deck
from spieltisch.games.level8.levels import (
    LEVEL_COUNT,
    MAX_PARTS,
    LevelList,
    Part,
    load_levels,
    part_struct,
)
from spieltisch.games.level8.observe import observation
from spieltisch.games.level8.phases import (
    DEAL,
    DRAW,
    KEEP,
    LAYDOWN,
    OVER,
    PLAY,
    SKIPPED,
    STOCK_DRAW,
    TARGET,
    Phase,
)
from spieltisch.games.level8.solver import (
    AxisPlan,
    Group,
    Pick,
    Req,
    can_complete_planned,
    extend,
    layoff_ends,
    layoff_fits,
    layoff_wants,
    make_group,
    picks_possible,
    plan_of,
    reqs_of,
)
from spieltisch.games.level8.views import Level8View, RoundEndView

# Digital ruling (docs/rules/level8.md): at most this many cancels per turn
# (of a lay-down or a lay-off in progress), so every turn has a bounded length.
CANCELS_PER_TURN: Final = 3
HAND_MAX: Final = 11  # 10 dealt + 1 drawn


def turn_decision_bound(hand_max: int = HAND_MAX, level_cards: int = 10) -> int:
    """Most decisions one turn can take: draw, lay-down attempts, lay-offs, cancels, discard."""
    attempts = CANCELS_PER_TURN + 1
    laydown = attempts * (1 + level_cards)
    layoffs = 2 * (hand_max - 1)
    return 1 + laydown + layoffs + CANCELS_PER_TURN * 2 + 1


@dataclass(frozen=True)
class Settings:
    """What a LEVEL 8 game is played with: its deck, level list and limits, read
    once from the options and data files and shared by all its states."""

    players: int
    deck: Deck
    levels: LevelList
    carry_over: bool
    """The back side's rule: levels 5-8 not laid down keep up to `deck.keep_limit` cards."""
    round_turns: int
    stall_rounds: int
    level_reqs: tuple[tuple[Req, ...], ...]
    """Each level's parts as the solver's requirements (asked on every new hand)."""
    level_plans: tuple[AxisPlan | None, ...]
    level_cards: tuple[int, ...]
    """How many cards each level takes."""

    @classmethod
    def from_options(cls, players: int, options: Mapping[str, Any]) -> Settings:
        """Load the deck and the level list; OptionError when they cannot deal this table."""
        deck = load_deck(int(options["jokers"]))
        levels_file = str(options["levels_file"])
        levels = load_levels(str(options["side"]), levels_file)
        # The back side's keep-4-cards rule comes with the side (verified, rulebook).
        carry_over = levels.carry_over if levels_file else options["side"] == "back"
        dealt = deck.hand_size * players + 1
        if dealt > deck.size:
            raise OptionError(f"the deck of {deck.size} cards cannot deal {dealt}")
        reqs = tuple(reqs_of(parts) for parts in levels.levels)
        return cls(
            players=players,
            deck=deck,
            levels=levels,
            carry_over=carry_over,
            round_turns=int(options["round_turns"]),
            stall_rounds=int(options["stall_rounds"]),
            level_reqs=reqs,
            level_plans=tuple(plan_of(r) for r in reqs),
            level_cards=tuple(sum(size for _, size in parts) for parts in levels.levels),
        )

    def max_rounds(self) -> int:
        """A bound on rounds: a round someone goes out in raises the sum of levels by 2
        (at most 7n/2 + 1 such rounds before a win), at most `stall_rounds` - 1 stalled
        rounds come between two of them, and `stall_rounds` end the game."""
        return (7 * self.players // 2 + 2) * self.stall_rounds

    def max_game_length(self) -> int:
        """Rounds x (turns x decisions per turn + carry-over choices): a true bound, and
        none (UNBOUNDED) with a safety cap off."""
        if not (self.round_turns and self.stall_rounds):
            return UNBOUNDED
        keep = self.players * (self.deck.keep_limit + 1)
        return self.max_rounds() * (self.round_turns * turn_decision_bound() + keep)


ALL_KINDS: Final = range(KINDS)


@lru_cache(maxsize=4096)
def legal_picks(reqs: tuple[Req, ...], hand: tuple[int, ...]) -> tuple[int, ...]:
    """The pick actions of a lay-down under way, ascending: asked by `legal_actions`
    and again by `is_legal` for the chosen one, and a search lays the same hand
    down many times."""
    kind = reqs[0][0]
    return tuple(sorted(actions.pick_id(card, meaning, kind) for card, meaning in picks_possible(reqs, hand)))


@dataclass(frozen=True)
class RoundEnd:
    """How a round ended: shown in the view and announced by the move that ended it."""

    round: int
    """The round's number, 1 for the first."""
    went_out: int
    """The seat that went out, or -1 for a stalled round (the safety cap `round_turns`)."""
    levels_before: tuple[int, ...]
    """Every seat's level during the round."""
    levels: tuple[int, ...]
    """Every seat's level after it (9: on the win coin)."""
    step: int
    """How many steps the history holds once the move that ended the round is made."""
    turns: int
    """How many turns the round took (all players together)."""
    stalled: int = 0
    """For a stalled round: how many stalled rounds in a row it makes (0: not stalled)."""

    def to_json(self) -> RoundEndView:
        return {
            "round": self.round,
            "went_out": self.went_out if self.went_out >= 0 else None,
            "levels_before": list(self.levels_before),
            "levels": list(self.levels),
            "turns": self.turns,
            "stalled": self.stalled,
            "capped": self.stalled > 0,
        }


class Ending(enum.StrEnum):
    """How a game of LEVEL 8 ended; the value is its `EndReason.kind`."""

    LEVEL_8 = "level_8_laid"
    """A player laid down level 8 and won at once (rulebook, Spielende)."""
    OUT_AFTER_7 = "went_out_after_level_7"
    """A player went out after laying down level 7: two levels up, onto the win coin."""
    STALLED = "stalled_rounds"
    """A safety cap: `stall_rounds` rounds in a row ended with nobody out; the highest level wins."""

    @property
    def capped(self) -> bool:
        """Whether a safety cap, not the rulebook, ended the game."""
        return self is Ending.STALLED


class Level8State(State):
    """A LEVEL 8 game, round after round until a player wins.

    `settings` are the game's rules (the deck, level list and limits), shared by
    all its states. Plain fields: `level` (1-8, 9 on the win coin), `laid`,
    `hands` (sorted card kinds), `known` (hand cards everybody saw go in), `piles`
    (each seat's own discard pile, top last), `groups` (each seat's laid groups),
    the draw pile as a count per kind (`stock`), and the turn's progress
    (`phase`, `player`, the lay-down under way in `part`, `picks`, `built`, a held
    `layoff_card`).
    """

    def __init__(self, game: Game[Any], settings: Settings) -> None:
        super().__init__(game)
        self.settings = settings
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
        self.phase: Phase = DEAL
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
        self.round_log: tuple[RoundEnd, ...] = ()  # every finished round, in order
        self.laid_step = -1  # the step a lay-down was last completed at (the history's length then)
        self.won: list[int] = []
        self.ending: Ending | None = None
        self._new_round()

    # --- setup and round flow ---------------------------------------------------
    def _new_round(self) -> None:
        n = self.num_players
        self.dealer = (self.dealer + 1) % n
        self.stock = self.settings.deck.counts()
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
            queue += [seat] * (self.settings.deck.hand_size - len(self.hands[seat]))
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
        limit = self.settings.round_turns
        if limit and self.turns >= limit:
            # Safety cap (RULINGS.md, docs/rules/level8.md): a round this long is stalled.
            self._stall()
        else:
            self._begin_turn((self.player + 1) % self.num_players)

    def _stall(self) -> None:
        """A stalled round is redealt with every level unchanged, and nobody keeps
        cards; only `stall_rounds` stalled rounds in a row end the game, the highest
        level winning (ties share)."""
        self.stalled += 1
        self._log_round(-1, tuple(self.level))
        if self.stalled == self.settings.stall_rounds:
            top = max(self.level)
            self._finish([s for s in range(self.num_players) if self.level[s] == top], Ending.STALLED)
        else:
            self._new_round()

    def _log_round(self, out: int, before: tuple[int, ...]) -> None:
        self.went_out = out
        self.rounds += 1
        # The move being applied is not in the history yet: it ends at the next step.
        step = len(self._history) + 1
        end = RoundEnd(self.rounds, out, before, tuple(self.level), step, self.turns, self.stalled)
        self.round_log = (*self.round_log, end)

    def _end_round(self, out: int) -> None:
        """RULINGS.md LEVEL 8 ruling 6: out +2 levels, others laid down +1."""
        self.stalled = 0
        before = tuple(self.level)
        for seat in range(self.num_players):
            if seat == out:
                self.level[seat] += 2
            elif self.laid[seat]:
                self.level[seat] += 1
        self._log_round(out, before)
        if self.level[out] > LEVEL_COUNT:
            self._finish([out], Ending.OUT_AFTER_7)  # two levels up from level 7: the win coin
            return
        self.carry = []
        if self.settings.carry_over:
            # RULINGS.md LEVEL 8 ruling 7: levels 5-8 not laid down keep up to 4 cards.
            order = [(self.dealer + 1 + i) % self.num_players for i in range(self.num_players)]
            self.carry = [s for s in order if not self.laid[s] and 5 <= self.level[s] <= LEVEL_COUNT]
        if self.carry:
            self.phase = KEEP
        else:
            self._new_round()

    def _finish(self, winners: list[int], ending: Ending) -> None:
        self.won = sorted(winners)
        self.ending = ending
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
            if action == actions.DRAW_STOCK:
                return self.stock_size > 0
            return actions.DRAW_PILE <= action < actions.DRAW_PILE + self.num_players and bool(
                self.piles[action - actions.DRAW_PILE]
            )
        if phase == LAYDOWN:
            return self._pick_legal(action)
        if phase == SKIPPED:
            return action == actions.TAKE_SKIP
        return phase != OVER and action in self._legal_now()

    def _play_legal(self, action: int) -> bool:
        seat = self.player
        hand = self.hands[seat]
        if actions.DISCARD <= action < actions.SKIP_AT:
            return action - actions.DISCARD in hand
        if action == actions.START_LAYDOWN:
            return self.can_lay_down(seat)
        if actions.SKIP_AT <= action < actions.SKIP_AT + self.num_players:
            target = action - actions.SKIP_AT
            return target != seat and not self.skip_on[target] and SKIP in hand
        if actions.LAYOFF <= action < actions.ONTO:
            card = action - actions.LAYOFF
            return self.laid[seat] and len(hand) >= 2 and card in hand and self.fits_any_group(card)
        return False

    def _pick_legal(self, action: int) -> bool:
        if action == actions.CANCEL:
            return self.cancels > 0
        return action in legal_picks(self.reqs(), tuple(self.hands[self.player]))

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        total = self.stock_size
        stock = self.stock
        return [(kind, stock[kind] / total) for kind in compress(ALL_KINDS, stock)]

    @property
    def round_number(self) -> int:
        """The round under way, 1 for the first; once the game is over, the round it ended in."""
        ended_with_round = self.last_round is not None and self.last_round.step == len(self._history)
        return self.rounds + (0 if self.phase == OVER and ended_with_round else 1)

    @property
    def last_round(self) -> RoundEnd | None:
        """How the last finished round ended (None in the first round)."""
        return self.round_log[-1] if self.round_log else None

    def level_parts(self, seat: int) -> tuple[Part, ...]:
        """The parts of the level `seat` works on (level 8's once on the win coin)."""
        return self.settings.levels.levels[min(self.level[seat], LEVEL_COUNT) - 1]

    def requirement(self, seat: int) -> tuple[Part, ...]:
        """The parts `seat` still has to lay down for its level: none once on the win coin."""
        return self.level_parts(seat) if self.level[seat] <= LEVEL_COUNT else ()

    def reqs(self) -> tuple[Req, ...]:
        """What the current player still has to lay in the lay-down under way."""
        parts = self.level_parts(self.player)
        kind, size = parts[self.part]
        current = (kind, size, tuple(sorted(m for _, m in self.picks)))
        return (current, *((k, s, ()) for k, s in parts[self.part + 1 :]))

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase in (DEAL, STOCK_DRAW):
            return [k for k, count in enumerate(self.stock) if count]
        if phase == DRAW:
            draws = [actions.DRAW_STOCK] if self.stock_size else []
            return draws + [actions.DRAW_PILE + s for s in range(self.num_players) if self.piles[s]]
        if phase == PLAY:
            return self._play_actions()
        if phase == LAYDOWN:
            return self._pick_actions()
        if phase == TARGET:
            found = self._targets(self.layoff_card)
            return [actions.CANCEL, *found] if self.cancels else found
        if phase == SKIPPED:
            return [actions.TAKE_SKIP]
        return self._keep_actions()

    def _play_actions(self) -> list[int]:
        """Built in ascending id order (discards, skips, lay-down, lay-offs): no sort needed."""
        seat = self.player
        hand = self.hands[seat]
        kinds = list(dict.fromkeys(hand))  # the hand is sorted, so these are too
        result = [actions.DISCARD + k for k in kinds]
        if kinds and kinds[-1] == SKIP:
            skip_on = self.skip_on
            result += [actions.SKIP_AT + s for s in range(self.num_players) if s != seat and not skip_on[s]]
        if self.laid[seat]:
            if len(hand) >= 2:
                wants = layoff_wants(self.groups)
                result += [actions.LAYOFF + k for k in kinds if layoff_fits(k, wants)]
        elif self.can_lay_down(seat):
            result.append(actions.START_LAYDOWN)
        return result

    # The last answer of can_lay_down with what it was asked about (seat, level, hand):
    # asked at every play decision and again for the chosen lay-down, while the hand
    # rarely changes in between. A kept answer, not part of the position (see KEPT).
    _kept_lay_down: tuple[int, int, tuple[int, ...], bool] | None = None

    def can_lay_down(self, seat: int) -> bool:
        """RULINGS.md LEVEL 8 ruling 2 and 4: the whole level, keeping a card to end the
        turn (except on the last level, which wins at once)."""
        if self.laid[seat]:
            return False
        hand = tuple(self.hands[seat])
        level = self.level[seat]
        known = self._kept_lay_down
        if known is not None and known[0] == seat and known[1] == level and known[2] == hand:
            return known[3]
        index = min(level, LEVEL_COUNT) - 1
        settings = self.settings
        answer = (len(hand) > settings.level_cards[index] or level >= LEVEL_COUNT) and can_complete_planned(
            settings.level_plans[index], settings.level_reqs[index], hand
        )
        self._kept_lay_down = (seat, level, hand, answer)
        return answer

    def _pick_actions(self) -> list[int]:
        picks = legal_picks(self.reqs(), tuple(self.hands[self.player]))
        return [actions.CANCEL, *picks] if self.cancels else list(picks)

    def _targets(self, card: int) -> list[int]:
        """RULINGS.md LEVEL 8 ruling 3: any laid group, runs at both ends."""
        result = []
        for owner in range(self.num_players):
            for part, group in enumerate(self.groups[owner]):
                result += [actions.onto_id(owner, part, end) for end in layoff_ends(card, group)]
        return result

    def fits_any_group(self, card: int) -> bool:
        """Whether `card` can be laid off on some laid group (of any player)."""
        return layoff_fits(card, layoff_wants(self.groups))

    def _keep_actions(self) -> list[int]:
        seat = self.carry[0]
        hand, kept = self.hands[seat], self.kept[seat]
        result = [actions.KEEP_CARD + k for k in sorted(set(hand)) if hand.count(k) > kept.count(k)]
        return [*result, actions.KEEP_DONE]

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
        if action == actions.DRAW_STOCK:
            self.phase = STOCK_DRAW
            return
        card = self.piles[action - actions.DRAW_PILE].pop()
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
        if action == actions.START_LAYDOWN:
            self.phase = LAYDOWN
            self.part = 0
            self.picks = []
            self.built = []
        elif actions.LAYOFF <= action < actions.ONTO:
            self.layoff_card = action - actions.LAYOFF
            self._from_hand(seat, self.layoff_card)
            self.phase = TARGET
        elif actions.DISCARD <= action < actions.SKIP_AT:
            card = action - actions.DISCARD
            self._from_hand(seat, card)
            self.piles[seat].append(card)
            self._after_turn_card(seat)
        else:
            self._from_hand(seat, SKIP)
            if self.hands[seat]:
                self.skip_on[action - actions.SKIP_AT] = True
            else:
                # A skip card as the last card ends the round and has no effect (ruling 4).
                self.piles[seat].append(SKIP)
            self._after_turn_card(seat)

    def _after_turn_card(self, seat: int) -> None:
        if self.hands[seat]:
            self._end_turn()
        else:
            self.turns += 1  # the turn that went out counts among the round's turns
            self._end_round(seat)

    def _lay(self, action: int) -> None:
        seat = self.player
        if action == actions.CANCEL:
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
        card, meaning = actions.split_pick(action, kind)
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
        self.laid_step = len(self._history) + 1  # the move being applied is not in the history yet
        self.part = 0
        self.laid[seat] = True
        self.phase = PLAY
        if self.level[seat] == LEVEL_COUNT:
            self.level[seat] += 1  # the win coin: laying level 8 wins at once (ruling 6)
            self._finish([seat], Ending.LEVEL_8)

    def _lay_off(self, action: int) -> None:
        seat = self.player
        card = self.layoff_card
        self.layoff_card = -1
        self.phase = PLAY
        if action == actions.CANCEL:
            self._to_hand(seat, card)
            self.cancels -= 1
            return
        owner, part, end = actions.split_onto(action)
        self.groups[owner][part] = extend(self.groups[owner][part], card, end)

    def _keep(self, action: int) -> None:
        seat = self.carry[0]
        if action != actions.KEEP_DONE:
            self.kept[seat].append(action - actions.KEEP_CARD)
            self.kept[seat].sort()
        if action == actions.KEEP_DONE or len(self.kept[seat]) >= self.settings.deck.keep_limit:
            self.carry.pop(0)
            if not self.carry:
                self._new_round()

    # --- copies -----------------------------------------------------------------------
    def clone(self) -> Level8State:
        other = Level8State.__new__(Level8State)
        other.game = self.game
        other.settings = self.settings
        other.num_players = self.num_players
        other._history = self._history.copy()
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
        other.round_log = self.round_log
        other.laid_step = self.laid_step
        other.won = list(self.won)
        other.ending = self.ending
        other._kept_lay_down = self._kept_lay_down  # keyed by the hand: true for the copy too
        return other

    # --- results ------------------------------------------------------------------------
    def scores(self) -> list[float]:
        """Levels completed (8 with the win coin)."""
        return [float(min(level, LEVEL_COUNT + 1) - 1) for level in self.level]

    def winners(self) -> list[int]:
        return list(self.won) if self.phase == OVER else []

    # --- what a seat may see ----------------------------------------------------------------
    def view(self, seat: int | None) -> Level8View:
        n = self.num_players
        return {
            "round": self.round_number,
            "dealer": self.dealer,
            "phase": self.phase.name.lower(),
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
            "groups": [[(g[0], g[1], g[2], list(g[3]), list(g[4])) for g in gs] for gs in self.groups],
            "stock": self.stock_size,
            "under": self.under,
            "skip_on": list(self.skip_on),
            "cancels": self.cancels,
            "part": self.part,
            "picks": [(p[0], p[1]) for p in self.picks],
            "built": [(g[0], g[1], g[2], list(g[3]), list(g[4])) for g in self.built],
            "layoff_card": self.layoff_card,
            "carry": list(self.carry),
            "deal_left": len(self.deal_queue),
            "went_out": self.went_out,
            "last_round": self.last_round.to_json() if self.last_round else None,
            "winners": list(self.won),
            "end": {"kind": self.ending.value, "capped": self.ending.capped} if self.ending else None,
            "rounds_played": self.rounds,
            "stalled": self.stalled,
            "seats": n,
        }

    def observation_tensor(self, seat: int) -> list[float]:
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
        shuffle(rng, pool)
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

    def cap_counters(self) -> dict[str, int]:
        """The turns of the round (right after the move that ended one: that round's) and
        the stalled rounds in a row."""
        end = self.last_round
        turns = end.turns if end is not None and end.step == self.version else self.turns
        return {"round_turns": turns, "stall_rounds": self.stalled}

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
        assert counts == self.settings.deck.counts(), "cards are not conserved"
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
        limits = self.settings
        assert not limits.round_turns or self.turns <= limits.round_turns, "a round passed round_turns"
        assert not limits.stall_rounds or self.stalled <= limits.stall_rounds, "stall_rounds passed"
