"""Facts picked up from conversations, and the person's yes or no.

The AI Task proposes memories when a conversation ends; they wait for the
speaker's answer (next Assist turn, or the actions) or are stored at once;
a user's proposals are theirs, the notification only counts them.

In more words: docs/architecture.md, "`background/proposals.py`".
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import TYPE_CHECKING, Final

from homeassistant.helpers import selector
import probatio

from ..const import LOGGER, ExtractionMode
from ..memory.common.values import Caller
from ..memory.conversation.extraction import (
    MAX_EXTRACTION_ATTEMPTS,
    MIN_TURNS,
    conversation_text,
    extraction_instructions,
    parse_proposals,
)
from ..operations.errors import ENGINE_FAILURES
from ..operations.proposals import (
    announce_results,
    async_refresh,
    proposal_store,
    session_store,
)
from ..runtime.issues import async_report_ai_task_missing
from .ai_generation import ai_task_target, async_generate_structured

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from ..memory.conversation.sessions import Session
    from ..runtime.data import HomeMemoryData

TASK_NAME: Final = "Home Memory: what to remember from a conversation"

# What the AI Task is asked to return; parse_proposals checks it (HA does not).
EXTRACTION_STRUCTURE: Final = probatio.Schema(
    {
        probatio.Required(
            "memories",
            description="What is worth remembering (an empty list when nothing is)",
        ): selector.ObjectSelector(
            selector.ObjectSelectorConfig(
                multiple=True,
                fields={
                    "summary": {"selector": {"text": {}}, "required": True},
                    "content": {"selector": {"text": {}}, "required": True},
                    "type": {"selector": {"text": {}}, "required": True},
                    "keywords": {
                        "selector": {"text": {"multiple": True}},
                        "required": True,
                    },
                },
            )
        )
    }
)


# -- extraction --------------------------------------------------------------------


async def async_extract(
    hass: HomeAssistant, data: HomeMemoryData, session: Session
) -> bool:
    """Ask the AI Task what to remember from an ended session; never raises.

    True when the extraction was started here (even if the AI Task then
    failed); False when the session is too short, is being extracted
    already, has used up its attempts, or waits for an AI Task entity (none
    configured or preferred: nothing is asked, no attempt is used, and the
    repair issue says so; background/conversation_capture.py starts it once
    one is there).

    The session is marked extracted in the transaction that stores its
    proposals. Until then (the AI Task failed, Home Assistant stopped) it
    stays unextracted, and the nightly run tries it again (a bounded number
    of times). A session already being extracted in this run is skipped.
    """
    if session.turns < MIN_TURNS or session.id in data.proposals.extracting:
        return False
    entity_id = ai_task_target(hass, data.options.ai_task_entity)
    if entity_id is None:
        # Nothing to ask: the session waits (no attempt used up) until an AI
        # Task entity is there (async_watch_ai_task), and the user is told.
        async_report_ai_task_missing(hass)
        return False
    data.proposals.extracting.add(session.id)
    sessions = session_store(data)
    refresh = True
    try:
        if not await hass.async_add_executor_job(
            sessions.start_extraction, session.id, MAX_EXTRACTION_ATTEMPTS
        ):
            return False
        messages = await hass.async_add_executor_job(
            partial(sessions.messages, session.id, window_only=True)
        )
        drafts = await async_generate_structured(
            hass,
            task_name=TASK_NAME,
            entity_id=entity_id,
            instructions=extraction_instructions(conversation_text(messages)),
            structure=EXTRACTION_STRUCTURE,
            validate=parse_proposals,
        )
        if drafts is None:
            # No answer (or none that made sense): tried again at night.
            return True
        proposals = proposal_store(data)
        # Also with no drafts: the session is marked as extracted.
        added = await hass.async_add_executor_job(
            partial(
                proposals.add,
                drafts,
                owner=session.owner,
                session_id=session.id,
                conversation_id=session.conversation_id,
            )
        )
        LOGGER.debug(
            "%s proposals from conversation %s", len(added), session.conversation_id
        )
        if added and data.options.extraction_mode is ExtractionMode.STORE_AUTOMATICALLY:
            results = await hass.async_add_executor_job(
                proposals.confirm,
                [p.id for p in added],
                Caller(user_id=session.owner),
            )
            announce_results(
                hass, data, results, session.conversation_id, session.owner
            )
    except ENGINE_FAILURES:
        LOGGER.warning("Extracting memories from a conversation failed", exc_info=True)
        return True
    except asyncio.CancelledError:
        # The entry is closing: nothing more against its store.
        refresh = False
        raise
    finally:
        data.proposals.extracting.discard(session.id)
        if refresh:
            await async_refresh(hass, data)
    return True
