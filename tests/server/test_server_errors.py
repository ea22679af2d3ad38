"""Every error the server sends exists in every language it speaks, with the same blanks."""

from __future__ import annotations

import string

from starlette.testclient import TestClient

from spieltisch.server import errors


def blanks(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_problem_is_worded_in_english_and_german_with_the_same_blanks() -> None:
    problems = [value for value in vars(errors).values() if isinstance(value, errors.Problem)]
    assert len(problems) > 20
    for problem in problems:
        assert problem.en and problem.de, problem
        assert blanks(problem.en) == blanks(problem.de), problem
        assert 400 <= problem.status < 600


def test_a_request_gets_the_first_language_it_names_that_the_server_speaks() -> None:
    assert errors.pick_lang("fr-CH, de;q=0.9, en;q=0.8") == "de"
    assert errors.pick_lang("en-GB,de") == "en"
    assert errors.pick_lang(None) == "en" and errors.pick_lang("fr") == "en"


def test_unknown_paths_and_methods_answer_in_the_requests_language(client: TestClient) -> None:
    german = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
    missing = client.get("/api/no-such-thing", headers=german)
    assert missing.status_code == 404
    assert missing.json() == {"error": "not_found", "message": "Hier gibt es nichts"}
    wrong = client.delete("/api/tables", headers=german)
    assert wrong.status_code == 405 and wrong.json()["message"] == "Diese Methode ist hier nicht erlaubt"
    assert wrong.headers["allow"] == "GET, POST"
    assert client.get("/api/no-such-thing").json()["message"] == "nothing here"
