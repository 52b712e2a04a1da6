"""A Home Assistant restart in the middle of a household's day loses nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from .conftest import start_household

if TYPE_CHECKING:
    from collections.abc import Iterator

    from .conftest import Household

DOMAIN = "home_memory"


@pytest.fixture(scope="module")
def home(_sockets: None) -> Iterator[Household]:
    """An instance of its own: this module restarts it."""
    household = start_household()
    try:
        yield household
    finally:
        household.hass.cleanup()


def _ids(home: Household, token: str, query: str) -> list[str]:
    body = home.hass.call_service(DOMAIN, "search", {"query": query}, token=token).ok()
    return [item["id"] for item in body["service_response"]["memories"]]


def _remember(home: Household, token: str, **data: Any) -> str:
    body = home.hass.call_service(DOMAIN, "remember", data, token=token).ok()
    return str(body["service_response"]["memory"]["id"])


def test_nothing_is_lost_across_a_restart(home: Household) -> None:
    """Memories, privacy, a forget and the users all survive a stop and start."""
    hass, anna, ben = home.hass, home.anna, home.ben
    said = hass.conversation_process(
        "remember that the gas meter is read on the first of the month",
        token=anna.token,
    )
    assert hass.speech(said) == "Okay, I'll remember that."
    private = _remember(
        home,
        ben.token,
        content="Ben hides chocolate in the piano bench.",
        visibility="private",
    )
    forgotten = _remember(
        home, anna.token, content="The old router password was hunter2."
    )
    hass.call_service(DOMAIN, "forget", {"ids": [forgotten]}, token=anna.token).ok()
    # The last write, then straight into a restart (SIGTERM, as a service manager).
    last = _remember(home, anna.token, content="The chimney sweep comes in October.")

    hass.restart()

    assert hass.entry_state(anna.token, home.entry_id) == "loaded"
    assert "first of the month" in hass.speech(
        hass.conversation_process(
            "what do you remember about the gas meter", token=anna.token
        )
    )
    assert last in _ids(home, anna.token, "when does the chimney sweep come")
    assert private in _ids(home, ben.token, "where is the chocolate hidden")
    assert private not in _ids(home, anna.token, "where is the chocolate hidden")
    assert forgotten not in _ids(home, anna.token, "old router password")
    restored = hass.call_service(
        DOMAIN, "restore", {"ids": [forgotten]}, token=anna.token
    ).ok()
    assert restored["service_response"] == {"restored": [forgotten]}
    assert "Unable to serialize" not in hass.log_text()
