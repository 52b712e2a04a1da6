"""operations/memories.py: the memory operations called directly (the actions'
and tools' tests drive the same operations through their surfaces)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

from custom_components.home_memory.memory.common.values import (
    Caller,
    MemoryPatch,
    Visibility,
)
from custom_components.home_memory.operations import memories
from custom_components.home_memory.operations.access import Actor
from custom_components.home_memory.operations.errors import (
    ConflictError,
    ForbiddenError,
    InvalidRequestError,
)

from .conftest import scope_of

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry


async def test_undo_returns_a_memory_to_its_previous_version(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Undo brings back the text before the last update; a second undo has none."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id="u1")))
    created = await memories.async_remember(
        scope, memories.RememberRequest("The spare key is under the blue pot")
    )
    memory_id = created.memory.id
    await memories.async_update(
        scope,
        memories.UpdateRequest(
            memory_id, MemoryPatch(content="The spare key is in the shed")
        ),
    )
    undone = await memories.async_undo(scope, memory_id)
    assert undone.content == created.memory.content
    with pytest.raises(InvalidRequestError) as err:
        await memories.async_undo(scope, memory_id)
    assert err.value.translation_key == "nothing_to_undo"


async def test_a_version_written_back_is_not_read_again(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Text written as it was (`read_text` False, revert's way) is not read
    as new text: words that would make an update private ("…, keep it
    private", stored by the action, which does not read them) and a first
    person stay as they were; read, the same text is Anna's private one."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id=user_anna.id)))
    created = await memories.async_remember(
        scope, memories.RememberRequest("The gate code is 5")
    )
    said = "my gate code is 6, keep it private"
    kept = await memories.async_update(
        scope,
        memories.UpdateRequest(
            created.memory.id, MemoryPatch(content=said), read_text=False
        ),
    )
    assert kept.memory.content == said
    assert kept.memory.visibility is Visibility.HOUSEHOLD
    read = await memories.async_update(
        scope,
        memories.UpdateRequest(created.memory.id, MemoryPatch(content=said + "!")),
    )
    assert read.memory.content == "My gate code is 6."
    assert read.memory.visibility is Visibility.PRIVATE


async def test_an_update_that_names_its_old_value_keeps_the_rest(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Month review s19 F7, the update's way: new text "… in the green
    flower pot instead of the blue one" of "… in the blue flower pot by the
    garage" replaces only the value it names; a new place of its own is
    the new text as told."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id=user_anna.id)))
    created = await memories.async_remember(
        scope,
        memories.RememberRequest(
            "The spare key is in the blue flower pot by the garage"
        ),
    )
    memory_id = created.memory.id
    green = await memories.async_update(
        scope,
        memories.UpdateRequest(
            memory_id,
            MemoryPatch(
                content="the spare key is in the green flower pot instead of the "
                "blue one"
            ),
        ),
    )
    assert green.memory.content == (
        "The spare key is in the green flower pot by the garage."
    )
    shed = await memories.async_update(
        scope,
        memories.UpdateRequest(
            memory_id,
            MemoryPatch(
                content="the spare key is in the shed now instead of the flower pot"
            ),
        ),
    )
    assert shed.memory.content == "The spare key is in the shed now."


async def test_privacy_words_need_a_user_to_keep_the_memory_for(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """An automation's update that says "…, just for me" is refused: a
    private memory needs someone it belongs to; nothing changes."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id=None)))
    created = await memories.async_remember(
        scope, memories.RememberRequest("The gate code is 5")
    )
    with pytest.raises(InvalidRequestError) as err:
        await memories.async_update(
            scope,
            memories.UpdateRequest(
                created.memory.id,
                MemoryPatch(content="The gate code is 6, just for me"),
            ),
        )
    assert err.value.translation_key == "private_needs_owner"
    got = await memories.async_get(scope, memories.GetRequest(created.memory.id))
    assert got.memory.content == "The gate code is 5"


async def test_a_household_correction_also_corrects_the_tellers_private_copy(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Anna's "the car insurance is due in March, not April" corrects the
    household's April and her private April both: the private copy left
    saying April answered her wrongly."""
    scope = scope_of(hass, init_integration, Actor(Caller(user_id=user_anna.id)))
    private = await memories.async_remember(
        scope,
        memories.RememberRequest(
            "my car insurance is due in April", visibility=Visibility.PRIVATE
        ),
    )
    household = await memories.async_remember(
        scope, memories.RememberRequest("the car insurance is due in April")
    )
    corrected = await memories.async_remember(
        scope,
        memories.RememberRequest("the car insurance is due in March, not April"),
    )
    assert {corrected.memory.id, *(m.id for m in corrected.also)} == {
        private.memory.id,
        household.memory.id,
    }
    for made in (private, household):
        got = await memories.async_get(scope, memories.GetRequest(made.memory.id))
        assert "March" in got.memory.content
        assert "April" not in got.memory.content
        assert got.memory.visibility is made.memory.visibility


async def test_an_update_without_a_version_is_the_last_writers(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Attacker review s18b L5: an update that names no version (an
    automation, an action) was refused ("changed after it was shown") when
    another landed while it was read. It is read again under the writer
    lock and written over the newer version (the last writer wins); one
    that names the version it saw is still refused (memory_changed)."""
    anna = scope_of(hass, init_integration, Actor(Caller(user_id=user_anna.id)))
    created = await memories.async_remember(
        anna, memories.RememberRequest("The livelock counter is A0.")
    )
    memory_id = created.memory.id
    store = init_integration.runtime_data.store
    split = memories.split_private
    landed: list[str] = []

    def split_while_another_lands(content: str, language: str | None) -> Any:
        if not landed:
            landed.append(content)
            other = MemoryPatch(content="The livelock counter is B1.")
            store.update(memory_id, other, Caller(user_id=user_anna.id))
        return split(content, language)

    monkeypatch.setattr(memories, "split_private", split_while_another_lands)
    mine = MemoryPatch(content="The livelock counter is A1.")
    outcome = await memories.async_update(anna, memories.UpdateRequest(memory_id, mine))
    assert landed
    assert outcome.changed
    assert (outcome.memory.content, outcome.memory.version) == (
        "The livelock counter is A1.",
        3,
    )
    landed.clear()
    seen = MemoryPatch(content="The livelock counter is A2.", expected_version=3)
    with pytest.raises(ConflictError) as err:
        await memories.async_update(anna, memories.UpdateRequest(memory_id, seen))
    assert err.value.translation_key == "memory_changed"
    kept = await memories.async_get(anna, memories.GetRequest(memory_id))
    assert kept.memory.content == "The livelock counter is B1."


async def test_kept_private_as_it_is_is_read_under_the_writer_lock(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Anna's "keep it private" reads her memory under the writer lock: if
    Ben's told correction lands while it is read, it is refused (his words
    never leave the household unseen, attack review s18 M1), not written
    over his (attacker review s18b L5: an update with no version is the
    last writer's)."""
    anna = scope_of(hass, init_integration, Actor(Caller(user_id=user_anna.id)))
    created = await memories.async_remember(
        anna, memories.RememberRequest("The gardener comes on Monday.")
    )
    store = init_integration.runtime_data.store
    only_private = memories.says_only_private
    landed: list[str] = []

    def read_while_bens_lands(content: str, language: str | None) -> bool:
        if not landed:
            landed.append(content)
            bens = MemoryPatch(content="The gardener comes on Friday.")
            store.update(created.memory.id, bens, Caller(user_id="ben"))
        return only_private(content, language)

    monkeypatch.setattr(memories, "says_only_private", read_while_bens_lands)
    with pytest.raises(ForbiddenError) as err:
        await memories.async_update(
            anna,
            memories.UpdateRequest(
                created.memory.id, MemoryPatch(content="keep it private")
            ),
        )
    assert err.value.translation_key == "private_told_by_another"
    kept = await hass.async_add_executor_job(
        store.get, created.memory.id, Caller(user_id="ben")
    )
    assert kept.content == "The gardener comes on Friday."
    assert kept.visibility is Visibility.HOUSEHOLD


@pytest.mark.parametrize("said", ["keep it private", "just for me", "nur für mich"])
async def test_an_update_of_only_private_words_keeps_the_text_private(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    said: str,
) -> None:
    """An update whose whole text is "keep it private" makes the owner's
    memory private and keeps its text (it was replaced by "Keep it
    private." for everyone); anyone else's is refused (attack review s18)."""
    anna = scope_of(hass, init_integration, Actor(Caller(user_id=user_anna.id)))
    ben = scope_of(hass, init_integration, Actor(Caller(user_id="ben")))
    created = await memories.async_remember(
        anna, memories.RememberRequest("The rake is in the shed.")
    )
    memory_id = created.memory.id
    with pytest.raises(ForbiddenError) as err:
        await memories.async_update(
            ben, memories.UpdateRequest(memory_id, MemoryPatch(content=said))
        )
    assert err.value.translation_key == "private_words_not_owner"
    kept = await memories.async_update(
        anna, memories.UpdateRequest(memory_id, MemoryPatch(content=said))
    )
    assert kept.memory.content == "The rake is in the shed."
    assert kept.memory.visibility is Visibility.PRIVATE


async def test_anothers_told_version_is_not_taken_private_as_it_is(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Ben's told correction in Anna's memory is not made private with it
    (it left the household, and Ben was not told: attack review s18b);
    with new text of her own Anna may keep it to herself."""
    anna = scope_of(hass, init_integration, Actor(Caller(user_id=user_anna.id)))
    store = init_integration.runtime_data.store
    created = await memories.async_remember(
        anna, memories.RememberRequest("The gardener comes on Monday.")
    )
    memory_id = created.memory.id
    await hass.async_add_executor_job(
        store.update,
        memory_id,
        MemoryPatch(content="The gardener comes on Friday."),
        Caller(user_id="ben"),
    )
    for patch in (
        MemoryPatch(visibility=Visibility.PRIVATE),
        MemoryPatch(content="keep it private"),
    ):
        with pytest.raises(ForbiddenError) as err:
            await memories.async_update(anna, memories.UpdateRequest(memory_id, patch))
        assert err.value.translation_key == "private_told_by_another"
    bens = await hass.async_add_executor_job(
        store.get, memory_id, Caller(user_id="ben")
    )
    assert bens.visibility is Visibility.HOUSEHOLD
    own = await memories.async_update(
        anna,
        memories.UpdateRequest(
            memory_id,
            MemoryPatch(content="The gardener comes on Monday, keep it private"),
        ),
    )
    assert own.memory.visibility is Visibility.PRIVATE
