"""No hidden card leaks: every message of full games, for every game, holds only what its receiver may see.

Each seat is a websocket client and so is a spectator. After the game, each
received state message is compared with the true state at its version,
replayed from the table's stored record: the view must equal `view(receiver)`,
legal moves with their labels and structs are present only on the receiver's
own turn, the log names and structures the receiver's own moves in full and
others' moves only by their public name and struct, each move's result is what
the game says it showed everybody, the result (with why the game ended and the
score's parts) appears only at the end, and nothing else in the message is
derived from the game state.
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from spieltisch.core.contract import Game, State
from spieltisch.core.registry import game_class, game_names
from spieltisch.core.wording import seat_names
from tests.core.toy_game import ToyGame
from tests.server.conftest import hello, new_table, receive

STATE_KEYS = {
    "type", "table", "game", "title", "options", "clock", "deadline", "status", "version", "you", "seats",
    "to_move", "view", "legal", "log_from", "log", "result", "rematch", "can_take_back",
}  # fmt: skip


def game_cases() -> list[tuple[str, int]]:
    cases = [("toy", 3), ("show", 2)]
    for name in game_names():
        cls = game_class(name)
        cases.append((name, cls.min_players))
    return cases


def drain(ws: Any, version: int, into: list[dict]) -> dict:
    def done(message: dict) -> bool:
        into.append(message)
        return message["type"] == "state" and message["version"] >= version

    return receive(ws, done, limit=1000)


def play_with_everyone_watching(
    client: TestClient, game: str, players: int, seed: int
) -> tuple[dict[Any, list[dict]], dict[str, Any]]:
    table = new_table(client, game=game, players=players, name="P0")
    tokens = [table["token"]] + [
        client.post(f"/api/tables/{table['id']}/seats/{s}", json={"name": f"P{s}"}).json()["token"]
        for s in range(1, players)
    ]
    received: dict[Any, list[dict]] = {seat: [] for seat in [*range(players), None]}
    rng = random.Random(seed)
    langs = {seat: rng.choice(["en", "de"]) for seat in received}
    # An ExitStack closes every socket even when one close fails; a socket left
    # open keeps the test client's event loop, and so the test, from ending.
    with contextlib.ExitStack() as open_sockets:
        sockets = [
            open_sockets.enter_context(client.websocket_connect(f"/ws/tables/{table['id']}"))
            for _ in range(players + 1)
        ]
        for seat, ws in enumerate(sockets[:players]):
            received[seat].append(hello(ws, tokens[seat], lang=langs[seat]))
        received[None].append(hello(sockets[players], None, lang=langs[None]))
        client.post(f"/api/tables/{table['id']}/start", json={"host_token": table["host_token"]})
        room = client.app.state.hub.rooms[table["id"]]  # type: ignore[attr-defined]
        latest = {s: drain(ws, 1, received[s if s < players else None]) for s, ws in enumerate(sockets)}
        while latest[0]["status"] != "finished":
            mover = latest[0]["to_move"]
            move = choose(room.state, rng, [m["id"] for m in latest[mover]["legal"]])
            sockets[mover].send_text(
                json.dumps({"type": "action", "action": move, "version": latest[mover]["version"]})
            )
            target = latest[mover]["version"] + 1
            latest = {
                s: drain(ws, target, received[s if s < players else None]) for s, ws in enumerate(sockets)
            }
    truth = {"game": room.game, "history": room.state.history(), "langs": langs, "table": table["id"]}
    # The table names its players in its texts; the expected texts are made with the same names.
    names = [f"P{s}" for s in range(players)]
    return received, truth | {"tokens": dict(enumerate(tokens)), "names": names}


def choose(state: State, rng: random.Random, legal: list[int]) -> int:
    """Mostly the game's heuristic move, so long games end in a test's time; some random ones."""
    if rng.random() < 0.2:
        return rng.choice(legal)
    return state.game.heuristic_action(state, rng)


def states_by_version(game: Game, history: list[int]) -> list[State]:
    state = game.new_initial_state()
    states = [state.clone()]
    for action in history:
        state.apply_action(action)
        states.append(state.clone())
    return states


def check_message(
    message: dict, seat: int | None, lang: str, states: list[State], history: list[int]
) -> None:
    if message["type"] == "presence":  # who is online: nothing from the game
        assert set(message) == {"type", "seats"}
        assert all(set(s) == {"seat", "kind", "name", "bot", "online", "standin"} for s in message["seats"])
        return
    if message["type"] != "state":
        assert message["type"] in ("chat_history", "chat"), message
        return
    assert set(message) == STATE_KEYS
    assert message["you"] == seat
    # Only the last mover may be offered to take the move back.
    assert not message["can_take_back"] or (seat is not None and message["log"][-1]["seat"] == seat)
    if message["status"] == "open":
        assert message["view"] is None and message["legal"] == [] and message["log"] == []
        return
    state = states[message["version"]]
    assert message["view"] == json.loads(json.dumps(state.view(seat)))  # as JSON carries it: tuples as arrays
    assert message["to_move"] == state.current_player()
    expected_legal = state.legal_actions() if seat is not None and state.current_player() == seat else []
    assert [m["id"] for m in message["legal"]] == expected_legal
    for move in message["legal"]:
        assert move["label"] == state.action_label(move["id"], lang)
        assert move["move"] == state.action_struct(move["id"])
    for entry in message["log"]:
        check_log_entry(entry, seat, lang, states, history)
        assert entry["version"] <= message["version"]
    if message["status"] == "finished":
        check_result(message["result"], state, lang)
    else:
        assert message["result"] is None and not state.is_terminal()


def check_log_entry(
    entry: dict, seat: int | None, lang: str, states: list[State], history: list[int]
) -> None:
    """An entry is a move of one step, or of several (a LEVEL 8 lay-down): its first step's name
    and struct, and its last step's result (or name too, where that showed nothing)."""
    last = entry["version"]
    first = last
    while first > 1 and states[first - 1].move_open() and states[first - 2].current_player() == entry["seat"]:
        first -= 1  # a step that went on with its mover's move: the entry began earlier
    assert set(entry) == {"version", "seat", "label", "move", "result", "took_back"}
    assert states[first - 1].current_player() == entry["seat"]
    mine = entry["seat"] == seat
    # Others read only the public names and structs, which conformance keeps free of hidden cards.
    labels = [
        states[v - 1].action_label(history[v - 1], lang)
        if mine
        else states[v - 1].public_action_label(history[v - 1], lang)
        for v in (first, last)
    ]
    before, action = states[first - 1], history[first - 1]
    assert entry["move"] == (before.action_struct(action) if mine else before.public_action_struct(action))
    assert entry["result"] == states[last].public_result(history[last - 1], lang)
    joined = first < last and entry["result"] is None and all(labels)
    assert entry["label"] == (" · ".join(labels) if joined else labels[0])


def check_result(result: dict, state: State, lang: str) -> None:
    assert state.is_terminal()
    assert result["scores"] == state.scores() and result["winners"] == state.winners()
    reason = state.end_reason(lang)
    assert result["end_reason"] == (reason.to_json() if reason else None)
    assert result["score_breakdown"] == [
        [line.to_json() for line in seat] for seat in state.score_breakdown(lang)
    ]


@pytest.mark.timeout(120)
@pytest.mark.parametrize(("game", "players"), game_cases())
def test_every_message_shows_only_what_its_receiver_may_see(
    client: TestClient, game: str, players: int
) -> None:
    received, truth = play_with_everyone_watching(client, game, players, seed=7)
    states = states_by_version(truth["game"], truth["history"])
    assert states[-1].is_terminal()
    public_names = 0
    with seat_names(truth["names"]):
        for seat, messages in received.items():
            assert messages, seat
            for message in messages:
                check_message(message, seat, truth["langs"][seat], states, truth["history"])
                if message["type"] == "state":
                    public_names += sum(1 for e in message["log"] if e["seat"] != seat and e["label"])
        check_full_logs(client, truth, states, received)
    # Every game names its moves in public; only the toy game leaves them unnamed.
    assert (public_names > 0) == (game != "toy")


def check_full_logs(client: TestClient, truth: dict, states: list[State], received: dict) -> None:
    """The whole log (GET .../log) holds every player move, each as the asking seat may know it."""

    def ends_a_move(v: int) -> bool:  # step v is not followed by a step of the same move
        after = states[v + 1]
        return not (
            v + 1 < len(states) - 1
            and after.move_open()
            and after.current_player() == states[v].current_player()
        )

    moves = [v + 1 for v, state in enumerate(states[:-1]) if state.current_player() >= 0 and ends_a_move(v)]
    for seat, messages in received.items():
        lang = truth["langs"][seat]
        headers = {"x-seat-token": truth["tokens"][seat]} if seat is not None else {}
        reply = client.get(f"/api/tables/{truth['table']}/log", params={"lang": lang}, headers=headers)
        log = reply.json()["log"]
        assert [entry["version"] for entry in log] == moves
        for entry in log:
            check_log_entry(entry, seat, lang, states, truth["history"])
        last = messages[-1]["log"]
        assert log[-len(last) :] == last


def test_replays_show_each_seat_what_the_table_showed_it(client: TestClient) -> None:
    """A finished game's replay steps and log equal the log the table sent, seat by seat."""
    received, truth = play_with_everyone_watching(client, "show", 2, seed=5)
    states = states_by_version(truth["game"], truth["history"])
    with seat_names(truth["names"]):
        for seat, messages in received.items():
            lang = truth["langs"][seat]
            end = messages[-1]
            headers = {"x-seat-token": truth["tokens"][seat]} if seat is not None else {}
            address = f"/api/tables/{truth['table']}/replay/{end['version']}"
            step = client.get(address, params={"lang": lang}, headers=headers).json()
            assert step["you"] == seat
            assert step["moves"][-len(end["log"]) :] == end["log"]
            assert step["steps"] == [entry["version"] for entry in step["moves"]]
            for entry in step["moves"]:
                check_log_entry(entry, step["you"], lang, states, truth["history"])
            check_result(step["result"], states[-1], lang)
            assert any(entry["result"] for entry in step["moves"]) and step["result"]["end_reason"]


def test_toy_spectator_never_sees_a_card_before_the_end(client: TestClient) -> None:
    received, _truth = play_with_everyone_watching(client, "toy", 2, seed=3)
    for message in received[None]:
        if message["type"] == "state" and message["status"] == "running":
            assert message["view"]["cards"] == [None] * len(message["view"]["cards"])
    assert isinstance(ToyGame.name, str)
