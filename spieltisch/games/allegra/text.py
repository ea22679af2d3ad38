"""ALLEGRA in words: move names (English and German) and the table as terminal text."""

from __future__ import annotations

from typing import Any

import spieltisch.games.allegra.actions as actions
from spieltisch.core.contract import EndReason, ScoreLine
from spieltisch.core.layout import side_by_side, wrap
from spieltisch.core.wording import counted, seat_name, seat_number
from spieltisch.games.allegra.actions import NO_CARD
from spieltisch.games.allegra.cards import COLUMN_NAMES, POSITIONS, ROW_NAMES, WIDTH, position_name
from spieltisch.games.allegra.phases import (
    CLEAR,
    DEAL,
    DRAW_CARD,
    KNOCK_ASK,
    KNOCKER_PLACE,
    OVER,
    PLACE,
    SETUP_FLIP,
    TAKE,
    TAKE_PLACE,
)
from spieltisch.games.allegra.rules import AllegraState
from spieltisch.games.allegra.views import AllegraReference

WORDS = {
    "en": {
        "deal": "deal {v}",
        "deal_top": "turn up {v} to start the discard pile",
        "draw_card": "draw {v}",
        "flip": "flip {p}",
        "draw_pile": "draw from the draw pile",
        "take_discard": "take the discard {v}",
        "knock": "knock",
        "no_knock": "no knock",
        "decline": "decline the knocks",
        "accept": "accept the knock of {s}",
        "keep": "keep {v} at {p}",
        "discard_drawn": "discard {v} and flip a card",
        "clear_column": "clear column {c} ({v}s)",
        "clear_row": "clear row {r} from {p} ({v}s)",
        "knocker_place": "put {v} at {p}",
        "take": "take {v} from {s} at {p}",
        "face_down": "a face-down card",
        "shown_flip": "{v}",
        "shown_uncover": "it was {v}",
        "take_place": "put {v} at {p}",
        "title": "ALLEGRA",
        "game": "game {g} of {n}",
        "target": "target {n}|target {n}",
        "dealer": "dealer seat {s}",
        "no_knocking": "no knocking",
        "draw_size": "Draw pile: {n} card|Draw pile: {n} cards",
        "discard_top": "Discard pile: {v} on top ({n} card)|Discard pile: {v} on top ({n} cards)",
        "discard_empty": "Discard pile: empty",
        "drawn": "Drawn card: {v} (from the {f}, seen by all)",
        "pile": "draw pile",
        "discard": "discard pile",
        "seat": "Seat {s}",
        "you": "you",
        "to_move": "to move",
        "turn": "turn",
        "trigger": "trigger",
        "shows": "shows {v}, {d} face down, {n} card|shows {v}, {d} face down, {n} cards",
        "knockers": "Knocked: {s}",
        "asking": "Knocking: asking seat {s}",
        "held": "Seat {s} knocked and holds {v}",
        "taken": "Taken card: {v}",
        "replaced": "Card to discard after clearing: {v}",
        "final": "Final round: trigger seat {t}; still to play: {q}",
        "none": "none",
        "setup": "Setup: seat {s} turns up {n} more card|Setup: seat {s} turns up {n} more cards",
        "clear": "Seat {s} chooses which triple to clear",
        "results": "Game {g}: {scores}",
        "trigger_of": "trigger seat {s}",
        "no_trigger": "no trigger: ended by the safety cap",
        "doubled": "{v} (doubled)",
        "totals": "Totals: {t}",
        "end_trigger": "{t} finished first and everybody else had one more turn.",
        "end_doubled": "{t} did not have the lowest score alone, so its {v} was doubled to {d}.",
        "end_games": "The match is over after {n} games.",
        "end_target": "{who} reached the target of {t}: the match is over after {n} game.|"
        "{who} reached the target of {t}: the match is over after {n} games.",
        "end_capped": "Game {g} reached the safety cap of {n} turn and was scored as it stood, "
        "with no trigger.|Game {g} reached the safety cap of {n} turns and was scored as it stood, "
        "with no trigger.",
        "part_positions": "sum of the 15 positions",
        "part_empty": "empty layout",
        "part_doubled": "doubled as the trigger",
        "part_of_game": "game {g}: {part}",
        "legend": "## face down, . gap; positions: row A-C + column L 1 2 3 R (e.g. B2)",
        "legend_shared": "L is shared with the next seat, R with the one before",
    },
    "de": {
        "deal": "{v} austeilen",
        "deal_top": "{v} als Ablagestapel aufdecken",
        "draw_card": "{v} gezogen",
        "flip": "{p} aufdecken",
        "draw_pile": "vom Nachziehstapel ziehen",
        "take_discard": "Ablagekarte {v} nehmen",
        "knock": "klopfen",
        "no_knock": "nicht klopfen",
        "decline": "Klopfen ablehnen",
        "accept": "Klopfen von {s} annehmen",
        "keep": "{v} gegen {p} tauschen",
        "discard_drawn": "{v} abwerfen und eine Karte aufdecken",
        "clear_column": "Spalte {c} abräumen ({v}er)",
        "clear_row": "Zeile {r} ab {p} abräumen ({v}er)",
        "knocker_place": "{v} auf {p} legen",
        "take": "{v} von {s} bei {p} nehmen",
        "face_down": "verdeckte Karte",
        "shown_flip": "{v}",
        "shown_uncover": "es war {v}",
        "take_place": "{v} auf {p} legen",
        "title": "ALLEGRA",
        "game": "Partie {g} von {n}",
        "target": "Ziel {n} Punkt|Ziel {n} Punkte",
        "dealer": "Geber Platz {s}",
        "no_knocking": "ohne Klopfen",
        "draw_size": "Nachziehstapel: {n} Karte|Nachziehstapel: {n} Karten",
        "discard_top": "Ablagestapel: {v} oben ({n} Karte)|Ablagestapel: {v} oben ({n} Karten)",
        "discard_empty": "Ablagestapel: leer",
        "drawn": "Gezogene Karte: {v} (vom {f}, für alle sichtbar)",
        "pile": "Nachziehstapel",
        "discard": "Ablagestapel",
        "seat": "Platz {s}",
        "you": "du",
        "to_move": "am Zug",
        "turn": "Zug",
        "trigger": "Auslöser",
        "shows": "zeigt {v}, {d} verdeckt, {n} Karte|zeigt {v}, {d} verdeckt, {n} Karten",
        "knockers": "Geklopft: {s}",
        "asking": "Klopfen: Platz {s} ist gefragt",
        "held": "Platz {s} hat geklopft und hält {v}",
        "taken": "Genommene Karte: {v}",
        "replaced": "Nach dem Abräumen abzuwerfen: {v}",
        "final": "Schlussrunde: Auslöser Platz {t}; noch am Zug: {q}",
        "none": "niemand",
        "setup": "Aufbau: Platz {s} deckt noch {n} Karte auf|Aufbau: Platz {s} deckt noch {n} Karten auf",
        "clear": "Platz {s} wählt, welcher Dreier abgeräumt wird",
        "results": "Partie {g}: {scores}",
        "trigger_of": "Auslöser Platz {s}",
        "no_trigger": "kein Auslöser: durch die Sicherheitsgrenze beendet",
        "doubled": "{v} (verdoppelt)",
        "totals": "Gesamt: {t}",
        "end_trigger": "{t} war zuerst fertig, alle anderen hatten noch einen Zug.",
        "end_doubled": "{t} hatte nicht allein die niedrigste Wertung: aus {v} wurden {d} Punkte.",
        "end_games": "Das Spiel ist nach {n} Partien zu Ende.",
        "end_target": "{who} hat das Ziel {t} erreicht: das Spiel ist nach {n} Partie zu Ende.|"
        "{who} hat das Ziel {t} erreicht: das Spiel ist nach {n} Partien zu Ende.",
        "end_capped": "Partie {g} erreichte die Sicherheitsgrenze von {n} Zug und wurde gewertet, "
        "wie sie lag, ohne Auslöser.|Partie {g} erreichte die Sicherheitsgrenze von {n} Zügen und "
        "wurde gewertet, wie sie lag, ohne Auslöser.",
        "part_positions": "Summe der 15 Positionen",
        "part_empty": "leere Auslage",
        "part_doubled": "verdoppelt als Auslöser",
        "part_of_game": "Partie {g}: {part}",
        "legend": "## verdeckt, . Lücke; Positionen: Zeile A-C + Spalte L 1 2 3 R (z. B. B2)",
        "legend_shared": "L wird mit dem nächsten Platz geteilt, R mit dem davor",
    },
}


CONTROL_WORDS = {
    actions.DRAW_PILE: "draw_pile",
    actions.DRAW_DISCARD: "take_discard",  # {v}: the discard pile's top card
    actions.DISCARD_DRAWN: "discard_drawn",  # {v}: the drawn card
    actions.KNOCK: "knock",
    actions.NO_KNOCK: "no_knock",
    actions.DECLINE: "decline",
}
"""The words naming each control id."""


def words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def action_text(state: AllegraState, action: int, lang: str) -> str:
    """The name of `action` in `state` (English or German)."""
    w = words(lang)
    phase = state.phase
    if phase in (DEAL, DRAW_CARD):
        value = state.settings.deck.value(action)
        if phase == DRAW_CARD:
            return w["draw_card"].format(v=value)
        key = "deal" if state.deal_next < len(state.cards) else "deal_top"
        return w[key].format(v=value)
    if action < POSITIONS:
        return _position_text(state, action, lang)
    if action in CONTROL_WORDS:
        top = state.discard[-1] if state.discard else "-"
        return w[CONTROL_WORDS[action]].format(v=top if action == actions.DRAW_DISCARD else state.drawn)
    if actions.ACCEPT <= action < actions.CLEAR_COLUMN:
        return w["accept"].format(s=seat_name(action - actions.ACCEPT, lang))
    if actions.CLEAR_COLUMN <= action < actions.CLEAR_ROW:
        column = action - actions.CLEAR_COLUMN
        slot = state.layouts[max(state.clear_seat, 0)][column]
        return w["clear_column"].format(c=COLUMN_NAMES[column], v=state.cards[slot])
    if actions.CLEAR_ROW <= action < actions.NUM_ACTIONS:
        position = action - actions.CLEAR_ROW
        slot = state.layouts[max(state.clear_seat, 0)][position]
        return w["clear_row"].format(
            r=ROW_NAMES[position // WIDTH], p=position_name(position), v=state.cards[slot]
        )
    return f"action {action}"


def public_result(state: AllegraState, lang: str) -> dict[str, Any] | None:
    """The face-down card the move just made showed everybody, if it showed one."""
    if state.shown is None:
        return None
    how, value = state.shown
    return {"text": words(lang)["shown_" + how].format(v=value), "card": value}


def end_reason(state: AllegraState, lang: str) -> EndReason | None:
    """Why the match ended: its last game's trigger, its number of games or the target;
    capped when the safety cap ended one of its games."""
    if state.phase != OVER:
        return None
    w = words(lang)
    settings = state.settings
    played = len(state.results)
    target = settings.target
    reached = [seat for seat, total in enumerate(state.totals) if target and total >= target]
    if reached:
        who = ", ".join(seat_name(seat, lang, capital=True) for seat in reached)
        kind, text = "target", counted(w["end_target"], played, who=who, t=target)
    elif played > 1:
        kind, text = "games", w["end_games"].format(n=played)
    else:
        kind, text = (
            "trigger",
            w["end_trigger"].format(t=seat_name(state.triggers[-1], lang, capital=True))
            + _doubled(state, lang),
        )
    capped = [game + 1 for game, trigger in enumerate(state.triggers) if trigger < 0]
    if not capped:
        return EndReason(kind, text)
    notes = [counted(w["end_capped"], settings.turn_cap, g=game) for game in capped]
    if played == 1:
        return EndReason("safety_cap", notes[0], capped=True)
    return EndReason("safety_cap", " ".join([text, *notes]), capped=True)


def _doubled(state: AllegraState, lang: str) -> str:
    """The sentence saying that the last game's trigger was doubled, or nothing."""
    trigger = state.triggers[-1]
    before, after = state.layout_scores[-1][trigger], state.results[-1][trigger]
    if after == before:
        return ""
    who = seat_name(trigger, lang, capital=True)
    return " " + words(lang)["end_doubled"].format(t=who, v=before, d=after)


def score_breakdown(state: AllegraState, lang: str) -> list[list[ScoreLine]]:
    """Per seat and game: the 15 positions' sum (or -10 for an empty layout) and the
    trigger's doubling; the lines of a seat add up to its match total."""
    w = words(lang)
    several = len(state.results) > 1
    breakdown: list[list[ScoreLine]] = [[] for _ in range(state.num_players)]
    for game, (before, after, empties) in enumerate(
        zip(state.layout_scores, state.results, state.empty_layouts, strict=True)
    ):
        for seat, lines in enumerate(breakdown):
            parts = [("part_empty" if empties[seat] else "part_positions", before[seat])]
            if after[seat] != before[seat]:
                parts.append(("part_doubled", after[seat] - before[seat]))
            for key, points in parts:
                label = w["part_of_game"].format(g=game + 1, part=w[key]) if several else w[key]
                lines.append(ScoreLine(label, float(points)))
    return breakdown


def reference_data() -> AllegraReference:
    """Public facts for a display: each layout position's name (by position, "A" to "C" for
    the row and "L", "1" to "3", "R" for the column), as the moves name it in either language."""
    return {"position_names": [position_name(position) for position in range(POSITIONS)]}


def _position_text(state: AllegraState, position: int, lang: str) -> str:
    w = words(lang)
    name = position_name(position)
    phase = state.phase
    if phase == PLACE:
        return w["keep"].format(v=state.drawn, p=name)
    if phase == KNOCKER_PLACE:
        return w["knocker_place"].format(v=state.drawn, p=name)
    if phase == TAKE:
        slot = state.layouts[state.knocker][position]
        value = state.cards[slot] if state.up[slot] else w["face_down"]
        return w["take"].format(v=value, s=seat_name(state.knocker, lang), p=name)
    if phase == TAKE_PLACE:
        return w["take_place"].format(v=state.taken, p=name)
    return w["flip"].format(p=name)


# --- the table ------------------------------------------------------------------


def _cell(value: int | str | None) -> str:
    if value is None:
        return "  ."
    if value == "?":
        return " ##"
    return f"{value:>3}"


def _block(state: AllegraState, seat: int, viewer: int | None, w: dict[str, str]) -> list[str]:
    """One player's 15 positions with the shared columns set apart by bars."""
    slots = state.layouts[seat]
    cells = [state.cell(slot) for slot in slots]
    title = w["seat"].format(s=seat_number(seat))
    if seat == viewer:
        title += f" ({w['you']})"
    mover = state.current_player()
    if seat == state.trigger:
        title += f", {w['trigger']}"
    if mover == seat:
        title += f"  <- {w['to_move']}"
    lines = [title]
    lines.append("      L |  1  2  3 |  R")
    for row in range(3):
        c = [_cell(cells[row * WIDTH + k]) for k in range(WIDTH)]
        lines.append(f"  {ROW_NAMES[row]} {c[0]} |{c[1]}{c[2]}{c[3]} |{c[4]}")
    shown = sum(v for v in cells if isinstance(v, int))
    down = sum(1 for v in cells if v == "?")
    count = sum(1 for v in cells if v is not None)
    lines.append("  " + counted(w["shows"], count, v=shown, d=down))
    return lines


def render(state: AllegraState, seat: int | None, lang: str = "en", width: int = 80) -> str:
    """The table for `seat` (None: spectator) in at most `width` columns: the layouts side by
    side as far as they fit (two at 80 columns, three from about 110), stacked when narrow."""
    w = words(lang)
    settings = state.settings
    n = state.num_players
    head = [w["title"], w["game"].format(g=state.game_no + 1, n=settings.games)]
    if settings.target:
        head.append(counted(w["target"], settings.target))
    head.append(w["dealer"].format(s=seat_number(state.dealer)))
    if not settings.knocking:
        head.append(w["no_knocking"])
    lines = [" · ".join(head)]
    piles = counted(w["draw_size"], state.draw_size) + "   "
    if state.discard:
        piles += counted(w["discard_top"], len(state.discard), v=state.discard[-1])
    else:
        piles += w["discard_empty"]
    lines.append(piles)
    if state.drawn != NO_CARD:
        source = w["pile"] if state.drawn_from_pile else w["discard"]
        lines.append(w["drawn"].format(v=state.drawn, f=source))
    lines += _status(state, w)
    start = seat if seat is not None else 0
    blocks = [_block(state, (start + j) % n, seat, w) for j in range(n)]
    table = ["", *side_by_side(blocks, width)]
    notes = [w["legend"], w["legend_shared"]]
    for index, scores in enumerate(state.results):
        trig = state.triggers[index]
        who = w["trigger_of"].format(s=seat_number(trig)) if trig >= 0 else w["no_trigger"]
        before = state.layout_scores[index]
        shown = [w["doubled"].format(v=v) if v != before[s] else str(v) for s, v in enumerate(scores)]
        text = ", ".join(f"{w['seat'].format(s=seat_number(s))}: {v}" for s, v in enumerate(shown))
        notes.append(w["results"].format(g=index + 1, scores=text) + f"  ({who})")
    if state.results:
        notes.append(w["totals"].format(t=", ".join(str(t) for t in state.totals)))
    return "\n".join([*wrap(lines, width), *table, *wrap(notes, width)])


def _status(state: AllegraState, w: dict[str, str]) -> list[str]:
    lines = []
    if state.phase == SETUP_FLIP:
        lines.append(counted(w["setup"], state.setup_left, s=seat_number(state.setup_seat)))
    if state.phase == KNOCK_ASK:
        lines.append(w["asking"].format(s=seat_number(state.knock_queue[state.knock_index])))
    if state.knockers:
        lines.append(w["knockers"].format(s=", ".join(str(seat_number(s)) for s in state.knockers)))
    if state.held != NO_CARD:
        lines.append(w["held"].format(s=seat_number(state.knocker), v=state.held))
    if state.taken != NO_CARD:
        lines.append(w["taken"].format(v=state.taken))
    if state.replaced != NO_CARD:
        lines.append(w["replaced"].format(v=state.replaced))
    if state.phase == CLEAR:
        lines.append(w["clear"].format(s=seat_number(state.clear_seat)))
    if state.final_round:
        queue = ", ".join(str(seat_number(s)) for s in state.final_queue) or w["none"]
        lines.append(w["final"].format(t=seat_number(state.trigger), q=queue))
    return lines
