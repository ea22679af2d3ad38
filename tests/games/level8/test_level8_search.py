"""The fast paths against straightforward references, and the search hooks.

The engine and the solver answer the common questions on short cuts (counts and
bit masks instead of the full search); each short cut is checked here against the
plain way of answering it, on random hands and on every state of whole games.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from level8_positions import cards, group, position

from spieltisch.core.contract import State
from spieltisch.core.play import sample_chance
from spieltisch.games.level8 import actions as A
from spieltisch.games.level8.cards import JOKER, NUMBER_KINDS, SKIP
from spieltisch.games.level8.game import Level8Game
from spieltisch.games.level8.levels import COLOUR, RUN, SET, load_levels
from spieltisch.games.level8.phases import DRAW, LAYDOWN, PLAY, TARGET
from spieltisch.games.level8.rules import Level8State
from spieltisch.games.level8.search import estimate_scores, rollout_action
from spieltisch.games.level8.solver import (
    Req,
    _search,
    accepts,
    can_complete,
    layoff_ends,
    meaning_of,
    picks_possible,
    place,
    reqs_of,
    shortfall,
    spare_cards,
)

DECK = list(range(NUMBER_KINDS)) + [JOKER] * 5 + [SKIP] * 3
SHIPPED = [*load_levels("front").levels, *load_levels("back").levels]
# Custom levels that reach the general search: three runs, sets beside a run.
CUSTOM = [((RUN, 3), (RUN, 3), (RUN, 3)), ((SET, 2), (RUN, 3), (SET, 3)), ((SET, 3), (COLOUR, 3))]


def reference_shortfall(reqs: tuple[Req, ...], hand: tuple[int, ...]) -> int:
    """The full meld search, with no short cut."""
    jokers = hand.count(JOKER)
    if not reqs:
        return -jokers
    missing, _ = _search(reqs, tuple(c for c in hand if c < NUMBER_KINDS), -1)
    return missing - jokers


def completes(reqs: tuple[Req, ...], hand: tuple[int, ...]) -> bool:
    return reference_shortfall(reqs, hand) <= 0


def partly_laid(reqs: tuple[Req, ...], hand: tuple[int, ...], rng: random.Random) -> tuple:
    """Put a few cards that the first part accepts into it (completable or not)."""
    for _ in range(rng.randint(0, 3)):
        if not reqs:
            break
        kind = reqs[0][0]
        moves = [
            (c, m)
            for c in sorted(set(hand))
            if c <= JOKER
            for m in ([meaning_of(kind, c)] if c < JOKER else range(6) if kind == COLOUR else range(1, 16))
            if accepts(reqs[0], m)
        ]
        if not moves:
            break
        c, m = rng.choice(moves)
        at = hand.index(c)
        hand, reqs = hand[:at] + hand[at + 1 :], place(reqs, m)
    return reqs, hand


@settings(max_examples=300, deadline=None)
@given(
    level=st.sampled_from(SHIPPED + CUSTOM),
    size=st.integers(0, 12),
    seed=st.integers(0, 2**32),
)
def test_shortfall_spare_cards_and_picks_match_the_plain_search(level: tuple, size: int, seed: int) -> None:
    rng = random.Random(seed)
    hand = tuple(sorted(rng.sample(DECK, size)))
    reqs, hand = partly_laid(reqs_of(level), hand, rng)
    missing = shortfall(reqs, hand)
    assert missing == reference_shortfall(reqs, hand)
    assert can_complete(reqs, hand) == (missing <= 0)
    for card in spare_cards(reqs, hand) or []:
        at = hand.index(card)
        assert card != JOKER and shortfall(reqs, hand[:at] + hand[at + 1 :]) == missing
    if reqs:
        plain = []
        for card in sorted(set(hand) - {SKIP}):
            kind = reqs[0][0]
            meanings = (
                [meaning_of(kind, card)] if card < JOKER else range(6) if kind == COLOUR else range(1, 16)
            )
            at = hand.index(card)
            rest = hand[:at] + hand[at + 1 :]
            plain += [(card, m) for m in meanings if accepts(reqs[0], m) and completes(place(reqs, m), rest)]
        assert picks_possible(reqs, hand) == plain


RUN_LEVELS = [
    ((RUN, 3), (RUN, 3)),
    ((RUN, 4), (RUN, 4)),
    ((RUN, 3), (RUN, 4)),
    ((RUN, 8),),
    ((SET, 3), (RUN, 4)),
]
# Numbers 3-9 in every colour: many numbers held twice, and levels that often fit.
NARROW = [c * 15 + v - 1 for v in range(3, 10) for c in range(6)]


@settings(max_examples=200, deadline=None)
@given(
    level=st.sampled_from(RUN_LEVELS),
    hand=st.lists(st.sampled_from(NARROW), min_size=7, max_size=11, unique=True),
    jokers=st.integers(0, 2),
    seed=st.integers(0, 2**32),
)
def test_picks_of_runs_match_the_plain_search(level: tuple, hand: list[int], jokers: int, seed: int) -> None:
    """Runs are answered on number masks of the hand less the card picked."""
    full = tuple(sorted(hand + [JOKER] * jokers))
    reqs, rest = partly_laid(reqs_of(level), full, random.Random(seed))
    if reqs:
        assert [
            A.PICK + c if c < JOKER else A.JOKER_NUMBER + m - 1 for c, m in picks_possible(reqs, rest)
        ] == sorted(plain_picks(reqs, rest), key=lambda a: (a >= A.JOKER_NUMBER, a))


def plain_picks(reqs: tuple[Req, ...], hand: tuple[int, ...]) -> list[int]:
    """Every card (a joker with each meaning) that the current part accepts and after
    which the rest of the hand still completes the level."""
    kind = reqs[0][0]
    found = []
    for card in set(hand) - {SKIP}:
        rest = list(hand)
        rest.remove(card)
        if card < JOKER:
            moves = [(A.PICK + card, meaning_of(kind, card))]
        elif kind == COLOUR:
            moves = [(A.JOKER_COLOUR + c, c) for c in range(6)]
        else:
            moves = [(A.JOKER_NUMBER + v - 1, v) for v in range(1, 16)]
        found += [a for a, m in moves if accepts(reqs[0], m) and completes(place(reqs, m), tuple(rest))]
    return found


def reference_legal_actions(state: Level8State) -> list[int]:
    """The legal moves at a turn's play and lay-down steps, listed the plain way."""
    seat, hand = state.player, state.hands[state.player]
    if state.phase == LAYDOWN:
        return sorted(([A.CANCEL] if state.cancels else []) + plain_picks(state.reqs(), tuple(hand)))
    result = [A.DISCARD + k for k in set(hand)]
    level = state.level[seat]
    whole = reqs_of(state.level_parts(seat))
    if not state.laid[seat] and (len(hand) > sum(s for _, s in state.level_parts(seat)) or level == 8):
        result += [A.START_LAYDOWN] if completes(whole, tuple(hand)) else []
    if state.laid[seat] and len(hand) >= 2:
        groups = [g for gs in state.groups for g in gs]
        result += [A.LAYOFF + k for k in set(hand) if k <= JOKER and any(layoff_ends(k, g) for g in groups)]
    if SKIP in hand:
        result += [A.SKIP_AT + s for s in range(state.num_players) if s != seat and not state.skip_on[s]]
    return sorted(result)


def play(game: Level8Game, seed: int, policy: str) -> State:
    """A whole game; at every play and lay-down step the moves equal the plain listing."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if state.phase in (PLAY, LAYDOWN):
            assert legal == reference_legal_actions(state)
        for action in legal:
            assert state.is_legal(action)
        action = rng.choice(legal) if policy == "random" else game.heuristic_action(state, rng)
        state.apply_action(action)
    return state


def test_legal_moves_equal_the_plain_listing_in_whole_games() -> None:
    for players, side, policy, seed in (
        (2, "front", "random", 1),
        (4, "back", "heuristic", 2),
        (6, "front", "heuristic", 3),
    ):
        game = Level8Game(players, {"side": side, "round_turns": 40})
        first = play(game, seed, policy)
        # The same seed gives the same game: nothing in the fast paths depends on chance.
        assert play(game, seed, policy).history() == first.history()


# --- the search hooks -------------------------------------------------------------


def test_estimate_scores_rewards_a_hand_nearer_its_level() -> None:
    """Level 1 (2 runs of 3): complete beats one card short beats scattered cards."""
    complete = position(players=2, hands={0: "R1 O2 Y3 G7 G8 B9 R12 O14 Y15 B11"})
    one_short = position(players=2, hands={0: "R1 O2 Y3 G7 G8 B5 R12 O14 Y15 B10"})
    scattered = position(players=2, hands={0: "R1 O4 Y7 G10 G13 B15 R5 O9 Y12 B2"})
    scores = [estimate_scores(s)[0] for s in (complete, one_short, scattered)]
    assert scores[0] > scores[1] > scores[2] >= 0.0
    assert scores[0] < 1.0, "a level not yet laid counts less than a level done"


def test_estimate_scores_counts_levels_laid_and_done() -> None:
    laid = position(
        players=2, hands={0: "R13 B2"}, groups={0: [group("run", "R1 O2 Y3"), group("run", "G7 G8 B9")]}
    )
    ready = position(players=2, hands={0: "R1 O2 Y3 G7 G8 B9 R12 O14 Y15 B11"})
    higher = position(players=2, hands={0: "R1 O4 Y7 G10 G13 B15 R5 O9 Y12 B2"}, levels={0: 2})
    assert estimate_scores(laid)[0] > estimate_scores(ready)[0]
    assert estimate_scores(higher)[0] >= 1.0 > estimate_scores(ready)[0]
    few_cards = position(players=2, hands={0: "R13"}, groups={0: laid.groups[0]})
    assert estimate_scores(few_cards)[0] > estimate_scores(laid)[0]


def test_estimate_scores_is_the_score_at_the_end() -> None:
    game = Level8Game(2, {})
    state = game.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(game.heuristic_action(state, rng))
    assert game.estimate_scores(state) == state.scores()
    assert max(state.scores()) == 8.0


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 6),
    side=st.sampled_from(["front", "back"]),
    seed=st.integers(0, 2**32),
    noise=st.floats(0.0, 0.5),
)
def test_rollout_action_is_always_legal(players: int, side: str, seed: int, noise: float) -> None:
    """Through whole games, mixed with random moves so odd states come up too."""
    game = Level8Game(players, {"side": side, "round_turns": 30})
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        action = game.rollout_action(state, rng)
        assert action in legal, (action, legal, state.phase)
        assert len(game.estimate_scores(state)) == players
        state.apply_action(rng.choice(legal) if rng.random() < noise else action)


def test_rollout_action_plays_sensibly() -> None:
    rng = random.Random(0)
    # Lays down a whole level as soon as it can, card by card, never cancelling.
    state = position(players=2, hands={0: "R1 O2 Y3 G7 G8 B9 R12 O14 Y15 B11 J"})
    assert rollout_action(state, rng) == A.START_LAYDOWN
    state.apply_action(A.START_LAYDOWN)
    while state.phase == LAYDOWN:
        action = rollout_action(state, rng)
        assert action != A.CANCEL
        state.apply_action(action)
    assert state.laid[0] and JOKER in state.hands[0], "number cards are laid before the joker"
    # Lays off a card that fits, then picks the group.
    runs = [group("run", "R1 O2 Y3"), group("run", "G7 G8 B9")]
    state = position(players=2, hands={0: "R4 B13 Y15"}, groups={0: runs})
    assert rollout_action(state, rng) == A.LAYOFF + cards("R4")[0]
    state.apply_action(A.LAYOFF + cards("R4")[0])
    assert state.phase == TARGET and rollout_action(state, rng) == A.onto_id(0, 0, 1)
    # Takes a discard that completes a run.
    state = position(players=2, hands={0: "R1 O2 G7 G8 B9 R12 O14 Y15 B11 R5"}, piles={1: "Y3"}, phase=DRAW)
    assert rollout_action(state, rng) == A.DRAW_PILE + 1
    # Discards a card the level does not need (a run of 3 is kept, the far cards go).
    state = position(players=2, hands={0: "R1 O2 G7 G8 B9 R12 O14 B15 R5 Y4 Y11"})
    action = rollout_action(state, rng)
    assert A.DISCARD <= action < A.SKIP_AT
    hand = list(state.hands[0])
    hand.remove(action - A.DISCARD)
    reqs = reqs_of(state.level_parts(0))
    assert shortfall(reqs, tuple(hand)) == shortfall(reqs, tuple(state.hands[0]))
    assert action - A.DISCARD != JOKER
