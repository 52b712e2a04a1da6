"""What only its owner may be shown: the id of a conversation, and the log
rows of a private period or of a private write by voice.

Issue 20, defects 1, 6 and 7.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from homeassistant.core import Context
from homeassistant.helpers import llm
import pytest

from custom_components.home_memory.const import DOMAIN

from ..conftest import call
from ..fake_agents import say

if TYPE_CHECKING:
    from pathlib import Path

    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

    from ..ws_client import Client

pytestmark = pytest.mark.usefixtures("agent_entry", "init_integration")


async def tool(
    hass: HomeAssistant, name: str, args: dict[str, Any], user: MockUser
) -> llm.ToolResult:
    """Call one of the Home Memory API's tools as `user`."""
    instance = await llm.async_get_api(
        hass,
        DOMAIN,
        llm.LLMContext("test", Context(user_id=user.id), "en", None, None),
    )
    return await instance.async_call_tool(llm.ToolInput(name, args))


# -- defect 1: a conversation's id is its speaker's ---------------------------------


async def test_nobody_but_the_speaker_gets_the_id_of_her_conversation(
    hass: HomeAssistant,
    anna: Client,
    ben: Client,
    admin: Client,
    user_anna: MockUser,
    hass_admin_user: MockUser,
    config_dir: Path,
) -> None:
    """Anna says a household memory by voice. Ben and an administrator read
    it through every command, the subscription, the actions and the export:
    the id of Anna's conversation is in none of it; Anna's own reads have it."""
    for client in (ben, admin):
        assert (await client.answer("subscribe"))["success"]
    result = await say(hass, "remember that the bins go out on Tuesday", user=user_anna)
    conversation_id = result.conversation_id
    assert conversation_id
    listed = await anna.ok("list")
    [memory] = listed["memories"]
    assert memory["source_ids"] == [conversation_id]
    assert memory["origin"] == "voice"
    mine = await anna.ok("get", memory_id=memory["id"])
    assert mine["provenance"]["conversation"]["conversation_id"] == conversation_id

    for client in (ben, admin):
        seen: list[Any] = [await client.events(1)]
        seen.append(await client.ok("list"))
        seen.append(await client.ok("search", query="bins Tuesday", min_relevance=0))
        got = await client.ok("get", memory_id=memory["id"])
        assert got["memory"]["origin"] == "voice"
        assert got["memory"]["source_ids"] == ["conversation"]
        seen.append(got)
        seen.append(await client.ok("export"))
        updated = await client.ok("update", memory_id=memory["id"], tags=["bins"])
        seen.append(updated)
        seen.append(await client.events(1))
        assert conversation_id not in json.dumps(seen)
    seen_by_actions = [
        await call(hass, "search", {"query": "bins"}, user=hass_admin_user),
        await call(hass, "list", {}, user=hass_admin_user),
        await call(hass, "get", {"id": memory["id"]}, user=hass_admin_user),
        await call(
            hass,
            "search_all_tiers",
            {"query": "bins", "include_log": True},
            user=hass_admin_user,
        ),
        await call(hass, "end_conversations", {}, user=hass_admin_user),
    ]
    assert conversation_id not in json.dumps(seen_by_actions)
    exported = await call(hass, "export", {}, user=hass_admin_user)
    text = (config_dir / exported["path"]).read_text()
    assert conversation_id not in text
    assert '"source_ids": ["conversation"]' in text


# -- defect 6: a private period stays private in the log -----------------------------


async def test_recalls_of_a_private_period_stay_hidden_after_sharing(
    hass: HomeAssistant, admin: Client, user_anna: MockUser
) -> None:
    """Anna recalls her private memory, then shares it: the admin's audit log
    shows her later recalls, never those of the private period."""
    made = await call(
        hass,
        "remember",
        {"content": "The gift for Ben is in the attic", "visibility": "private"},
        user=user_anna,
    )
    memory_id = made["memory"]["id"]
    await call(hass, "search", {"query": "gift attic"}, user=user_anna)
    await call(
        hass,
        "update",
        {"id": memory_id, "visibility": "household"},
        user=user_anna,
    )
    entries = (await admin.ok("audit_log", limit=50))["entries"]
    assert [e for e in entries if memory_id in e["details"].get("ids", [])] == []
    await call(hass, "search", {"query": "gift attic"}, user=user_anna)
    entries = (await admin.ok("audit_log", limit=50))["entries"]
    recalls = [e for e in entries if memory_id in e["details"].get("ids", [])]
    assert len(recalls) == 1


# -- defect 7: a tool call's row follows what it touched -----------------------------


async def test_a_private_write_by_voice_leaves_no_row_others_see(
    hass: HomeAssistant, admin: Client, anna: Client, user_anna: MockUser
) -> None:
    """tool_remember (and recall, update, forget) of a private memory: no
    row in the admin's audit log tells when Anna spoke; her household write
    is there, naming its memory; she sees her own rows."""
    private = await tool(
        hass,
        "remember",
        {"content": "My bank PIN is 8642", "visibility": "private"},
        user_anna,
    )
    assert not private.error, private.data
    await tool(hass, "recall", {"query": "bank PIN"}, user_anna)
    await tool(
        hass, "update_memory", {"query": "bank PIN", "importance": 0.9}, user_anna
    )
    # A forget still to be confirmed touches nothing yet: still Anna's alone.
    await tool(hass, "forget", {"query": "bank PIN"}, user_anna)
    entries = (await admin.ok("audit_log", limit=50))["entries"]
    assert [e for e in entries if e["operation"].startswith("tool_")] == []

    household = await tool(
        hass, "remember", {"content": "The bins go out on Tuesday"}, user_anna
    )
    assert not household.error
    entries = (await admin.ok("audit_log", limit=50))["entries"]
    [row] = [e for e in entries if e["operation"].startswith("tool_")]
    assert row["operation"] == "tool_remember"
    assert row["details"]["outcome"] == "ok"
    assert row["details"]["ids"] == [household.data["id"]]
