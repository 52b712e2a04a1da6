"""Property: no private text of one person ever reaches another, by any path.

Hypothesis generates programs of people writing memories (household or
private), changing their visibility, forgetting, restoring and purging them,
interleaved with reads by every person through every read surface: the
search, list and get actions, the recall tool with its pick and more
follow-ups (cursors kept across the program), the built-in agent's recall
sentence, the all-tier search with its
log, the sensors, the memory events, the prompt background, the diagnostics
and the export. A plain model keeps who owns each memory and whether it is
private; after every read, nothing the reader got may contain the text or the
id of a memory that is at that moment private to someone else (or was
private when it was purged).

One Home Assistant runs for the whole test: hypothesis drives it from an
executor thread (each step is a coroutine run on Home Assistant's loop), and
texts carry unique tokens, so examples never depend on each other.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
import itertools
from pathlib import Path
from typing import TYPE_CHECKING, Any

from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import intent, llm
from homeassistant.setup import async_setup_component
from hypothesis import HealthCheck, given, settings, strategies as st
import pytest

from custom_components.home_memory.assist.context import async_turn_context
from custom_components.home_memory.assist.intents import INTENT_RECALL
from custom_components.home_memory.const import (
    DOMAIN,
    EVENT_MEMORY_CREATED,
    EVENT_MEMORY_FORGOTTEN,
    EVENT_MEMORY_UPDATED,
)
from custom_components.home_memory.diagnostics import (
    async_get_config_entry_diagnostics,
)
from custom_components.home_memory.memory.common.values import Caller

if TYPE_CHECKING:
    from collections.abc import Coroutine

    from homeassistant.core import Event
    from pytest_homeassistant_custom_component.common import MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model")

PEOPLE = ("anna", "ben", "owner", "admin", "house")
ADMINS = ("owner", "admin", "house")  # "house": an automation, no user
WORDS = ("garden", "kitchen", "key", "boiler", "shed", "doctor", "car", "cat")
SURFACES = (
    "search",
    "list",
    "get",
    "recall",
    "sentence",
    "pick",
    "more",
    "all_tiers",
    "sensors",
    "context",
    "diagnostics",
    "export",
)
SETTINGS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@dataclass(slots=True)
class Known:
    """What the model knows of one memory."""

    memory_id: str
    token: str
    owner: str | None
    private: bool
    tier: str  # active, deleted or purged


@pytest.fixture(autouse=True)
async def setup_llm(hass: HomeAssistant) -> None:
    """The llm integration provides the Home Memory API's tools."""
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "llm", {})


class Household:
    """Drives one Home Assistant from hypothesis' thread; keeps the model."""

    def __init__(
        self,
        hass: HomeAssistant,
        entry: HomeMemoryConfigEntry,
        users: dict[str, MockUser | None],
    ) -> None:
        """Name the people; listen to the memory events."""
        self.hass = hass
        self.entry = entry
        self.users = users
        self.memories: list[Known] = []
        self.events: list[Event] = []
        self.counter = itertools.count()
        self.reads = 0
        self.checked = 0

    def user_id(self, person: str) -> str | None:
        """The Home Assistant user id of `person` (None for the house)."""
        user = self.users[person]
        return None if user is None else user.id

    def run[T](self, coro: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on Home Assistant's loop and wait for it."""
        return asyncio.run_coroutine_threadsafe(coro, self.hass.loop).result(60)

    # -- calls ---------------------------------------------------------------------

    async def action(self, person: str, service: str, data: dict[str, Any]) -> Any:
        """An action as `person`; a refusal is part of what they get."""
        try:
            return await self.hass.services.async_call(
                DOMAIN,
                service,
                data,
                blocking=True,
                return_response=True,
                context=Context(user_id=self.user_id(person)),
            )
        except HomeAssistantError as err:
            return {"refused": str(err), "placeholders": err.translation_placeholders}

    async def tool(self, person: str, name: str, args: dict[str, Any]) -> Any:
        """A Home Memory API tool call as `person` (state kept per speaker)."""
        llm_context = llm.LLMContext(
            platform="test",
            context=Context(user_id=self.user_id(person)),
            language="en",
            assistant="conversation",
            device_id=None,
        )
        instance = await llm.async_get_api(self.hass, DOMAIN, llm_context)
        result = await instance.async_call_tool(
            llm.ToolInput(tool_name=name, tool_args=args)
        )
        return result.data

    # -- the model's rule ----------------------------------------------------------

    def secrets_from(self, person: str) -> list[str]:
        """Tokens and ids of memories private to someone other than `person`."""
        reader = self.user_id(person)
        return [
            value
            for known in self.memories
            if known.private and known.owner != reader
            for value in (known.token, known.memory_id)
        ]

    def check(self, person: str, got: object, asked: str = "") -> None:
        """Nothing `person` got names another person's private memory.

        What the reader asked with (`asked`, a text or an id they typed) may
        come back in a refusal: that tells them nothing they did not know.
        """
        text = repr(got).replace(asked, "") if asked else repr(got)
        for secret in self.secrets_from(person):
            assert secret not in text, (person, secret, text[:2000])
        self.reads += 1

    # -- writes --------------------------------------------------------------------

    async def remember(self, person: str, private: bool, by_tool: bool) -> None:
        """Store a new memory with a unique token."""
        number = next(self.counter)
        token = f"zq{number}x"
        words = " ".join(WORDS[(number + i) % len(WORDS)] for i in range(2))
        content = f"Note {token} w{number}y about the {words}"
        private = private and person != "house"
        visibility = "private" if private else "household"
        if by_tool and person != "house":
            result = await self.tool(
                person, "remember", {"content": content, "visibility": visibility}
            )
            memory_id = result["id"]
        else:
            result = await self.action(
                person, "remember", {"content": content, "visibility": visibility}
            )
            memory_id = result["memory"]["id"]
        assert all(known.memory_id != memory_id for known in self.memories)
        self.memories.append(
            Known(memory_id, token, self.user_id(person), private, "active")
        )

    async def set_visibility(self, known: Known, private: bool, by_tool: bool) -> None:
        """The owner makes a memory private or household."""
        person = next(
            (p for p in PEOPLE if self.user_id(p) == known.owner and p != "house"),
            None,
        )
        if person is None or known.tier != "active":
            return
        visibility = "private" if private else "household"
        if by_tool:
            result = await self.tool(
                person,
                "update_memory",
                {"id": known.memory_id, "visibility": visibility},
            )
            # Setting the visibility it already has changes nothing.
            same = known.private == private
            assert result.get("result") == ("unchanged" if same else "updated"), result
        else:
            result = await self.action(
                person, "update", {"id": known.memory_id, "visibility": visibility}
            )
            assert "memory" in result, result
        known.private = private

    def someone_who_sees(self, known: Known, admin: bool = False) -> str | None:
        """A person (an admin if asked) who may see `known`."""
        for person in ADMINS if admin else PEOPLE:
            if not known.private or self.user_id(person) == known.owner:
                return person
        return None

    async def forget(self, known: Known) -> None:
        """Someone who sees it forgets an active memory."""
        person = self.someone_who_sees(known)
        if person is None or known.tier != "active":
            return
        result = await self.action(person, "forget", {"ids": [known.memory_id]})
        assert result == {"forgotten": [known.memory_id]}, result
        known.tier = "deleted"

    async def restore(self, known: Known) -> None:
        """An admin who sees it restores a forgotten memory."""
        person = self.someone_who_sees(known, admin=True)
        if person is None or known.tier != "deleted":
            return
        result = await self.action(person, "restore", {"ids": [known.memory_id]})
        assert result == {"restored": [known.memory_id]}, result
        known.tier = "active"

    async def purge(self, known: Known) -> None:
        """An admin who sees it purges a memory for good."""
        person = self.someone_who_sees(known, admin=True)
        if person is None or known.tier == "purged":
            return
        result = await self.action(person, "purge", {"ids": [known.memory_id]})
        assert result == {"purged": [known.memory_id]}, result
        known.tier = "purged"

    # -- reads ---------------------------------------------------------------------

    async def read(self, person: str, surface: str, target: Known | None) -> None:
        """`person` reads through `surface`, about `target`'s text or id."""
        query = f"{target.token} about" if target else "note about the garden"
        caller = Caller(user_id=self.user_id(person))
        got: object
        asked = ""
        if surface == "search":
            got = await self.action(person, "search", {"query": query})
        elif surface == "list":
            got = await self.action(person, "list", {"limit": 500})
        elif surface == "get":
            memory_id = asked = target.memory_id if target else "nope"
            got = await self.action(
                person, "get", {"id": memory_id, "include_history": True}
            )
        elif surface in ("recall", "pick", "more"):
            if person == "house":
                person = "anna"
                caller = Caller(user_id=self.user_id(person))
            args: dict[str, Any] = (
                {"query": query}
                if surface == "recall"
                else {"pick": 1 + (len(self.memories) % 4)}
                if surface == "pick"
                else {"more": True}
            )
            got = await self.tool(person, "recall", args)
        elif surface == "sentence":
            # "I don't remember anything about <query>" echoes the question;
            # a memory's text never reads "<token> about" (see remember).
            asked = query
            response = await intent.async_handle(
                self.hass,
                DOMAIN,
                INTENT_RECALL,
                {"query": {"value": query, "text": query}},
                f"what do you remember about {query}",
                Context(user_id=self.user_id(person)),
                "en",
                assistant="conversation",
            )
            got = response.speech
        elif surface == "all_tiers":
            person = person if person in ADMINS else "admin"
            got = await self.action(
                person, "search_all_tiers", {"query": query, "limit": 50}
            )
        elif surface == "sensors":
            got = await self.sensors()
        elif surface == "context":
            result = await async_turn_context(
                self.hass, self.entry.runtime_data, query, caller
            )
            got = None if result is None else result.text
        elif surface == "diagnostics":
            got = await async_get_config_entry_diagnostics(self.hass, self.entry)
            # Diagnostics hold no memory text at all.
            for known in self.memories:
                assert known.token not in repr(got)
        else:
            person = person if person in ADMINS else "owner"
            got = await self.export(person)
        self.check(person, got, asked)

    async def export(self, person: str) -> str:
        """The export file an admin's export action writes."""
        result = await self.action(person, "export", {})
        return await self.hass.async_add_executor_job(
            Path(result["path"]).read_text, "utf-8"
        )

    async def sensors(self) -> list[Any]:
        """Every sensor, refreshed; the active count is the household's."""
        await self.entry.runtime_data.coordinator.async_refresh()
        await self.hass.async_block_till_done()
        active = sum(
            1 for known in self.memories if known.tier == "active" and not known.private
        )
        state = self.hass.states.get("sensor.home_memory_active_memories")
        assert state is not None
        assert state.state == str(active)
        return [
            (state.entity_id, state.state, dict(state.attributes))
            for state in self.hass.states.async_all("sensor")
        ]

    async def step(self, kind: str, args: list[Any]) -> None:
        """One generated step; indexes pick among the memories made so far."""
        if kind == "remember":
            await self.remember(*args)
            return
        if kind == "read":
            reader, surface, index = args
            await self.read(reader, surface, self.pick(index))
            return
        if (known := self.pick(args[0])) is None:
            return
        if kind == "visibility":
            await self.set_visibility(known, args[1], args[2])
        elif kind == "forget":
            await self.forget(known)
        elif kind == "restore":
            await self.restore(known)
        else:
            await self.purge(known)

    def pick(self, index: int) -> Known | None:
        """The memory `index` points at (modulo), if any was made."""
        return self.memories[index % len(self.memories)] if self.memories else None

    def check_events(self) -> None:
        """The step's memory events are about household memories only."""
        by_id = {known.memory_id: known for known in self.memories}
        new, self.checked = self.events[self.checked :], len(self.events)
        for event in new:
            known = by_id.get(event.data["memory_id"])
            assert known is not None
            assert event.data["visibility"] == "household"
        # Any admin may subscribe to every event: no private id in any.
        for person in PEOPLE:
            self.check(person, [event.data for event in new])


async def test_no_private_text_reaches_another_person(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
    hass_owner_user: MockUser,
    hass_admin_user: MockUser,
) -> None:
    """Random writes and visibility changes; every read surface stays private."""
    household = Household(
        hass,
        init_integration,
        {
            "anna": user_anna,
            "ben": user_ben,
            "owner": hass_owner_user,
            "admin": hass_admin_user,
            "house": None,
        },
    )
    for event_type in (
        EVENT_MEMORY_CREATED,
        EVENT_MEMORY_UPDATED,
        EVENT_MEMORY_FORGOTTEN,
    ):
        hass.bus.async_listen(event_type, household.events.append)

    person = st.sampled_from(PEOPLE)
    step = st.one_of(
        st.tuples(st.just("remember"), person, st.booleans(), st.booleans()),
        st.tuples(
            st.just("visibility"), st.integers(0, 10**6), st.booleans(), st.booleans()
        ),
        st.tuples(st.just("forget"), st.integers(0, 10**6)),
        st.tuples(st.just("restore"), st.integers(0, 10**6)),
        st.tuples(st.just("purge"), st.integers(0, 10**6)),
        st.tuples(
            st.just("read"), person, st.sampled_from(SURFACES), st.integers(0, 10**6)
        ),
    )

    @SETTINGS
    @given(st.lists(step, min_size=4, max_size=20))
    def program(steps: list[tuple[Any, ...]]) -> None:
        for kind, *args in steps:
            household.run(household.step(kind, args))
            household.run(hass.async_block_till_done())
            household.check_events()

    await hass.async_add_executor_job(program)
    assert household.reads > 100
    assert any(known.private for known in household.memories)
