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
"""

from __future__ import annotations

from functools import lru_cache

from spieltisch.games.level8.cards import JOKER, NUMBER_KINDS, VALUES, colour_of, value_of
from spieltisch.games.level8.levels import COLOUR, RUN, SET

Req = tuple[int, int, tuple[int, ...]]  # (kind, size, meanings placed so far, sorted)
Pick = tuple[int, int]  # (card kind, meaning)
Slot = tuple[int, int]  # (0, number) or (1, colour)
Group = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]  # kind, low/key, high/key, cards, meanings

BY_VALUE, BY_COLOUR = 0, 1
NO_SOLUTION = 99


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


@lru_cache(maxsize=200_000)
def can_complete(reqs: tuple[Req, ...], hand: tuple[int, ...]) -> bool:
    """Exact: can `hand` (sorted kinds) fill every remaining requirement?"""
    if not reqs:
        return True
    if sum(size - len(placed) for _, size, placed in reqs) > len(hand):
        return False
    cards, jokers = _split(hand)
    missing, _ = _search(reqs, cards, jokers)
    return missing <= jokers


@lru_cache(maxsize=100_000)
def shortfall(reqs: tuple[Req, ...], hand: tuple[int, ...]) -> int:
    """How many cards the hand lacks for the level at best (negative: spare jokers)."""
    if not reqs:
        return -hand.count(JOKER)
    cards, jokers = _split(hand)
    missing, _ = _search(reqs, cards, -1)
    return missing - jokers


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
    kind = reqs[0][0]
    result: list[Pick] = []
    for card in sorted(set(hand)):
        if card < NUMBER_KINDS:
            meanings = [meaning_of(kind, card)]
        elif card == JOKER:
            meanings = list(range(6)) if kind == COLOUR else list(range(1, VALUES + 1))
        else:
            continue
        rest = list(hand)
        rest.remove(card)
        rest_t = tuple(rest)
        for meaning in meanings:
            if accepts(reqs[0], meaning) and can_complete(place(reqs, meaning), rest_t):
                result.append((card, meaning))
    return result


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
