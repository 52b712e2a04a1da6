"""The person a Home Assistant user is: their name as the home shows it.

A household memory told by a person names them ("Anna's car", text/naming.py
in the engine), and a memory's page says who told it (browse.py): both read
the person entity whose `user_id` is that user's, and a teller with no person
is named by their user's name ("Ben"); docs/engine.md, "The rules, exactly".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from homeassistant.core import callback

from ..memory.text.naming import names_a_person
from .access import ATTR_USER_ID

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

PERSON_DOMAIN: Final = "person"


@callback
def async_person_name(hass: HomeAssistant, user_id: str | None) -> str | None:
    """The name of the person linked to `user_id`; None when there is none."""
    if user_id is None:
        return None
    for state in hass.states.async_all(PERSON_DOMAIN):
        if state.attributes.get(ATTR_USER_ID) == user_id:
            return state.name
    return None


async def async_teller_name(hass: HomeAssistant, user_id: str | None) -> str | None:
    """The name a household memory told by `user_id` names them with: their
    person's, else their user's as Home Assistant shows it, when it names
    a person (text/naming.py `names_a_person`: words, nothing hidden, no
    pronoun, no account word such as "Administrator" or "Owner", no id).
    A system user (Supervisor, Cloud) tells nothing as a person: None."""
    if user_id is None:
        return None
    language = hass.config.language
    name = (async_person_name(hass, user_id) or "").strip()
    if names_a_person(name, language):
        return name
    user = await hass.auth.async_get_user(user_id)
    if user is None or user.system_generated or not user.is_active:
        return None
    name = " ".join((user.name or "").split())
    return name if names_a_person(name, language) else None


async def async_people(hass: HomeAssistant) -> dict[str, str]:
    """Each name a household member is told by (normalized: case and spacing
    aside) and their user id: the people linked to a user, then the users
    with a name of a person but no person (`async_teller_name`)."""
    found: dict[str, str] = {}
    for state in hass.states.async_all(PERSON_DOMAIN):
        user_id = state.attributes.get(ATTR_USER_ID)
        if isinstance(user_id, str) and (name := " ".join(state.name.split())):
            found.setdefault(name.casefold(), user_id)
    for user in await hass.auth.async_get_users():
        if user.system_generated or not user.is_active or user.id in found.values():
            continue
        name = " ".join((user.name or "").split())
        if names_a_person(name, hass.config.language):
            found.setdefault(name.casefold(), user.id)
    return found
