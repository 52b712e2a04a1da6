"""A German household: the multilingual model finds a German fact by meaning."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from .hass_instance import BASE_CONFIGURATION, HassInstance

if TYPE_CHECKING:
    from collections.abc import Iterator

DOMAIN = "home_memory"
MULTILINGUAL = "multilingual-e5-small-q4"


@pytest.fixture(scope="module")
def german_hass(_sockets: None) -> Iterator[HassInstance]:
    """Home Assistant in German, with Home Memory added through the config flow."""
    configuration = BASE_CONFIGURATION.replace("language: en", "language: de")
    assert "language: de" in configuration
    with HassInstance(configuration=configuration) as hass:
        yield hass


def _memories(hass: HassInstance, token: str, query: str) -> list[dict[str, Any]]:
    body = hass.call_service(DOMAIN, "search", {"query": query}, token=token).ok()
    return list(body["service_response"]["memories"])


def test_german_fact_is_found_by_a_german_question(german_hass: HassInstance) -> None:
    """Language de: the multilingual model loads (no model folder needed), a
    German fact is remembered and found by a question in other words.
    """
    hass = german_hass
    anna = hass.onboard()
    entry_id = hass.add_home_memory(anna.token)

    def model() -> dict[str, Any]:
        return dict(hass.diagnostics(anna.token, entry_id).ok()["data"]["model"])

    hass.wait_for(
        lambda: model()["status"] == "ready",
        what="the embedding model",
        timeout=300,
    )
    assert model()["embedder"] == MULTILINGUAL
    fact = "Die Mülltonnen werden dienstagabends an die Straße gestellt."
    hass.call_service(DOMAIN, "remember", {"content": fact}, token=anna.token).ok()
    found = _memories(hass, anna.token, "Wann ist Müllabfuhr?")
    assert [m["content"] for m in found][:1] == [fact]
    # A question about something else entirely finds nothing.
    assert _memories(hass, anna.token, "Wer hat den Film gedreht?") == []
