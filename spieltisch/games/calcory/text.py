"""Calcory in the terminal: the layout as text and move names in German and English."""

from __future__ import annotations

from spieltisch.core.contract import EndReason, ScoreLine
from spieltisch.core.layout import beside, wrap
from spieltisch.core.wording import counted, seat_name, seat_number
from spieltisch.games.calcory.actions import Block
from spieltisch.games.calcory.cards import ROW_NAMES, TARGET, Deck
from spieltisch.games.calcory.phases import DEAL, DOWN, EMPTY, OFFER, OVER
from spieltisch.games.calcory.rules import CalcoryState, End
from spieltisch.games.calcory.views import CalcoryReference, CalcoryView

WORDS = {
    "en": {
        "turn": "turn {label}",
        "stop": "stop (leave the cards lying)",
        "cover": "busted: turn the cards back",
        "busted": "Busted!",
        "return": "return a {digit} face down",
        "return_hidden": "return a card face down",
        "place": "put the card back at {label}",
        "deal": "deal {digit} at {label}",
        "seat": "Seat {seat}",
        "you": "you",
        "collected": "{n} card collected|{n} cards collected",
        "to_move": "to move",
        "turned": "Turned this turn: {cards} = {total}",
        "offer": "Standing offer of seat {owner}: {cards} = {total} ({count})",
        "no_offer": "No standing offer.",
        "pile": "Your cards: {digits}",
        "holding": "You put back a {digit}; choose an empty position.",
        "choose": "Choose which card to return face down: {digits}",
        "returning": "Seat {seat} is putting a card back.",
        "idle": "Turns without taking: {idle} of {limit}",
        "legend": "# face down, (d) face down and known to you, <d> standing offer, . empty",
        "dealing": "Dealing the layout ({n} card laid).|Dealing the layout ({n} cards laid).",
        "last": "Seat {seat} {result} ({cards}).",
        "count": "{n} card|{n} cards",
        "bust": "busted",
        "hit": "hit 13",
        "offer_made": "left an offer",
        "beat": "beat the offer",
        "fail": "did not beat the offer",
        "took": "took the offer (Aufnehmen 2)",
        "single": "took a single card",
        "skip": "could not turn",
        "end_single_card": "{seat} took an offer of a single card, which ends the game.",
        "end_nothing_left": "No face-down card and no offer are left.",
        "end_idle": "Safety cap: {n} played turn passed without anybody taking cards.|"
        "Safety cap: {n} played turns in a row passed without anybody taking cards.",
        "collected_part": "cards collected",
    },
    "de": {
        "turn": "Karte {label} aufdecken",
        "stop": "aufhören (Karten liegen lassen)",
        "cover": "gesprengt: Karten wieder umdrehen",
        "busted": "Gesprengt!",
        "return": "eine {digit} verdeckt zurücklegen",
        "return_hidden": "eine Karte verdeckt zurücklegen",
        "place": "die Karte auf {label} zurücklegen",
        "deal": "{digit} auf {label} auslegen",
        "seat": "Platz {seat}",
        "you": "du",
        "collected": "{n} Karte gesammelt|{n} Karten gesammelt",
        "to_move": "am Zug",
        "turned": "In diesem Zug aufgedeckt: {cards} = {total}",
        "offer": "Vorgelegt von Platz {owner}: {cards} = {total} ({count})",
        "no_offer": "Nichts vorgelegt.",
        "pile": "Deine Karten: {digits}",
        "holding": "Du legst eine {digit} zurück; wähle eine freie Stelle.",
        "choose": "Wähle die Karte, die verdeckt zurückgeht: {digits}",
        "returning": "Platz {seat} legt eine Karte zurück.",
        "idle": "Züge ohne Aufnehmen: {idle} von {limit}",
        "legend": "# verdeckt, (z) verdeckt und dir bekannt, <z> vorgelegt, . frei",
        "dealing": "Die Auslage wird ausgelegt ({n} Karte liegt).|"
        "Die Auslage wird ausgelegt ({n} Karten liegen).",
        "last": "Platz {seat} {result} ({cards}).",
        "count": "{n} Karte|{n} Karten",
        "bust": "ist gesprengt",
        "hit": "hat 13 getroffen",
        "offer_made": "hat Karten liegen lassen",
        "beat": "hat überboten",
        "fail": "hat nicht überboten",
        "took": "hat aufgenommen (Aufnehmen 2)",
        "single": "hat eine Einzelkarte aufgenommen",
        "skip": "konnte nicht aufdecken",
        "end_single_card": "{seat} hat eine Einzelkarte aufgenommen, das beendet das Spiel.",
        "end_nothing_left": "Keine verdeckte Karte und nichts Vorgelegtes ist mehr übrig.",
        "end_idle": "Sicherheitsgrenze: {n} Zug, in dem niemand Karten aufnahm.|"
        "Sicherheitsgrenze: {n} Züge in Folge, in denen niemand Karten aufnahm.",
        "collected_part": "gesammelte Karten",
    },
}


def words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def action_label(state: CalcoryState, action: int, lang: str) -> str:
    w = words(lang)
    deck = state.settings.deck
    if state.phase == DEAL:
        return w["deal"].format(digit=action, label=deck.label(state.dealt))
    move = state.settings.actions.decode(action)
    if move.block == Block.TURN:
        return w["turn"].format(label=deck.label(move.position))
    if move.block == Block.STOP:
        return w["stop"]
    if move.block == Block.COVER:
        return w["cover"]
    if move.block == Block.RETURN:
        return w["return"].format(digit=move.digit)
    return w["place"].format(label=deck.label(move.position))


def reference_data(deck: Deck) -> CalcoryReference:
    """Public facts for a display: the sum a turn aims at, the layout's row and column names
    and each place's name (by position, "B7"), as the moves name it in either language."""
    return {
        "target": TARGET,
        "row_names": list(ROW_NAMES[: deck.rows]),
        "column_names": [str(column + 1) for column in range(deck.columns)],
        "position_names": [deck.label(position) for position in range(deck.positions)],
    }


def public_action_label(state: CalcoryState, action: int, lang: str) -> str | None:
    """The move as the other seats know it: the returned digit goes face down, unseen."""
    if state.phase == DEAL:
        return None  # the deal lays cards face down
    if state.settings.actions.decode(action).block == Block.RETURN:
        return words(lang)["return_hidden"]
    return action_label(state, action, lang)


def final_take(state: CalcoryState, lang: str) -> str | None:
    """The take that ended the game on its own: the owner's unbeaten offer of a single card."""
    if state.phase != OVER or state.end != End.SINGLE_CARD:
        return None
    taker = state.log[-1][0]  # the taking of the single card is the last turn noted
    return words(lang)["end_single_card"].format(seat=seat_name(taker, lang, capital=True))


def end_reason(state: CalcoryState, lang: str) -> EndReason | None:
    """Why the game ended: a single card taken, nothing left, or the idle-turn cap (capped)."""
    if state.phase != OVER:
        return None
    w = words(lang)
    if state.end == End.SINGLE_CARD:
        taker = state.log[-1][0]  # the taking of the single card is the last turn noted
        who = seat_name(taker, lang, capital=True)
        return EndReason("single_card", w["end_single_card"].format(seat=who))
    if state.end == End.NOTHING_LEFT:
        return EndReason("nothing_left", w["end_nothing_left"])
    return EndReason("idle_cap", counted(w["end_idle"], state.settings.idle_limit), capped=True)


def score_breakdown(state: CalcoryState, lang: str) -> list[list[ScoreLine]]:
    """Each seat's cards collected (only their number is public)."""
    label = words(lang)["collected_part"]
    return [[ScoreLine(label, float(len(pile)))] for pile in state.piles]


def _count(w: dict[str, str], number: int) -> str:
    return counted(w["count"], number)


def _cell(state: CalcoryState, position: int, seat: int | None) -> str:
    status = state.status[position]
    digit = state.visible_digit(position, seat)
    if status == EMPTY:
        return " . "
    if status == DOWN:
        return f"({digit})" if digit >= 0 else " # "
    if status == OFFER:
        return f"<{digit}>"
    return f" {digit} "


def render(state: CalcoryState, seat: int | None, lang: str, width: int = 80) -> str:
    """The layout for `seat` (None: spectator) with the players, the offer and the turn
    beside it when `width` allows, under it otherwise; no line wider than `width`."""
    w = words(lang)
    view = state.view(seat)
    deck = state.settings.deck
    if view["phase"] == "deal":
        return "\n".join(wrap([counted(w["dealing"], view["dealt"])], width))
    grid = ["    " + "".join(f"{c + 1:^4}" for c in range(deck.columns))]
    for row in range(deck.rows):
        cells = " ".join(_cell(state, row * deck.columns + c, seat) for c in range(deck.columns))
        grid.append(f" {ROW_NAMES[row]}  {cells}")
    facts = wrap(_facts(state, view, seat, w), width)
    return "\n".join([*beside(grid, facts, width), "", *wrap([w["legend"]], width)])


def _facts(state: CalcoryState, view: CalcoryView, seat: int | None, w: dict[str, str]) -> list[str]:
    deck = state.settings.deck
    lines: list[str] = []
    for s, count in enumerate(view["collected"]):
        name = w["seat"].format(seat=seat_number(s)) + (f" ({w['you']})" if s == seat else "")
        mark = f"  <- {w['to_move']}" if view["player"] == s else ""
        lines.append(f"{name}: {counted(w['collected'], count)}{mark}")
    if view["pile"] is not None:
        lines.append(w["pile"].format(digits=" ".join(str(d) for d in view["pile"]) or "-"))
    offer = view["offer"]
    if offer:
        digits = " + ".join(str(state.cards[deck.position_of(c)]) for c in offer["cells"])
        lines.append(
            w["offer"].format(
                owner=seat_number(offer["owner"]),
                cards=digits,
                total=offer["sum"],
                count=_count(w, offer["cards"]),
            )
        )
    else:
        lines.append(w["no_offer"])
    if view["turned"]:
        digits = " + ".join(str(state.cards[deck.position_of(c)]) for c in view["turned"])
        lines.append(w["turned"].format(cards=digits, total=view["turn_sum"]))
        if view["phase"] == "bust":
            lines.append(w["busted"])
    if view["return_choices"]:
        lines.append(w["choose"].format(digits=" ".join(str(d) for d in view["return_choices"])))
    if view["phase"] == "place":
        if view["holding"] is not None:
            lines.append(w["holding"].format(digit=view["holding"]))
        else:
            lines.append(w["returning"].format(seat=seat_number(view["player"])))
    for event in view["recent"][-state.num_players :]:
        key = "offer_made" if event["result"] == "offer" else event["result"]
        lines.append(
            w["last"].format(seat=seat_number(event["seat"]), result=w[key], cards=_count(w, event["cards"]))
        )
    if view["idle_turn_limit"]:
        lines.append(w["idle"].format(idle=view["idle_turns"], limit=view["idle_turn_limit"]))
    return lines
