"""Every pair of writes at once, from two connections: what is stored agrees
with itself and nothing acknowledged is lost.

Issue 20, "Also": update, revert, forget, restore, purge, proposals/answer
and proposals/edit, each pair sent on two websocket connections of the
memory's owner at the same moment. Afterwards the stored text, its vector,
its label rows and its history agree, and every write that was answered
with success is there.
"""

from __future__ import annotations

import asyncio
from functools import partial
from itertools import combinations_with_replacement
import json
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

from custom_components.home_memory.memory.common.values import MemoryKind
from custom_components.home_memory.memory.conversation.extraction import ProposalDraft
from custom_components.home_memory.memory.text.validation import (
    embedding_text,
    label_key,
)
from custom_components.home_memory.operations.proposals import (
    async_refresh,
    proposal_store,
)

from ..conftest import call
from ..ws_client import Client, user_token

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser
    from pytest_homeassistant_custom_component.typing import WebSocketGenerator

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("init_integration")

WRITES = ("update", "revert", "forget", "restore", "purge", "answer", "edit")
UPDATED = "The watering can is in the greenhouse"
FIRST = "The watering can is in the shed"
SECOND = "The watering can is by the pond"
CONFIRMED = "Anna likes green tea"
EDITED = "Anna runs on Sunday mornings"


@pytest.fixture
async def tabs(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator, user_anna: MockUser
) -> tuple[Client, Client]:
    """Two connections of Anna's (two browser tabs)."""
    return (
        Client(await hass_ws_client(hass, await user_token(hass, user_anna))),
        Client(await hass_ws_client(hass, await user_token(hass, user_anna))),
    )


async def _write(
    client: Client, write: str, memory_id: str, proposals: list[str]
) -> dict[str, Any]:
    """Send one write; its result message (success or a translated error)."""
    match write:
        case "update":
            return await client.answer(
                "update",
                memory_id=memory_id,
                content=UPDATED,
                people=["JO", "jo", "Max"],
            )
        case "revert":
            return await client.answer("revert", memory_id=memory_id, version=1)
        case "forget" | "restore":
            return await client.answer(write, memory_ids=[memory_id])
        case "purge":
            return await client.answer("purge", memory_ids=[memory_id])
        case "answer":
            return await client.answer(
                "proposals/answer", confirm=[proposals[0]], reject=[]
            )
        case _:
            return await client.answer(
                "proposals/edit", proposal_id=proposals[1], content=EDITED
            )


def _stored(entry: HomeMemoryConfigEntry, memory_id: str) -> dict[str, Any] | None:
    """The memory's row, vector, label rows and versions, read at once."""
    store = entry.runtime_data.store
    with store.read() as conn:
        row = conn.execute(
            "SELECT rowid, content, summary, people, tags, version, tier "
            "FROM memories WHERE id = ?",
            (memory_id,),
        ).fetchone()
        if row is None:
            return None
        rowid = row[0]
        vector = conn.execute(
            "SELECT vector FROM memory_vectors WHERE memory_rowid = ?", (rowid,)
        ).fetchone()
        people = {r[0] for r in conn.execute(
            "SELECT person FROM memory_people WHERE memory_rowid = ?", (rowid,)
        )}  # fmt: skip
        tags = {r[0] for r in conn.execute(
            "SELECT tag FROM memory_tags WHERE memory_rowid = ?", (rowid,)
        )}  # fmt: skip
        versions = [
            (r[0], json.loads(r[1])["content"])
            for r in conn.execute(
                "SELECT version, snapshot FROM memory_versions "
                "WHERE memory_rowid = ? ORDER BY version",
                (rowid,),
            )
        ]
    return {
        "content": row[1],
        "summary": row[2],
        "people": json.loads(row[3]),
        "tags": json.loads(row[4]),
        "version": row[5],
        "tier": row[6],
        "vector": None if vector is None else np.frombuffer(vector[0], np.float32),
        "people_rows": people,
        "tag_rows": tags,
        "versions": versions,
    }


def _active_contents(entry: HomeMemoryConfigEntry) -> set[str]:
    store = entry.runtime_data.store
    with store.read() as conn:
        return {
            str(r[0])
            for r in conn.execute("SELECT content FROM memories WHERE tier = 'active'")
        }


@pytest.mark.parametrize(
    ("one", "other"), list(combinations_with_replacement(WRITES, 2))
)
async def test_two_writes_at_once_agree_and_lose_nothing_acknowledged(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    fake_embedder: Any,
    tabs: tuple[Client, Client],
    user_anna: MockUser,
    one: str,
    other: str,
) -> None:
    """Anna's private memory (two versions) and two pending proposals; two
    writes at once; then every invariant holds."""
    made = await call(
        hass,
        "remember",
        {
            "content": FIRST,
            "visibility": "private",
            "people": ["Jo"],
            "tags": ["garden"],
        },
        user=user_anna,
    )
    memory_id = made["memory"]["id"]
    await call(hass, "update", {"id": memory_id, "content": SECOND}, user=user_anna)
    data = init_integration.runtime_data
    added = await hass.async_add_executor_job(
        partial(
            proposal_store(data).add,
            [
                ProposalDraft(CONFIRMED, f"{CONFIRMED}.", MemoryKind.FACT, ()),
                ProposalDraft("Anna runs", "Anna runs.", MemoryKind.FACT, ()),
            ],
            owner=user_anna.id,
            session_id=None,
            conversation_id=None,
        )
    )
    await async_refresh(hass, data)
    proposals = [proposal.id for proposal in added]

    first, second = await asyncio.gather(
        _write(tabs[0], one, memory_id, proposals),
        _write(tabs[1], other, memory_id, proposals),
    )
    acked = {
        write for write, result in ((one, first), (other, second)) if result["success"]
    }
    for result in (first, second):
        if not result["success"]:
            # A clear, translated refusal, never an engine error.
            assert result["error"]["code"] in {
                "not_found",
                "not_allowed",
                "invalid_format",
            }, result

    stored = await hass.async_add_executor_job(_stored, init_integration, memory_id)
    if "purge" in acked:
        assert stored is None
    else:
        assert stored is not None
        # Text, vector, labels and history agree.
        expected = fake_embedder.embed(
            [embedding_text(stored["summary"], stored["content"])]
        )[0]
        assert stored["vector"] is not None
        assert float(np.dot(stored["vector"], expected)) == pytest.approx(1.0, abs=1e-4)
        assert stored["people_rows"] == {label_key(p) for p in stored["people"]}
        assert stored["tag_rows"] == {label_key(t) for t in stored["tags"]}
        versions = [version for version, _ in stored["versions"]]
        assert len(versions) == len(set(versions))
        assert all(version < stored["version"] for version in versions)
        told = [stored["content"], *(text for _, text in stored["versions"])]
        # Nothing acknowledged is lost.
        if "update" in acked:
            assert UPDATED in told
        if "revert" in acked:
            assert SECOND in told
        if "forget" in acked and "restore" not in acked:
            assert stored["tier"] == "deleted"
        if "restore" in acked and "forget" not in acked:
            assert stored["tier"] == "active"
    contents = await hass.async_add_executor_job(_active_contents, init_integration)
    if "answer" in acked:
        assert f"{CONFIRMED}." in contents or CONFIRMED in contents
    if "edit" in acked:
        assert any(EDITED in content for content in contents)
    pending = {p.id for p in proposal_store(data).pending()}
    assert (proposals[0] in pending) == ("answer" not in acked)
    assert (proposals[1] in pending) == ("edit" not in acked)
