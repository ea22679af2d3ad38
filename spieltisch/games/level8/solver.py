"""The meld solver: can a hand complete (the rest of) a level, and how; lay-off targets.

A level still to be laid is a tuple of requirements ``(kind, size, placed)``
where ``placed`` holds the meanings (numbers for runs and sets, colours for
colour groups) of the cards already put into that part. Choosing a parameter
for every part (a run's lowest number, a set's number, a group's colour) turns
the level into slots: "one card of number v" or "one card of colour c". The
hand completes the level when its number cards fill all slots but at most as
many as it holds jokers. With only number slots (or only colour slots) that is
a sum over numbers; with both, a small bipartite matching decides. A depth-first
search over the parameters prunes as soon as the missing count is too high, and
skips orderings of identical parts, so the search is exact and fast.

The yes/no question `can_complete`, asked for every new hand, skips that search
when all parts lie on one axis (every shipped level): then only the count of
cards per number (or colour) matters, and runs, sets and colour groups have
short exact answers on those counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from spieltisch.games.level8.cards import JOKER, NUMBER_KINDS, SKIP, VALUES, colour_of, value_of
from spieltisch.games.level8.levels import COLOUR, RUN, SET

Req = tuple[int, int, tuple[int, ...]]  # (kind, size, meanings placed so far, sorted)
Pick = tuple[int, int]  # (card kind, meaning)
Slot = tuple[int, int]  # (0, number) or (1, colour)
Group = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]  # kind, low/key, high/key, cards, meanings

BY_VALUE, BY_COLOUR = 0, 1
NO_SOLUTION: Final = 99


def reqs_of(level: tuple[tuple[int, int], ...]) -> tuple[Req, ...]:
    """The requirements of a whole level with nothing placed yet."""
    return tuple((kind, size, ()) for kind, size in level)


def accepts(req: Req, meaning: int) -> bool:
    """Can a card with `meaning` join this partly built part?"""
    kind, size, placed = req
    if len(placed) >= size:
        return False
    if kind == RUN:
        if meaning in placed or not 1 <= meaning <= VALUES:
            return False
        low = min(meaning, *placed) if placed else meaning
        high = max(meaning, *placed) if placed else meaning
        return high - low + 1 <= size
    return not placed or placed[0] == meaning


def meaning_of(req_kind: int, kind: int) -> int:
    """A number card's meaning in a part: its colour in a colour group, else its number."""
    return colour_of(kind) if req_kind == COLOUR else value_of(kind)


def place(reqs: tuple[Req, ...], meaning: int) -> tuple[Req, ...]:
    """The requirements after one more card goes into the first part (dropped when full)."""
    kind, size, placed = reqs[0]
    now = tuple(sorted((*placed, meaning)))
    if len(now) == size:
        return reqs[1:]
    return ((kind, size, now), *reqs[1:])


# --- the search ---------------------------------------------------------------


@lru_cache(maxsize=4096)
def _options(req: Req) -> list[tuple[Slot, ...]]:
    """Every way to finish one part, as the slots still to fill."""
    kind, size, placed = req
    need = size - len(placed)
    if kind == RUN:
        low = max(1, (max(placed) - size + 1) if placed else 1)
        high = min(VALUES - size + 1, min(placed) if placed else VALUES)
        return [
            tuple((BY_VALUE, v) for v in range(start, start + size) if v not in placed)
            for start in range(low, high + 1)
        ]
    keys = [placed[0]] if placed else list(range(1, VALUES + 1) if kind == SET else range(6))
    axis = BY_COLOUR if kind == COLOUR else BY_VALUE
    return [((axis, key),) * need for key in keys]


def _alone(option: tuple[tuple[int, ...], tuple[int, ...]], count_v: list[int], count_c: list[int]) -> int:
    """Cards one option lacks on its own."""
    values, colours = option
    lack = 0
    for key in set(values):
        lack += max(0, values.count(key) - count_v[key])
    for key in set(colours):
        lack += max(0, colours.count(key) - count_c[key])
    return lack


@lru_cache(maxsize=4096)
def _split_options(req: Req) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each option of a part as (numbers needed, colours needed)."""
    return [
        (tuple(k for a, k in option if a == BY_VALUE), tuple(k for a, k in option if a == BY_COLOUR))
        for option in _options(req)
    ]


def _match(slots: list[Slot], cards: tuple[int, ...]) -> list[int]:
    """A maximum matching of slots to number cards: card index per slot, -1 if none."""
    owner = [-1] * len(cards)

    def fits(slot: Slot, card: int) -> bool:
        axis, key = slot
        return (value_of(card) if axis == BY_VALUE else colour_of(card)) == key

    def augment(s: int, seen: list[bool]) -> bool:
        for c, card in enumerate(cards):
            if not seen[c] and fits(slots[s], card):
                seen[c] = True
                if owner[c] < 0 or augment(owner[c], seen):
                    owner[c] = s
                    return True
        return False

    for s in range(len(slots)):
        augment(s, [False] * len(cards))
    result = [-1] * len(slots)
    for c, s in enumerate(owner):
        if s >= 0:
            result[s] = c
    return result


def _search(reqs: tuple[Req, ...], cards: tuple[int, ...], budget: int) -> tuple[int, list[int]]:
    """The fewest jokers needed (and the option chosen per part), or NO_SOLUTION.

    Stops early at the first solution needing at most `budget` jokers.
    """
    count_v = [0] * (VALUES + 1)
    count_c = [0] * 6
    for card in cards:
        count_v[value_of(card)] += 1
        count_c[colour_of(card)] += 1
    options = [_split_options(r) for r in reqs]
    if budget >= 0:
        # An option that alone lacks more cards than the jokers can never be part of a solution.
        options = [[o for o in opts if _alone(o, count_v, count_c) <= budget] for opts in options]
        if not all(options):
            return budget + 1, []
    mixed = any(r[0] == COLOUR for r in reqs) and any(r[0] != COLOUR for r in reqs)
    need_v = [0] * (VALUES + 1)
    need_c = [0] * 6
    best = [budget + 1 if budget >= 0 else NO_SOLUTION]
    best_choice: list[int] = []
    chosen: list[int] = []
    same_as_previous = [i > 0 and reqs[i] == reqs[i - 1] and not reqs[i][2] for i in range(len(reqs))]

    def dfs(i: int, short_v: int, short_c: int) -> bool:
        bound = max(short_v, short_c)
        if bound >= best[0]:
            return False
        if i == len(reqs):
            missing = bound
            if mixed:
                slots = [(BY_VALUE, v) for v in range(1, VALUES + 1) for _ in range(need_v[v])]
                slots += [(BY_COLOUR, c) for c in range(6) for _ in range(need_c[c])]
                missing = sum(1 for m in _match(slots, cards) if m < 0)
            if missing < best[0]:
                best[0] = missing
                best_choice[:] = chosen
            return missing <= budget
        first = chosen[-1] if same_as_previous[i] else 0
        for index in range(first, len(options[i])):
            values, colours = options[i][index]
            add_v = add_c = 0
            for key in values:
                add_v += need_v[key] >= count_v[key]
                need_v[key] += 1
            for key in colours:
                add_c += need_c[key] >= count_c[key]
                need_c[key] += 1
            chosen.append(index)
            done = dfs(i + 1, short_v + add_v, short_c + add_c)
            chosen.pop()
            for key in values:
                need_v[key] -= 1
            for key in colours:
                need_c[key] -= 1
            if done:
                return True
        return False

    dfs(0, 0, 0)
    return best[0], best_choice


def _split(hand: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    return tuple(k for k in hand if k < NUMBER_KINDS), hand.count(JOKER)


def can_complete(reqs: tuple[Req, ...], hand: tuple[int, ...]) -> bool:
    """Exact: can `hand` (sorted kinds) fill every remaining requirement?"""
    if not reqs:
        return True
    return can_complete_planned(_one_axis_plan(reqs), reqs, hand)


def plan_of(reqs: tuple[Req, ...]) -> AxisPlan | None:
    """The one-axis plan of `reqs` (None: colour groups beside runs or sets), for callers
    that ask about the same requirements again and again (the engine, per level)."""
    return _one_axis_plan(reqs) if reqs else None


def can_complete_planned(plan: AxisPlan | None, reqs: tuple[Req, ...], hand: tuple[int, ...]) -> bool:
    """`can_complete` with the plan of `reqs` already at hand."""
    if plan is None:
        return _can_complete_mixed(reqs, hand) if reqs else True
    # Answered faster than a cache look-up would be worth: hands rarely repeat.
    if plan.total > len(hand):
        return False
    if plan.shape == RUNS and len(plan.parts) <= 2:
        return _runs_fit(plan, hand)
    count = [0] * (VALUES + 1)
    jokers = 0
    if plan.axis == BY_VALUE:
        for card in hand:
            if card < NUMBER_KINDS:
                count[card % VALUES + 1] += 1
            elif card == JOKER:
                jokers += 1
    else:
        for card in hand:
            if card < NUMBER_KINDS:
                count[card // VALUES] += 1
            elif card == JOKER:
                jokers += 1
    return _counts_fit(plan, count, jokers)


def _counts_fit(plan: AxisPlan, count: list[int], jokers: int) -> bool:
    """`can_complete_planned` on the cards held per number (or colour) and the jokers."""
    if plan.shape == RUNS and len(plan.parts) <= 2:
        once = twice = 0
        for key, held in enumerate(count):
            if held:
                once |= 1 << key
            if held > 1:
                twice |= 1 << key
        return _runs_fit_masks(plan, once, twice, jokers)
    if plan.shape == KEYED or plan.shape == SETS:
        return _sets_fit(plan, count, jokers)
    return _one_axis_fit(plan, count, jokers)


@lru_cache(maxsize=200_000)
def _can_complete_mixed(reqs: tuple[Req, ...], hand: tuple[int, ...]) -> bool:
    """Levels with colour groups beside runs or sets: the full search."""
    if sum(size - len(placed) for _, size, placed in reqs) > len(hand):
        return False
    cards, jokers = _split(hand)
    missing, _ = _search(reqs, cards, jokers)
    return missing <= jokers


# --- the fast yes/no for levels on one axis -------------------------------------
#
# Every shipped level asks only for numbers (runs, sets) or only for colours, so
# the matching of slots to cards falls apart into counts per number (or colour):
# a number slot takes any card of that number, whatever its colour. Whether the
# level fits is then a question about those counts, answered without `_search`
# (which also keeps the choice for `solution` and the bot's shortfall).

AxisOption = tuple[int, int, int, tuple[int, ...]]  # run mask or 0, key, cards needed, run numbers
GENERAL, RUNS, KEYED, SETS = 0, 1, 2, 3
"""Shapes of a plan: any parts; runs only; untouched sets (or colour groups) only;
sets (or colour groups) only, some begun."""


class AxisPlan:
    """A level (or its rest) on one axis: each part's options, in a fixed order."""

    __slots__ = (
        "axis",
        "begun",
        "first",
        "masks",
        "needs",
        "parts",
        "plain_run",
        "same",
        "shape",
        "sizes",
        "total",
        "untouched",
    )

    def __init__(self, axis: int, given: tuple[Req, ...]) -> None:
        # Identical parts side by side, so only non-decreasing choices need trying.
        reqs = tuple(sorted(given))
        self.first = reqs.index(given[0])  # where the part a lay-down fills now stands
        self.axis = axis
        self.total = sum(size - len(placed) for _, size, placed in reqs)
        self.sizes = tuple(size for _, size, _ in reqs)
        if all(kind == RUN for kind, _, _ in reqs):
            self.shape = RUNS
        elif all(kind != RUN and not placed for kind, _, placed in reqs):
            self.shape = KEYED
        elif all(kind != RUN for kind, _, _ in reqs):
            self.shape = SETS
        else:
            self.shape = GENERAL
        # Sets and colour groups: the begun ones as (key, cards still needed), the sizes of the others.
        keyed = [(size, placed) for kind, size, placed in reqs if kind != RUN]
        self.begun = tuple((placed[0], size - len(placed)) for size, placed in keyed if placed)
        self.untouched = tuple(size for size, placed in keyed if not placed)
        parts: list[tuple[AxisOption, ...]] = []
        for req in reqs:
            options: list[AxisOption] = []
            for option in _options(req):
                if req[0] == RUN:
                    keys = tuple(key for _, key in option)
                    options.append((sum(1 << key for key in keys), 0, len(keys), keys))
                else:
                    options.append((0, option[0][1], len(option), ()))
            parts.append(tuple(options))
        self.parts = tuple(parts)
        self.masks = tuple(tuple(o[0] for o in options) for options in parts)
        self.needs = tuple(size - len(placed) for _, size, placed in reqs)
        self.same = tuple(i > 0 and reqs[i] == reqs[i - 1] for i in range(len(reqs)))
        # One run, or two runs of one length, with nothing laid yet: its length, else 0.
        plain = self.shape == RUNS and len(reqs) <= 2 and all(r == (RUN, reqs[0][1], ()) for r in reqs)
        self.plain_run = reqs[0][1] if plain else 0


@lru_cache(maxsize=65_536)
def _one_axis_plan(reqs: tuple[Req, ...]) -> AxisPlan | None:
    axes = {BY_COLOUR if kind == COLOUR else BY_VALUE for kind, _, _ in reqs}
    return AxisPlan(axes.pop(), reqs) if len(axes) == 1 else None


_NUMBER_BIT: Final = [1 << value_of(kind) for kind in range(NUMBER_KINDS)] + [0, 0]  # joker, skip


def _number_masks(hand: tuple[int, ...]) -> tuple[int, int]:
    """Bit v set in `once` when number v is held at least once, in `twice` at least twice."""
    once = twice = 0
    for card in hand:
        bit = _NUMBER_BIT[card]  # 0 for jokers and skip cards
        twice |= once & bit
        once |= bit
    return once, twice


def _runs_fit(plan: AxisPlan, hand: tuple[int, ...]) -> bool:
    once, twice = _number_masks(hand)
    return _runs_fit_masks(plan, once, twice, hand.count(JOKER))


def _runs_fit_masks(plan: AxisPlan, once: int, twice: int, jokers: int) -> bool:
    """One or two runs: a choice of runs lacks, per number, the runs over it beyond
    the cards of that number held (`once`: held at least once, `twice`: twice)."""
    if not jokers:
        if plan.plain_run:
            return _plain_runs_fit(plan.plain_run, len(plan.masks), once, twice)
        return _runs_fit_exactly(plan, once, twice)
    masks = plan.masks
    least = plan.needs[0] - jokers
    if len(masks) == 1:
        return any((mask & once).bit_count() >= least for mask in masks[0])
    first = [mask for mask in masks[0] if (mask & once).bit_count() >= least]
    if not first:
        return False
    symmetric = plan.same[1]
    if symmetric:
        second = first
    else:
        least = plan.needs[1] - jokers
        second = [mask for mask in masks[1] if (mask & once).bit_count() >= least]
    lack_once, lack_twice = ~once, ~twice
    for i, a in enumerate(first):
        for b in second[i:] if symmetric else second:
            if ((a | b) & lack_once).bit_count() + (a & b & lack_twice).bit_count() <= jokers:
                return True
    return False


def _runs_fit_exactly(plan: AxisPlan, once: int, twice: int) -> bool:
    """`_runs_fit_masks` without jokers: every number of a run held, and the numbers
    two runs share held twice."""
    masks = plan.masks
    lack = ~once
    first = [mask for mask in masks[0] if not mask & lack]
    if len(masks) == 1 or not first:
        return bool(first)
    symmetric = plan.same[1]
    second = first if symmetric else [mask for mask in masks[1] if not mask & lack]
    lack_twice = ~twice
    for i, a in enumerate(first):
        for b in second[i:] if symmetric else second:
            if not a & b & lack_twice:
                return True
    return False


def _plain_runs_fit(length: int, parts: int, once: int, twice: int) -> bool:
    """One or two untouched runs of `length` without jokers, on bit masks: bit s of
    `starts` says the hand holds every number of the run starting at s."""
    starts = once
    for shift in range(1, length):
        starts &= once >> shift
    if not starts or parts == 1:
        return bool(starts)
    lowest = (starts & -starts).bit_length() - 1
    if starts >> (lowest + length):
        return True  # two runs apart from each other
    # Runs starting `apart` numbers apart share length - apart numbers, each held twice.
    shared = twice  # bit s: numbers s .. s + overlap - 1 all held twice
    for apart in range(length - 1, -1, -1):
        if starts & (starts >> apart) & (shared >> apart):
            return True
        shared &= twice >> (length - apart)
    return False


def _sets_fit(plan: AxisPlan, count: list[int], jokers: int) -> bool:
    """Sets (or colour groups) only: a begun part's number (colour) is fixed, so it
    takes the cards of that number first and jokers for what they lack; the
    untouched parts then share what is left as in `_keyed_fit`."""
    left = count
    if plan.begun:
        left = list(count)
        for key, need in plan.begun:
            jokers -= max(0, need - left[key])
            left[key] = max(0, left[key] - need)
        if jokers < 0:
            return False
    top = sorted(left, reverse=True)[: len(plan.untouched)]
    return _keyed_fit(plan.untouched, tuple(top), jokers)


@lru_cache(maxsize=65_536)
def _keyed_fit(sizes: tuple[int, ...], top: tuple[int, ...], jokers: int) -> bool:
    """Untouched sets only (or colour groups only): every number (colour) is alike, so
    only the largest counts matter, one per part; parts may share a number."""
    loads = [0] * len(top)

    def assign(i: int) -> bool:
        if i == len(sizes):
            return sum(max(0, load - held) for load, held in zip(loads, top, strict=True)) <= jokers
        for k in range(len(top)):
            loads[k] += sizes[i]
            ok = assign(i + 1)
            loads[k] -= sizes[i]
            if ok:
                return True
        return False

    return assign(0)


def _take(option: AxisOption, need: list[int], count: Sequence[int]) -> int:
    """Add what `option` needs per number (or colour) to `need`; return how many more
    cards that leaves the hand short (`count`: the cards it holds per key)."""
    mask, key, size, keys = option
    if mask:
        add = 0
        for k in keys:
            add += need[k] >= count[k]
            need[k] += 1
        return add
    add = max(0, need[key] + size - max(count[key], need[key]))
    need[key] += size
    return add


def _give_back(option: AxisOption, need: list[int]) -> None:
    """Undo `_take`."""
    mask, key, size, keys = option
    if mask:
        for k in keys:
            need[k] -= 1
    else:
        need[key] -= size


def _one_axis_fit(plan: AxisPlan, count: list[int], jokers: int) -> bool:
    """Any parts on one axis: a search over the parts' options on the counts."""
    present = 0
    for key, n in enumerate(count):
        if n:
            present |= 1 << key
    live: list[tuple[AxisOption, ...]] = []
    for options in plan.parts:
        kept = tuple(
            o
            for o in options
            if (o[2] - (o[0] & present).bit_count() if o[0] else o[2] - count[o[1]]) <= jokers
        )
        if not kept:
            return False
        live.append(kept)
    if len(live) == 1:
        return True
    need = [0] * (VALUES + 1)
    last = len(live) - 1
    same = plan.same

    def dfs(i: int, first: int, short: int) -> bool:
        options = live[i]
        for index in range(first, len(options)):
            option = options[index]
            add = _take(option, need, count)
            ok = short + add <= jokers and (i == last or dfs(i + 1, index if same[i + 1] else 0, short + add))
            _give_back(option, need)
            if ok:
                return True
        return False

    return dfs(0, 0, 0)


@lru_cache(maxsize=100_000)
def shortfall(reqs: tuple[Req, ...], hand: tuple[int, ...]) -> int:
    """How many cards the hand lacks for the level at best (negative: spare jokers)."""
    jokers = hand.count(JOKER)
    if not reqs:
        return -jokers
    plan = _one_axis_plan(reqs)
    if plan is not None and plan.shape == RUNS and len(plan.parts) <= 2:
        return _runs_missing(plan, *_number_masks(hand)) - jokers
    if plan is not None and plan.shape == KEYED:
        return _keyed_missing(plan.sizes, _top_counts(plan, hand)) - jokers
    if plan is not None:
        return _one_axis_missing(plan, tuple(_axis_counts(plan.axis, hand)))[0] - jokers
    cards, _ = _split(hand)
    missing, _ = _search(reqs, cards, -1)
    return missing - jokers


def _runs_missing(plan: AxisPlan, once: int, twice: int) -> int:
    """The fewest number cards one or two runs lack (the search's count, on number masks)."""
    masks = plan.masks
    lack_once, lack_twice = ~once, ~twice
    if len(masks) == 1:
        return min(((mask & lack_once).bit_count() for mask in masks[0]), default=NO_SOLUTION)
    symmetric = plan.same[1]
    best = NO_SOLUTION
    for i, a in enumerate(masks[0]):
        for b in masks[1][i:] if symmetric else masks[1]:
            lack = ((a | b) & lack_once).bit_count() + (a & b & lack_twice).bit_count()
            if lack < best:
                best = lack
    return best


def _axis_counts(axis: int, hand: tuple[int, ...]) -> list[int]:
    """Number cards held per number (or per colour)."""
    count = [0] * (VALUES + 1)
    by_value = axis == BY_VALUE
    for card in hand:
        if card < NUMBER_KINDS:
            count[card % VALUES + 1 if by_value else card // VALUES] += 1
    return count


def _top_counts(plan: AxisPlan, hand: tuple[int, ...]) -> tuple[int, ...]:
    """The largest counts of number cards per number (or colour), one per part."""
    return tuple(sorted(_axis_counts(plan.axis, hand), reverse=True)[: len(plan.sizes)])


@lru_cache(maxsize=65_536)
def _one_axis_missing(plan: AxisPlan, count: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """Any parts on one axis: the fewest cards lacking, and the cards a best choice
    wants per number (or colour), by a branch-and-bound search over the parts'
    options on the counts (as `_one_axis_fit`, minimising).

    A last part that is an untouched set (or colour group) is not tried key by
    key: only the keys the other parts use and the most held other key can be
    best. Otherwise a branch stops when what it lacks so far plus what the later
    parts lack at least (each on its own) cannot beat the best found."""
    need = [0] * (VALUES + 1)
    parts, same = plan.parts, plan.same
    last = len(parts) - 1
    keyed_last = last > 0 and len(parts[last]) > 1 and not any(o[0] for o in parts[last])
    if keyed_last:
        by_count = sorted((o[1] for o in parts[last]), key=lambda k: -count[k])
        later = [0] * len(parts)
    else:
        alone = [min((_option_lack(o, count) for o in options), default=NO_SOLUTION) for options in parts]
        later = [sum(alone[i + 1 :]) for i in range(len(parts))]
    best = NO_SOLUTION
    wanted: tuple[int, ...] = ()

    def found(lack: int, key: int = -1, size: int = 0) -> None:
        nonlocal best, wanted
        best = lack
        if key >= 0:
            need[key] += size
        wanted = tuple(need)
        if key >= 0:
            need[key] -= size

    def last_keyed(short: int) -> None:
        size = parts[last][0][2]
        for key in by_count:
            if not need[key]:
                if short + max(0, size - count[key]) < best:
                    found(short + max(0, size - count[key]), key, size)
                break
        for _, key, _, _ in parts[last]:
            if need[key]:
                lack = short + max(0, need[key] + size - max(count[key], need[key]))
                if lack < best:
                    found(lack, key, size)

    def dfs(i: int, first: int, short: int) -> None:
        if i == last and keyed_last:
            last_keyed(short)
            return
        options = parts[i]
        for index in range(first, len(options)):
            option = options[index]
            add = _take(option, need, count)
            if short + add + later[i] < best:
                if i == last:
                    found(short + add)
                else:
                    dfs(i + 1, index if same[i + 1] else 0, short + add)
            _give_back(option, need)

    dfs(0, 0, 0)
    return best, wanted


def _option_lack(option: AxisOption, count: tuple[int, ...]) -> int:
    """Cards one option lacks on its own."""
    mask, key, size, keys = option
    if mask:
        lack = 0
        for k in keys:
            lack += not count[k]
        return lack
    return max(0, size - count[key])


@lru_cache(maxsize=65_536)
def _keyed_missing(sizes: tuple[int, ...], top: tuple[int, ...]) -> int:
    """Untouched sets (or colour groups): the fewest cards lacking when each part takes
    one of the largest counts (parts may share a number)."""
    loads = [0] * len(top)
    best = NO_SOLUTION

    def assign(i: int) -> None:
        nonlocal best
        if i == len(sizes):
            best = min(best, sum(max(0, load - held) for load, held in zip(loads, top, strict=True)))
            return
        for k in range(len(top)):
            loads[k] += sizes[i]
            assign(i + 1)
            loads[k] -= sizes[i]

    assign(0)
    return best


def spare_cards(reqs: tuple[Req, ...], hand: tuple[int, ...]) -> list[int] | None:
    """Number cards a best way to finish the level does not use (skip cards too), so
    discarding one keeps the shortfall; None for levels that mix colour groups with
    runs or sets (not worked out cheaply)."""
    plan = _one_axis_plan(reqs) if reqs else None
    if plan is None:
        return None
    demand = _keyed_demand(plan, hand) if plan.shape == KEYED else _demand(plan, hand)
    spare = []
    by_value = plan.axis == BY_VALUE
    for card in hand:
        if card == SKIP:
            spare.append(card)
        elif card < NUMBER_KINDS:
            key = card % VALUES + 1 if by_value else card // VALUES
            if demand[key]:
                demand[key] -= 1
            else:
                spare.append(card)
    return spare


def gap_keys(reqs: tuple[Req, ...], hand: tuple[int, ...]) -> tuple[int, list[int]] | None:
    """The numbers (axis BY_VALUE) or colours (BY_COLOUR) a best way to finish the level
    still lacks a card of: a card of one of them, or a joker, brings the level nearer.
    None for levels that mix colour groups with runs or sets."""
    plan = _one_axis_plan(reqs) if reqs else None
    if plan is None:
        return None
    count = _axis_counts(plan.axis, hand)
    if plan.shape == KEYED:
        # The largest parts on the most held numbers (colours).
        keys = range(1, VALUES + 1) if plan.axis == BY_VALUE else range(6)
        top = sorted(keys, key=lambda k: -count[k])
        sizes = sorted(plan.sizes, reverse=True)
        return plan.axis, [key for key, size in zip(top, sizes, strict=False) if count[key] < size]
    demand = _demand(plan, hand)
    return plan.axis, [key for key in range(VALUES + 1) if demand[key] > count[key]]


def _demand(plan: AxisPlan, hand: tuple[int, ...]) -> list[int]:
    """Cards wanted per number (or colour) by a best choice of options, on one axis."""
    if plan.shape == RUNS and len(plan.parts) <= 2:
        return _runs_demand(plan, *_number_masks(hand))
    return list(_one_axis_missing(plan, tuple(_axis_counts(plan.axis, hand)))[1])


def _runs_demand(plan: AxisPlan, once: int, twice: int) -> list[int]:
    """Cards wanted per number by a best choice of one or two runs."""
    masks = plan.masks
    lack_once, lack_twice = ~once, ~twice
    best, choice = NO_SOLUTION, (0, 0)
    second = masks[1] if len(masks) > 1 else (0,)
    symmetric = len(masks) > 1 and plan.same[1]
    for i, a in enumerate(masks[0]):
        for b in second[i:] if symmetric else second:
            lack = ((a | b) & lack_once).bit_count() + (a & b & lack_twice).bit_count()
            if lack < best:
                best, choice = lack, (a, b)
    demand = [0] * (VALUES + 1)
    for mask in choice:
        for key in range(1, VALUES + 1):
            demand[key] += mask >> key & 1
    return demand


def _keyed_demand(plan: AxisPlan, hand: tuple[int, ...]) -> list[int]:
    """Untouched sets (or colour groups): every card of the most held numbers (colours),
    one number per part, is wanted."""
    count = _axis_counts(plan.axis, hand)
    keys = range(1, VALUES + 1) if plan.axis == BY_VALUE else range(6)
    top = sorted(keys, key=lambda k: -count[k])[: len(plan.sizes)]
    demand = [0] * (VALUES + 1)
    for key in top:
        demand[key] = count[key]
    return demand


def solution(reqs: tuple[Req, ...], hand: tuple[int, ...]) -> list[list[Pick]] | None:
    """The cards (and joker meanings) that finish each part, using as few jokers as possible."""
    cards, jokers = _split(hand)
    missing, chosen = _search(reqs, cards, -1) if reqs else (0, [])
    if missing > jokers:
        return None
    per_part = [_options(r)[i] for r, i in zip(reqs, chosen, strict=True)]
    slots = [slot for part in per_part for slot in part]
    match = _match(slots, cards)
    result: list[list[Pick]] = []
    index = 0
    for part in per_part:
        picks: list[Pick] = []
        for _, key in part:
            card = match[index]
            picks.append((cards[card], key) if card >= 0 else (JOKER, key))
            index += 1
        result.append(picks)
    return result


def picks_possible(reqs: tuple[Req, ...], hand: tuple[int, ...]) -> list[Pick]:
    """Every (card, meaning) that can go into the first part and still lets the level finish."""
    first = reqs[0]
    kind = first[0]
    result: list[Pick] = []
    plan = _one_axis_plan(reqs)
    if plan is not None and plan.shape == RUNS and len(plan.parts) <= 2:
        return _runs_picks(plan, hand)
    axis = -1 if plan is None else plan.axis
    rest_of = None if plan is None else _RestOfHand(plan.axis, hand)
    # On one axis the answer depends on the card only through its number (or
    # colour) or being a joker: cards alike there are asked once.
    asked: dict[tuple[int, int], bool] = {}
    for card in sorted(set(hand)):
        if card < NUMBER_KINDS:
            meanings = [meaning_of(kind, card)]
        elif card == JOKER:
            meanings = list(range(6)) if kind == COLOUR else list(range(1, VALUES + 1))
        else:
            continue
        alike = -1 if card == JOKER else value_of(card) if axis == BY_VALUE else colour_of(card)
        rest: tuple[int, ...] | None = None
        for meaning in meanings:
            fits = asked.get((alike, meaning)) if axis >= 0 else None
            if fits is None:
                if not accepts(first, meaning):
                    fits = False
                elif rest_of is not None:
                    fits = rest_of.fits(place(reqs, meaning), card, alike)
                else:
                    if rest is None:
                        at = hand.index(card)
                        rest = hand[:at] + hand[at + 1 :]
                    fits = can_complete(place(reqs, meaning), rest)
                if axis >= 0:
                    asked[alike, meaning] = fits
            if fits:
                result.append((card, meaning))
    return result


def _runs_picks(plan: AxisPlan, hand: tuple[int, ...]) -> list[Pick]:
    """`picks_possible` for one or two runs, from the numbers the first run can take."""
    once, twice = _number_masks(hand)
    numbers, joker_numbers = _first_run_slots(plan, once, twice, hand.count(JOKER))
    result: list[Pick] = []
    for card in sorted(set(hand)):
        if card < NUMBER_KINDS and numbers & _NUMBER_BIT[card]:
            result.append((card, value_of(card)))
        elif card == JOKER:
            result += [(JOKER, number) for number in range(1, VALUES + 1) if joker_numbers >> number & 1]
    return result


def _first_run_slots(plan: AxisPlan, once: int, twice: int, jokers: int) -> tuple[int, int]:
    """One or two runs: the numbers (bit masks) a held card, and a joker, can fill in
    the first run given so that the level still finishes.

    A choice of runs that lacks at most `jokers` cards can take any held number of
    its first run there (cards of one number are alike). A joker there leaves one
    joker fewer for the rest: it fits where the choice lacks fewer cards than the
    jokers, and at the numbers the choice lacks anyway where it lacks just as many."""
    masks = plan.masks
    others = masks[1 - plan.first] if len(masks) == 2 else (0,)
    lack_once, lack_twice = ~once, ~twice
    numbers = joker_numbers = 0
    for a in masks[plan.first]:
        for b in others:
            lack = ((a | b) & lack_once).bit_count() + (a & b & lack_twice).bit_count()
            if lack <= jokers:
                numbers |= a & once
                joker_numbers |= a if lack < jokers else a & (lack_once | b & lack_twice)
    return numbers, joker_numbers


class _RestOfHand:
    """`can_complete(reqs, hand without one card)` for levels on one axis, on the cards
    the hand holds per number (or colour), counted once: taking a card out changes
    only the count of its number (colour) or the jokers."""

    __slots__ = ("count", "hand", "jokers")

    def __init__(self, axis: int, hand: tuple[int, ...]) -> None:
        self.hand = hand
        self.count = _axis_counts(axis, hand)
        self.jokers = hand.count(JOKER)

    def fits(self, reqs: tuple[Req, ...], card: int, key: int) -> bool:
        """Without `card` (a joker, or a number card of number or colour `key`)."""
        if not reqs:
            return True
        plan = _one_axis_plan(reqs)
        assert plan is not None, "the rest of a level on one axis is on that axis"
        if plan.total > len(self.hand) - 1:
            return False
        if card == JOKER:
            return _counts_fit(plan, self.count, self.jokers - 1)
        count = self.count
        count[key] -= 1
        fits = _counts_fit(plan, count, self.jokers)
        count[key] += 1
        return fits


# --- laying off -----------------------------------------------------------------

LOW, HIGH = 0, 1


def layoff_meaning(card: int, group: Group, end: int) -> int | None:
    """The meaning `card` would take on `group` at `end`, or None if it does not fit."""
    kind, first, last = group[0], group[1], group[2]
    if kind == RUN:
        wanted = first - 1 if end == LOW else last + 1
        if not 1 <= wanted <= VALUES:
            return None
        return wanted if card == JOKER or value_of(card) == wanted else None
    if end != LOW:
        return None
    if card == JOKER:
        return first
    return first if meaning_of(kind, card) == first else None


def layoff_ends(card: int, group: Group) -> list[int]:
    """The ends of `group` where `card` can be laid off (runs: both ends; else end 0)."""
    if card > JOKER:
        return []
    return [end for end in (LOW, HIGH) if layoff_meaning(card, group, end) is not None]


def layoff_wants(laid: Sequence[Sequence[Group]]) -> tuple[int, int]:
    """What the laid groups (each seat's) take at their ends, as bit masks: the numbers
    (a run's next number below and above, a set's number) and the colours (a colour
    group's)."""
    numbers = colours = 0
    for groups in laid:
        for kind, first, last, _, _ in groups:
            if kind == RUN:
                if first > 1:
                    numbers |= 1 << (first - 1)
                if last < VALUES:
                    numbers |= 1 << (last + 1)
            elif kind == COLOUR:
                colours |= 1 << first
            else:
                numbers |= 1 << first
    return numbers, colours


def layoff_fits(card: int, wants: tuple[int, int]) -> bool:
    """Whether `card` can be laid off on one of the groups `wants` was worked out from
    (`layoff_ends` on each, at once): a joker on any group that takes a card at all."""
    numbers, colours = wants
    if card == JOKER:
        return bool(numbers or colours)
    return card < NUMBER_KINDS and bool(numbers >> value_of(card) & 1 or colours >> colour_of(card) & 1)


def extend(group: Group, card: int, end: int) -> Group:
    """The group with `card` laid off at `end` (which must fit)."""
    meaning = layoff_meaning(card, group, end)
    assert meaning is not None
    kind, first, last, cards, meanings = group
    if kind == RUN:
        if end == LOW:
            return (kind, first - 1, last, (card, *cards), (meaning, *meanings))
        return (kind, first, last + 1, (*cards, card), (*meanings, meaning))
    return (kind, first, last, (*cards, card), (*meanings, meaning))


def make_group(kind: int, picks: list[Pick]) -> Group:
    """A finished part as a laid group (runs ordered by number)."""
    ordered = sorted(picks, key=lambda p: p[1]) if kind == RUN else list(picks)
    meanings = tuple(m for _, m in ordered)
    return (kind, min(meanings), max(meanings), tuple(c for c, _ in ordered), meanings)
