"""operations/told.py through recall: what the asker, or a person named,
told; by when it was told where a time is asked (re-test s40 D2), first by
its teller where a topic is (review s39 #6)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    Caller,
    MemoryFilter,
    Visibility,
)
from custom_components.home_memory.operations import memories, recall, told, when
from custom_components.home_memory.operations.access import Actor

from .conftest import scope_of

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant

    from custom_components.home_memory.operations.memories import OperationScope
    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry


@pytest.fixture
def people(hass: HomeAssistant) -> None:
    """person.anna and person.ben, linked to the users "anna" and "ben"."""
    for name in ("Anna", "Ben"):
        hass.states.async_set(
            f"person.{name.lower()}",
            "home",
            {"user_id": name.lower(), "friendly_name": name},
        )


def _scope(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, user: str
) -> OperationScope:
    return scope_of(hass, entry, Actor(Caller(user_id=user)))


async def _tell(
    scope: OperationScope, text: str, visibility: Visibility = Visibility.HOUSEHOLD
) -> None:
    await memories.async_remember(
        scope, memories.RememberRequest(text, visibility=visibility)
    )


async def _found(scope: OperationScope, question: str) -> list[str]:
    page = await recall.async_recall(scope, question)
    found = [item.memory.content for item in page.items]
    while page.cursor is not None and page.has_more:
        page = await recall.async_recall_more(scope, page.cursor)
        found += [item.memory.content for item in page.items]
    return found


@pytest.mark.usefixtures("people")
async def test_what_someone_said_about_a_topic_is_theirs_first(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """ "What did I say about the bike": Anna's bike, not Ben's; Ben asks
    what Anna said of it: the same; what Anna said of the wifi, which only
    Ben told: the topic alone answers."""
    anna = _scope(hass, init_integration, "anna")
    ben = _scope(hass, init_integration, "ben")
    await _tell(anna, "The blue bike is in the garage")
    await _tell(ben, "The red bike has a flat tyre")
    await _tell(ben, "The wifi password is on the router")
    assert await _found(anna, "what did I say about the bike") == [
        "The blue bike is in the garage"
    ]
    assert await _found(ben, "what did Anna say about the bike") == [
        "The blue bike is in the garage"
    ]
    assert await _found(ben, "what did I say about the bike") == [
        "The red bike has a flat tyre"
    ]
    # Nobody but Ben told of the wifi: the topic alone, said as not Anna's
    # (review s41 LOW-6).
    assert "router" in " ".join(await _found(anna, "what did I say about the wifi"))
    untold = await recall.async_recalled(anna, "what did I say about the wifi")
    assert untold.untold == "anna"
    untold = await recall.async_recalled(ben, "what did Anna say about the wifi")
    assert untold.untold == "anna"
    told = await recall.async_recalled(ben, "what did Anna say about the bike")
    assert told.untold is None


@pytest.mark.usefixtures("people")
async def test_what_i_told_today_is_by_when_it_was_told(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
) -> None:
    """Told yesterday: not today's; told today of Saturday: today's; Ben's
    and Anna's private one: not Ben's to hear of Anna, nor Anna's of Ben."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    anna = _scope(hass, init_integration, "anna")
    ben = _scope(hass, init_integration, "ben")
    freezer.move_to("2026-11-30T09:00:00+00:00")
    await _tell(anna, "The watering can is in the cellar")
    freezer.move_to("2026-12-01T07:00:00+00:00")
    await _tell(anna, "Peter comes on Saturday")
    await _tell(anna, "My diary is in the nightstand", Visibility.PRIVATE)
    await _tell(ben, "The bikes are in the shed")
    await _tell(ben, "The present is in the wardrobe", Visibility.PRIVATE)
    freezer.move_to("2026-12-01T11:00:00+00:00")
    mine = " ".join(await _found(anna, "what did I tell you today"))
    assert "Peter" in mine
    assert "diary" in mine  # hers
    for other in ("watering can", "bikes", "present"):
        assert other not in mine, mine
    annas = " ".join(await _found(ben, "What did Anna tell you today?"))
    assert "Peter" in annas
    for other in ("watering can", "diary", "bikes", "present"):
        assert other not in annas, annas


@pytest.mark.parametrize(
    ("language", "asked", "in_order_told"),
    [
        ("en", "What did I tell you today?", True),
        ("en", "What did I say this morning?", True),
        ("en", "What did I say about the car today?", False),
        ("en", "What did I say about the car?", False),
        ("de", "Was habe ich dir heute erzählt?", True),
        ("de", "Was habe ich heute über das Auto gesagt?", False),
        ("de", "Was habe ich über das Auto gesagt?", False),
    ],
)
def test_only_a_time_alone_is_listed_in_the_order_told(
    language: str, asked: str, in_order_told: bool
) -> None:
    """Review s41 MED-2: the day's tellings in the order told; with a topic
    ("what did I say about the car today") the likeliest first, as without
    a time."""
    now = datetime(2026, 12, 1, 11, tzinfo=UTC)
    question = when.question_at(asked, MemoryFilter(), now, language)
    telling = told.in_telling_time(question, told.Telling("anna", asked))
    assert telling.filter.in_order_told is in_order_told


@pytest.mark.usefixtures("people")
async def test_the_search_service_reads_a_telling_as_recall_does(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    freezer: FrozenDateTimeFactory,
) -> None:
    """The search action and the panel's search ask as the sentences do
    (review s41 MED-2, every surface): "what did I tell you today" is the
    asker's tellings of today in the order told, the same at every ask;
    "what did Anna say about the wifi", which only Ben told, the topic
    alone."""
    await hass.config.async_update(time_zone="Europe/Berlin")
    anna = _scope(hass, init_integration, "anna")
    ben = _scope(hass, init_integration, "ben")
    freezer.move_to("2026-11-30T09:00:00+00:00")
    await _tell(anna, "The watering can is in the cellar")
    freezer.move_to("2026-12-01T07:00:00+00:00")
    told_today = [
        "The spare key is under the flower pot",
        "The plumber said to tell you what to tell the neighbour",
        "Peter comes on Saturday",
    ]
    for text in told_today:
        await _tell(anna, text)
        freezer.tick(60)
    await _tell(ben, "The wifi password is on the router")
    freezer.move_to("2026-12-01T11:00:00+00:00")
    for _ in range(2):
        found = await memories.async_search(
            anna, memories.SearchRequest("What did I tell you today?")
        )
        assert [item.memory.content for item in found.items] == told_today
    found = await memories.async_search(
        ben, memories.SearchRequest("what did Anna say about the wifi")
    )
    assert "router" in found.items[0].memory.content
