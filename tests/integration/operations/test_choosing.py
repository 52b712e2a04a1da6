"""operations/choosing.py: which memory a conversation means, and forgetting
it in two steps (ask, then forget exactly the version shown)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    Caller,
    MemoryKind,
    MemoryPatch,
    Tier,
    Visibility,
)
from custom_components.home_memory.operations import choosing, memories
from custom_components.home_memory.operations.access import Actor
from custom_components.home_memory.operations.choosing import Apart
from custom_components.home_memory.operations.errors import (
    ForgetChangedError,
    InvalidRequestError,
    NotFoundError,
)

from .conftest import scope_of

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from custom_components.home_memory.operations.memories import OperationScope
    from custom_components.home_memory.runtime.conversation_state import (
        ConversationState,
    )
    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry


def _state(scope: OperationScope) -> ConversationState:
    return scope.data.conversations.get("conversation-1", "u1")


async def _remember(scope: OperationScope, text: str) -> str:
    created = await memories.async_remember(scope, memories.RememberRequest(text))
    return created.memory.id


async def test_a_memory_is_named_by_id_by_that_or_by_description(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Each way of naming finds the memory; a forgotten one, nothing named,
    "that" before anything was said and a description of nothing are errors."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id="u1")))
    state = _state(scope)
    key = await _remember(scope, "The spare key is under the blue pot")
    await _remember(scope, "The wifi password is on the router")

    by_id = await choosing.async_resolve(scope, state, memory_id=key)
    assert by_id.memory is not None
    assert by_id.memory.id == key
    described = await choosing.async_resolve(scope, state, query="spare key")
    assert described.memory is not None
    assert described.memory.id == key

    with pytest.raises(NotFoundError) as err:
        await choosing.async_resolve(scope, state, that=True)
    assert err.value.translation_key == "nothing_recent"
    state.last_memory_id = key
    that = await choosing.async_resolve(scope, state, that=True)
    assert that.memory is not None
    assert that.memory.id == key

    with pytest.raises(InvalidRequestError) as invalid:
        await choosing.async_resolve(scope, state)
    assert invalid.value.translation_key == "nothing_named"
    with pytest.raises(NotFoundError) as err:
        await choosing.async_resolve(scope, state, query="the garden hose")
    assert err.value.translation_key == "no_match"
    await memories.async_forget(scope, memories.SelectRequest(ids=(key,)))
    with pytest.raises(NotFoundError) as err:
        await choosing.async_resolve(scope, state, memory_id=key)
    assert err.value.translation_key == "memory_not_found"


async def test_close_descriptions_come_back_as_candidates(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Two memories a description fits equally well pick neither: both are
    candidates to ask about."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id="u1")))
    ids = {
        await _remember(scope, "The code of the red bike lock is 1234"),
        await _remember(scope, "The code of the blue bike lock is 5678"),
    }
    resolved = await choosing.async_resolve(
        scope, _state(scope), query="bike lock code"
    )
    assert resolved.memory is None
    assert {memory.id for memory in resolved.candidates} == ids


async def test_forgetting_asks_first_and_forgets_once(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """The token held at the question forgets the memory on "yes", once;
    "that" no longer names it."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id="u1")))
    state = _state(scope)
    key = await _remember(scope, "The spare key is under the blue pot")
    memory = await memories.async_get(scope, memories.GetRequest(key))

    token = choosing.async_request_forget(scope, state, memory.memory)
    assert state.last_memory_id == key
    [forgotten] = await choosing.async_confirm_forget(scope, state, token)
    assert forgotten.id == key
    assert forgotten.tier is Tier.DELETED
    assert state.last_memory_id is None
    with pytest.raises(InvalidRequestError) as err:
        await choosing.async_confirm_forget(scope, state, token)
    assert err.value.translation_key == "invalid_token"


async def test_a_memory_corrected_since_it_was_shown_is_not_forgotten(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """ "Yes" to an old version forgets nothing: the error carries what the
    memory says now and a new token, which forgets that version."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id="u1")))
    state = _state(scope)
    key = await _remember(scope, "The spare key is under the blue pot")
    shown = await memories.async_get(scope, memories.GetRequest(key))
    token = choosing.async_request_forget(scope, state, shown.memory)
    await memories.async_update(
        scope,
        memories.UpdateRequest(
            key, MemoryPatch(content="The spare key is in the shed")
        ),
    )

    with pytest.raises(ForgetChangedError) as err:
        await choosing.async_confirm_forget(scope, state, token)
    assert err.value.memory.content == "The spare key is in the shed"
    now = await memories.async_get(scope, memories.GetRequest(key))
    assert now.memory.tier is Tier.ACTIVE
    [forgotten] = await choosing.async_confirm_forget(scope, state, err.value.token)
    assert forgotten.id == key


async def test_candidates_that_read_alike_are_told_apart(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Anna's private "the safe code is 1234" and the household's read the same:
    each is marked with its visibility; two household events with the same
    words are told apart by when they happened; one alone needs nothing."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id="u1")))
    text = "The safe code is 1234"
    # The household's first, another's: told again, a private one stays the
    # one (live review s42), and the teller's own household copy told again
    # privately is theirs alone (review s43 #1).
    other = scope_of(hass, init_integration, Actor(Caller(user_id="u2")))
    for teller, visibility in (
        (other, Visibility.HOUSEHOLD),
        (scope, Visibility.PRIVATE),
    ):
        await memories.async_remember(
            teller, memories.RememberRequest(text, visibility=visibility)
        )
    await _remember(scope, "The safe is behind the painting")
    for day in ("2026-11-20T19:00:00+01:00", "2026-11-22T19:00:00+01:00"):
        await memories.async_remember(
            scope,
            memories.RememberRequest(
                "We played cards with Ben",
                kind=MemoryKind.EVENT,
                happened_at=datetime.fromisoformat(day),
            ),
        )
    listed = await memories.async_list(scope, memories.ListRequest(limit=10))
    found = sorted(listed.memories, key=lambda m: (m.content, m.visibility))
    told = [
        (m.content, m.visibility, apart)
        for m, apart in zip(found, choosing.told_apart(found), strict=True)
    ]
    assert told == [
        ("The safe code is 1234", Visibility.HOUSEHOLD, Apart(Visibility.HOUSEHOLD)),
        ("The safe code is 1234", Visibility.PRIVATE, Apart(Visibility.PRIVATE)),
        ("The safe is behind the painting", Visibility.HOUSEHOLD, Apart()),
        ("We played cards with Ben", Visibility.HOUSEHOLD, Apart(when=True)),
        ("We played cards with Ben", Visibility.HOUSEHOLD, Apart(when=True)),
    ]
