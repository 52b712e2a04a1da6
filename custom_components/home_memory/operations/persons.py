"""The person a Home Assistant user is: their name as the home shows it.

A household memory told by a person names them ("Anna's car", text/naming.py
in the engine), and a memory's page says who told it (browse.py): both read
the person entity whose `user_id` is that user's. No person linked, no name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from homeassistant.core import callback

from ..memory.text.characters import has_hidden
from ..memory.text.validation import has_words
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


@callback
def async_teller_name(hass: HomeAssistant, user_id: str | None) -> str | None:
    """The name a household memory told by `user_id` names them with: their
    person's, when it can be written into a memory (words, nothing hidden)."""
    name = (async_person_name(hass, user_id) or "").strip()
    return name if has_words(name) and not has_hidden(name) else None
