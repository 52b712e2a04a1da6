"""Who is calling an action, and what they may do.

- A call with a user acts as that user: what they write is theirs, and they
  see household memories plus their own private ones (the engine enforces it).
- A call without a user (automation, script) acts for the household:
  Caller(None) sees and writes household memories only.
- Writing needs a user who may control the home; read-only users may only
  search, get and list.
- Admin actions need an admin user. Calls without a user are accepted, as
  Home Assistant's own admin actions accept them: only admins can write
  automations and scripts, and Caller(None) still sees no private memory.
- A person manages their own private memories as an admin manages the
  household's: the owner sees them in the deleted and archived tiers,
  restores and purges them (`may_manage`, `shown_in_tier`, `tier_filter`).
  Nobody ever sees another person's private memory, in any tier.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum, auto
from typing import TYPE_CHECKING, Final

from homeassistant.auth.permissions.const import POLICY_CONTROL
from homeassistant.exceptions import UnknownUser

from ..memory.common.values import Caller, Memory, MemoryFilter, Tier, Visibility
from .errors import AdminRequiredError, ForbiddenError, ReadOnlyUserError

if TYPE_CHECKING:
    from homeassistant.auth.models import User
    from homeassistant.core import Context, HomeAssistant


# The key of per-conversation state when nobody known speaks.
HOUSEHOLD: Final = "household"
# The person entity's attribute that links the person to a Home Assistant user.
ATTR_USER_ID: Final = "user_id"


class Access(Enum):
    """What an action needs."""

    READ = auto()
    WRITE = auto()
    # Restore and purge: each memory's manager (`may_manage`) decides; a call
    # without a user acts as an admin action's does.
    MANAGE = auto()
    ADMIN = auto()


@dataclass(frozen=True, slots=True)
class Actor:
    """Who asks an operation: the engine's Caller, and whether they may write."""

    caller: Caller
    may_write: bool = True


def require(actor: Actor, access: Access) -> None:
    """Refuse an operation the actor may not do (every operation calls this)."""
    if access is Access.ADMIN and not actor.caller.is_admin:
        raise ForbiddenError("admin_required")
    if access is not Access.READ and not actor.may_write:
        raise ForbiddenError("read_only_user")


def _owns_private(caller: Caller, memory: Memory) -> bool:
    return (
        memory.visibility is Visibility.PRIVATE
        and caller.user_id is not None
        and memory.owner == caller.user_id
    )


def shown_in_tier(caller: Caller, memory: Memory) -> bool:
    """Whether `caller` may see `memory` where it is now.

    Active memories: whoever may see them. Deleted and archived ones: admins
    (household and their own private ones) and the owner of a private one.
    """
    return memory.visible_to(caller) and (
        memory.tier is Tier.ACTIVE or caller.is_admin or _owns_private(caller, memory)
    )


def may_manage(actor: Actor, memory: Memory) -> bool:
    """Whether the actor may restore and purge `memory`.

    An admin manages the household's memories and their own private ones;
    anyone who may write manages their own private ones.
    """
    caller = actor.caller
    return (
        actor.may_write
        and memory.visible_to(caller)
        and (caller.is_admin or _owns_private(caller, memory))
    )


def may_restore(actor: Actor, memory: Memory) -> bool:
    """Whether the actor may bring `memory` back: as for managing it, or
    they forgot it themselves ("forget my bike lock code", "yes", then
    "undo that": review s21; nothing deleted by accident is gone)."""
    caller = actor.caller
    return may_manage(actor, memory) or (
        actor.may_write
        and caller.user_id is not None
        and memory.tier is Tier.DELETED
        and memory.deleted_by == caller.user_id
        and memory.visible_to(caller)
    )


def check_restore(actor: Actor, memory: Memory) -> None:
    """Refuse restoring a memory the actor may see but not bring back."""
    require(actor, Access.WRITE)
    if not may_restore(actor, memory):
        raise ForbiddenError("admin_required")


def check_manage(actor: Actor, memory: Memory) -> None:
    """Refuse restoring or purging a memory the actor may see but not manage."""
    require(actor, Access.WRITE)
    if not may_manage(actor, memory):
        raise ForbiddenError("admin_required")


def tier_filter(actor: Actor, flt: MemoryFilter) -> MemoryFilter:
    """`flt` as the actor may read it.

    The deleted and archived tiers hold, for a non-admin, only their own
    private memories. A non-admin asking for the active tier together with
    another (no surface does) or without a user (no private memory of
    theirs exists) is refused as before.
    """
    caller = actor.caller
    if caller.is_admin or all(tier is Tier.ACTIVE for tier in flt.tiers):
        return flt
    if caller.user_id is None or Tier.ACTIVE in flt.tiers:
        raise ForbiddenError("admin_required")
    return replace(flt, private_of=caller.user_id)


def speaker_key(user_id: str | None) -> str:
    """The key of per-conversation state for an effective user id."""
    return user_id or HOUSEHOLD


def may_write(user: User) -> bool:
    """True when the user may change memories (not a read-only user)."""
    return user.is_admin or user.permissions.access_all_entities(POLICY_CONTROL)


async def async_get_actor(
    hass: HomeAssistant, context: Context, access: Access
) -> Actor:
    """Who makes a request in `context` (actions, websocket), checked for `access`.

    Refusals are Home Assistant's `Unauthorized` (translated), which actions
    and websocket commands report as such.
    """
    if context.user_id is None:
        return Actor(
            Caller(user_id=None, is_admin=access in (Access.ADMIN, Access.MANAGE))
        )
    user = await hass.auth.async_get_user(context.user_id)
    if user is None:
        raise UnknownUser(context=context)
    if access is Access.ADMIN and not user.is_admin:
        raise AdminRequiredError(context)
    writer = may_write(user)
    if access in (Access.WRITE, Access.MANAGE) and not writer:
        raise ReadOnlyUserError(context)
    return Actor(Caller(user_id=user.id, is_admin=user.is_admin), may_write=writer)
