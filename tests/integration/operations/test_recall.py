"""operations/recall.py: recall three at a time, "more" and "number two"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    Caller,
    MemoryPatch,
    Visibility,
)
from custom_components.home_memory.operations import memories, recall
from custom_components.home_memory.operations.access import Actor
from custom_components.home_memory.operations.errors import SearchExpiredError

from .conftest import scope_of

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from custom_components.home_memory.operations.memories import OperationScope
    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

BIKES = [
    "The red bike has a flat tyre",
    "The blue bike is in the garage",
    "The bike pump is on the shelf",
    "The bike lock code is written on the fridge",
    "The kids' bike helmets hang by the door",
]


async def _remember(scope: OperationScope, *texts: str) -> list[str]:
    return [
        (await memories.async_remember(scope, memories.RememberRequest(text))).memory.id
        for text in texts
    ]


async def test_recall_pages_through_every_match_once(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Three at a time with a cursor; "more" gives the rest, numbered on, and
    then no cursor; nothing else matches."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id="u1")))
    ids = await _remember(scope, *BIKES)
    await _remember(scope, "The wifi password is on the router")

    first = await recall.async_recall(scope, "bike")
    assert len(first.items) == 3
    assert first.numbers == [1, 2, 3]
    assert first.has_more
    assert first.cursor is not None
    rest = await recall.async_recall_more(scope, first.cursor)
    assert rest.numbers == [4, 5]
    assert not rest.has_more
    seen = [item.memory.id for item in (*first.items, *rest.items)]
    assert sorted(seen) == sorted(ids)
    lapsed = await recall.async_recall_more(scope, "no-such-cursor")
    assert (lapsed.items, lapsed.cursor) == ([], None)


async def test_a_pick_rereads_the_memory_and_is_the_caller_s_only(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """ "Number two" is the second result, as it is now; another person's
    cursor is no search of theirs; a result made private since is gone."""
    anna = scope_of(hass, init_integration, Actor(Caller(user_id="anna")))
    ben = scope_of(hass, init_integration, Actor(Caller(user_id="ben")))
    await _remember(ben, *BIKES)
    page = await recall.async_recall(anna, "bike")
    assert page.cursor is not None
    second = page.items[1].memory

    picked = await recall.async_recall_pick(anna, page.cursor, 2)
    assert picked is not None
    assert picked.memory.id == second.id
    with pytest.raises(SearchExpiredError):
        await recall.async_recall_pick(ben, page.cursor, 2)
    assert await recall.async_recall_pick(anna, page.cursor, 99) is None

    await memories.async_update(
        ben,
        memories.UpdateRequest(second.id, MemoryPatch(visibility=Visibility.PRIVATE)),
    )
    assert await recall.async_recall_pick(anna, page.cursor, 2) is None
    first = await recall.async_recall_pick(anna, page.cursor, 1)
    assert first is not None
    assert first.memory.id == page.items[0].memory.id


async def test_a_question_s_time_words_choose_the_window(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """A recall with time words ("today") keeps what happened in that window
    even below the relevance floor (operations/when.py reads the words)."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id="u1")))
    [today] = await _remember(scope, "The plumber fixed the sink")
    page = await recall.async_recall(scope, "what happened today")
    assert [item.memory.id for item in page.items] == [today]
    last_year = await recall.async_recall(scope, "what happened last year")
    assert last_year.items == []
