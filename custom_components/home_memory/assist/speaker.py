"""Who is talking to Assist, as the memory engine sees it.

- A request with a user (frontend chat, companion app) is that user's: they
  see household memories and their own private ones.
- A voice satellite sends no user. If the options map the satellite's device
  to a person, the person's user speaks there; otherwise the household does
  (Caller(None): household memories only, nothing private).
- Read-only users may search but not change memories (access.may_write).
- Assist never acts as an admin, whoever speaks: tools have no admin powers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from homeassistant.core import HomeAssistant, callback

from ..memory.common.values import Caller
from ..operations.access import ATTR_USER_ID, HOUSEHOLD, may_write, speaker_key
from ..runtime.ha_internals import user_now

if TYPE_CHECKING:
    from homeassistant.core import Context

    from ..runtime.data import HomeMemoryData

__all__ = ["HOUSEHOLD", "Speaker", "async_get_speaker", "speaker_key"]


@dataclass(frozen=True, slots=True)
class Speaker:
    """The engine caller for a request, and whether it may write."""

    caller: Caller
    can_write: bool
    # Binds per-conversation state to who speaks (see speaker_key).
    key: str


@callback
def async_effective_user_id(
    hass: HomeAssistant,
    data: HomeMemoryData,
    context: Context | None,
    device_id: str | None,
) -> str | None:
    """The user a request speaks for, without I/O (see the module doc)."""
    if context is not None and context.user_id is not None:
        return context.user_id
    if device_id is None:
        return None
    person = data.options.satellite_people.get(device_id)
    if person is None or (state := hass.states.get(person)) is None:
        return None
    user_id = state.attributes.get(ATTR_USER_ID)
    return user_id if isinstance(user_id, str) and user_id else None


async def async_get_speaker(
    hass: HomeAssistant,
    data: HomeMemoryData,
    context: Context | None,
    device_id: str | None,
) -> Speaker:
    """Resolve the speaker of a request; unknown users get the household only."""
    user_id = async_effective_user_id(hass, data, context, device_id)
    key = speaker_key(user_id)
    if user_id is None:
        return Speaker(Caller(user_id=None), can_write=True, key=key)
    user = await hass.auth.async_get_user(user_id)
    if user is None or not user.is_active:
        # A removed or disabled user sees nothing private and changes nothing.
        return Speaker(Caller(user_id=None), can_write=False, key=key)
    return Speaker(Caller(user_id=user.id), can_write=may_write(user), key=key)


@callback
def async_get_speaker_now(
    hass: HomeAssistant,
    data: HomeMemoryData,
    context: Context | None,
    device_id: str | None,
) -> Speaker:
    """`async_get_speaker` for synchronous callers (the Assist `llm.py` prompt).

    Home Assistant has no synchronous user lookup; the auth store's user map
    is read through runtime/ha_internals.py. If it cannot be read, a user is
    treated as unknown: the household's, read-only.
    """
    user_id = async_effective_user_id(hass, data, context, device_id)
    key = speaker_key(user_id)
    if user_id is None:
        return Speaker(Caller(user_id=None), can_write=True, key=key)
    user = user_now(hass, user_id)
    if user is None or not user.is_active:
        return Speaker(Caller(user_id=None), can_write=False, key=key)
    return Speaker(Caller(user_id=user.id), can_write=may_write(user), key=key)
