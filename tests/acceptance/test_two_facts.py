"""What a second statement corrects and what it leaves beside the first, in a
real Home Assistant (found by the reviewers in one).

"Tom likes espresso best" after "... rooibos best" is an update whatever the
model's similarity (MiniLM 0.63); "Mila is in the football team" after "...
in class 3b" and a plan with Grandpa on the Grandma plan's dates are second
memories, and both are found. (The household is shared: Tom's tea, Mila's
class and the Grandma visit are this file's alone.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .conftest import wait_for_the_model

if TYPE_CHECKING:
    from .conftest import Household

DOMAIN = "home_memory"


def _say(home: Household, text: str) -> str:
    """One built-in-agent turn as Anna; what it answered."""
    return home.hass.speech(home.hass.conversation_process(text, token=home.anna.token))


def _found(home: Household, query: str) -> list[str]:
    """The texts Anna's search finds for `query`."""
    found = home.hass.ws_command(
        home.anna.token, "home_memory/search", query=query, limit=10
    )
    return [memory["content"] for memory in found["memories"]]


def _remember(home: Household, **data: Any) -> dict[str, Any]:
    body = home.hass.call_service(DOMAIN, "remember", data, token=home.anna.token).ok()
    response: dict[str, Any] = body["service_response"]
    return response


def test_a_value_said_best_is_updated(household: Household) -> None:
    """Told "best" twice for Tom, the second is an update of the first."""
    wait_for_the_model(household)
    _say(household, "remember that Tom likes rooibos best")
    answer = _say(household, "remember that Tom likes espresso best")
    assert answer.startswith("Updated:"), answer
    found = _found(household, "what does Tom like best")
    assert "Tom likes espresso best." in found
    assert "Tom likes rooibos best" not in found


def test_a_team_after_a_class_is_a_second_fact(household: Household) -> None:
    """Mila's class and her team are both kept and both found."""
    wait_for_the_model(household)
    _say(household, "remember that Mila is in class 3b")
    answer = _say(household, "remember that Mila is in the football team")
    assert not answer.startswith("Updated:"), answer
    found = _found(household, "Mila")
    assert "Mila is in class 3b." in found
    assert "Mila is in the football team." in found


def test_a_plan_with_another_person_on_the_same_dates_is_kept(
    household: Household,
) -> None:
    """Two plans "from 3 to 5 December 2026", one with Grandma and one with
    Grandpa: the second is created, and both are found."""
    wait_for_the_model(household)
    first = _remember(
        household,
        content="We will visit Grandma in Hamburg",
        happened_at="from 3 to 5 December 2026",
    )
    second = _remember(
        household,
        content="We are going to visit Grandpa",
        happened_at="from 3 to 5 December 2026",
    )
    assert second["action"] == "created", second
    assert second["memory"]["id"] != first["memory"]["id"]
    found = _found(household, "visit Grandma Grandpa")
    assert "We will visit Grandma in Hamburg" in found
    assert "We are going to visit Grandpa" in found
