"""Names of moves in English and German, and the table as text."""

from __future__ import annotations

from typing import TYPE_CHECKING

import spieltisch.games.lucandor.scoring as scoring
from spieltisch.core.contract import EndReason, ScoreLine
from spieltisch.games.lucandor.actions import Block, Mode
from spieltisch.games.lucandor.model import DOT, END, MARKERS, ROD
from spieltisch.games.lucandor.rules import AFTERNOON, CLEAN_SCORE, DECIDE, IRON_SCORE, OVER
from spieltisch.games.lucandor.steps import DrawerPick, Secure
from spieltisch.games.lucandor.words import FUNCTION_NAMES, words

if TYPE_CHECKING:
    from spieltisch.games.lucandor.rules import LucandorState

LEGEND = {
    "en": "[a | b] compartment, floor places (stacks bottom/top); =..= rod; {..} drawer; used/room\n"
    "#DOOR# section: nothing goes in or out; <- points per colour for a garment in that storey",
    "de": "[a | b] Fach, Bodenplätze (Stapel unten/oben); =..= Stange; {..} Schublade; belegt/Platz\n"
    "#TÜR#-Reihe: nichts hinein oder heraus; <- Punkte je Farbe für ein Kleidungsstück in der Etage",
}

SENTENCES = {
    "en": {
        "end": "the afternoon is over: every hand and draw pile is empty",
        "put_away": "{phase}: {card} into {cell}",
        "iron": "{phase}: iron moves {card} to {cell}",
        "doubled": " (doubled)",
        "clean": "cleaning the compartments ({n}x)",
        "task": "end scoring: {storey} {n}, {colour} ({count} garments)",
    },
    "de": {
        "end": "der Nachmittag ist vorbei: alle Hände und Nachziehstapel sind leer",
        "put_away": "{phase}: {card} in {cell}",
        "iron": "{phase}: Bügeleisen legt {card} nach {cell}",
        "doubled": " (verdoppelt)",
        "clean": "Fächer putzen ({n}x)",
        "task": "Endwertung: {storey} {n}, {colour} ({count} Kleidungsstücke)",
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
        covered = "-".join(str(s + 1) for s in (m.slot_storeys[slot][0], m.slot_storeys[slot][-1]))
        return f"{terms['slot']} {slot + 1} ({terms['storeys']} {covered})"
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
    lang = "de" if lang == "de" else "en"
    terms = words(lang)
    lines: list[str] = []
    phase = terms["over" if state.stage == OVER else "afternoon" if state.phase == AFTERNOON else "morning"]
    lines.append(f"Der Graf von Lucandor - {phase}")
    lines.extend(_slot_lines(state, lang))
    lines.extend(_wardrobe_lines(state, lang))
    lines.append(LEGEND[lang])
    lines.extend(_player_lines(state, seat, lang))
    if seat is not None and state.stage != OVER:
        cards = state.hands[seat]
        hand = (
            ", ".join(f"{i + 1}) {full_card(state, c, lang)}" for i, c in enumerate(cards)) or terms["empty"]
        )
        lines.append(f"{terms['hand']}: {hand}")
    if state.pending is not None:
        lines.append(f"{terms['playing']}: {full_card(state, state.pending.card, lang)}")
    top = card_name(state, state.discard[-1], lang) if state.discard else terms["empty"]
    lines.append(f"{terms['discard']}: {len(state.discard)} ({terms['top']}: {top})")
    return "\n".join(lines)


def _slot_lines(state: LucandorState, lang: str) -> list[str]:
    m = state.settings.model
    terms = words(lang)
    lines = []
    for slot, covered in enumerate(m.slot_storeys):
        colours, points = scoring.slot_card(state, slot)
        shown = "/".join(m.colours[c].name(lang) for c in colours)
        kind = f" ({terms['start']})" if state.slots[slot] >= len(m.cards) else ""
        lock = ""
        if state.lock_owner[slot] >= 0:
            lock = f"  {terms['lock']} {terms['seat']} {state.lock_owner[slot]}: {state.lock_level[slot]}"
        storeys = ",".join(str(s + 1) for s in covered)
        lines.append(
            f"{terms['slot']} {slot + 1} ({terms['storeys']} {storeys}): {shown} {points}{kind}{lock}"
        )
    return lines


def _wardrobe_lines(state: LucandorState, lang: str) -> list[str]:
    m = state.settings.model
    terms = words(lang)
    texts = [
        [cell_text(state, m.cell(sec, st), lang) for sec in range(m.num_sections)]
        for st in range(m.num_storeys)
    ]
    width = max(16, *(len(t) for row in texts for t in row)) + 2
    header = "      "
    for sec in range(m.num_sections):
        name = m.sections[sec].name(lang)
        if sec == state.door:
            name = f"#{terms['door'].upper()}# {name}"
        header += name.ljust(width)
    lock = ""
    door_lock = state.door_lock
    if state.lock_owner[door_lock] >= 0:
        lock = (
            f"   {terms['lock']} {terms['seat']} {state.lock_owner[door_lock]}: {state.lock_level[door_lock]}"
        )
    lines = [header.rstrip() + lock]
    for st in range(m.num_storeys):
        row = f"  {st + 1}   " + "".join(t.ljust(width) for t in texts[st])
        values = [
            f"{m.colours[c].short(lang)}{v}"
            for c in range(len(m.colours))
            if (v := scoring.storey_value(state, st, c))
        ]
        lines.append(row.rstrip().ljust(6 + width * m.num_sections) + "  <- " + (" ".join(values) or "-"))
    return lines


def _player_lines(state: LucandorState, seat: int | None, lang: str) -> list[str]:
    m = state.settings.model
    terms = words(lang)
    lines = []
    for p in range(state.num_players):
        me = f" ({terms['you']})" if p == seat else ""
        mover = f"  <- {terms['to_move']}" if state.stage == DECIDE and p == state.turn else ""
        ends = []
        for card_id, colour in zip(state.end_cards[p], state.end_colours[p], strict=True):
            shown = p == seat or state.stage == OVER
            task = f"{terms['storey']} {m.cards[card_id].storey + 1}" if shown else terms["hidden"]
            ends.append(f"{task} {m.colours[colour].name(lang)}")
        end_text = "; ".join(ends) or terms["empty"]
        stones = MARKERS - state.lock_owner.count(p)
        total = state.points[p] + state.end_points[p]
        known = ""
        if state.known[p] and p != seat:
            known = f", {terms['known']}: " + ", ".join(
                card_name(state, c, lang) for c in sorted(state.known[p])
            )
        lines.append(
            f"{terms['seat']} {p}{me}: {total} {terms['points']}, {terms['hand']} {len(state.hands[p])}, "
            f"{terms['pile']} {len(state.piles[p])}, {terms['stones']} {stones}, "
            f"{terms['ends']}: {end_text}{known}{mover}"
        )
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
                    storey=terms["storey"], n=storey + 1, colour=m.colours[colour].name(lang), count=count
                )
                lines.append(ScoreLine(label, float(count)))
    return breakdown
