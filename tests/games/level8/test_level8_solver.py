"""The meld solver against brute force, and the rulebook's lay-off examples on bare groups."""

from __future__ import annotations

import itertools

from hypothesis import example, given, settings
from hypothesis import strategies as st
from level8_positions import card, cards, group

from spieltisch.games.level8.cards import JOKER, KINDS, colour_of, kind_of, value_of
from spieltisch.games.level8.levels import COLOUR, RUN, SET, load_levels
from spieltisch.games.level8.solver import (
    Group,
    accepts,
    can_complete,
    extend,
    layoff_ends,
    layoff_fits,
    layoff_wants,
    make_group,
    picks_possible,
    place,
    reqs_of,
    shortfall,
    solution,
)

Level = tuple[tuple[int, int], ...]


def part_ok(kind: int, size: int, hand_cards: tuple[int, ...]) -> bool:
    """Brute force: can these exact cards (jokers as wildcards) form the part?"""
    numbers = [c for c in hand_cards if c != JOKER]
    if len(hand_cards) != size:
        return False
    if kind == SET:
        return len({value_of(c) for c in numbers}) <= 1
    if kind == COLOUR:
        return len({colour_of(c) for c in numbers}) <= 1
    values = [value_of(c) for c in numbers]
    if len(set(values)) != len(values):
        return False
    return not values or max(values) - min(values) + 1 <= size


def brute_force(level: Level, hand: list[int]) -> bool:
    """Try every way to take each part's cards, part after part, from what is left."""
    if not level:
        return True
    (kind, size), rest_level = level[0], level[1:]
    for chosen in {tuple(sorted(c)) for c in itertools.combinations(hand, size)}:
        if part_ok(kind, size, chosen):
            rest = list(hand)
            for c in chosen:
                rest.remove(c)
            if brute_force(rest_level, rest):
                return True
    return False


def valid_solution(level: Level, hand: list[int], plan: list[list[tuple[int, int]]]) -> bool:
    """The solver's plan uses hand cards only, and every part is exactly right with its meanings."""
    used = [c for part in plan for c, _ in part]
    if any(used.count(c) > hand.count(c) for c in used):
        return False
    for (kind, size), picks in zip(level, plan, strict=True):
        meanings = [m for _, m in picks]
        if len(picks) != size:
            return False
        for c, m in picks:
            if c != JOKER and m != (colour_of(c) if kind == COLOUR else value_of(c)):
                return False
        if kind == RUN and sorted(meanings) != list(range(min(meanings), min(meanings) + size)):
            return False
        if kind != RUN and len(set(meanings)) != 1:
            return False
    return True


SMALL_PARTS = st.tuples(st.sampled_from([RUN, SET, COLOUR]), st.integers(2, 4)).filter(
    lambda p: p[0] != RUN or p[1] >= 3
)
LEVELS = (
    st.lists(SMALL_PARTS, min_size=1, max_size=3).map(tuple).filter(lambda lv: sum(s for _, s in lv) <= 7)
)
# A small corner of the deck (numbers 1-5 and 14-15 in three colours) makes hits likely.
POOL = [kind_of(v, c) for v in (1, 2, 3, 4, 5, 14, 15) for c in range(3)] + [JOKER] * 3
HANDS = st.lists(st.sampled_from(range(len(POOL))), min_size=4, max_size=8, unique=True).map(
    lambda idx: sorted(POOL[i] for i in idx)
)


@settings(max_examples=150, deadline=None)
@given(level=LEVELS, hand=HANDS)
def test_solver_matches_brute_force_on_random_hands(level: Level, hand: list[int]) -> None:
    """Meld search: exact, i.e. the same answer as trying every split of the hand."""
    expected = brute_force(level, hand)
    assert can_complete(reqs_of(level), tuple(hand)) == expected
    plan = solution(reqs_of(level), tuple(hand))
    assert (plan is not None) == expected
    if plan is not None:
        assert valid_solution(level, hand, plan)
        assert shortfall(reqs_of(level), tuple(hand)) <= 0


WINDOW = [kind_of(v, c) for v in range(3, 11) for c in range(6)]


@settings(max_examples=80, deadline=None)
@given(
    index=st.integers(0, 7),
    side=st.sampled_from(["front", "back"]),
    hand=st.lists(st.sampled_from(WINDOW), min_size=8, max_size=11, unique=True),
    jokers=st.integers(0, 3),
)
def test_solver_matches_brute_force_on_the_real_levels(
    index: int, side: str, hand: list[int], jokers: int
) -> None:
    """Every level of both sides, on 8-11 cards from numbers 3-10 (so levels often fit)."""
    level = load_levels(side).levels[index]
    full = sorted(hand[: 11 - jokers] + [JOKER] * jokers)
    assert can_complete(reqs_of(level), tuple(full)) == brute_force(level, full)


@settings(max_examples=40, deadline=None)
@given(
    index=st.integers(0, 7),
    side=st.sampled_from(["front", "back"]),
    hand=st.lists(st.sampled_from(WINDOW), min_size=8, max_size=11, unique=True),
    jokers=st.integers(0, 3),
    seed=st.randoms(use_true_random=False),
)
def test_offered_picks_are_exactly_those_that_keep_the_level_completable(
    index: int, side: str, hand: list[int], jokers: int, seed: object
) -> None:
    """At every step of a lay-down of a real level, the picks offered are exactly the
    cards and meanings after which the rest can still be laid, as the general search
    (`solution`) finds them."""
    reqs = reqs_of(load_levels(side).levels[index])
    rest = sorted(hand[: 11 - jokers] + [JOKER] * jokers)
    while reqs and can_complete(reqs, tuple(rest)):
        kind = reqs[0][0]
        expected = set()
        for c in set(rest):
            numbers = range(6) if kind == COLOUR else range(1, 16)
            meanings = numbers if c == JOKER else [colour_of(c) if kind == COLOUR else value_of(c)]
            for meaning in meanings:
                left = list(rest)
                left.remove(c)
                if accepts(reqs[0], meaning) and solution(place(reqs, meaning), tuple(left)) is not None:
                    expected.add((c, meaning))
        offered = picks_possible(reqs, tuple(rest))
        assert set(offered) == expected and len(offered) == len(expected)
        c, meaning = seed.choice(offered)  # type: ignore[attr-defined]
        rest.remove(c)
        reqs = place(reqs, meaning)


@settings(max_examples=60, deadline=None)
@given(level=LEVELS, hand=HANDS, seed=st.randoms(use_true_random=False))
def test_every_offered_pick_keeps_the_level_completable(level: Level, hand: list[int], seed: object) -> None:
    """Random picks among the offered ones always end in a whole level (never stuck)."""
    reqs = reqs_of(level)
    if not can_complete(reqs, tuple(hand)):
        assert not picks_possible(reqs, tuple(hand)) or brute_force(level, hand)
        return
    rest = list(hand)
    placed = 0
    while reqs:
        options = picks_possible(reqs, tuple(rest))
        assert options, "a completable lay-down offered no pick"
        c, meaning = seed.choice(options)  # type: ignore[attr-defined]
        assert accepts(reqs[0], meaning)
        rest.remove(c)
        reqs = place(reqs, meaning)
        placed += 1
    assert placed == sum(s for _, s in level)


def test_rulebook_layoff_run_4_5_6_takes_7_then_8_and_3_then_2() -> None:
    """Rulebook, Anlegen: a 4-5-6 takes a 7 (then an 8 ...) and a 3 (then a 2 ...)."""
    run = group("run", "R4 O5 Y6")
    assert layoff_ends(card("G7"), run) == [1]
    assert layoff_ends(card("B3"), run) == [0]
    assert layoff_ends(card("G8"), run) == [] and layoff_ends(card("B2"), run) == []
    longer = extend(extend(run, card("G7"), 1), card("B3"), 0)
    assert (longer[1], longer[2]) == (3, 7)
    assert layoff_ends(card("G8"), longer) == [1] and layoff_ends(card("B2"), longer) == [0]


def test_rulebook_layoff_pairs_take_any_2_3_6() -> None:
    """Rulebook, Anlegen: 2-2, 3-3, 6-6, 6-6 take every 2, 3 and 6 (and nothing else)."""
    pairs = [group("set", "R2 O2"), group("set", "R3 O3"), group("set", "R6 O6"), group("set", "Y6 G6")]
    for name, fits in (("B2", [0]), ("B3", [1]), ("B6", [2, 3]), ("B4", []), ("J", [0, 1, 2, 3])):
        assert [i for i, g in enumerate(pairs) if layoff_ends(card(name), g)] == fits, name


def test_rulebook_layoff_run_8_to_11_with_pairs_3_and_9() -> None:
    """Rulebook, Anlegen: 8-9-10-11 with 3-3 and 9-9 takes 7, 12, any 3 and any 9."""
    run = group("run", "R8 O9 Y10 G11")
    threes, nines = group("set", "R3 O3"), group("set", "Y9 G9")
    assert layoff_ends(card("B7"), run) == [0] and layoff_ends(card("B12"), run) == [1]
    assert layoff_ends(card("B3"), threes) == [0] and layoff_ends(card("B9"), nines) == [0]
    assert layoff_ends(card("B9"), run) == []  # the run's 9 is inside it


def test_15_and_1_never_connect() -> None:
    """Rulebook: between 15 and 1 there is no connection, neither laid off nor laid down."""
    top, bottom = group("run", "R13 O14 Y15"), group("run", "R1 O2 Y3")
    assert layoff_ends(card("B1"), top) == [] and layoff_ends(card("B15"), bottom) == []
    assert layoff_ends(JOKER, top) == [0] and layoff_ends(JOKER, bottom) == [1]
    run3 = reqs_of(((RUN, 3),))
    assert not can_complete(run3, tuple(cards("R14 O15 Y1")))
    assert not can_complete(run3, tuple(cards("R15 O1 Y2")))
    assert can_complete(run3, tuple(cards("R15 O14 J")))


def bare_group(kind: int, low: int, high: int) -> Group:
    """A laid group of red cards (a colour group of colour `low`): only its ends matter here."""
    if kind == COLOUR:
        return make_group(kind, [(kind_of(v, low), low) for v in range(1, high + 1)])
    numbers = range(low, high + 1) if kind == RUN else [low] * high
    return make_group(kind, [(kind_of(v, c % 6), v) for c, v in enumerate(numbers)])


GROUPS = st.one_of(
    st.tuples(st.just(RUN), st.integers(1, 13), st.integers(2, 14)).map(
        lambda g: bare_group(RUN, g[1], min(15, g[1] + g[2]))
    ),
    st.tuples(st.just(SET), st.integers(1, 15), st.integers(2, 5)).map(lambda g: bare_group(*g)),
    st.tuples(st.just(COLOUR), st.integers(0, 5), st.integers(2, 9)).map(lambda g: bare_group(*g)),
)


@settings(max_examples=150, deadline=None)
@given(laid=st.lists(st.lists(GROUPS, max_size=3), min_size=2, max_size=6))
@example(laid=[[bare_group(RUN, 1, 15)], []])  # a run of every number takes nothing, not even a joker
def test_layoff_wants_answer_as_layoff_ends_on_every_group(laid: list[list[Group]]) -> None:
    """Every card, a joker and the skip card fit some laid group by the groups' ends
    at once exactly when `layoff_ends` finds an end on one of them."""
    wants = layoff_wants(laid)
    for kind in range(KINDS):
        expected = any(layoff_ends(kind, g) for groups in laid for g in groups)
        assert layoff_fits(kind, wants) == expected, kind
