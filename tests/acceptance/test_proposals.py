"""A conversation's proposals, confirmed by voice with an LLM agent.

The AI Task and the agent are `custom_components/acceptance_llm`: fixed rules
stand in for a model (it proposes only "my favourite X is Y" that the user
said; "yes" becomes the confirm_proposals tool call), so the run is honest
and deterministic.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .conftest import start_household

if TYPE_CHECKING:
    from collections.abc import Iterator

    from .conftest import Household
    from .hass_instance import User

DOMAIN = "home_memory"
FAKE_LLM = Path(__file__).parent / "custom_components" / "acceptance_llm"


@pytest.fixture(scope="module")
def home(_sockets: None) -> Iterator[Household]:
    """An instance of its own with the rule-based LLM added."""
    household = start_household(custom_components={"acceptance_llm": FAKE_LLM})
    try:
        yield household
    finally:
        household.hass.cleanup()


def _proposals(home: Household, user: User) -> list[dict[str, Any]]:
    body = home.hass.call_service(DOMAIN, "list_proposals", {}, token=user.token)
    result: list[dict[str, Any]] = body.ok()["service_response"]["proposals"]
    return result


def test_proposals_from_a_conversation_are_confirmed_by_voice(home: Household) -> None:
    """Four turns, ended now by an admin, Anna says "yes": the facts are memories."""
    hass, anna, ben = home.hass, home.anna, home.ben
    flow = hass.request(
        "POST",
        "/api/config/config_entries/flow",
        token=anna.token,
        json_body={"handler": "acceptance_llm"},
    ).ok()
    assert flow["type"] == "create_entry"
    states = hass.request("GET", "/api/states", token=anna.token).ok()
    ids = [s["entity_id"] for s in states]
    task = next((i for i in ids if i.startswith("ai_task.")), None)
    assert task, ids
    agent = next(
        (
            i
            for i in ids
            if i.startswith("conversation.") and i != "conversation.home_assistant"
        ),
        None,
    )
    assert agent, (ids, hass.log_text()[-4000:])
    hass.ws_command(anna.token, "ai_task/preferences/set", gen_data_entity_id=task)

    conversation_id = None
    for text in (
        "My favourite tea is Earl Grey.",
        "We walk the dog at seven.",
        "And my favourite colour is green.",
        "Thanks, that is all.",
    ):
        result = hass.conversation_process(
            text, token=anna.token, agent_id=agent, conversation_id=conversation_id
        )
        conversation_id = result["conversation_id"]
    # A conversation ends five minutes after its last turn; an administrator
    # (Anna) can end it now. Ben may not.
    refused = hass.call_service(DOMAIN, "end_conversations", {}, token=ben.token)
    assert refused.status == 401, (refused.status, refused.body)
    ended = hass.call_service(DOMAIN, "end_conversations", {}, token=anna.token).ok()[
        "service_response"
    ]
    assert ended["result"] == "ended", ended
    ours = [s for s in ended["sessions"] if s["conversation_id"] == conversation_id]
    assert ours == [
        {"conversation_id": conversation_id, "turns": 4, "extraction_started": True}
    ], ended
    hass.wait_for(lambda: len(_proposals(home, anna)) >= 2, what="proposals")
    summaries = " ".join(p["summary"] for p in _proposals(home, anna))
    assert "Earl Grey" in summaries
    assert _proposals(home, ben) == []

    reply = hass.speech(
        hass.conversation_process("yes", token=anna.token, agent_id=agent)
    )
    assert "error" not in reply.casefold(), reply
    assert _proposals(home, anna) == []
    found = hass.call_service(
        DOMAIN, "search", {"query": "favourite tea"}, token=anna.token
    ).ok()["service_response"]["memories"]
    tea = [m for m in found if "Earl Grey" in m["content"]]
    assert tea, found
    assert tea[0]["source"] == "extracted"
