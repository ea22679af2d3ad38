"""Words of LEVEL 8: move names (English and German), what a move showed
everybody, and the table as terminal text."""

from __future__ import annotations

import textwrap
from typing import Any

import spieltisch.games.level8.actions as actions
from spieltisch.core.contract import EndReason, ScoreLine
from spieltisch.core.wording import seat_name, seats_named
from spieltisch.games.level8.cards import CODES, JOKER, SKIP, VALUES, card_name, colour_names
from spieltisch.games.level8.levels import (
    COLOUR,
    LEVEL_COUNT,
    RUN,
    level_name,
    part_name,
    part_struct,
)
from spieltisch.games.level8.phases import KEEP, LAYDOWN, STOCK_DRAW
from spieltisch.games.level8.rules import Ending, Level8State, RoundEnd, Settings
from spieltisch.games.level8.solver import Group
from spieltisch.games.level8.views import Level8Reference, SpecialCards

NOUNS = {
    "en": {"card": ("card", "cards"), "turn": ("turn", "turns"), "skip": ("skip card", "skip cards")},
    "de": {
        "card": ("Karte", "Karten"),
        "turn": ("Zug", "Zügen"),
        "skip": ("Aussetzen-Karte", "Aussetzen-Karten"),
    },
}
"""Nouns counted in the texts, singular and plural (German: as the texts use them, "in 6 Zügen")."""

WORDS = {
    "en": {
        "you": "you",
        "deal": "deal {card} to {seat}",
        "turn_up": "turn up {card}",
        "draw_card": "draw {card}",
        "draw_stock": "draw from the draw pile",
        "draw_pile": "take {card} from {seat}'s pile",
        "discard": "discard {card}",
        "skip_at": "skip {seat}",
        "joker": "joker",
        "skip": "skip",
        "take_skip": "put the {skip} card under the draw pile",
        "start": "lay down level {level}: {name}",
        "cancel_lay": "cancel laying down",
        "laid_down": "laid {groups}.",
        "cancel_off": "cancel laying off {card}",
        "pick": "put {card} into part {part} ({name})",
        "joker_as": "{joker} as {meaning} into part {part} ({name})",
        "layoff": "lay off {card}",
        "onto": "onto {seat}'s {group}{end}",
        "low": " at the low end",
        "high": " at the high end",
        "keep": "keep {card}",
        "keep_hidden": "keep a card",
        "keep_done": "keep these cards and go on",
        "run": "run {low}-{high}",
        "set": "set of {value}s",
        "colour": "{colour} group",
        "round": "LEVEL 8 · round {round} · dealer: {dealer}",
        "stock": "draw pile: {cards}",
        "under": " (+{n} face-up {skips} under it)",
        "level": "level {level}: {name}",
        "won": "on the win coin",
        "laid": "laid down",
        "not_laid": "not laid down",
        "pile": "pile: {top} ({n})",
        "empty": "pile: empty",
        "skipped": "a skip card lies before them",
        "known": "known cards: {cards}",
        "hand": "Your hand: {cards}",
        "laying": "Laying down level {level} ({name}):",
        "part": "  part {i} ({name}): {cards}",
        "holding": "Laying off: {card}",
        "kept": "Cards you keep: {cards}",
        "keeping": "Round over. Choose up to {cards} to keep for the next round.",
        "winners": "Winner: {seats}",
        "winners_many": "Winners: {seats}",
        "last_out": "Round {round} ended: {seat} went out; moved up: {gains}.",
        "stall_note": "Stalled rounds in a row (safety cap): {stalled} of {limit}; a stalled round"
        " is dealt again with levels unchanged.",
        "stall_note_free": "Stalled rounds in a row (safety cap): {stalled}; a stalled round is"
        " dealt again with levels unchanged.",
        "round_over": "Round {round} over: {seat} went out.",
        "round_stalled": "Round {round} stalled: nobody went out in {turns} (safety cap"
        " round_turns), so it is dealt again with levels unchanged ({stalled} of {limit} in a row).",
        "round_stalled_free": "Round {round} stalled: nobody went out in {turns} (safety cap"
        " round_turns), so it is dealt again with levels unchanged.",
        "round_stalled_last": "Round {round} stalled: nobody went out in {turns} (safety cap round_turns).",
        "levels_now": "Levels now: {levels}.",
        "seat_level": "{seat} on level {level}",
        "coin": "{seat} on the win coin",
        "seats": "seats {numbers}",
        "end_level_8": "{seat} laid down level 8 and wins.",
        "end_out_after_7": "{seat} went out after laying down level 7, reached the win coin and wins.",
        "end_stalled": "Safety cap: {rounds} rounds in a row ended with nobody out (option stall_rounds),"
        " so the highest level wins: {winners}.",
        "end_stalled_one": "Safety cap: a round ended with nobody out (option stall_rounds),"
        " so the highest level wins: {winners}.",
        "line_laid": "round {round}: level {level} laid down",
        "line_out": "round {round}: level {level} laid down, went out",
        "line_coin": "level 8 laid down: the win coin",
        "line_none": "no level completed",
    },
    "de": {
        "you": "du",
        "deal": "gib {card} an {seat}",
        "turn_up": "decke {card} auf",
        "draw_card": "ziehe {card}",
        "draw_stock": "vom Nachziehstapel ziehen",
        "draw_pile": "{card} vom Ablagestapel von {seat} nehmen",
        "discard": "{card} abwerfen",
        "skip_at": "{seat} aussetzen lassen",
        "joker": "Joker",
        "skip": "Aussetzen",
        "take_skip": "{skip}-Karte unter den Nachziehstapel schieben",
        "start": "Level {level} auslegen: {name}",
        "cancel_lay": "Auslegen abbrechen",
        "laid_down": "ausgelegt: {groups}.",
        "cancel_off": "Anlegen von {card} abbrechen",
        "pick": "{card} in Teil {part} ({name})",
        "joker_as": "{joker} als {meaning} in Teil {part} ({name})",
        "layoff": "{card} anlegen",
        "onto": "an {group} von {seat}{end}",
        "low": " unten",
        "high": " oben",
        "keep": "{card} behalten",
        "keep_hidden": "eine Karte behalten",
        "keep_done": "diese Karten behalten und weiter",
        "run": "Folge {low}-{high}",
        "set": "{value}er-Gruppe",
        "colour": "Farbe {colour}",
        "round": "LEVEL 8 · Runde {round} · Geber: {dealer}",
        "stock": "Nachziehstapel: {cards}",
        "under": " (+{n} offene {skips} darunter)",
        "level": "Level {level}: {name}",
        "won": "auf dem Gewinn-Coin",
        "laid": "ausgelegt",
        "not_laid": "nicht ausgelegt",
        "pile": "Ablage: {top} ({n})",
        "empty": "Ablage: leer",
        "skipped": "vor ihm liegt eine Aussetzen-Karte",
        "known": "bekannte Karten: {cards}",
        "hand": "Deine Hand: {cards}",
        "laying": "Level {level} wird ausgelegt ({name}):",
        "part": "  Teil {i} ({name}): {cards}",
        "holding": "Anlegen: {card}",
        "kept": "Du behältst: {cards}",
        "keeping": "Runde vorbei. Wähle bis zu {cards} für die nächste Runde aus.",
        "winners": "Sieger: {seats}",
        "winners_many": "Sieger: {seats}",
        "last_out": "Runde {round} beendet: {seat} hat die letzte Karte abgeworfen; aufgestiegen: {gains}.",
        "stall_note": "Festgefahrene Runden in Folge (Sicherheitsgrenze): {stalled} von {limit};"
        " eine festgefahrene Runde wird mit unveränderten Levels neu gegeben.",
        "stall_note_free": "Festgefahrene Runden in Folge (Sicherheitsgrenze): {stalled}; eine"
        " festgefahrene Runde wird mit unveränderten Levels neu gegeben.",
        "round_over": "Runde {round} vorbei: {seat} hat die letzte Karte abgeworfen.",
        "round_stalled": "Runde {round} festgefahren: in {turns} ging niemand raus"
        " (Sicherheitsgrenze round_turns), daher wird mit unveränderten Levels neu gegeben"
        " ({stalled} von {limit} in Folge).",
        "round_stalled_free": "Runde {round} festgefahren: in {turns} ging niemand raus"
        " (Sicherheitsgrenze round_turns), daher wird mit unveränderten Levels neu gegeben.",
        "round_stalled_last": "Runde {round} festgefahren: in {turns} ging niemand raus"
        " (Sicherheitsgrenze round_turns).",
        "levels_now": "Level jetzt: {levels}.",
        "seat_level": "{seat} auf Level {level}",
        "coin": "{seat} auf dem Gewinn-Coin",
        "seats": "Plätze {numbers}",
        "end_level_8": "{seat} hat Level 8 ausgelegt und gewinnt.",
        "end_out_after_7": "{seat} hat nach Level 7 die letzte Karte abgeworfen, erreicht den"
        " Gewinn-Coin und gewinnt.",
        "end_stalled": "Sicherheitsgrenze: {rounds} Runden in Folge ging niemand raus (Option stall_rounds),"
        " daher gewinnt das höchste Level: {winners}.",
        "end_stalled_one": "Sicherheitsgrenze: eine Runde endete, ohne dass jemand rausging (Option"
        " stall_rounds), daher gewinnt das höchste Level: {winners}.",
        "line_laid": "Runde {round}: Level {level} ausgelegt",
        "line_out": "Runde {round}: Level {level} ausgelegt und alle Karten abgeworfen",
        "line_coin": "Level 8 ausgelegt: der Gewinn-Coin",
        "line_none": "noch kein Level geschafft",
    },
}


def _t(lang: str, key: str, **fields: object) -> str:
    return WORDS.get(lang, WORDS["en"])[key].format(**fields)


def _noun(lang: str, n: int, noun: str) -> str:
    """The noun for `n` of it: "card" for 1, "cards" otherwise."""
    one, many = NOUNS.get(lang, NOUNS["en"])[noun]
    return one if n == 1 else many


def _count(lang: str, n: int, noun: str) -> str:
    """ "1 card", "2 cards" ("1 Karte", "2 Karten")."""
    return f"{n} {_noun(lang, n, noun)}"


def _seats(lang: str, seats: list[int]) -> str:
    """ "seat 2" or "seats 1, 3" ("Platz 2", "Plätze 1, 3"); with names known, "Anna, Ben"."""
    return seats_named(seats, lang, WORDS.get(lang, WORDS["en"])["seats"])


def _colour(lang: str, colour: int) -> str:
    return colour_names(lang)[colour]


def placed_card(card: int, meaning: int, kind: int, lang: str) -> str:
    """A laid card; a joker shows what it stands for ("J=7", "J=red")."""
    if card != JOKER:
        return card_name(card, lang)
    return f"J={_colour(lang, meaning) if kind == COLOUR else meaning}"


def group_name(group: Group, lang: str) -> str:
    kind, first, last = group[0], group[1], group[2]
    if kind == RUN:
        return _t(lang, "run", low=first, high=last)
    if kind == COLOUR:
        return _t(lang, "colour", colour=_colour(lang, first))
    return _t(lang, "set", value=first)


def group_text(group: Group, lang: str) -> str:
    cards = " ".join(placed_card(c, m, group[0], lang) for c, m in zip(group[3], group[4], strict=True))
    return f"{group_name(group, lang)}: {cards}"


# The word keys of moves named by their block alone, and by their block and a card.
BARE_WORDS = {
    actions.DRAW_STOCK: "draw_stock",
    actions.TAKE_SKIP: "take_skip",
    actions.KEEP_DONE: "keep_done",
}
CARD_WORDS = {actions.DISCARD: "discard", actions.LAYOFF: "layoff", actions.KEEP_CARD: "keep"}


def action_text(state: Level8State, action: int, lang: str) -> str:
    """The move's name for the player to move ("discard B12", "put O5 into part 1 (run of 3)")."""
    if state.is_chance_node():
        return _chance_text(state, card_name(action, lang), lang)
    block, arg = actions.decode(action)
    if block in BARE_WORDS:
        return _t(lang, BARE_WORDS[block], skip=_t(lang, "skip"))
    if block == actions.DRAW_PILE:
        pile = state.piles[arg] if arg < state.num_players else []
        top = card_name(pile[-1], lang) if pile else "?"
        return _t(lang, "draw_pile", card=top, seat=seat_name(arg, lang))
    if block == actions.SKIP_AT:
        return _t(lang, "skip_at", seat=seat_name(arg, lang))
    if block == actions.START_LAYDOWN:
        level = state.level[state.player]
        return _t(lang, "start", level=level, name=level_name(state.level_parts(state.player), lang))
    if block == actions.CANCEL:
        if state.layoff_card >= 0:
            return _t(lang, "cancel_off", card=card_name(state.layoff_card, lang))
        return _t(lang, "cancel_lay")
    if block in (actions.PICK, actions.JOKER_NUMBER, actions.JOKER_COLOUR):
        return _pick_text(state, action, lang)
    if block == actions.ONTO:
        return _onto_text(state, action, lang)
    return _t(lang, CARD_WORDS[block], card=card_name(arg, lang))


def _chance_text(state: Level8State, card: str, lang: str) -> str:
    if state.phase == STOCK_DRAW:
        return _t(lang, "draw_card", card=card)
    if state.deal_queue and state.deal_queue[0] < 0:
        return _t(lang, "turn_up", card=card)
    seat = state.deal_queue[0] if state.deal_queue else -1
    return _t(lang, "deal", card=card, seat=seat_name(seat, lang))


def public_action_text(state: Level8State, action: int, lang: str) -> str | None:
    """The move as the other seats know it: a card kept for the next round stays in
    the hand, unseen; every other decision shows its card on the table."""
    if state.is_chance_node():
        return None  # deals and draws from the draw pile go into a hand unseen
    if actions.decode(action)[0] == actions.KEEP_CARD:
        return _t(lang, "keep_hidden")
    return action_text(state, action, lang)


def _pick_text(state: Level8State, action: int, lang: str) -> str:
    parts = state.level_parts(state.player)
    part = parts[state.part] if state.part < len(parts) else parts[-1]
    where = {"part": state.part + 1, "name": part_name(part, lang)}
    card, meaning = actions.split_pick(action, part[0])
    if card != JOKER:
        return _t(lang, "pick", card=card_name(card, lang), **where)
    shown = _colour(lang, meaning) if action >= actions.JOKER_COLOUR else meaning
    return _t(lang, "joker_as", joker=_t(lang, "joker"), meaning=shown, **where)


def _onto_text(state: Level8State, action: int, lang: str) -> str:
    owner, part, end = actions.split_onto(action)
    groups = state.groups[owner] if owner < state.num_players else []
    if part >= len(groups):
        return f"{seat_name(owner, lang)} [{part + 1}] {end}"
    group = groups[part]
    where = "" if group[0] != RUN else _t(lang, "high" if end else "low")
    # The group's number, as the table shows it, tells two equal runs apart.
    name = f"{group_name(group, lang)} [{part + 1}]"
    return _t(lang, "onto", seat=seat_name(owner, lang), group=name, end=where)


# --- what everybody saw a move bring about -----------------------------------------


def public_result(state: Level8State, lang: str) -> dict[str, Any] | None:
    """Asked right after a move: the level it completed (the groups laid down), the round
    it ended (who went out, the new levels) and, when it ended the game, the winners;
    None for every other move."""
    end = state.last_round
    ended_round = end is not None and end.step == state.version
    laid_now = state.laid_step == state.version
    if not ended_round and not state.is_terminal() and not laid_now:
        return None
    words: list[str] = []
    result: dict[str, Any] = {}
    if laid_now:
        groups = state.groups[state.player]
        words.append(_t(lang, "laid_down", groups="; ".join(group_text(g, lang) for g in groups)))
        result["laid"] = [[g[0], g[1], g[2], list(g[3]), list(g[4])] for g in groups]
    if end is not None and ended_round:
        words.append(round_end_text(state, end, lang))
        if not end.stalled:
            words.append(levels_text(end, lang))
        result.update(end.to_json())
    reason = end_reason(state, lang)
    if reason is not None:
        words.append(reason.text)
        result.update(winners=list(state.won), end=reason.kind, capped=reason.capped)
    return {"text": " ".join(words), **result}


def round_end_text(state: Level8State, end: RoundEnd, lang: str) -> str:
    if end.stalled:
        limit = state.settings.stall_rounds
        words = {"round": end.round, "turns": _count(lang, end.turns, "turn"), "stalled": end.stalled}
        key = "round_stalled_last" if state.is_terminal() else "round_stalled"
        return _t(lang, key if limit else "round_stalled_free", limit=limit, **words)
    return _t(lang, "round_over", round=end.round, seat=seat_name(end.went_out, lang))


def levels_text(end: RoundEnd, lang: str) -> str:
    """Each seat's level after the round, with what it gained: "seat 1 3 (+1)"."""
    shown = []
    for seat, (before, after) in enumerate(zip(end.levels_before, end.levels, strict=True)):
        if after > LEVEL_COUNT:
            shown.append(_t(lang, "coin", seat=seat_name(seat, lang)))
            continue
        gain = f" (+{after - before})" if after > before else ""
        shown.append(_t(lang, "seat_level", seat=seat_name(seat, lang), level=f"{after}{gain}"))
    return _t(lang, "levels_now", levels=", ".join(shown))


def last_out_text(end: RoundEnd, lang: str) -> str:
    """For the table: who went out last round and who moved up how far ("seat 1 (+2), seat 0 (+1)")."""
    gains = sorted(
        (
            (after - before, seat)
            for seat, (before, after) in enumerate(zip(end.levels_before, end.levels, strict=True))
            if after > before
        ),
        key=lambda pair: (-pair[0], pair[1]),
    )
    shown = ", ".join(f"{seat_name(seat, lang)} (+{gain})" for gain, seat in gains)
    return _t(lang, "last_out", round=end.round, seat=seat_name(end.went_out, lang), gains=shown)


# --- the end of the game, explained -------------------------------------------------


def end_reason(state: Level8State, lang: str) -> EndReason | None:
    """Level 8 laid down, going out after level 7, or the stalled-rounds safety cap."""
    ending = state.ending
    if ending is None:
        return None
    if ending is Ending.STALLED:
        winners = _seats(lang, state.won)
        rounds = state.settings.stall_rounds
        text = _t(lang, "end_stalled" if rounds > 1 else "end_stalled_one", rounds=rounds, winners=winners)
    else:
        key = "end_level_8" if ending is Ending.LEVEL_8 else "end_out_after_7"
        text = _t(lang, key, seat=seat_name(state.won[0], lang, capital=True))
    return EndReason(ending.value, text, ending.capped)


def score_breakdown(state: Level8State, lang: str) -> list[list[ScoreLine]]:
    """The levels each seat climbed, round by round, as the rulebook counts them: two
    for going out, one for a level laid down, one for laying down level 8 (the win coin)."""
    lines: list[list[ScoreLine]] = [[] for _ in range(state.num_players)]
    for end in state.round_log:
        for seat, (before, after) in enumerate(zip(end.levels_before, end.levels, strict=True)):
            if after > before:
                key = "line_out" if seat == end.went_out else "line_laid"
                label = _t(lang, key, round=end.round, level=before)
                lines[seat].append(ScoreLine(label, float(after - before)))
    if state.ending is Ending.LEVEL_8:
        lines[state.won[0]].append(ScoreLine(_t(lang, "line_coin"), 1.0))
    for seat_lines in lines:
        if not seat_lines:
            seat_lines.append(ScoreLine(_t(lang, "line_none"), 0.0))
    return lines


def reference_data(settings: Settings) -> Level8Reference:
    """Public facts for a display: every level's parts and names (the level's and each
    part's, in both languages, as the moves name them), colours, card kinds (the joker's
    and the skip card's full names and the codes the moves name them by), and how
    many stalled rounds in a row end the game (the safety cap `stall_rounds`, 0: off)."""
    levels = settings.levels.levels
    codes: dict[str, SpecialCards] = {
        lang: {"joker": card_name(JOKER, lang), "skip": card_name(SKIP, lang)} for lang in WORDS
    }
    return {
        "levels": [[part_struct(part) for part in level] for level in levels],
        "level_names": {lang: [level_name(level, lang) for level in levels] for lang in WORDS},
        "part_names": {lang: [[part_name(p, lang) for p in level] for level in levels] for lang in WORDS},
        "colours": {lang: list(colour_names(lang)) for lang in WORDS},
        "colour_codes": list(CODES),
        "values": VALUES,
        "joker": JOKER,
        "skip": SKIP,
        "card_words": {lang: {"joker": _t(lang, "joker"), "skip": _t(lang, "skip")} for lang in WORDS},
        "card_codes": codes,
        "keep_limit": settings.deck.keep_limit if settings.carry_over else 0,
        "stall_rounds": settings.stall_rounds,
    }


# --- the table as text ------------------------------------------------------------


def render(state: Level8State, seat: int | None, lang: str, width: int = 80) -> str:
    """The table for `seat` (None: a spectator), no line wider than `width`: facts and
    groups fill each line and break between them, so a wider console shows more per line."""
    lines = [_t(lang, "round", round=state.round_number, dealer=seat_name(state.dealer, lang))]
    stock = _t(lang, "stock", cards=_count(lang, state.stock_size, "card"))
    if state.under:
        stock += _t(lang, "under", n=state.under, skips=_noun(lang, state.under, "skip"))
    lines.append(stock)
    end = state.last_round
    if end is not None and not end.stalled:
        lines.append(last_out_text(end, lang))
    if state.stalled:
        limit = state.settings.stall_rounds
        key = "stall_note" if limit else "stall_note_free"
        lines.append(_t(lang, key, stalled=state.stalled, limit=limit))
    for s in range(state.num_players):
        lines += _seat_lines(state, s, seat, lang, width)
    if seat is not None:
        lines += _own_lines(state, seat, lang)
    if state.won:
        key = "winners" if len(state.won) == 1 else "winners_many"
        lines.append(_t(lang, key, seats=_seats(lang, state.won)))
    return "\n".join(fitted for line in lines for fitted in _wrap(line, width, INDENT))


INDENT = 4  # continuation lines and a seat's groups


def _wrap(line: str, width: int, indent: int) -> list[str]:
    """`line` broken at spaces (inside a word only when it must) to fit `width`."""
    if len(line) <= width:
        return [line]
    pad = " " * min(indent, width // 2)
    return textwrap.wrap(line, width, subsequent_indent=pad, break_on_hyphens=False) or [""]


def _pack(head: str, items: list[str], width: int, sep: str = " · ") -> list[str]:
    """`head` followed by `items` joined by `sep`, a new (indented) line begun before an
    item that would pass `width`; an item too long for any line is wrapped by `_wrap`."""
    lines, line, fresh = [], head, True
    for item in items:
        joined = line + item if fresh else line + sep + item
        if fresh or len(joined) <= width:
            line, fresh = joined, False
        else:
            lines.append(line)
            line = " " * INDENT + item
    return [*lines, line]


def _seat_lines(state: Level8State, s: int, seat: int | None, lang: str, width: int) -> list[str]:
    who = seat_name(s, lang, capital=True) + (f" ({_t(lang, 'you')})" if s == seat else "")
    marker = ">" if state.current_player() == s else " "
    level = state.level[s]
    if level > LEVEL_COUNT:
        where = _t(lang, "won")
    else:
        where = _t(lang, "level", level=level, name=level_name(state.level_parts(s), lang))
    pile = state.piles[s]
    pile_text = _t(lang, "pile", top=card_name(pile[-1], lang), n=len(pile)) if pile else _t(lang, "empty")
    held = len(state.hands[s])
    facts = [
        where,
        _t(lang, "laid" if state.laid[s] else "not_laid"),
        _count(lang, held, "card"),
        pile_text,
    ]
    if state.skip_on[s]:
        facts.append(_t(lang, "skipped"))
    lines = _pack(f"{marker} {who}: ", facts, width)
    groups = [f"[{part + 1}] {group_text(group, lang)}" for part, group in enumerate(state.groups[s])]
    if groups:
        lines += _pack(" " * INDENT, groups, width, sep="   ")
    if state.known[s] and s != seat:
        known = _t(lang, "known", cards=" ".join(card_name(c, lang) for c in state.known[s]))
        lines.append(" " * INDENT + known)
    return lines


def _own_lines(state: Level8State, seat: int, lang: str) -> list[str]:
    lines = []
    if state.phase == LAYDOWN and state.player == seat:
        parts = state.level_parts(seat)
        lines.append(_t(lang, "laying", level=state.level[seat], name=level_name(parts, lang)))
        for i, part in enumerate(parts):
            if i < len(state.built):
                g = state.built[i]
                cards = " ".join(placed_card(c, m, g[0], lang) for c, m in zip(g[3], g[4], strict=True))
            elif i == state.part:
                shown = [placed_card(c, m, part[0], lang) for c, m in state.picks]
                cards = " ".join(shown + ["_"] * (part[1] - len(shown)))
            else:
                cards = " ".join(["_"] * part[1])
            lines.append(_t(lang, "part", i=i + 1, name=part_name(part, lang), cards=cards))
    if state.layoff_card >= 0 and state.player == seat:
        lines.append(_t(lang, "holding", card=card_name(state.layoff_card, lang)))
    if state.phase == KEEP and state.carry and state.carry[0] == seat:
        lines.append(_t(lang, "keeping", cards=_count(lang, state.settings.deck.keep_limit, "card")))
        lines.append(_t(lang, "kept", cards=" ".join(card_name(c, lang) for c in state.kept[seat]) or "-"))
    lines.append(_t(lang, "hand", cards=" ".join(card_name(c, lang) for c in state.hands[seat]) or "-"))
    return lines
