"""Whether a memory the caller may see tells of a statement's subject (the
gate of a statement said after a bare "no", review s40 #1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import Caller
from custom_components.home_memory.operations.access import Actor
from custom_components.home_memory.operations.told_of import async_tells_of

from ..conftest import call
from .conftest import scope_of

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")


@pytest.mark.parametrize(
    ("told", "statement", "language", "tells"),
    [
        ("The torch is in the kitchen.", "the torch is in the hall.", "en", True),
        ("The torch is in the kitchen.", "the scissors are in the hall.", "en", False),
        # The torch's words in another subject are no memory of it.
        ("The torch light is broken.", "the torch is in the hall.", "en", False),
        (
            "Die Taschenlampe liegt in der Küche.",
            "die Taschenlampe liegt im Flur.",
            "de",
            True,
        ),
        (
            "Die Taschenlampe liegt in der Küche.",
            "die Schere liegt im Flur.",
            "de",
            False,
        ),
        # No subject the statement tables read: nothing to look for.
        ("The torch is in the kitchen.", "in the hall.", "en", False),
    ],
)
async def test_a_memory_of_the_same_subject_is_found(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    told: str,
    statement: str,
    language: str,
    tells: bool,
) -> None:
    """Held by its subject's words, not by any of its words."""
    await call(hass, "remember", {"content": told}, user=user_anna)
    anna = scope_of(hass, init_integration, Actor(Caller(user_id=user_anna.id)))
    assert await async_tells_of(anna, statement, language) is tells


async def test_only_a_memory_the_caller_may_see_counts(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Anna's private torch tells Anna of it, not Ben."""
    await call(
        hass,
        "remember",
        {"content": "The torch is in the kitchen.", "visibility": "private"},
        user=user_anna,
    )
    statement = "the torch is in the hall."
    anna = scope_of(hass, init_integration, Actor(Caller(user_id=user_anna.id)))
    ben = scope_of(hass, init_integration, Actor(Caller(user_id=user_ben.id)))
    assert await async_tells_of(anna, statement, "en")
    assert not await async_tells_of(ben, statement, "en")
