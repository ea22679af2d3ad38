"""The toy game with everything a front can show: public names and structs, results, the end explained.

Whether a player keeps or swaps is seen by all; the cards stay hidden until
the end. A move shows how many have had their turn, and the last move shows
every card to everybody (its public result).
"""

from __future__ import annotations

from typing import Any

from spieltisch.core.contract import EndReason, Move, ScoreLine
from tests.core.toy_game import ToyGame, ToyState


class ShowGame(ToyGame):
    name = "show"
    title = "Show"

    def public_action_label(self, state: ToyState, action: int, lang: str) -> str | None:
        return self.action_label(state, action, lang)

    def public_action_struct(self, state: ToyState, action: int) -> Move | None:
        return self.action_struct(state, action)

    def public_result(self, state: ToyState, action: int, lang: str) -> dict[str, Any] | None:
        if not state.is_terminal():  # a swap's new card is dealt after it, face down
            return {"text": f"{state.turn}/{state.num_players}", "done": state.turn}
        shown = ", ".join(map(str, state.cards))
        return {"text": f"{'Karten' if lang == 'de' else 'cards'}: {shown}", "cards": list(state.cards)}

    def end_reason(self, state: ToyState, lang: str) -> EndReason | None:
        if not state.is_terminal():
            return None
        text = "Alle waren am Zug" if lang == "de" else "everyone has had a turn"
        return EndReason("all_turns", text)

    def score_breakdown(self, state: ToyState, lang: str) -> list[list[ScoreLine]]:
        word = "Karte" if lang == "de" else "card"
        return [[ScoreLine(word, float(card))] for card in state.cards]
