"""The notices between server processes: every kind survives its wire form, and a stranger's is refused."""

from __future__ import annotations

import json

import pytest

from spieltisch.server.notices import EVERY_TABLE, Notice, NoticeKind, decode, encode

NOTICES = [
    Notice("7", NoticeKind.MOVE, "t1", version=12, end=True, rows=[[11, 3, 0, 1.5, None]]),
    Notice("7", NoticeKind.MOVE, "t1", version=12, end=False),
    Notice("7", NoticeKind.TABLE, "t1"),
    Notice("7", NoticeKind.CHAT, "t1", chat={"seat": 0, "name": "Anna", "text": "hallo"}),
    Notice("7", NoticeKind.PRESENCE, "t1", seats=[0, 2]),
    Notice("7", NoticeKind.WHO, EVERY_TABLE),
]


@pytest.mark.parametrize("notice", NOTICES, ids=[n.kind.value for n in NOTICES])
def test_a_notice_reads_back_as_it_was_sent(notice: Notice) -> None:
    assert decode(encode(notice)) == notice


def test_the_wire_form_keeps_its_short_keys() -> None:
    """Processes of the previous release read these keys: the wire form is unchanged."""
    sent = json.loads(encode(NOTICES[0]))
    assert sent == {"o": "7", "k": "move", "t": "t1", "v": 12, "end": True, "rows": [[11, 3, 0, 1.5, None]]}


@pytest.mark.parametrize(
    "payload",
    [
        "not an announcement",
        '{"o": "1", "k": "move", "t": "t1"}',
        '{"o": "1", "k": "dance", "t": "t1"}',
        '{"o": "1", "k": "presence", "t": "t1"}',
        '{"k": "table", "t": "t1"}',
        "[1, 2]",
    ],
)
def test_what_is_not_a_notice_is_refused(payload: str) -> None:
    with pytest.raises(ValueError, match="not a notice"):
        decode(payload)
