"""Names of moves in English and German, and the table as text."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

import spieltisch.games.lucandor.scoring as scoring
from spieltisch.core.contract import EndReason, ScoreLine
from spieltisch.games.lucandor.actions import Block, Mode
from spieltisch.games.lucandor.model import DOT, END, MARKERS, ROD
from spieltisch.games.lucandor.rules import AFTERNOON, CLEAN_SCORE, DECIDE, IRON_SCORE, OVER
from spieltisch.games.lucandor.steps import DrawerPick, Secure
from spieltisch.games.lucandor.words import FUNCTION_NAMES, counted, words

if TYPE_CHECKING:
    from spieltisch.games.lucandor.rules import LucandorState

LEGEND = {
    "en": "[a | b] compartment (stacks bottom/top)  =..= rod  {..} drawer  n/m used/room\n"
    "#DOOR#: nothing in or out   <- points per colour for a garment in that storey",
    "de": "[a | b] Fach (Stapel unten/oben)  =..= Stange  {..} Schublade  n/m belegt/Platz\n"
    "#TÜR#: nichts hinein oder heraus  <- Punkte je Farbe für Kleidung in der Etage",
}

PLAYER_COLUMNS = {
    "en": ("points", "hand", "pile", "stones", "end scoring"),
    "de": ("Punkte", "Hand", "Stapel", "Steine", "Endwertung"),
}
"""The players' table: points, cards in hand and draw pile, free marking stones, end-scoring tasks."""

SENTENCES = {
    "en": {
        "end": "the afternoon is over: every hand and draw pile is empty",
        "final": "final table",
        "put_away": "{phase}: {card} into {cell}",
        "iron": "{phase}: iron moves {card} to {cell}",
        "doubled": " (doubled)",
        "clean": "cleaning the compartments ({n}x)",
        "task": "end scoring: {storey} {n}, {colour} ({count})",
        "garment": "garment",
        "garments": "garments",
    },
    "de": {
        "end": "der Nachmittag ist vorbei: alle Hände und Nachziehstapel sind leer",
        "final": "Schlussstand",
        "put_away": "{phase}: {card} in {cell}",
        "iron": "{phase}: Bügeleisen legt {card} nach {cell}",
        "doubled": " (verdoppelt)",
        "clean": "Fächer putzen ({n}x)",
        "task": "Endwertung: {storey} {n}, {colour} ({count})",
        "garment": "Kleidungsstück",
        "garments": "Kleidungsstücke",
    },
}


def card_name(state: LucandorState, card_id: int, lang: str, short: bool = False) -> str:
    """Garment and colour ("Hose grün"), or as a short code ("Ho.gn") for the table."""
    m = state.settings.model
    card = m.cards[card_id]
    garment, colour = m.garments[card.garment], m.colours[card.colour]
    if short:
        return f"{garment.short(lang)}.{colour.short(lang)}"
    return f"{garment.name(lang)} {colour.name(lang)}"


def card_function(state: LucandorState, card_id: int, lang: str) -> str:
    m = state.settings.model
    card = m.cards[card_id]
    name = FUNCTION_NAMES[lang][card.function]
    if card.function == DOT:
        return f"{name} {m.colours[card.dot_colour].name(lang)} {card.points}"
    if card.function == END:
        return f"{name} {words(lang)['storey']} {card.storey + 1}"
    return name


def full_card(state: LucandorState, card_id: int, lang: str) -> str:
    return f"{card_name(state, card_id, lang)} [{card_function(state, card_id, lang)}]"


def cell_name(state: LucandorState, cell: int, lang: str) -> str:
    m = state.settings.model
    terms = words(lang)
    return f"{terms['storey']} {m.storey_of(cell) + 1} {m.sections[m.section_of(cell)].name(lang)}"


def _storeys(covered: Sequence[int], lang: str, joint: str) -> str:
    """The storeys a scoring slot covers: "storey 3", "storeys 1,2" or "storeys 2-4" (joint "-")."""
    terms = words(lang)
    if len(covered) == 1:
        return f"{terms['storey']} {covered[0] + 1}"
    shown = (covered[0], covered[-1]) if joint == "-" else covered
    return f"{terms['storeys']} " + joint.join(str(s + 1) for s in shown)


def action_text(state: LucandorState, action: int, lang: str) -> str:
    """The name of `action` in this state, in English ("en") or German ("de")."""
    m = state.settings.model
    terms = words(lang)
    de = lang == "de"
    if state.stage != DECIDE:
        return f"{'Karte' if de else 'card'} #{action} {card_name(state, action, lang)}"
    move = state.settings.codec.decode(action)
    block = move.block
    if block == Block.PLAY:
        return _play_text(state, move.mode, move.card, move.colour, lang)
    if block == Block.TARGET:
        return _target_text(state, move.cell, move.place, lang)
    if block == Block.SOURCE:
        return _source_text(state, move.cell, move.place, move.level, lang)
    if block == Block.CELL:
        if isinstance(state.pending, DrawerPick):
            return f"{terms['drawer']} {cell_name(state, move.cell, lang)}"
        return f"{'nach' if de else 'to'} {cell_name(state, move.cell, lang)}"
    if block == Block.SLOT:
        slot = move.slot
        return f"{terms['slot']} {slot + 1} ({_storeys(m.slot_storeys[slot], lang, '-')})"
    if block == Block.SECTION:
        section = m.sections[move.section].name(lang)
        return f"Tür nach {section}" if de else f"door to {section}"
    if block == Block.SECOND:
        card = full_card(state, move.card, lang)
        return f"dazu abwerfen: {card}" if de else f"also discard {card}"
    if block == Block.TASK:
        index = move.task
        seat = state.turn
        card_id = state.end_cards[seat][index]
        colour = m.colours[state.end_colours[seat][index]].name(lang)
        return f"{terms['ends']} {index + 1}: {card_function(state, card_id, lang)}, {colour}"
    if block == Block.COLOUR:
        colour = m.colours[move.colour].name(lang)
        return f"Farbe {colour}" if de else f"colour {colour}"
    if block == Block.CORNER:
        corner = m.corners[move.corner].name(lang)
        return f"Glück prüfen: Ecke {corner}" if de else f"luck check: corner {corner}"
    step = state.pending
    assert isinstance(step, Secure), "a stone for no scoring slot"
    where = f"{terms['slot']} {step.slot + 1}"
    if move.secure:
        return f"{where} mit einem Stein auf der 2 sichern" if de else f"secure {where} with a stone on the 2"
    return f"{where} nicht sichern" if de else f"leave {where} without a stone"


def _play_text(state: LucandorState, mode: int, card_id: int, colour: int, lang: str) -> str:
    de = lang == "de"
    card = full_card(state, card_id, lang)
    if mode == Mode.PUT_AWAY:
        return f"aufräumen: {card}" if de else f"put away {card}"
    if mode == Mode.FUNCTION:
        return f"ausspielen: {card}" if de else f"play {card}"
    if mode == Mode.DOOR:
        return f"Schiebetür bewegen, abwerfen: {card}" if de else f"move the door, discarding {card}"
    if mode == Mode.CLEAN:
        if de:
            return f"Fächer putzen (+1), abwerfen: {card}"
        return f"clean the compartments (+1), discarding {card}"
    # The task goes face down: name it by its hand position, not by its face.
    chip = state.settings.model.colours[colour].name(lang)
    hand = state.hands[state.turn]
    position = hand.index(card_id) + 1 if card_id in hand else 0
    if de:
        return f"Endwertung: Handkarte {position} verdeckt ablegen, Farbe {chip}"
    return f"end scoring: lay hand card {position} face down, colour {chip}"


def public_action_text(state: LucandorState, action: int, lang: str) -> str | None:
    """The move as the other seats know it: an end-scoring task lies face down, so
    neither its face nor its place in the hand is named, only its colour chip."""
    if state.stage != DECIDE:
        return None  # drawn and turned cards: chance
    m = state.settings.model
    terms = words(lang)
    move = state.settings.codec.decode(action)
    if move.block == Block.PLAY and move.mode == Mode.TASK:
        colour = m.colours[move.colour].name(lang)
        if lang == "de":
            return f"Endwertung: eine Karte verdeckt ablegen, Farbe {colour}"
        return f"end scoring: lay a card face down, colour {colour}"
    if move.block == Block.TASK:
        index = move.task
        colour = m.colours[state.end_colours[state.turn][index]].name(lang)
        return f"{terms['ends']} {index + 1}: {terms['hidden']}, {colour}"
    return action_text(state, action, lang)


def _target_text(state: LucandorState, cell: int, place: int, lang: str) -> str:
    m = state.settings.model
    terms = words(lang)
    de = lang == "de"
    where = cell_name(state, cell, lang)
    if m.storey_kind[m.storey_of(cell)] == ROD:
        return f"an die Stange {where}" if de else f"onto the rod, {where}"
    if state.drawer_at(cell) >= 0:
        return f"in die Schublade {where}" if de else f"into the drawer, {where}"
    stack = state.content[cell][place]
    on = ""
    if stack:
        on = f" auf {card_name(state, stack[-1], lang)}" if de else f" on {card_name(state, stack[-1], lang)}"
    return (
        f"in {where}, {terms['place']} {place + 1}{on}"
        if de
        else f"into {where}, {terms['place']} {place + 1}{on}"
    )


def _source_text(state: LucandorState, cell: int, place: int, level: int, lang: str) -> str:
    drawer = state.drawer_at(cell)
    stack = state.drawer_items[drawer] if drawer >= 0 else state.content[cell][place]
    piece = card_name(state, stack[level], lang) if level < len(stack) else "?"
    where = cell_name(state, cell, lang)
    # The same garment can be in the wardrobe twice (morning and afternoon), so
    # name its floor place, or its position on a rod or in a drawer.
    if drawer < 0 and state.settings.model.storey_kind[state.settings.model.storey_of(cell)] != ROD:
        where += f", {words(lang)['place']} {place + 1}"
    else:
        where += f" #{level + 1}"
    above = len(stack) - 1 - level if state.is_under(cell, place, level) else 0
    if lang == "de":
        note = f" (unter {above}, Glück prüfen)" if above and not state.settings.family else ""
        return f"herausnehmen: {piece} aus {where}{note}"
    note = f" (under {above}, luck check)" if above and not state.settings.family else ""
    return f"take out {piece} from {where}{note}"


# --- the table as text --------------------------------------------------------------------


def piece_code(state: LucandorState, piece: int, lang: str) -> str:
    return card_name(state, piece, lang, short=True)


def cell_text(state: LucandorState, cell: int, lang: str) -> str:
    m = state.settings.model
    terms = words(lang)
    if m.storey_kind[m.storey_of(cell)] == ROD:
        items = state.content[cell][0]
        used = sum(m.garments[m.cards[p].garment].units for p in items)
        inside = " ".join(piece_code(state, p, lang) for p in items) or terms["empty"]
        return f"={inside}= {used}/{m.rod_units}"
    drawer = state.drawer_at(cell)
    if drawer >= 0:
        items = state.drawer_items[drawer]
        used = sum(m.garments[m.cards[p].garment].units for p in items)
        inside = " ".join(piece_code(state, p, lang) for p in items) or terms["empty"]
        return f"{{{inside}}} {used}/{m.drawer_units}"
    places = [
        "/".join(piece_code(state, p, lang) for p in stack) or terms["empty"] for stack in state.content[cell]
    ]
    return "[" + " | ".join(places) + "]"


def render(state: LucandorState, seat: int | None, lang: str = "en", width: int = 80) -> str:
    """The table as text for `seat` (None: a spectator), no line wider than `width`.

    The wardrobe is a grid of storeys and sections whose cells wrap within
    their column when the width is short; wider screens give the columns room.
    """
    lang = "de" if lang == "de" else "en"
    width = max(width, MIN_WIDTH)
    terms = words(lang)
    lines: list[str] = []
    title = (
        SENTENCES[lang]["final"]
        if state.stage == OVER
        else terms["afternoon" if state.phase == AFTERNOON else "morning"]
    )
    top = card_name(state, state.discard[-1], lang) if state.discard else terms["empty"]
    discard = f"{terms['discard']}: {len(state.discard)} ({terms['top']}: {top})"
    heading = f"Der Graf von Lucandor - {title}"
    if len(heading) + 4 + len(discard) <= width:
        lines.append(f"{heading}    {discard}")
    else:
        lines += [heading, *_wrap(discard, width)]
    for text in _slot_texts(state, lang):
        lines += _wrap(text, width)
    lines += _wardrobe_lines(state, lang, width)
    for text in LEGEND[lang].split("\n"):
        lines += _wrap(text, width)
    lines += _player_lines(state, seat, lang, width)
    if seat is not None and state.stage != OVER:
        cards = state.hands[seat]
        hand = (
            ", ".join(f"{i + 1}) {full_card(state, c, lang)}" for i, c in enumerate(cards)) or terms["empty"]
        )
        lines += _wrap(f"{terms['hand']}: {hand}", width)
    if state.pending is not None:
        lines += _wrap(f"{terms['playing']}: {full_card(state, state.pending.card, lang)}", width)
    return "\n".join(lines)


MIN_WIDTH = 40  # below this the wardrobe's columns cannot hold a garment's code
ROW_LABEL = 6  # "  1   ": the storey's number before the cells
COLUMN_ROOM = 4  # what a column may grow beyond its widest cell on a wide screen


def _wrap(text: str, width: int, indent: str = "    ", first: str = "") -> list[str]:
    """`text` after `first` as lines of at most `width` columns, continuation lines indented."""
    wrapped = textwrap.wrap(
        text, width, initial_indent=first, subsequent_indent=indent, break_on_hyphens=False
    )
    return wrapped or [first.rstrip()]


def _slot_texts(state: LucandorState, lang: str) -> list[str]:
    m = state.settings.model
    terms = words(lang)
    texts = []
    for slot, covered in enumerate(m.slot_storeys):
        colours, points = scoring.slot_card(state, slot)
        shown = "/".join(m.colours[c].name(lang) for c in colours)
        kind = f" ({terms['start']})" if state.slots[slot] >= len(m.cards) else ""
        lock = ""
        if state.lock_owner[slot] >= 0:
            lock = f"  {terms['lock']} {terms['seat']} {state.lock_owner[slot] + 1}: {state.lock_level[slot]}"
        texts.append(
            f"{terms['slot']} {slot + 1} ({_storeys(covered, lang, ',')}): {shown} {points}{kind}{lock}"
        )
    return texts


def _wardrobe_lines(state: LucandorState, lang: str, width: int) -> list[str]:
    """The wardrobe: a header of sections (the door's marked), then a row per storey with
    what a garment of each colour would score there ("<- rt2 gb1"), beside the row or,
    when that takes fewer lines, below it."""
    m = state.settings.model
    texts = [
        [cell_text(state, m.cell(sec, st), lang) for sec in range(m.num_sections)]
        for st in range(m.num_storeys)
    ]
    values = [_storey_values(state, st, lang) for st in range(m.num_storeys)]
    widest = max(12, *(len(t) for row in texts for t in row)) + 2
    layouts = []
    for beside in (max(len(v) for v in values) + 1, 0):
        column = min((width - ROW_LABEL - beside) // m.num_sections, widest + COLUMN_ROOM)
        if column >= MIN_COLUMN:
            layouts.append(_wardrobe_grid(state, texts, values if beside else None, column, lang, width))
    return min(layouts, key=len)


MIN_COLUMN = 10  # a column narrower than this cannot hold a garment's code and a frame


def _wardrobe_grid(
    state: LucandorState,
    texts: list[list[str]],
    values: list[str] | None,
    column: int,
    lang: str,
    width: int,
) -> list[str]:
    """The grid with columns `column` wide; `values` beside each storey, or None: below it."""
    m = state.settings.model
    terms = words(lang)
    names = []
    for sec in range(m.num_sections):
        name = m.sections[sec].name(lang)
        if sec == state.door:
            name = f"#{terms['door'].upper()}# {name}"
        names.append(name[: column - 1].ljust(column))
    lines = [(" " * ROW_LABEL + "".join(names)).rstrip()]
    door_lock = state.door_lock
    if state.lock_owner[door_lock] >= 0:
        lock = f"{terms['door']}: {terms['lock']} {terms['seat']} {state.lock_owner[door_lock] + 1}: "
        lock += str(state.lock_level[door_lock])
        if len(lines[0]) + 3 + len(lock) <= width:
            lines[0] += "   " + lock
        else:
            lines.append(" " * ROW_LABEL + lock)
    for st in range(m.num_storeys):
        cells = [_cell_lines(t, column - 1) for t in texts[st]]
        for k in range(max(len(c) for c in cells)):
            label = f"  {st + 1}   " if k == 0 else " " * ROW_LABEL
            row = label + "".join((c[k] if k < len(c) else "").ljust(column) for c in cells)
            if k == 0 and values is not None:
                row = row.ljust(ROW_LABEL + column * m.num_sections) + values[st]
            lines.append(row.rstrip())
        if values is None:
            lines.append(" " * ROW_LABEL + _storey_values(state, st, lang))
    return lines


def _cell_lines(text: str, width: int) -> list[str]:
    """A cell's text in lines of at most `width`, broken after a space or a stack's "/"
    so that no garment's code is cut, unless one alone is wider than `width`."""
    lines = [""]
    for token in re.split(r"(?<=[ /])", text):
        if lines[-1] and len(lines[-1] + token.rstrip()) > width:
            lines[-1] = lines[-1].rstrip()
            lines.append("")
        lines[-1] += token
        while len(lines[-1].rstrip()) > width:
            lines[-1:] = [lines[-1][:width], lines[-1][width:]]
    return [line.rstrip() for line in lines]


def _storey_values(state: LucandorState, storey: int, lang: str) -> str:
    """What a garment of each colour would score in `storey` now: "<- rt2 gb1"."""
    m = state.settings.model
    pays = [(c, scoring.storey_value(state, storey, c)) for c in range(len(m.colours))]
    return "<- " + (" ".join(f"{m.colours[c].short(lang)}{v}" for c, v in pays if v) or "-")


def _player_lines(state: LucandorState, seat: int | None, lang: str, width: int) -> list[str]:
    """A row per seat under a header: points, hand, draw pile, free stones, then the
    end-scoring tasks (face down to the others until the end), wrapped if long."""
    m = state.settings.model
    terms = words(lang)
    names, counts, rests = [], [], []
    for p in range(state.num_players):
        names.append(f"{terms['seat']} {p + 1}" + (f" ({terms['you']})" if p == seat else ""))
        stones = MARKERS - state.lock_owner.count(p)
        total = state.points[p] + state.end_points[p]
        counts.append((total, len(state.hands[p]), len(state.piles[p]), stones))
        ends = []
        for card_id, colour in zip(state.end_cards[p], state.end_colours[p], strict=True):
            shown = p == seat or state.stage == OVER
            task = f"{terms['storey']} {m.cards[card_id].storey + 1}" if shown else terms["hidden"]
            ends.append(f"{task} {m.colours[colour].name(lang)}")
        rest = "; ".join(ends) or terms["empty"]
        if state.known[p] and p != seat:
            rest += f"; {terms['known']}: " + ", ".join(
                card_name(state, c, lang) for c in sorted(state.known[p])
            )
        if state.stage == DECIDE and p == state.turn:
            rest += f"  <- {terms['to_move']}"
        rests.append(rest)
    name_width = max(len(n) for n in names)
    *numbers, tasks = PLAYER_COLUMNS[lang]
    widths = [max(len(h), *(len(str(c[i])) for c in counts)) for i, h in enumerate(numbers)]

    def row(name: str, cells: Sequence[object]) -> str:
        return (
            name.ljust(name_width)
            + "".join(f" {c!s:>{w}}" for c, w in zip(cells, widths, strict=True))
            + "  "
        )

    lead = len(row("", numbers))
    below = width - lead < 20  # too narrow for the tasks beside the numbers: they go below
    lines = [row("", numbers).rstrip() if below else row("", numbers) + tasks]
    for name, count, rest in zip(names, counts, rests, strict=True):
        if below:
            lines.append(row(name, count).rstrip())
            lines += _wrap(rest, width, first="    ")
        else:
            lines += _wrap(rest, width, indent=" " * lead, first=row(name, count))
    return lines


# --- the end, explained ---------------------------------------------------------------------


def end_reason(state: LucandorState, lang: str) -> EndReason | None:
    """The game ends when the afternoon's cards are all played (the rulebook's only end)."""
    if state.stage != OVER:
        return None
    return EndReason("cards_played", SENTENCES["de" if lang == "de" else "en"]["end"])


def score_breakdown(state: LucandorState, lang: str) -> list[list[ScoreLine]]:
    """Per seat: every placement that scored (phase, garment, where, doubled or not), the
    cleaning points together, and at the end each end-scoring task; they add up to the score.

    Placements that scored nothing are left out; the tasks, face down until the
    end, appear only then.
    """
    lang = "de" if lang == "de" else "en"
    say, terms = SENTENCES[lang], words(lang)
    m = state.settings.model
    breakdown: list[list[ScoreLine]] = [[] for _ in range(state.num_players)]
    cleaned = [0] * state.num_players
    for entry in state.scored:
        if entry.kind == CLEAN_SCORE:
            cleaned[entry.seat] += entry.points
            continue
        if not entry.points:
            continue
        template = say["iron" if entry.kind == IRON_SCORE else "put_away"]
        label = template.format(
            phase=terms["afternoon" if entry.phase == AFTERNOON else "morning"],
            card=card_name(state, entry.card, lang),
            cell=cell_name(state, entry.cell, lang),
        )
        if entry.doubled:
            label += say["doubled"]
        breakdown[entry.seat].append(ScoreLine(label, float(entry.points)))
    for seat, points in enumerate(cleaned):
        if points:
            breakdown[seat].append(ScoreLine(say["clean"].format(n=points), float(points)))
    if state.stage == OVER:
        for seat, lines in enumerate(breakdown):
            for storey, colour, count in scoring.task_scores(state, seat):
                label = say["task"].format(
                    storey=terms["storey"],
                    n=storey + 1,
                    colour=m.colours[colour].name(lang),
                    count=counted(count, say["garment"], say["garments"]),
                )
                lines.append(ScoreLine(label, float(count)))
    return breakdown
