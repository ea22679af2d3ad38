"""Words and pictures of LEVEL 8: move names (English and German), the table as
terminal text, and the observation tensor."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spieltisch.games.level8 import actions as A
from spieltisch.games.level8.cards import CODES, JOKER, KINDS, SKIP, VALUES, card_name
from spieltisch.games.level8.levels import (
    COLOUR,
    LEVEL_COUNT,
    MAX_PARTS,
    RUN,
    level_name,
    part_name,
    part_struct,
)
from spieltisch.games.level8.solver import Group

if TYPE_CHECKING:
    from spieltisch.games.level8.rules import Level8Game, Level8State, RoundEnd

WORDS = {
    "en": {
        "seat": "seat",
        "you": "you",
        "deal": "deal {card} to seat {seat}",
        "turn_up": "turn up {card}",
        "draw_card": "draw {card}",
        "draw_stock": "draw from the draw pile",
        "draw_pile": "take {card} from seat {seat}'s pile",
        "discard": "discard {card}",
        "skip_at": "skip seat {seat}",
        "take_skip": "put the skip card under the draw pile",
        "start": "lay down level {level}: {name}",
        "cancel_lay": "cancel laying down",
        "cancel_off": "cancel laying off {card}",
        "pick": "put {card} into part {part} ({name})",
        "joker_as": "joker as {meaning} into part {part} ({name})",
        "layoff": "lay off {card}",
        "onto": "onto seat {seat}'s {group}{end}",
        "low": " at the low end",
        "high": " at the high end",
        "keep": "keep {card}",
        "keep_hidden": "keep a card",
        "keep_done": "keep these cards and go on",
        "run": "run {low}-{high}",
        "set": "set of {value}s",
        "colour": "{colour} group",
        "round": "LEVEL 8 · round {round} · dealer: seat {dealer}",
        "stock": "draw pile: {n} cards",
        "under": " (+{n} face-up skip card(s) under it)",
        "level": "level {level}: {name}",
        "won": "on the win coin",
        "laid": "laid down",
        "not_laid": "not laid down",
        "cards": "{n} cards",
        "pile": "pile: {top} ({n})",
        "empty": "pile: empty",
        "skipped": "a skip card lies before them",
        "known": "known cards: {cards}",
        "hand": "Your hand: {cards}",
        "laying": "Laying down level {level} ({name}):",
        "part": "  part {i} {name}: {cards}",
        "holding": "Laying off: {card}",
        "kept": "Cards you keep: {cards}",
        "keeping": "Round over. Choose up to {n} cards to keep for the next round.",
        "winners": "Winner(s): {seats}",
        "round_over": "Round {round} over: seat {seat} went out.",
        "round_stalled": "Round {round} over after {turns} turns with nobody out.",
        "levels_now": "Levels now: {levels}.",
        "seat_level": "seat {seat} on level {level}",
        "coin": "seat {seat} on the win coin",
        "wins": "Seat {seats} wins.",
        "win_shared": "Seats {seats} win.",
        "colours": ("red", "orange", "yellow", "green", "blue", "purple"),
    },
    "de": {
        "seat": "Platz",
        "you": "du",
        "deal": "gib {card} an Platz {seat}",
        "turn_up": "decke {card} auf",
        "draw_card": "ziehe {card}",
        "draw_stock": "vom Nachziehstapel ziehen",
        "draw_pile": "{card} vom Ablagestapel von Platz {seat} nehmen",
        "discard": "{card} abwerfen",
        "skip_at": "Platz {seat} aussetzen lassen",
        "take_skip": "Aussetzen-Karte unter den Nachziehstapel schieben",
        "start": "Level {level} auslegen: {name}",
        "cancel_lay": "Auslegen abbrechen",
        "cancel_off": "Anlegen von {card} abbrechen",
        "pick": "{card} in Teil {part} ({name})",
        "joker_as": "Joker als {meaning} in Teil {part} ({name})",
        "layoff": "{card} anlegen",
        "onto": "an {group} von Platz {seat}{end}",
        "low": " unten",
        "high": " oben",
        "keep": "{card} behalten",
        "keep_hidden": "eine Karte behalten",
        "keep_done": "diese Karten behalten und weiter",
        "run": "Folge {low}-{high}",
        "set": "{value}er-Gruppe",
        "colour": "Farbe {colour}",
        "round": "LEVEL 8 · Runde {round} · Geber: Platz {dealer}",
        "stock": "Nachziehstapel: {n} Karten",
        "under": " (+{n} offene Aussetzen-Karte(n) darunter)",
        "level": "Level {level}: {name}",
        "won": "auf dem Gewinn-Coin",
        "laid": "ausgelegt",
        "not_laid": "nicht ausgelegt",
        "cards": "{n} Karten",
        "pile": "Ablage: {top} ({n})",
        "empty": "Ablage: leer",
        "skipped": "vor ihm liegt eine Aussetzen-Karte",
        "known": "bekannte Karten: {cards}",
        "hand": "Deine Hand: {cards}",
        "laying": "Level {level} wird ausgelegt ({name}):",
        "part": "  Teil {i} {name}: {cards}",
        "holding": "Anlegen: {card}",
        "kept": "Du behältst: {cards}",
        "keeping": "Runde vorbei. Wähle bis zu {n} Karten, die du in die nächste Runde mitnimmst.",
        "winners": "Sieger: Platz {seats}",
        "round_over": "Runde {round} vorbei: Platz {seat} hat die letzte Karte abgeworfen.",
        "round_stalled": "Runde {round} nach {turns} Zügen vorbei, ohne dass jemand rausging.",
        "levels_now": "Level jetzt: {levels}.",
        "seat_level": "Platz {seat} auf Level {level}",
        "coin": "Platz {seat} auf dem Gewinn-Coin",
        "wins": "Platz {seats} gewinnt.",
        "win_shared": "Plätze {seats} gewinnen.",
        "colours": ("rot", "orange", "gelb", "grün", "blau", "lila"),
    },
}


def _w(lang: str) -> dict[str, object]:
    return WORDS.get(lang, WORDS["en"])  # type: ignore[return-value]


def _t(lang: str, key: str, **fields: object) -> str:
    return str(_w(lang)[key]).format(**fields)


def _colour(lang: str, colour: int) -> str:
    names = _w(lang)["colours"]
    assert isinstance(names, tuple)
    return str(names[colour])


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


def action_text(state: Level8State, action: int, lang: str) -> str:
    if state.is_chance_node():
        card = card_name(action, lang)
        if state.phase == 2:  # a draw from the draw pile
            return _t(lang, "draw_card", card=card)
        if state.deal_queue and state.deal_queue[0] < 0:
            return _t(lang, "turn_up", card=card)
        seat = state.deal_queue[0] if state.deal_queue else -1
        return _t(lang, "deal", card=card, seat=seat)
    if action == A.DRAW_STOCK:
        return _t(lang, "draw_stock")
    if action < A.DISCARD:
        seat = action - A.DRAW_PILE
        pile = state.piles[seat] if seat < state.num_players else []
        top = card_name(pile[-1], lang) if pile else "?"
        return _t(lang, "draw_pile", card=top, seat=seat)
    if action < A.SKIP_AT:
        return _t(lang, "discard", card=card_name(action - A.DISCARD, lang))
    if action < A.TAKE_SKIP:
        return _t(lang, "skip_at", seat=action - A.SKIP_AT)
    if action == A.TAKE_SKIP:
        return _t(lang, "take_skip")
    if action == A.START_LAYDOWN:
        level = state.level[state.player]
        return _t(lang, "start", level=level, name=level_name(state.level_parts(state.player), lang))
    if action == A.CANCEL:
        if state.layoff_card >= 0:
            return _t(lang, "cancel_off", card=card_name(state.layoff_card, lang))
        return _t(lang, "cancel_lay")
    if action < A.LAYOFF:
        return _pick_text(state, action, lang)
    if action < A.TARGET:
        return _t(lang, "layoff", card=card_name(action - A.LAYOFF, lang))
    if action < A.KEEP:
        return _target_text(state, action, lang)
    if action < A.KEEP_DONE:
        return _t(lang, "keep", card=card_name(action - A.KEEP, lang))
    return _t(lang, "keep_done")


def public_action_text(state: Level8State, action: int, lang: str) -> str | None:
    """The move as the other seats know it: a card kept for the next round stays in
    the hand, unseen; every other decision shows its card on the table."""
    if state.is_chance_node():
        return None  # deals and draws from the draw pile go into a hand unseen
    if A.KEEP <= action < A.KEEP_DONE:
        return _t(lang, "keep_hidden")
    return action_text(state, action, lang)


def _pick_text(state: Level8State, action: int, lang: str) -> str:
    parts = state.level_parts(state.player)
    part = parts[state.part] if state.part < len(parts) else parts[-1]
    where = {"part": state.part + 1, "name": part_name(part, lang)}
    if action < A.JOKER_NUMBER:
        return _t(lang, "pick", card=card_name(action - A.PICK, lang), **where)
    if action < A.JOKER_COLOUR:
        return _t(lang, "joker_as", meaning=action - A.JOKER_NUMBER + 1, **where)
    return _t(lang, "joker_as", meaning=_colour(lang, action - A.JOKER_COLOUR), **where)


def _target_text(state: Level8State, action: int, lang: str) -> str:
    owner, part, end = A.split_target(action)
    groups = state.groups[owner] if owner < state.num_players else []
    if part >= len(groups):
        return f"target {owner}/{part}/{end}"
    group = groups[part]
    where = "" if group[0] != RUN else _t(lang, "high" if end else "low")
    # The group's number, as the table shows it, tells two equal runs apart.
    name = f"{group_name(group, lang)} [{part + 1}]"
    return _t(lang, "onto", seat=owner, group=name, end=where)


# --- what everybody saw a move bring about -----------------------------------------


def public_result(state: Level8State, lang: str) -> dict[str, Any] | None:
    """Asked right after a move: the round it ended (who went out, the new levels)
    and, when it ended the game, the winners; None for every other move."""
    end = state.last_round
    ended_round = end is not None and end.step == state.version
    if not ended_round and not state.is_terminal():
        return None
    words: list[str] = []
    result: dict[str, Any] = {}
    if end is not None and ended_round:
        words += [round_end_text(state, end, lang), levels_text(end, lang)]
        result.update(end.to_json())
    if state.is_terminal():
        words.append(winners_text(state.won, lang))
        result["winners"] = list(state.won)
    return {"text": " ".join(words), **result}


def round_end_text(state: Level8State, end: RoundEnd, lang: str) -> str:
    if end.went_out < 0:
        return _t(lang, "round_stalled", round=end.round, turns=state.game.options["round_turns"])
    return _t(lang, "round_over", round=end.round, seat=end.went_out)


def levels_text(end: RoundEnd, lang: str) -> str:
    """Each seat's level after the round, with what it gained: "seat 0 3 (+1)"."""
    shown = []
    for seat, (before, after) in enumerate(zip(end.levels_before, end.levels, strict=True)):
        if after > LEVEL_COUNT:
            shown.append(_t(lang, "coin", seat=seat))
            continue
        gain = f" (+{after - before})" if after > before else ""
        shown.append(_t(lang, "seat_level", seat=seat, level=f"{after}{gain}"))
    return _t(lang, "levels_now", levels=", ".join(shown))


def winners_text(winners: list[int], lang: str) -> str:
    seats = ", ".join(str(s) for s in winners)
    return _t(lang, "wins" if len(winners) == 1 else "win_shared", seats=seats)


def reference_data(game: Level8Game) -> dict[str, Any]:
    """Public facts for a display: every level's parts and names, colours, card kinds."""
    levels = game.levels.levels
    return {
        "levels": [[part_struct(part) for part in level] for level in levels],
        "level_names": {lang: [level_name(level, lang) for level in levels] for lang in WORDS},
        "colours": {lang: list(_w(lang)["colours"]) for lang in WORDS},  # type: ignore[call-overload]
        "colour_codes": list(CODES),
        "values": VALUES,
        "joker": JOKER,
        "skip": SKIP,
        "keep_limit": game.deck.keep_limit if game.carry_over else 0,
    }


# --- the table as text ------------------------------------------------------------


def render(state: Level8State, seat: int | None, lang: str) -> str:
    lines = [_t(lang, "round", round=state.rounds + 1, dealer=state.dealer)]
    stock = _t(lang, "stock", n=state.stock_size)
    if state.under:
        stock += _t(lang, "under", n=state.under)
    lines.append(stock)
    for s in range(state.num_players):
        lines += _seat_lines(state, s, seat, lang)
    if seat is not None:
        lines += _own_lines(state, seat, lang)
    if state.won:
        lines.append(_t(lang, "winners", seats=", ".join(str(s) for s in state.won)))
    return "\n".join(lines)


def _seat_lines(state: Level8State, s: int, seat: int | None, lang: str) -> list[str]:
    who = f"{_t(lang, 'seat').capitalize()} {s}" + (f" ({_t(lang, 'you')})" if s == seat else "")
    marker = ">" if state.current_player() == s else " "
    level = state.level[s]
    if level > LEVEL_COUNT:
        where = _t(lang, "won")
    else:
        where = _t(lang, "level", level=level, name=level_name(state.level_parts(s), lang))
    pile = state.piles[s]
    pile_text = _t(lang, "pile", top=card_name(pile[-1], lang), n=len(pile)) if pile else _t(lang, "empty")
    facts = [
        where,
        _t(lang, "laid" if state.laid[s] else "not_laid"),
        _t(lang, "cards", n=len(state.hands[s])),
        pile_text,
    ]
    if state.skip_on[s]:
        facts.append(_t(lang, "skipped"))
    lines = [f"{marker} {who}: " + " · ".join(facts)]
    for part, group in enumerate(state.groups[s]):
        lines.append(f"     [{part + 1}] {group_text(group, lang)}")
    if state.known[s] and s != seat:
        lines.append("     " + _t(lang, "known", cards=" ".join(card_name(c, lang) for c in state.known[s])))
    return lines


def _own_lines(state: Level8State, seat: int, lang: str) -> list[str]:
    lines = []
    if state.phase == 4 and state.player == seat:  # a lay-down under way
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
    if state.phase == 7 and state.carry and state.carry[0] == seat:
        lines.append(_t(lang, "keeping", n=state.game.deck.keep_limit))
        lines.append(_t(lang, "kept", cards=" ".join(card_name(c, lang) for c in state.kept[seat]) or "-"))
    lines.append(_t(lang, "hand", cards=" ".join(card_name(c, lang) for c in state.hands[seat]) or "-"))
    return lines


# --- the observation tensor ---------------------------------------------------------


def observation(state: Level8State, seat: int) -> list[float]:
    """Own hand, then every seat from `seat` on, then the turn: public facts and own cards only."""
    n = state.num_players
    out = _counts(state.hands[seat])
    for r in range(n):
        s = (seat + r) % n
        pile = state.piles[s]
        out += [
            state.level[s] / LEVEL_COUNT,
            float(state.laid[s]),
            len(state.hands[s]) / 11,
            float(state.skip_on[s]),
            float(state.dealer == s),
            float(state.current_player() == s),
        ]
        out += _counts(state.known[s])
        top = [0.0] * (KINDS + 2)
        top[pile[-1] if pile else KINDS] = 1.0
        top[KINDS + 1] = len(pile) / 20
        out += top
        for part in range(MAX_PARTS):
            cell = [0.0] * 6
            if part < len(state.groups[s]):
                g = state.groups[s][part]
                cell[g[0]] = 1.0
                cell[3:] = [g[1] / 15, g[2] / 15, len(g[3]) / 15]
            out += cell
    phase = [0.0] * 9
    phase[state.phase] = 1.0
    out += phase
    out += [state.stock_size / 98, state.under / 3, state.part / MAX_PARTS, state.cancels / 3]
    on_table = [c for _, _, _, cards, _ in state.built for c in cards] + [c for c, _ in state.picks]
    out += _counts(on_table)
    meanings = [0.0] * 16
    for _, m in state.picks:
        meanings[m] += 1.0
    out += meanings
    holding = [0.0] * (KINDS + 1)
    holding[state.layoff_card if state.layoff_card >= 0 else KINDS] = 1.0
    out += holding
    out += _counts(state.kept[seat])
    return out


def _counts(cards: list[int]) -> list[float]:
    result = [0.0] * KINDS
    for card in cards:
        result[card] += 1.0
    return result


__all__ = ["SKIP", "action_text", "observation", "render"]
