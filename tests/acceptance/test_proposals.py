"""A conversation's proposals, confirmed by voice with an LLM agent.

The AI Task and the agent are `custom_components/acceptance_llm`: fixed rules
stand in for a model (it proposes only "my favourite X is Y" that the user
said; "yes" becomes the confirm_proposals tool call), so the run is honest
and deterministic.
"""

from __future__ import annotations

from pathlib import Path
import re
from typing import TYPE_CHECKING, Any

import pytest

from .conftest import start_household
from .test_browser import browse
from .test_observed_activity import DOOR, new_memories, observed, post_state

if TYPE_CHECKING:
    from collections.abc import Iterator

    from playwright.async_api import Page

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


def _llm_agent(home: Household) -> str:
    """Add the rule-based LLM (once) and make it the AI Task; its agent's entity id."""
    hass, anna = home.hass, home.anna
    if not hass.entries(anna.token, "acceptance_llm"):
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
    # The rule agent; the recording agents (test_per_turn_memory) have names.
    recording = {"Assist only", "Assist and memory", "Memory only"}
    agent = next(
        (
            s["entity_id"]
            for s in states
            if s["entity_id"].startswith("conversation.")
            and s["entity_id"] != "conversation.home_assistant"
            and s["attributes"].get("friendly_name") not in recording
        ),
        None,
    )
    assert agent, (ids, hass.log_text()[-4000:])
    hass.ws_command(anna.token, "ai_task/preferences/set", gen_data_entity_id=task)
    return agent


def _converse(home: Household, agent: str, texts: tuple[str, ...]) -> str:
    """Turns with the agent as Anna; the conversation's id."""
    hass, anna = home.hass, home.anna
    conversation_id = None
    for text in texts:
        result = hass.conversation_process(
            text, token=anna.token, agent_id=agent, conversation_id=conversation_id
        )
        conversation_id = result["conversation_id"]
    assert conversation_id
    return conversation_id


def test_proposals_from_a_conversation_are_confirmed_by_voice(home: Household) -> None:
    """Four turns, ended now by an admin, Anna says "yes": the facts are memories."""
    hass, anna, ben = home.hass, home.anna, home.ben
    agent = _llm_agent(home)
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


def test_a_proposal_confirmed_in_the_inbox_becomes_a_memory(
    home: Household, screenshots: Path
) -> None:
    """The panel's inbox lists a conversation's proposal; "Remember" stores it."""
    hass, anna = home.hass, home.anna
    agent = _llm_agent(home)
    _converse(
        home,
        agent,
        (
            "My favourite fruit is mango.",
            "The weather is nice today.",
            "We could go for a walk later.",
            "Thanks, that is all.",
        ),
    )
    hass.call_service(DOMAIN, "end_conversations", {}, token=anna.token).ok()
    hass.wait_for(
        lambda: any("mango" in p["summary"] for p in _proposals(home, anna)),
        what="the mango proposal",
    )

    async def scenario(page: Page) -> None:
        view = page.locator("home-memory-panel")
        card = view.locator("li.proposal").filter(has_text="mango")
        await card.wait_for()
        await page.screenshot(path=screenshots / "panel_inbox_proposal_light.png")
        await card.get_by_role("button", name=re.compile("^Remember")).click()
        await view.get_by_text(re.compile(r"Remembered: .*mango")).wait_for()
        assert await view.locator("li.proposal").filter(has_text="mango").count() == 0

    browse(home, "/memory/inbox", scenario)
    assert not any("mango" in p["summary"] for p in _proposals(home, anna))
    found = hass.call_service(
        DOMAIN, "search", {"query": "favourite fruit"}, token=anna.token
    ).ok()["service_response"]["memories"]
    mango = [m for m in found if "mango" in m["content"]]
    assert mango, found
    assert mango[0]["source"] == "extracted"


def test_an_observed_memory_through_the_ai_task_blocks_nothing(home: Household) -> None:
    """With the AI Task chosen, the TV and the front door become a memory
    (the stand-in's answer is no memory, so the template tells it) and Home
    Assistant detects no blocking call of Home Memory's on the event loop
    (new-user review s16: phrases.en.json was read there at the first
    observed memory)."""
    hass, anna = home.hass, home.anna
    _llm_agent(home)
    before = observed(home)
    hass.set_state("input_boolean.tv_power", "on", token=anna.token)
    post_state(hass, anna, "binary_sensor.front_door", "on", DOOR)
    post_state(hass, anna, "binary_sensor.front_door", "off", DOOR)
    hass.set_state("input_boolean.tv_power", "off", token=anna.token)
    new = new_memories(home, before, "the TV's memory")
    assert any("living room TV was on" in text for text in new), new
    blocking = [
        line
        for line in hass.log_text().splitlines()
        if "Detected blocking call" in line and "home_memory" in line
    ]
    assert blocking == []
