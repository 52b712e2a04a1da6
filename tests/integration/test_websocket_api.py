"""The memory browser's websocket API (docs/websocket-api.md): every command,
who may call it, what each user receives, bad input, paging, live changes."""

from __future__ import annotations

from functools import partial
import json
from typing import TYPE_CHECKING, Any

from homeassistant.auth.const import GROUP_ID_USER
from homeassistant.exceptions import ServiceValidationError
import numpy as np
import pytest

from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.memory.common.values import (
    Caller,
    MemoryKind,
    NewMemory,
    Visibility,
)
from custom_components.home_memory.memory.conversation.extraction import ProposalDraft
from custom_components.home_memory.operations.proposals import (
    async_refresh,
    proposal_store,
)
from custom_components.home_memory.websocket_api import decode_cursor, encode_cursor

from .conftest import call, named
from .ws_client import Client, user_token

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser
    from pytest_homeassistant_custom_component.typing import WebSocketGenerator

    from custom_components.home_memory.runtime.data import HomeMemoryData

pytestmark = pytest.mark.usefixtures("init_integration")


@pytest.fixture
async def admin(hass_ws_client: WebSocketGenerator) -> Client:
    """An administrator's connection."""
    return Client(await hass_ws_client())


@pytest.fixture
async def guest(
    hass: HomeAssistant,
    hass_ws_client: WebSocketGenerator,
    hass_read_only_access_token: str,
) -> Client:
    """A read-only user's connection."""
    return Client(await hass_ws_client(hass, hass_read_only_access_token))


def runtime(entry: MockConfigEntry) -> HomeMemoryData:
    """The loaded entry's runtime data, typed."""
    data: HomeMemoryData = entry.runtime_data
    return data


async def remember(
    hass: HomeAssistant, user: MockUser | None, content: str, **fields: Any
) -> dict[str, Any]:
    """Remember through the action, as `user`; the stored memory."""
    result = await call(hass, "remember", {"content": content, **fields}, user=user)
    memory: dict[str, Any] = result["memory"]
    return memory


@pytest.fixture
def rows(hass: HomeAssistant, init_integration: MockConfigEntry) -> Any:
    """How many memory rows the file holds (any tier, anyone's)."""
    store = runtime(init_integration).store

    async def count() -> int:
        def read() -> int:
            with store.read() as conn:
                return int(conn.execute("SELECT count(*) FROM memories").fetchone()[0])

        return await hass.async_add_executor_job(read)

    return count


# -- reading ---------------------------------------------------------------------------


async def test_info_says_who_asks_and_what_they_may_do(
    hass: HomeAssistant,
    admin: Client,
    anna: Client,
    guest: Client,
    user_anna: MockUser,
) -> None:
    """info names the user, their rights, the filter choices and their own counts."""
    await remember(
        hass, user_anna, "Anna's diary is in the drawer", visibility="private"
    )
    await remember(hass, user_anna, "The spare key is under the pot")
    mine = await anna.ok("info")
    assert mine["user"] == {
        "id": user_anna.id,
        "name": "Anna",
        "is_admin": False,
        "can_write": True,
    }
    # Everyone has the three tiers: a non-admin's hold their own private ones.
    assert mine["tiers"] == ["active", "deleted", "archived"]
    assert mine["counts"] == {
        "active": 2,
        "private": 1,
        "deleted": 0,
        "archived": 0,
        "proposals": 0,
    }
    assert mine["origins"] == ["voice", "action", "observed", "extracted", "imported"]
    assert "fact" in mine["kinds"]
    assert "significant" in mine["weight_classes"]
    assert 0 < mine["search_min_relevance"] < 1
    boss = await admin.ok("info")
    assert boss["user"]["is_admin"]
    assert boss["user"]["can_write"]
    assert boss["tiers"] == ["active", "deleted", "archived"]
    # The admin does not count Anna's private memory.
    assert boss["counts"] == {
        "active": 1,
        "private": 0,
        "deleted": 0,
        "archived": 0,
        "proposals": 0,
    }
    reader = await guest.ok("info")
    assert reader["user"]["can_write"] is False


async def test_info_names_each_person_once(
    hass: HomeAssistant, anna: Client, user_anna: MockUser
) -> None:
    """info's people holds each name once, as the people filter compares them."""
    hass.states.async_set("person.anna", "home", {"friendly_name": "Anna"})
    hass.states.async_set("person.anna_2", "away", {"friendly_name": "Anna"})
    hass.states.async_set("person.ben", "home", {"friendly_name": "Ben"})
    await remember(hass, user_anna, "Anna and Ben share the car", people=["ANNA"])
    await remember(hass, user_anna, "Carla waters the plants", people=["Carla"])
    people = (await anna.ok("info"))["people"]
    assert sorted(name.casefold() for name in people) == ["anna", "ben", "carla"]
    assert people[:2] == ["Anna", "Ben"]


async def test_list_pages_by_cursor_with_filters(
    hass: HomeAssistant, anna: Client, user_anna: MockUser
) -> None:
    """list pages newest first by cursor; each filter narrows; total on page one."""
    for number in range(7):
        await remember(
            hass,
            user_anna,
            f"Plant number {number} needs water on day {number}",
            tags=["garden"] if number % 2 else [],
            people=["Ben"] if number == 3 else [],
            kind="routine" if number == 5 else "fact",
        )
    first = await anna.ok("list", limit=3)
    assert first["total"] == 7
    assert len(first["memories"]) == 3
    second = await anna.ok("list", limit=3, cursor=first["next_cursor"])
    third = await anna.ok("list", limit=3, cursor=second["next_cursor"])
    assert second["total"] is None
    assert third["next_cursor"] is None
    texts = [m["content"] for page in (first, second, third) for m in page["memories"]]
    assert texts == [
        f"Plant number {n} needs water on day {n}" for n in range(6, -1, -1)
    ]
    assert first["memories"][0]["origin"] == "action"
    assert first["memories"][0]["owner_name"] == "Anna"

    tagged = await anna.ok("list", tags=["garden"])
    assert tagged["total"] == 3
    people = await anna.ok("list", people=["ben"])
    assert [m["content"] for m in people["memories"]] == [texts[3]]
    routines = await anna.ok("list", kinds=["routine"])
    assert routines["total"] == 1
    assert (await anna.ok("list", origins=["voice"]))["total"] == 0
    assert (await anna.ok("list", visibility="private"))["total"] == 0
    later = await anna.ok("list", created_after="2999-01-01")
    assert later["total"] == 0
    assert later["memories"] == []


async def test_a_cursor_works_only_for_its_own_request(
    hass: HomeAssistant, anna: Client, ben: Client, user_anna: MockUser
) -> None:
    """A cursor used with other filters, by another user or forged is invalid_cursor."""
    for number in range(3):
        await remember(hass, user_anna, f"Shared note {number} for the house")
    first = await anna.ok("list", limit=1)
    cursor = first["next_cursor"]
    for client, fields in (
        (anna, {"tags": ["other"]}),
        (ben, {}),
        (anna, {"cursor": "not-a-cursor"}),
        (anna, {"cursor": encode_cursor([1.0, 2**70], "0" * 16)}),
    ):
        error = await client.error("list", limit=1, **({"cursor": cursor} | fields))
        assert error["code"] == "invalid_format"
        assert error["translation_key"] == "invalid_cursor"
    digest = json.loads(
        __import__("base64").urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
    )[-1]
    assert decode_cursor(cursor, digest, (float, int))


async def test_non_admins_see_no_household_memory_in_the_admin_tiers(
    hass: HomeAssistant, anna: Client, guest: Client, user_anna: MockUser
) -> None:
    """A forgotten household memory is an admin's: others neither see nor move it."""
    memory = await remember(hass, user_anna, "An old note to forget")
    await anna.ok("forget", memory_ids=[memory["id"]])
    for client in (anna, guest):
        for command, fields in (
            ("list", {"tier": "deleted"}),
            ("list", {"tier": "archived"}),
            ("search", {"query": "old note", "tier": "deleted"}),
        ):
            found = await client.ok(command, **fields)
            assert found["memories"] == [], (command, found)
            assert found["total"] == 0
        for command, fields in (
            ("export", {"all_tiers": True}),
            ("audit_log", {}),
        ):
            error = await client.error(command, **fields)
            assert error["code"] == "unauthorized", (command, error)
            assert error["translation_key"] == "admin_required"
        # Nor does the forgotten memory show anywhere else.
        assert (await client.ok("list"))["total"] == 0
        error = await client.error("get", memory_id=memory["id"])
        assert error["translation_key"] == "memory_not_found"
    # Purging it is an admin's (a read-only user changes nothing); restoring
    # it is also whoever forgot it (review s21: undo a mistake).
    for client, key in ((anna, "admin_required"), (guest, "read_only_user")):
        error = await client.error("purge", memory_ids=[memory["id"]])
        assert error["code"] == "unauthorized", error
        assert error["translation_key"] == key
    error = await guest.error("restore", memory_ids=[memory["id"]])
    assert error["translation_key"] == "read_only_user"
    assert (await anna.ok("restore", memory_ids=[memory["id"]])) == {
        "restored": [memory["id"]]
    }


async def test_private_memories_never_reach_another_user(
    hass: HomeAssistant,
    admin: Client,
    anna: Client,
    ben: Client,
    guest: Client,
    user_anna: MockUser,
) -> None:
    """Anna's private memory is hers alone: list, search, get, export, history."""
    private = await remember(
        hass, user_anna, "Anna's surprise party plan is secret", visibility="private"
    )
    shared = await remember(hass, user_anna, "The party food is in the garage")
    assert {m["id"] for m in (await anna.ok("list"))["memories"]} == {
        private["id"],
        shared["id"],
    }
    assert (await anna.ok("get", memory_id=private["id"]))["memory"]["id"] == private[
        "id"
    ]
    for other in (admin, ben, guest):
        listed = await other.ok("list")
        assert [m["id"] for m in listed["memories"]] == [shared["id"]]
        assert listed["total"] == 1
        found = await other.ok("search", query="surprise party plan secret")
        assert private["id"] not in {m["id"] for m in found["memories"]}
        error = await other.error("get", memory_id=private["id"])
        assert error["code"] == "not_found"
        assert error["translation_key"] == "memory_not_found"
        exported = await other.ok("export")
        assert private["id"] not in {
            json.loads(line)["id"] for line in exported["lines"]
        }
        assert "secret" not in json.dumps(exported)
    # The admin's all-tier export leaves it out too.
    every_tier = await admin.ok("export", all_tiers=True)
    assert "secret" not in json.dumps(every_tier)
    # Nor can anyone else change, forget or revert it.
    for other in (admin, ben):
        for command, fields in (
            ("update", {"content": "cancelled"}),
            ("revert", {"version": 1}),
        ):
            error = await other.error(command, memory_id=private["id"], **fields)
            assert error["translation_key"] == "memory_not_found"
        error = await other.error("forget", memory_ids=[private["id"]])
        assert error["translation_key"] == "memory_not_found"
    assert (await anna.ok("get", memory_id=private["id"]))["memory"]["tier"] == (
        "active"
    )


async def test_search_shows_relevance_and_the_floor(
    hass: HomeAssistant, anna: Client, user_anna: MockUser
) -> None:
    """search ranks as Assist does, with relevance, score and the floor applied."""
    await remember(hass, user_anna, "The boiler is serviced every October")
    await remember(hass, user_anna, "Ben's bike is in the shed")
    result = await anna.ok("search", query="when is the boiler serviced")
    assert result["memories"][0]["content"] == "The boiler is serviced every October"
    top = result["memories"][0]
    assert 0 < top["relevance"] <= 1
    assert 0 < top["score"] <= 1
    assert result["min_relevance"] == (await anna.ok("info"))["search_min_relevance"]
    assert result["retrieval_mode"]
    strict = await anna.ok("search", query="boiler serviced", min_relevance=1.0)
    assert strict["memories"] == []
    assert strict["min_relevance"] == 1.0
    # FTS syntax is plain text, not a query language.
    for hostile in ('NEAR("boiler" x) OR *', 'boiler" AND "', "^*:(", "-- ;"):
        assert (await anna.ok("search", query=hostile))["memories"] is not None


async def test_get_explains_decay_source_and_history(
    hass: HomeAssistant, anna: Client, user_anna: MockUser
) -> None:
    """get returns the memory, the parts of its decay, its origin and its versions."""
    memory = await remember(hass, user_anna, "The gate code is 1234")
    await anna.ok(
        "update",
        memory_id=memory["id"],
        content="The gate code is 4321",
        expected_version=memory["version"],
    )
    got = await anna.ok("get", memory_id=memory["id"])
    assert got["memory"]["content"] == "The gate code is 4321"
    decay = got["decay"]
    assert 0 < decay["factor"] <= 1
    assert decay["half_life_days"] > 0
    assert 0 <= decay["effective_importance_now"] <= 1
    # Retention's parts (docs/retention.md): no class weight, use reinforces.
    assert decay["reinforcement"] == pytest.approx(
        decay["access_bonus"] / 0.5, abs=1e-3
    )
    assert decay["effective_importance_now"] == pytest.approx(
        got["memory"]["importance"] * decay["factor"] * decay["reinforcement"],
        abs=1e-3,
    )
    assert got["provenance"]["origin"] == "action"
    assert got["provenance"]["conversation"] is None
    assert [h["content"] for h in got["history"]] == ["The gate code is 1234"]
    assert got["history"][0]["replaced_by"] == user_anna.id
    assert got["history"][0]["replaced_by_name"] == "Anna"


async def test_voice_memory_names_the_turn_it_came_from(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    anna: Client,
    ben: Client,
    user_anna: MockUser,
) -> None:
    """A memory said in a conversation shows that turn to its speaker only."""
    from custom_components.home_memory.memory.conversation.sessions import (
        ChatMessage,
        MessageRole,
        SessionRole,
    )
    from custom_components.home_memory.operations.proposals import session_store

    data = runtime(init_integration)
    sessions = session_store(data)
    now = data.store.now()
    await hass.async_add_executor_job(
        partial(
            sessions.record,
            conversation_id="conv-1",
            owner=user_anna.id,
            role=SessionRole.USER,
            messages=[
                ChatMessage(
                    MessageRole.USER, "remember the bins go out on monday", now - 2
                ),
                ChatMessage(MessageRole.ASSISTANT, "I'll remember that", now - 1),
            ],
        )
    )
    created = await hass.async_add_executor_job(
        data.store.create,
        NewMemory(
            content="The bins go out on Monday",
            source_ids=("conv-1",),
            speaker=user_anna.id,
            owner=user_anna.id,
        ),
        Caller(user_anna.id),
    )
    memory_id = created.memory.id
    mine = await anna.ok("get", memory_id=memory_id)
    assert mine["memory"]["origin"] == "voice"
    conversation = mine["provenance"]["conversation"]
    assert conversation["conversation_id"] == "conv-1"
    assert [t["text"] for t in conversation["turns"]] == [
        "remember the bins go out on monday",
        "I'll remember that",
    ]
    theirs = await ben.ok("get", memory_id=memory_id)
    assert theirs["provenance"]["conversation"]["turns"] == []
    # The id would reopen Anna's conversation: Ben is not given it.
    assert theirs["provenance"]["conversation"]["conversation_id"] is None
    assert theirs["memory"]["source_ids"] == ["conversation"]


async def test_get_lists_the_events_an_observed_memory_was_told_from(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    admin: Client,
    anna: Client,
    ben: Client,
) -> None:
    """An observed memory's get lists its changes as recorded, kept across a
    forget for the admin; Ben, who may not read it forgotten, gets none."""
    observer = runtime(init_integration).observer
    assert observer is not None
    door = {"friendly_name": "Front Door", "device_class": "door"}
    hass.states.async_set("binary_sensor.front_door", "off", door)
    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen"})
    await hass.async_block_till_done()
    await observer.async_flush()
    await call(hass, "close_segment")
    hass.states.async_set("binary_sensor.front_door", "on", door)
    hass.states.async_set("light.kitchen", "on", {"friendly_name": "Kitchen"})
    await hass.async_block_till_done()
    await observer.async_flush()
    (memory_id,) = (await call(hass, "close_segment"))["memory_ids"]

    got = await anna.ok("get", memory_id=memory_id)

    provenance = got["provenance"]
    assert provenance["origin"] == "observed"
    events = provenance["events"]
    assert [(e["entity_id"], e["old_state"], e["new_state"]) for e in events] == [
        ("binary_sensor.front_door", "off", "on"),
        ("light.kitchen", "off", "on"),
    ]
    assert events[0]["name"] == "Front Door"
    assert events[0]["device_class"] == "door"
    assert set(events[0]) == {
        "at",
        "entity_id",
        "name",
        "area",
        "device_class",
        "old_state",
        "new_state",
    }
    assert all(e["at"].endswith("+00:00") for e in events)
    assert len(provenance["event_ids"]) == 2
    assert (await ben.ok("get", memory_id=memory_id))["provenance"] == provenance

    await admin.ok("forget", memory_ids=[memory_id])
    assert (await admin.ok("get", memory_id=memory_id))["provenance"] == provenance
    refused = await ben.error("get", memory_id=memory_id)
    assert refused["translation_key"] == "memory_not_found"


async def test_events_of_a_private_memory_stay_its_owner_s(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    anna: Client,
    ben: Client,
    user_anna: MockUser,
) -> None:
    """Whoever may not read a memory gets nothing of its events; its owner gets them."""
    from custom_components.home_memory.memory.observation.event_buffer import (
        EventBuffer,
        ObservedEvent,
    )

    store = runtime(init_integration).store
    buffer = EventBuffer(store)
    seqs = await hass.async_add_executor_job(
        buffer.append,
        [
            ObservedEvent(
                at=store.now(),
                entity_id="lock.diary_box",
                domain="lock",
                name="Diary box",
                old_state="locked",
                new_state="unlocked",
            )
        ],
    )

    def write() -> str:
        (result,) = store.create_many(
            [
                NewMemory(
                    content="Anna opened her diary box.",
                    visibility=Visibility.PRIVATE,
                    owner=user_anna.id,
                    source_ids=tuple(f"event:{seq}" for seq in seqs),
                )
            ],
            Caller(user_anna.id),
            in_transaction=lambda conn, results: EventBuffer.consume(
                conn, seqs, results[0].memory.id
            ),
        )
        return result.memory.id

    memory_id = await hass.async_add_executor_job(write)
    mine = await anna.ok("get", memory_id=memory_id)
    assert [e["name"] for e in mine["provenance"]["events"]] == ["Diary box"]
    refused = await ben.error("get", memory_id=memory_id)
    assert refused["code"] == "not_found"
    assert "Diary" not in json.dumps(refused)


async def test_export_pages_join_into_the_export_file(
    hass: HomeAssistant, anna: Client, user_anna: MockUser
) -> None:
    """export hands out every visible memory once, a page at a time."""
    for number in range(5):
        await remember(hass, user_anna, f"Exported fact number {number}")
    lines: list[str] = []
    cursor = None
    while True:
        page = await anna.ok(
            "export", limit=2, **({"cursor": cursor} if cursor else {})
        )
        assert page["count"] == len(page["lines"]) <= 2
        lines.extend(page["lines"])
        if (cursor := page["next_cursor"]) is None:
            break
    assert sorted(json.loads(line)["content"] for line in lines) == [
        f"Exported fact number {n}" for n in range(5)
    ]


async def test_audit_log_is_for_admins_and_pages(
    hass: HomeAssistant, admin: Client, user_anna: MockUser
) -> None:
    """audit_log lists log rows newest first by cursor, without others' private rows."""
    for number in range(3):
        await remember(hass, None, f"Logged fact number {number}")
    await remember(hass, user_anna, "Anna's private log line", visibility="private")
    first = await admin.ok("audit_log", limit=2)
    assert len(first["entries"]) == 2
    assert first["next_cursor"]
    rest = await admin.ok("audit_log", limit=50, cursor=first["next_cursor"])
    entries = first["entries"] + rest["entries"]
    assert [e["operation"] for e in entries] == ["create"] * 3
    assert rest["next_cursor"] is None


async def test_audit_log_hides_recalls_of_someone_elses_private_memory(
    hass: HomeAssistant,
    admin: Client,
    user_ben: MockUser,
    init_integration: MockConfigEntry,
) -> None:
    """An access row lists only ids the reader may see; all hidden, no row."""
    private = await remember(
        hass, user_ben, "Ben's gym locker code is 4711", visibility="private"
    )
    shared = await remember(hass, user_ben, "The gym locker key hangs by the door")
    found = await call(hass, "search", {"query": "gym locker"}, user=user_ben)
    assert private["id"] in json.dumps(found)
    entries = (await admin.ok("audit_log", limit=50))["entries"]
    assert private["id"] not in json.dumps(entries)
    assert shared["id"] in json.dumps(
        [e for e in entries if e["operation"] == "access"]
    )
    # The owner still sees their own recalls.
    own = await hass.async_add_executor_job(
        partial(
            runtime(init_integration).store.log_entries,
            caller=Caller(user_id=user_ben.id),
        )
    )
    assert private["id"] in json.dumps([e.details for e in own])
    # The admin's all-tier audit reads the same filtered log.
    audit = await call(
        hass, "search_all_tiers", {"query": "gym locker", "include_log": True}
    )
    assert private["id"] not in json.dumps(audit)


# -- writing ---------------------------------------------------------------------------


async def test_update_refuses_a_stale_version_and_revert_undoes(
    hass: HomeAssistant, anna: Client, user_anna: MockUser, rows: Any
) -> None:
    """An edit of an outdated version is refused; revert brings a version back."""
    memory = await remember(hass, user_anna, "The wifi password is on the fridge")
    edited = await anna.ok(
        "update",
        memory_id=memory["id"],
        content="The wifi password is in the drawer",
        expected_version=memory["version"],
    )
    assert edited["memory"]["version"] == memory["version"] + 1
    stale = await anna.error(
        "update",
        memory_id=memory["id"],
        content="The wifi password is lost",
        expected_version=memory["version"],
    )
    assert stale["code"] == "not_allowed"
    assert stale["translation_key"] == "memory_changed"
    reverted = await anna.ok(
        "revert",
        memory_id=memory["id"],
        version=memory["version"],
        expected_version=edited["memory"]["version"],
    )
    assert reverted["memory"]["content"] == "The wifi password is on the fridge"
    history = (await anna.ok("get", memory_id=memory["id"]))["history"]
    assert "The wifi password is in the drawer" in [h["content"] for h in history]
    missing = await anna.error("revert", memory_id=memory["id"], version=99)
    assert missing["code"] == "not_found"
    assert missing["translation_key"] == "version_not_found"
    nothing = await anna.error("update", memory_id=memory["id"])
    assert nothing["translation_key"] == "nothing_to_change"
    assert await rows() == 1


async def test_an_edit_that_changes_nothing_writes_no_version(
    hass: HomeAssistant, anna: Client, user_anna: MockUser
) -> None:
    """update with the memory's own text answers changed false, same version."""
    memory = await remember(hass, user_anna, "The hose is in the shed")
    same = await anna.ok("update", memory_id=memory["id"], content=memory["content"])
    assert same["changed"] is False
    assert same["memory"]["version"] == memory["version"]
    edited = await anna.ok(
        "update", memory_id=memory["id"], content="The hose is in the garage"
    )
    assert edited["changed"] is True
    history = (await anna.ok("get", memory_id=memory["id"]))["history"]
    assert [h["version"] for h in history] == [memory["version"]]


async def test_a_revert_to_what_the_memory_says_now_writes_nothing(
    hass: HomeAssistant, anna: Client, user_anna: MockUser
) -> None:
    """revert answers changed: false (same version, no history) when nothing differs."""
    memory = await remember(hass, user_anna, "The bike pump is in the hall")
    edited = await anna.ok(
        "update", memory_id=memory["id"], content="The bike pump is in the shed"
    )
    back = await anna.ok("revert", memory_id=memory["id"], version=memory["version"])
    assert back["changed"] is True
    assert back["memory"]["version"] == edited["memory"]["version"] + 1
    again = await anna.ok("revert", memory_id=memory["id"], version=memory["version"])
    assert again["changed"] is False
    assert again["memory"]["version"] == back["memory"]["version"]
    history = (await anna.ok("get", memory_id=memory["id"]))["history"]
    assert [h["version"] for h in history] == [
        edited["memory"]["version"],
        memory["version"],
    ]


async def test_an_empty_place_clears_it_and_revert_brings_it_back(
    hass: HomeAssistant, anna: Client, user_anna: MockUser
) -> None:
    """update with location "" empties it; revert to the first version restores it."""
    memory = await remember(hass, user_anna, "The ladder hangs here", location="garage")
    cleared = await anna.ok("update", memory_id=memory["id"], location="")
    assert cleared["memory"]["location"] is None
    back = await anna.ok("revert", memory_id=memory["id"], version=memory["version"])
    assert back["memory"]["location"] == "garage"
    again = await anna.ok(
        "revert", memory_id=memory["id"], version=cleared["memory"]["version"]
    )
    assert again["memory"]["location"] is None


async def test_forget_restore_purge(
    hass: HomeAssistant,
    admin: Client,
    anna: Client,
    guest: Client,
    user_anna: MockUser,
    rows: Any,
) -> None:
    """A writer forgets; an admin sees the deleted tier, restores and purges."""
    memory = await remember(hass, user_anna, "The old car was sold")
    refused = await guest.error("forget", memory_ids=[memory["id"]])
    assert refused["code"] == "unauthorized"
    assert refused["translation_key"] == "read_only_user"
    stale = await anna.error(
        "forget",
        memory_ids=[memory["id"]],
        expected_versions={memory["id"]: memory["version"] + 1},
    )
    assert stale["translation_key"] == "memory_changed"
    assert (await anna.ok("list"))["total"] == 1
    assert (await anna.ok("forget", memory_ids=[memory["id"]]))["forgotten"] == [
        memory["id"]
    ]
    deleted = await admin.ok("list", tier="deleted")
    assert [m["id"] for m in deleted["memories"]] == [memory["id"]]
    assert deleted["memories"][0]["tier"] == "deleted"
    assert (await admin.ok("restore", memory_ids=[memory["id"]]))["restored"] == [
        memory["id"]
    ]
    assert (await anna.ok("list"))["total"] == 1
    assert (await admin.ok("purge", memory_ids=[memory["id"]]))["purged"] == [
        memory["id"]
    ]
    assert await rows() == 0


# -- the owner of a private memory manages it (docs/websocket-api.md) -------------


async def _forgotten(
    hass: HomeAssistant, user: MockUser, client: Client, content: str, **fields: Any
) -> dict[str, Any]:
    """A memory `user` remembered and `client` forgot at once."""
    memory = await remember(hass, user, content, **fields)
    assert (await client.ok("forget", memory_ids=[memory["id"]]))["forgotten"] == [
        memory["id"]
    ]
    return memory


async def test_an_owner_restores_and_purges_their_own_private_memory(
    hass: HomeAssistant,
    admin: Client,
    anna: Client,
    ben: Client,
    user_anna: MockUser,
    user_ben: MockUser,
    rows: Any,
) -> None:
    """Ben finds, restores and purges his own forgotten memory; no one else sees it."""
    household = await _forgotten(hass, user_anna, anna, "The old bike was given away")
    annas = await _forgotten(
        hass, user_anna, anna, "Anna's diary key is hidden", visibility="private"
    )
    bens = await _forgotten(
        hass, user_ben, ben, "Ben's savings plan for a boat", visibility="private"
    )
    # Ben's deleted tier holds his private memory only.
    listed = await ben.ok("list", tier="deleted")
    assert [m["id"] for m in listed["memories"]] == [bens["id"]]
    assert listed["total"] == 1
    found = await ben.ok("search", query="savings plan boat diary bike", tier="deleted")
    assert [m["id"] for m in found["memories"]] == [bens["id"]]
    assert (await ben.ok("list", tier="deleted", visibility="household"))["total"] == 0
    assert (await ben.ok("list", tier="archived"))["total"] == 0
    got = await ben.ok("get", memory_id=bens["id"])
    assert got["memory"]["tier"] == "deleted"
    assert got["may_manage"] is True
    # Anna's deleted tier holds hers; the admin's the household's, never theirs.
    anna_listed = await anna.ok("list", tier="deleted")
    assert [m["id"] for m in anna_listed["memories"]] == [annas["id"]]
    admin_listed = await admin.ok("list", tier="deleted")
    assert [m["id"] for m in admin_listed["memories"]] == [household["id"]]
    admin_found = await admin.ok("search", query="savings plan boat", tier="deleted")
    assert bens["id"] not in {m["id"] for m in admin_found["memories"]}
    for command, fields in (
        ("get", {"memory_id": bens["id"]}),
        ("restore", {"memory_ids": [bens["id"]]}),
        ("purge", {"memory_ids": [bens["id"]]}),
        ("purge", {"memory_ids": [bens["id"]], "tier": "deleted"}),
    ):
        error = await admin.error(command, **fields)
        assert error["code"] == "not_found", (command, error)
        assert error["translation_key"] == "memory_not_found"
    assert "boat" not in json.dumps(await admin.ok("export", all_tiers=True))
    # Ben brings it back, forgets it again and purges it for good.
    assert (await ben.ok("restore", memory_ids=[bens["id"]]))["restored"] == [
        bens["id"]
    ]
    assert bens["id"] in {m["id"] for m in (await ben.ok("list"))["memories"]}
    await ben.ok("forget", memory_ids=[bens["id"]])
    assert (await ben.ok("purge", memory_ids=[bens["id"]], tier="deleted"))[
        "purged"
    ] == [bens["id"]]
    error = await ben.error("get", memory_id=bens["id"])
    assert error["translation_key"] == "memory_not_found"
    assert await rows() == 2


async def test_nobody_restores_or_purges_what_is_not_theirs(
    hass: HomeAssistant,
    admin: Client,
    anna: Client,
    ben: Client,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Ben moves neither a household memory nor Anna's; one refusal stops all."""
    household = await _forgotten(hass, user_anna, anna, "The old sofa went to Carla")
    annas = await _forgotten(
        hass, user_anna, anna, "Anna's secret recipe", visibility="private"
    )
    bens = await _forgotten(
        hass, user_ben, ben, "Ben's gift list", visibility="private"
    )
    for command in ("restore", "purge"):
        error = await ben.error(command, memory_ids=[household["id"]])
        assert error["code"] == "unauthorized", (command, error)
        assert error["translation_key"] == "admin_required"
        # His own memory named beside it is not moved either.
        error = await ben.error(command, memory_ids=[bens["id"], household["id"]])
        assert error["translation_key"] == "admin_required"
        error = await ben.error(command, memory_ids=[annas["id"]])
        assert error["code"] == "not_found", (command, error)
        assert error["translation_key"] == "memory_not_found"
    assert (await anna.ok("get", memory_id=annas["id"]))["memory"]["tier"] == (
        "deleted"
    )
    assert (await ben.ok("get", memory_id=bens["id"]))["memory"]["tier"] == "deleted"
    assert (await admin.ok("get", memory_id=household["id"]))["memory"]["tier"] == (
        "deleted"
    )
    # The actions follow the same rule: the household's memory is refused,
    # translated, and Ben's own named beside it does not move either.
    for action in ("restore", "purge"):
        with pytest.raises(ServiceValidationError) as err:
            await call(
                hass, action, {"ids": [bens["id"], household["id"]]}, user=user_ben
            )
        assert err.value.translation_key == "admin_required"
    assert (await ben.ok("get", memory_id=bens["id"]))["memory"]["tier"] == "deleted"


async def test_get_says_who_may_restore_and_purge(
    hass: HomeAssistant,
    admin: Client,
    anna: Client,
    guest: Client,
    user_anna: MockUser,
    hass_admin_user: MockUser,
) -> None:
    """may_manage: an admin for the household's and their own, an owner for theirs."""
    shared = await remember(hass, user_anna, "The boiler was serviced in May")
    annas = await remember(hass, user_anna, "Anna's PIN hint", visibility="private")
    admins = await remember(
        hass, hass_admin_user, "The admin's own note", visibility="private"
    )
    for client, memory, expected in (
        (admin, shared, True),
        (admin, admins, True),
        (anna, shared, False),
        (anna, annas, True),
        (guest, shared, False),
    ):
        got = await client.ok("get", memory_id=memory["id"])
        assert got["may_manage"] is expected, (memory["content"], got)


async def test_a_purge_for_a_tier_spares_a_memory_that_left_it(
    hass: HomeAssistant,
    admin: Client,
    anna: Client,
    ben: Client,
    user_anna: MockUser,
    user_ben: MockUser,
    rows: Any,
) -> None:
    """A purge for tier deleted after a restore is memory_changed; nothing purged."""
    shared = await _forgotten(hass, user_anna, anna, "The garage code was changed")
    bens = await _forgotten(hass, user_ben, ben, "Ben's diary", visibility="private")
    await admin.ok("restore", memory_ids=[shared["id"]])
    await ben.ok("restore", memory_ids=[bens["id"]])
    for client, memory in ((admin, shared), (ben, bens)):
        error = await client.error("purge", memory_ids=[memory["id"]], tier="deleted")
        assert error["code"] == "not_allowed", error
        assert error["translation_key"] == "memory_changed"
        got = await client.ok("get", memory_id=memory["id"])
        assert got["memory"]["tier"] == "active"
    # Named for a tier it is not in (deleted, shown as archived): not purged.
    await admin.ok("forget", memory_ids=[shared["id"]])
    error = await admin.error("purge", memory_ids=[shared["id"]], tier="archived")
    assert error["translation_key"] == "memory_changed"
    assert await rows() == 2
    # Without a tier an admin purges as before, active memories included.
    assert (await admin.ok("purge", memory_ids=[shared["id"]]))["purged"] == [
        shared["id"]
    ]
    assert (await ben.ok("purge", memory_ids=[bens["id"]], tier="active"))[
        "purged"
    ] == [bens["id"]]
    assert await rows() == 0
    error = await admin.error("purge", memory_ids=["x"], tier="gone")
    assert error["translation_key"] == "invalid_field"


async def test_subscription_tells_the_owner_of_their_private_memory_moving(
    hass: HomeAssistant,
    admin: Client,
    anna: Client,
    ben: Client,
    user_ben: MockUser,
) -> None:
    """Ben hears his private memory forgotten, restored and purged; nobody else does."""
    for client in (admin, anna, ben):
        assert (await client.answer("subscribe"))["success"]
    bens = await remember(hass, user_ben, "Ben's boat fund", visibility="private")
    assert [e["type"] for e in await ben.events(1)] == ["created"]
    await ben.ok("forget", memory_ids=[bens["id"]])
    (event,) = await ben.events(1)
    assert (event["type"], event["memory_id"]) == ("forgotten", bens["id"])
    # Ben is shown it in his deleted tier.
    assert event["memory"]["tier"] == "deleted"
    await ben.ok("restore", memory_ids=[bens["id"]])
    (event,) = await ben.events(1)
    assert (event["type"], event["memory"]["tier"]) == ("restored", "active")
    await ben.ok("forget", memory_ids=[bens["id"]])
    await ben.ok("purge", memory_ids=[bens["id"]])
    assert [e["type"] for e in await ben.events(2)] == ["forgotten", "purged"]
    await admin.quiet()
    await anna.quiet()


async def test_info_counts_a_non_admin_s_own_deleted_memories(
    hass: HomeAssistant,
    admin: Client,
    anna: Client,
    ben: Client,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """counts.deleted: Ben's own private ones for Ben, the household's for the admin."""
    await _forgotten(hass, user_anna, anna, "The shed lock is broken")
    await _forgotten(hass, user_anna, anna, "Anna's old PIN", visibility="private")
    await _forgotten(hass, user_ben, ben, "Ben's old PIN", visibility="private")
    await _forgotten(hass, user_ben, ben, "Ben's other PIN", visibility="private")
    for client, deleted in ((ben, 2), (anna, 1), (admin, 1)):
        counts = (await client.ok("info"))["counts"]
        assert (counts["deleted"], counts["archived"]) == (deleted, 0), counts


async def test_proposals_inbox_confirm_reject_edit(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    anna: Client,
    ben: Client,
    guest: Client,
    user_anna: MockUser,
) -> None:
    """Proposals go to whom they belong; confirm, reject and edit decide them."""
    data = runtime(init_integration)
    added = await hass.async_add_executor_job(
        partial(
            proposal_store(data).add,
            [
                ProposalDraft(s, f"{s}.", MemoryKind.FACT, ())
                for s in (
                    "Anna likes green tea",
                    "Anna runs on Sundays",
                    "Anna's dentist is Dr Bell",
                )
            ],
            owner=user_anna.id,
            session_id=None,
            conversation_id=None,
        )
    )
    await async_refresh(hass, data)
    ids = [p.id for p in added]
    listed = await anna.ok("proposals")
    assert [p["id"] for p in listed["proposals"]] == ids
    assert (await ben.ok("proposals"))["proposals"] == []
    refused = await guest.error("proposals/answer", confirm=[ids[0]])
    assert refused["translation_key"] == "read_only_user"
    none = await anna.error("proposals/answer")
    assert none["code"] == "invalid_format"
    answered = await anna.ok("proposals/answer", confirm=[ids[0]], reject=[ids[1]])
    assert [m["content"] for m in answered["memories"]] == ["Anna likes green tea."]
    assert answered["memories"][0]["origin"] == "extracted"
    assert answered["rejected"] == [ids[1]]
    edited = await anna.ok(
        "proposals/edit",
        proposal_id=ids[2],
        content="Anna's dentist is Dr Bell in town",
    )
    assert edited["memory"]["content"] == "Anna's dentist is Dr Bell in town"
    assert (await anna.ok("proposals"))["proposals"] == []
    gone = await anna.error("proposals/answer", confirm=[ids[2]])
    assert gone["code"] == "not_found"
    assert gone["translation_key"] == "proposal_not_found"


async def test_pending_lists_what_the_observer_has_not_told(
    hass: HomeAssistant, init_integration: MockConfigEntry, anna: Client
) -> None:
    """pending counts the waiting changes and lists the oldest, readable ones."""
    observer = runtime(init_integration).observer
    assert observer is not None
    assert (await anna.ok("pending"))["events"] == 0
    hass.states.async_set("light.kitchen", "off", {"friendly_name": "Kitchen"})
    await hass.async_block_till_done()
    hass.states.async_set("light.kitchen", "on", {"friendly_name": "Kitchen"})
    await hass.async_block_till_done()
    await observer.async_flush()
    pending = await anna.ok("pending", limit=10)
    assert pending["events"] >= 1
    assert pending["oldest_event_at"]
    assert "light.kitchen" in [item["entity_id"] for item in pending["items"]]
    assert (await anna.ok("pending", limit=0))["items"] == []


async def test_pending_lists_only_entities_the_user_may_read(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    ben: Client,
    user_ben: MockUser,
) -> None:
    """A user whose permissions hide an entity sees the count, not its changes."""
    observer = runtime(init_integration).observer
    assert observer is not None
    hass.states.async_set("light.kitchen", "off")
    await hass.async_block_till_done()
    hass.states.async_set("light.kitchen", "on")
    await hass.async_block_till_done()
    await observer.async_flush()
    user_ben.mock_policy({"entities": {"entity_ids": {"light.hall": True}}})
    pending = await ben.ok("pending", limit=10)
    assert pending["events"] >= 1
    assert pending["items"] == []


# -- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "fields", "field"),
    [
        ("update", {"memory_id": "x", "content": "a\x00b"}, "content"),
        ("update", {"memory_id": "x", "tags": ["a\nb"]}, "tags.0"),
        ("update", {"memory_id": "x", "content": "x" * 9_000}, "content"),
        ("update", {"memory_id": "x", "importance": 7}, "importance"),
        ("update", {"memory_id": "x", "importance": True}, "importance"),
        ("update", {"memory_id": "x", "expected_version": "1"}, "expected_version"),
        ("list", {"limit": 0}, "limit"),
        ("list", {"limit": 10_000}, "limit"),
        ("list", {"kinds": ["nonsense"]}, "kinds.0"),
        ("list", {"tags": ["t"] * 51}, "tags"),
        ("list", {"created_after": "yesterday-ish"}, "created_after"),
        ("search", {"query": ""}, "query"),
        ("search", {"query": "q" * 1_001}, "query"),
        ("get", {"memory_id": ["x"]}, "memory_id"),
        ("get", {}, "memory_id"),
        ("forget", {"memory_ids": []}, "memory_ids"),
        ("forget", {"memory_ids": ["a"] * 501}, "memory_ids"),
        # Strict JSON types: no coercion of a value into a list or a string.
        ("list", {"kinds": "fact"}, "kinds"),
        ("list", {"people": [1]}, "people.0"),
        ("list", {"tags": "garage"}, "tags"),
        ("get", {"memory_id": 123}, "memory_id"),
        ("update", {"memory_id": "x", "people": "Anna"}, "people"),
        ("update", {"memory_id": "x", "importance": "0.5"}, "importance"),
        ("update", {"memory_id": "x", "clear_expiry": "yes"}, "clear_expiry"),
        ("forget", {"memory_ids": "x"}, "memory_ids"),
    ],
)
async def test_bad_fields_are_translated_errors_and_write_nothing(
    hass: HomeAssistant,
    anna: Client,
    user_anna: MockUser,
    rows: Any,
    command: str,
    fields: dict[str, Any],
    field: str,
) -> None:
    """A malformed field is invalid_format naming the field; nothing changes."""
    memory = await remember(hass, user_anna, "A memory that must stay as it is")
    error = await anna.error(command, **fields)
    assert error["code"] == "invalid_format"
    assert error["translation_key"] == "invalid_field"
    assert error["translation_placeholders"]["field"] == named(field)
    assert len(error["message"]) < 600
    got = await anna.ok("get", memory_id=memory["id"])
    assert got["memory"]["content"] == "A memory that must stay as it is"
    assert got["memory"]["version"] == memory["version"]
    assert await rows() == 1


async def test_an_unknown_field_is_named_with_the_accepted_ones(
    hass: HomeAssistant, anna: Client, user_anna: MockUser
) -> None:
    """A field a command does not take is named with the ones it takes."""
    memory = await remember(hass, user_anna, "The spare key is under the mat")
    error = await anna.error("update", memory_id=memory["id"], text="Gone")
    assert error["code"] == "invalid_format"
    assert error["translation_key"] == "unknown_field"
    assert error["message"].startswith(
        "Unknown field “text”: the fields are memory_id, expected_version, content,"
    ), error
    error = await anna.error("proposals", surprise=1)
    assert error["translation_key"] == "unknown_field_none_taken"
    got = await anna.ok("get", memory_id=memory["id"])
    assert got["memory"]["content"] == "The spare key is under the mat"


async def test_forget_refuses_versions_of_memories_it_does_not_forget(
    hass: HomeAssistant, anna: Client, user_anna: MockUser
) -> None:
    """expected_versions naming an id outside memory_ids is invalid; nothing goes."""
    memory = await remember(hass, user_anna, "The spare key is under the mat")
    for versions in ({"zzzz": 1}, {memory["id"]: memory["version"], "zzzz": 7}):
        error = await anna.error(
            "forget", memory_ids=[memory["id"]], expected_versions=versions
        )
        assert error["code"] == "invalid_format"
        assert error["translation_key"] == "invalid_field"
        assert error["translation_placeholders"]["field"] == "expected_versions"
        assert "zzzz" in error["message"]
    got = await anna.ok("get", memory_id=memory["id"])
    assert got["memory"]["tier"] == "active"


async def test_setting_and_clearing_expiry_at_once_is_said_plainly(
    hass: HomeAssistant, anna: Client, user_anna: MockUser
) -> None:
    """expires_at with clear_expiry is one plain translated error, also in update."""
    memory = await remember(hass, user_anna, "The parcel arrives this week")
    fields = {"expires_at": "2099-01-01T00:00:00+00:00", "clear_expiry": True}
    error = await anna.error("update", memory_id=memory["id"], **fields)
    assert error["code"] == "invalid_format"
    assert error["translation_key"] == "expiry_set_and_cleared"
    assert error["message"].startswith("Set an expiry or clear it, not both")
    with pytest.raises(ServiceValidationError) as caught:
        await call(hass, "update", {"id": memory["id"], **fields}, user=user_anna)
    assert caught.value.translation_key == "expiry_set_and_cleared"
    got = await anna.ok("get", memory_id=memory["id"])
    assert got["memory"]["version"] == memory["version"]


async def test_megabytes_of_text_are_a_translated_error(
    hass: HomeAssistant, anna: Client, user_anna: MockUser, rows: Any
) -> None:
    """3 MB of text is invalid_field naming, not echoing, it; nothing changes."""
    memory = await remember(hass, user_anna, "Unchanged by hostile text")
    big = await anna.error("update", memory_id=memory["id"], content="x" * 3_000_000)
    assert big["translation_key"] == "invalid_field"
    assert big["translation_placeholders"]["field"] == named("content")
    assert len(big["message"]) < 600
    got = await anna.ok("get", memory_id=memory["id"])
    assert got["memory"]["version"] == memory["version"]
    assert await rows() == 1


@pytest.mark.parametrize("expected_lingering_timers", [True])
@pytest.mark.parametrize(
    "content", ["broken \ud800 text", "y" * 10_000_000], ids=["surrogate", "10MB"]
)
async def test_a_lone_surrogate_or_10_mb_end_the_connection(
    hass: HomeAssistant,
    hass_ws_client: WebSocketGenerator,
    user_anna: MockUser,
    anna: Client,
    rows: Any,
    content: str,
) -> None:
    """Home Assistant's own reader ends the connection before any command runs."""
    memory = await remember(hass, user_anna, "Unchanged by hostile text")
    # json.dumps writes a lone surrogate as the escape \ud800, which Home
    # Assistant's JSON reader refuses; its server refuses messages over 4 MiB.
    raw = json.dumps(
        {
            "id": 1,
            "type": f"{DOMAIN}/update",
            "memory_id": memory["id"],
            "content": content,
        }
    )
    client = await hass_ws_client(hass, await user_token(hass, user_anna))
    try:
        await client.send_str(raw)
        closing = await client.receive()
        assert closing.type.name in {"CLOSE", "CLOSED", "CLOSING", "ERROR"}
    except ConnectionError:
        pass  # the server reset the connection while the message was sent
    await client.close()
    got = await anna.ok("get", memory_id=memory["id"])
    assert got["memory"]["content"] == "Unchanged by hostile text"
    assert got["memory"]["version"] == memory["version"]
    assert await rows() == 1


async def test_not_loaded_is_said(
    hass: HomeAssistant, init_integration: MockConfigEntry, anna: Client
) -> None:
    """With Home Memory unloaded, every command says it is not loaded."""
    await hass.config_entries.async_unload(init_integration.entry_id)
    error = await anna.error("list")
    assert error["translation_key"] == "not_loaded"
    assert error["code"] == "home_assistant_error"


# -- at once ---------------------------------------------------------------------------


async def test_two_edits_at_once_one_wins(
    hass: HomeAssistant, anna: Client, ben: Client, user_anna: MockUser
) -> None:
    """Two edits of the same version sent together: one is stored, the other refused."""
    memory = await remember(hass, user_anna, "The meeting is at noon")
    for client, text in (
        (anna, "The meeting is at one"),
        (ben, "The meeting is at two"),
    ):
        await client.ws.send_json_auto_id(
            {
                "type": f"{DOMAIN}/update",
                "memory_id": memory["id"],
                "content": text,
                "expected_version": memory["version"],
            }
        )
    answers = [await anna.ws.receive_json(), await ben.ws.receive_json()]
    assert sorted(a["success"] for a in answers) == [False, True]
    loser = next(a for a in answers if not a["success"])
    assert loser["error"]["translation_key"] == "memory_changed"
    final = await anna.ok("get", memory_id=memory["id"])
    assert final["memory"]["version"] == memory["version"] + 1


async def test_two_calls_on_one_connection_both_answer(
    hass: HomeAssistant, anna: Client, user_anna: MockUser
) -> None:
    """A list and a search sent back to back on one connection both get their answer."""
    await remember(hass, user_anna, "The plumber comes on Friday")
    await anna.ws.send_json_auto_id({"type": f"{DOMAIN}/list"})
    await anna.ws.send_json_auto_id({"type": f"{DOMAIN}/search", "query": "plumber"})
    answers = {}
    for _ in range(2):
        msg = await anna.ws.receive_json()
        answers[msg["id"]] = msg
    assert len(answers) == 2
    assert all(a["success"] for a in answers.values())


# -- live ------------------------------------------------------------------------------


async def test_subscription_pushes_changes_each_user_may_see(
    hass: HomeAssistant,
    admin: Client,
    anna: Client,
    ben: Client,
    user_anna: MockUser,
) -> None:
    """Each kind of change reaches exactly the users who may see the memory."""
    for client in (admin, anna, ben):
        assert (await client.answer("subscribe"))["success"]
    private = await remember(
        hass, user_anna, "Anna's secret plan", visibility="private"
    )
    shared = await remember(hass, user_anna, "Dinner is at seven")
    # Anna hears both, the others only the household one.
    anna_events = await anna.events(2)
    assert [(e["type"], e["memory"]["id"]) for e in anna_events] == [
        ("created", private["id"]),
        ("created", shared["id"]),
    ]
    for other in (admin, ben):
        (event,) = await other.events(1)
        assert event["type"] == "created"
        assert event["memory"]["id"] == shared["id"]
    # Made private: Anna gets the update, everyone else is told to drop it.
    await anna.ok("update", memory_id=shared["id"], visibility="private")
    (event,) = await anna.events(1)
    assert event["type"] == "updated"
    assert event["memory"]["visibility"] == "private"
    for other in (admin, ben):
        assert await other.events(1) == [{"type": "hidden", "memory_id": shared["id"]}]
    # Changes of a private memory from then on reach nobody else.
    await anna.ok("update", memory_id=shared["id"], content="Dinner is at eight")
    await anna.ok("update", memory_id=shared["id"], visibility="household")
    assert [e["type"] for e in await anna.events(2)] == ["updated", "updated"]
    for other in (admin, ben):
        (event,) = await other.events(1)
        assert event["type"] == "updated"
        assert event["memory"]["content"] == "Dinner is at eight"
    # Forgotten: admins get the deleted memory, others only the id.
    await anna.ok("forget", memory_ids=[shared["id"]])
    for client in (anna, ben):
        assert await client.events(1) == [
            {"type": "forgotten", "memory_id": shared["id"], "memory": None}
        ]
    (event,) = await admin.events(1)
    assert event["memory"]["tier"] == "deleted"
    await admin.ok("restore", memory_ids=[shared["id"]])
    for client in (admin, anna, ben):
        (event,) = await client.events(1)
        assert event["type"] == "restored"
        assert event["memory"]["tier"] == "active"
    await admin.ok("purge", memory_ids=[shared["id"]])
    for client in (admin, anna, ben):
        assert await client.events(1) == [{"type": "purged", "memory_id": shared["id"]}]
    # Nothing about Anna's private memory ever reached the others.
    await anna.ok("forget", memory_ids=[private["id"]])
    assert [e["type"] for e in await anna.events(1)] == ["forgotten"]
    await admin.quiet()
    await ben.quiet()


async def test_subscription_tells_about_proposals_of_their_owner_only(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    anna: Client,
    ben: Client,
    user_anna: MockUser,
) -> None:
    """A change in Anna's proposals is announced to Anna, not to Ben."""
    for client in (anna, ben):
        assert (await client.answer("subscribe"))["success"]
    data = runtime(init_integration)
    await hass.async_add_executor_job(
        partial(
            proposal_store(data).add,
            [ProposalDraft("Anna likes jazz", "Anna likes jazz.", MemoryKind.FACT, ())],
            owner=user_anna.id,
            session_id=None,
            conversation_id=None,
        )
    )
    await async_refresh(hass, data)
    assert await anna.events(1) == [{"type": "proposals"}]
    await ben.quiet()


async def test_unsubscribing_stops_the_events(
    hass: HomeAssistant, anna: Client, user_anna: MockUser
) -> None:
    """After unsubscribe_events no memory event arrives any more."""
    subscribed = await anna.answer("subscribe")
    await anna.ws.send_json_auto_id(
        {"type": "unsubscribe_events", "subscription": subscribed["id"]}
    )
    assert (await anna.ws.receive_json())["success"]
    await remember(hass, user_anna, "Nobody is told about this one")
    await anna.quiet()


async def test_a_demoted_admin_stops_getting_deleted_memories(
    hass: HomeAssistant,
    admin: Client,
    hass_admin_user: MockUser,
    user_anna: MockUser,
) -> None:
    """An old subscription follows the user's rights now, not when it began."""
    assert (await admin.answer("subscribe"))["success"]
    memory = await remember(hass, user_anna, "The shed roof leaks")
    assert [e["type"] for e in await admin.events(1)] == ["created"]
    await hass.auth.async_update_user(hass_admin_user, group_ids=[GROUP_ID_USER])
    await call(hass, "forget", {"ids": [memory["id"]]}, user=user_anna)
    assert await admin.events(1) == [
        {"type": "forgotten", "memory_id": memory["id"], "memory": None}
    ]
    # The household's deleted tier is no longer theirs to list.
    assert (await admin.ok("list", tier="deleted"))["total"] == 0


async def test_a_cursor_does_not_show_what_became_private(
    hass: HomeAssistant, anna: Client, ben: Client, user_ben: MockUser
) -> None:
    """A cursor taken before a memory turned private pages without it."""
    made = [await remember(hass, user_ben, f"Ben's note number {n}") for n in range(4)]
    first = await anna.ok("list", limit=1)
    assert first["memories"][0]["id"] == made[-1]["id"]
    await ben.ok("update", memory_id=made[1]["id"], visibility="private")
    rest = await anna.ok("list", limit=10, cursor=first["next_cursor"])
    assert [m["id"] for m in rest["memories"]] == [made[2]["id"], made[0]["id"]]


# -- scale -----------------------------------------------------------------------------


@pytest.mark.slow
async def test_paging_through_100000_memories(
    hass: HomeAssistant,
    init_integration: MockConfigEntry,
    anna: Client,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Cursor pages walk 100,000 memories once each, Ben's private ones never."""
    data = runtime(init_integration)
    store = data.store
    seeds, copies = 1_000, 100
    tick = [store.now() - 10 * seeds * copies]
    store.connections._clock = lambda: tick[0]

    def owner(n: int) -> tuple[str | None, Visibility]:
        if n % 10 == 0:
            return user_anna.id, Visibility.PRIVATE
        if n % 20 == 1:
            return user_ben.id, Visibility.PRIVATE
        return None, Visibility.HOUSEHOLD

    def build() -> None:
        rng = np.random.default_rng(7)
        for start in range(0, seeds, 100):
            items = [
                NewMemory(
                    content=f"bulk memory {n}",
                    owner=owner(n)[0],
                    visibility=owner(n)[1],
                )
                for n in range(start, start + 100)
            ]
            vectors = rng.standard_normal((100, 384)).astype(np.float32)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            store.create_many(items, Caller(user_anna.id), vectors=vectors, dedup=False)
            tick[0] += 1
        # create_many costs about a millisecond a memory here (100 s for
        # 100,000): the seeds are copied in SQL with new ids and times. A list
        # reads the memories table only, so the copies page like the seeds.
        with store.transaction() as conn:
            columns = [
                row[1]
                for row in conn.execute("PRAGMA table_info(memories)")
                if not row[5]  # the rowid key: SQLite numbers the copies
            ]
            names = ", ".join(columns)
            rows = conn.execute(f"SELECT {names} FROM memories").fetchall()
            at_id, at_created = columns.index("id"), columns.index("created_at")
            copied = []
            for copy in range(1, copies):
                for row in rows:
                    values = list(row)
                    values[at_id] = f"{row[at_id]}-{copy}"
                    values[at_created] = row[at_created] + copy * 10 * seeds
                    copied.append(values)
            conn.executemany(
                f"INSERT INTO memories ({names}) "
                f"VALUES ({', '.join('?' * len(columns))})",
                copied,
            )

    await hass.async_add_executor_job(build)
    visible = seeds * copies - seeds * copies // 20
    seen: set[str] = set()
    last = None
    cursor = None
    pages = 0
    while True:
        page = await anna.ok(
            "list", limit=200, **({"cursor": cursor} if cursor else {})
        )
        if pages == 0:
            assert page["total"] == visible
        else:
            assert page["total"] is None
        pages += 1
        for memory in page["memories"]:
            assert memory["id"] not in seen
            assert memory["owner"] != user_ben.id
            seen.add(memory["id"])
            if last is not None:
                assert memory["created_at"] <= last
            last = memory["created_at"]
        if (cursor := page["next_cursor"]) is None:
            break
    assert len(seen) == visible
    assert pages == -(-visible // 200)
