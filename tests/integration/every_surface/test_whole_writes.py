"""Writes that are whole: answers to proposals, imports of another person's
export, household proposals kept private, and edits racing each other.

Issue 20, defects 3, 4, 8 and 9.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from homeassistant.auth.const import GROUP_ID_ADMIN
import numpy as np
import pytest
from pytest_homeassistant_custom_component.common import MockUser

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    MemoryFilter,
)
from custom_components.home_memory.memory.text.validation import embedding_text

from ..conftest import call
from ..operations.test_proposals import add_proposals
from ..ws_client import Client, user_token

if TYPE_CHECKING:
    from pathlib import Path

    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.typing import WebSocketGenerator

    from custom_components.home_memory.runtime.data import (
        HomeMemoryConfigEntry,
        HomeMemoryData,
    )

pytestmark = pytest.mark.usefixtures("init_integration")


def data_of(entry: HomeMemoryConfigEntry) -> HomeMemoryData:
    """The loaded entry's runtime data."""
    return entry.runtime_data


def active(entry: HomeMemoryConfigEntry) -> list[Any]:
    """Every active memory, as the engine holds it."""
    return list(data_of(entry).store.list_memories(SYSTEM, MemoryFilter()).items)


async def propose(
    hass: HomeAssistant,
    entry: HomeMemoryConfigEntry,
    summaries: list[str],
    owner: str | None,
) -> list[str]:
    """Pending proposals of `owner` (None: the household's); their ids."""
    return await add_proposals(hass, data_of(entry), owner, *summaries)


# -- defect 3: an answer is all or nothing ---------------------------------------


@pytest.mark.parametrize("other", ["unknown", "same", "bens", "decided"])
async def test_an_answer_that_fails_confirms_nothing(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    anna: Client,
    user_anna: MockUser,
    user_ben: MockUser,
    other: str,
) -> None:
    """Confirming one proposal and rejecting one that cannot be rejected
    (unknown, the same one, someone else's, already decided) is
    proposal_not_found, and nothing is created or decided."""
    first, second = await propose(
        hass,
        init_integration,
        ["Anna likes green tea", "Anna runs on Sundays"],
        user_anna.id,
    )
    [bens] = await propose(hass, init_integration, ["Ben sings"], user_ben.id)
    if other == "decided":
        await anna.ok("proposals/answer", confirm=[], reject=[second])
    reject = {"unknown": "01NOSUCHPROPOSAL", "same": first, "bens": bens}.get(
        other, second
    )
    error = await anna.error("proposals/answer", confirm=[first], reject=[reject])
    assert error["translation_key"] == "proposal_not_found"
    assert active(init_integration) == []
    pending = {p["id"] for p in (await anna.ok("proposals"))["proposals"]}
    assert first in pending
    if other != "decided":
        assert second in pending
    # The same answer without the bad id goes through.
    answered = await anna.ok("proposals/answer", confirm=[first], reject=[])
    assert len(answered["memories"]) == 1


async def test_a_confirm_action_that_fails_writes_nothing(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry, user_anna: MockUser
) -> None:
    """The confirm_proposals action naming one unknown id creates nothing."""
    [first] = await propose(
        hass, init_integration, ["Anna likes green tea"], user_anna.id
    )
    with pytest.raises(Exception, match="no pending proposal"):
        await call(
            hass,
            "confirm_proposals",
            {"ids": [first, "01NOSUCHPROPOSAL"]},
            user=user_anna,
        )
    assert active(init_integration) == []


# -- defect 9: a household proposal kept private ----------------------------------


async def test_a_household_proposal_confirmed_as_private_is_the_confirmers(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    anna: Client,
    ben: Client,
    user_anna: MockUser,
) -> None:
    """proposals/edit with visibility private, by a person who may decide a
    household proposal: it becomes their private memory, nobody else's."""
    [proposal] = await propose(
        hass, init_integration, ["The safe code is 4711"], owner=None
    )
    edited = await anna.ok("proposals/edit", proposal_id=proposal, visibility="private")
    memory = edited["memory"]
    assert memory["visibility"] == "private"
    assert memory["owner"] == user_anna.id
    assert (await anna.ok("get", memory_id=memory["id"]))["memory"]["id"]
    error = await ben.error("get", memory_id=memory["id"])
    assert error["translation_key"] == "memory_not_found"
    assert (await ben.ok("proposals"))["proposals"] == []


# -- defect 8: another person's export --------------------------------------------


@pytest.fixture
async def admin_b(hass: HomeAssistant) -> MockUser:
    """A second administrator."""
    group = await hass.auth.async_get_group(GROUP_ID_ADMIN)
    return MockUser(name="Bea", groups=[group]).add_to_hass(hass)


@pytest.fixture
async def admin_a(hass: HomeAssistant) -> MockUser:
    """An administrator who exports."""
    group = await hass.auth.async_get_group(GROUP_ID_ADMIN)
    return MockUser(name="Alex", groups=[group]).add_to_hass(hass)


async def test_an_import_never_makes_anothers_private_memories_ones_own(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    admin_a: MockUser,
    admin_b: MockUser,
    config_dir: Path,
) -> None:
    """A exports (their private memories in the file, each naming its owner),
    purges one; B imports the file: A's private lines are skipped and
    counted, the household's come in; A importing it gets theirs back."""
    await call(
        hass,
        "remember",
        {"content": "My bank PIN is 8642", "visibility": "private"},
        user=admin_a,
    )
    await call(
        hass, "remember", {"content": "The bins go out on Tuesday"}, user=admin_a
    )
    exported = await call(hass, "export", {}, user=admin_a)
    lines = [
        json.loads(line)
        for line in (config_dir / exported["path"]).read_text().splitlines()
    ]
    [private] = [line for line in lines if line["visibility"] == "private"]
    assert private["owner"] == admin_a.id
    await call(hass, "purge", {"ids": [line["id"] for line in lines]}, user=admin_a)

    result = await call(hass, "import", {"path": exported["path"]}, user=admin_b)
    assert (result["imported"], result["skipped_private"]) == (1, 1)
    found = await call(hass, "search", {"query": "bank PIN"}, user=admin_b)
    assert all("8642" not in m["content"] for m in found["memories"])
    assert all(m.visibility.value == "household" for m in active(init_integration))

    again = await call(hass, "import", {"path": exported["path"]}, user=admin_a)
    assert (again["imported"], again["skipped_private"]) == (1, 0)
    mine = await call(hass, "search", {"query": "bank PIN"}, user=admin_a)
    [pin] = [m for m in mine["memories"] if "8642" in m["content"]]
    assert pin["owner"] == admin_a.id
    assert pin["visibility"] == "private"


async def test_a_private_line_naming_nobody_is_not_imported_as_ones_own(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    admin_b: MockUser,
    config_dir: Path,
) -> None:
    """A private line whose owner is missing or someone else is skipped."""
    path = config_dir / "home_memory" / "exports" / "crafted.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "\n".join(
            json.dumps(line)
            for line in [
                {"id": "p1", "content": "Secret one", "visibility": "private"},
                {
                    "id": "p2",
                    "content": "Secret two",
                    "visibility": "private",
                    "owner": "someone-else",
                },
            ]
        )
        + "\n"
    )
    result = await call(hass, "import", {"path": str(path)}, user=admin_b)
    assert (result["imported"], result["skipped_private"]) == (0, 2)
    assert active(init_integration) == []


# -- defect 4: what is embedded is what is committed --------------------------------


@pytest.fixture
async def anna_tab(
    hass: HomeAssistant, hass_ws_client: WebSocketGenerator, user_anna: MockUser
) -> Client:
    """A second connection of Anna's (another browser tab)."""
    return Client(await hass_ws_client(hass, await user_token(hass, user_anna)))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ({"summary": "Where the hose lives"}, {"content": "The hose is in the barn"}),
        ({"content": "The hose is in the barn"}, {"summary": "Where the hose lives"}),
        (
            {"content": "The hose is in the barn"},
            {"content": "The hose is by the pond"},
        ),
        ({"content": "The hose is in the barn"}, {"people": ["Jo"]}),
    ],
)
async def test_an_edit_racing_another_leaves_the_vector_of_the_committed_text(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    fake_embedder: Any,
    anna: Client,
    anna_tab: Client,
    user_anna: MockUser,
    first: dict[str, Any],
    second: dict[str, Any],
) -> None:
    """The second edit commits while the first is embedding (two connections):
    the stored vector is the vector of the text as committed, and search by
    the committed words finds the memory at full similarity. A first edit
    of the text names no version: it is read again under the writer lock
    and written over the second (the last writer wins; attacker review
    s18b: it was refused)."""
    made = await call(
        hass, "remember", {"content": "The hose is in the shed"}, user=user_anna
    )
    memory_id = made["memory"]["id"]
    loop = asyncio.get_running_loop()
    embed = fake_embedder.embed
    interleaved: list[Any] = []

    def embed_then_let_the_other_edit_commit(texts: Any) -> Any:
        vectors = embed(texts)
        if not interleaved:
            interleaved.append(second)  # its own embedding passes straight on
            asyncio.run_coroutine_threadsafe(
                anna_tab.ok("update", memory_id=memory_id, **second), loop
            ).result()
        return vectors

    fake_embedder.embed = embed_then_let_the_other_edit_commit
    try:
        written = await anna.ok("update", memory_id=memory_id, **first)
        assert written["memory"]["version"] == 3
    finally:
        fake_embedder.embed = embed
    assert interleaved, "the other edit did not run during the first"
    store = data_of(init_integration).store
    memory = await assert_vector_matches(hass, store, memory_id)
    found = await anna.ok(
        "search",
        query=embedding_text(memory.summary, memory.content),
        min_relevance=0,
    )
    assert found["memories"][0]["id"] == memory_id
    assert found["memories"][0]["similarity"] == pytest.approx(1.0, abs=1e-3)


async def assert_vector_matches(hass: HomeAssistant, store: Any, memory_id: str) -> Any:
    """The memory's stored vector is its committed text's; the memory."""

    def read() -> tuple[Any, np.ndarray]:
        memory = store.get(memory_id, SYSTEM)
        with store.read() as conn:
            blob = conn.execute(
                "SELECT v.vector FROM memory_vectors v JOIN memories m "
                "ON m.rowid = v.memory_rowid WHERE m.id = ?",
                (memory_id,),
            ).fetchone()[0]
        return memory, np.frombuffer(blob, dtype=np.float32)

    memory, vector = await hass.async_add_executor_job(read)
    assert store.embedder is not None
    expected = store.embedder.embed([embedding_text(memory.summary, memory.content)])[0]
    assert float(np.dot(vector, expected)) == pytest.approx(1.0, abs=1e-4)
    return memory
