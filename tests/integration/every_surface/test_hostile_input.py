"""Hostile text and numbers at every boundary: translated errors, never crashes.

Lone surrogates, NUL and control characters, megabytes, FTS syntax, huge and
non-finite numbers and wrong types reach the actions, the LLM tools and the
sentences; each answers with a translated error (actions), an error result
(tools) or speech (sentences), and writes nothing on error.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any
from unittest.mock import patch

from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import HomeAssistantError, ServiceValidationError
from homeassistant.helpers import intent, llm
from homeassistant.setup import async_setup_component
from hypothesis import HealthCheck, given, settings, strategies as st
import pytest

from custom_components.home_memory import services
from custom_components.home_memory.assist.tools import memory_tools
from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.memory.common.values import MemoryKind, Visibility

from ..conftest import call

if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine

    from pytest_homeassistant_custom_component.common import MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("init_integration")

HOSTILE_TEXTS = [
    "a\ud800b",
    "\udfff",
    "nul\x00byte",
    "bell\x07",
    "next\x85line",  # C1 control (NEL)
    "abc\u202edcba",  # right-to-left override
    "iso\u2066late",  # bidi isolate
    "line\u2028sep",  # line separator
    "x" * 10_000_000,
]


def _id(value: Any) -> str:
    """A short test id (repr of a 5,000-digit number itself fails)."""
    try:
        return repr(value)[:40]
    except ValueError:
        return "huge number"


@pytest.fixture(autouse=True)
async def setup_llm(hass: HomeAssistant) -> None:
    """The llm integration provides the Assist API."""
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "llm", {})


def _snapshot(entry: HomeMemoryConfigEntry) -> tuple[Any, ...]:
    """What any write changes: memory rows, their versions and the newest change."""
    store = entry.runtime_data.store
    with store.read() as conn:
        return tuple(
            conn.execute(
                "SELECT count(*), total(version), max(updated_at), "
                "(SELECT count(*) FROM memories_fts) FROM memories"
            ).fetchone()
        )


async def _tool(
    hass: HomeAssistant, name: str, args: Any, user: MockUser | None, api: str
) -> llm.ToolResult:
    instance = await llm.async_get_api(
        hass,
        api,
        llm.LLMContext(
            platform="test",
            context=Context(user_id=user.id if user else None),
            language="en",
            assistant="conversation",
            device_id=None,
        ),
    )
    prefix = "home_memory__" if api == llm.LLM_API_ASSIST else ""
    return await instance.async_call_tool(
        llm.ToolInput(tool_name=f"{prefix}{name}", tool_args=args)
    )


@pytest.mark.parametrize("text", HOSTILE_TEXTS, ids=lambda t: repr(t)[:12])
@pytest.mark.parametrize(
    ("service", "data"),
    [
        ("remember", {"content": "{}"}),
        ("remember", {"content": "ok", "tags": ["{}"]}),
        ("remember", {"content": "ok", "location": "{}"}),
        ("search", {"query": "{}"}),
        ("search", {"query": "ok", "people": ["{}"]}),
        ("get", {"id": "{}"}),
        ("update", {"id": "{}", "content": "ok"}),
        ("forget", {"ids": ["{}"]}),
        ("forget", {"tags": ["{}"]}),
        ("list", {"tags": ["{}"]}),
        ("search_all_tiers", {"query": "{}"}),
        ("import", {"path": "{}"}),
        ("confirm_proposals", {"ids": ["{}"]}),
    ],
)
async def test_actions_refuse_hostile_text(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    hass_admin_user: MockUser,
    service: str,
    data: dict[str, Any],
    text: str,
) -> None:
    """Every text field of every action refuses bad text with a translated error."""
    filled = {
        key: [text] if value == ["{}"] else text if value == "{}" else value
        for key, value in data.items()
    }
    before = _snapshot(init_integration)
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, service, filled, user=hass_admin_user)
    assert err.value.translation_key == "invalid_field"
    str(err.value).encode()  # the message itself is valid text
    assert _snapshot(init_integration) == before


@pytest.mark.parametrize(
    ("service", "data"),
    [
        ("list", {"created_before": "9999-12-31T23:59:59"}),
        ("list", {"created_after": "0001-01-01T00:00:00+14:00"}),
        # Home Assistant's date parser (ciso8601) crashes the process on these.
        ("list", {"created_after": "2026-01-01\ud800"}),
        ("remember", {"content": "x", "expires_at": "\udfff"}),
        ("list", {"created_after": "9" * 5000}),
        ("list", {"limit": 10**5000}),
        ("list", {"limit": float("inf")}),
        ("list", {"offset": True}),
        ("search", {"query": "x", "min_relevance": float("nan")}),
        ("search", {"query": "x", "limit": "1e400"}),
        ("remember", {"content": "x", "importance": 2**2000}),
        ("remember", {"content": "x", "importance": "nan"}),
        ("remember", {"content": "x", "expires_at": "9999-12-31T23:59:59"}),
        ("remember", {"content": "x", "tags": [10**5000]}),
        ("remember", {"content": "x", "\ud800": "key"}),
    ],
    ids=_id,
)
async def test_actions_refuse_hostile_numbers_and_dates(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    hass_admin_user: MockUser,
    service: str,
    data: dict[str, Any],
) -> None:
    """Huge, non-finite or out-of-calendar values give a translated error."""
    before = _snapshot(init_integration)
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, service, data, user=hass_admin_user)
    # A field name the action does not take is named as unknown, escaped.
    unknown = "\ud800" in data
    assert err.value.translation_key == (
        "unknown_field" if unknown else "invalid_field"
    )
    str(err.value).encode()
    assert _snapshot(init_integration) == before


@pytest.mark.parametrize("api", [DOMAIN, llm.LLM_API_ASSIST])
@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("remember", {"content": "a\ud800b"}),
        ("remember", {"content": "ok", "tags": ["a\ud800b"]}),
        ("remember", {"content": "ok", "importance": 2**2000}),
        ("remember", {"content": "ok", "expires_in_days": 10**30}),
        ("remember", {"content": "x" * 10_000_000}),
        ("recall", {"query": "a\ud800b"}),
        ("recall", {"query": "ok", "since_days": float("inf")}),
        ("recall", {"pick": 2**70}),
        ("recall", {"cursor": "a\ud800b", "more": True}),
        ("update_memory", {"id": "a\ud800b", "content": "x"}),
        ("update_memory", {"query": "x", "content": "a\ud800b"}),
        ("forget", {"query": "a\x00b"}),
        ("forget", {"confirmation_token": "\udfff"}),
        ("remember", ["not", "a", "dict"]),
        ("remember", {"content": {"nested": ["junk"]}}),
    ],
    ids=_id,
)
async def test_tools_answer_hostile_input_with_an_error_result(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    name: str,
    args: Any,
    api: str,
) -> None:
    """An LLM tool never raises on bad arguments: an error result, nothing written."""
    before = _snapshot(init_integration)
    result = await _tool(hass, name, args, user_anna, api)
    assert result.error
    assert result.data["error"] == "invalid_arguments"
    str(result.data).encode()
    assert _snapshot(init_integration) == before


@pytest.mark.parametrize("api", [DOMAIN, llm.LLM_API_ASSIST])
async def test_an_unexpected_failure_never_escapes_a_tool(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    api: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Whatever goes wrong inside a tool is logged and answered as an error result."""
    store = init_integration.runtime_data.store
    with patch.object(store, "create", side_effect=RuntimeError("boom")):
        result = await _tool(
            hass, "remember", {"content": "A fine text"}, user_anna, api
        )
    assert result.error
    assert result.data["error"] == "internal_error"
    assert "Memory tool" in caplog.text


async def test_sentences_refuse_hostile_text_and_never_raise(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """A hostile slot is refused in speech; an unexpected failure is spoken too."""
    before = _snapshot(init_integration)
    for text in HOSTILE_TEXTS:
        if len(text) > 8_000:
            # Too long is answered with the limit (the speaker can shorten it).
            response = await intent.async_handle(
                hass, "test", "HomeMemoryRemember", {"content": {"value": text}}
            )
            assert "too long" in response.speech["plain"]["speech"]
            continue
        response = await intent.async_handle(
            hass, "test", "HomeMemoryRemember", {"content": {"value": text}}
        )
        assert response.error_code is intent.IntentResponseErrorCode.FAILED_TO_HANDLE
        assert "characters I don't accept" in response.speech["plain"]["speech"]
    assert _snapshot(init_integration) == before
    with patch(
        "custom_components.home_memory.assist.intents.async_remember",
        side_effect=RuntimeError("boom"),
    ):
        response = await intent.async_handle(
            hass, "test", "HomeMemoryRemember", {"content": {"value": "fine"}}
        )
    assert response.speech["plain"]["speech"] == "Sorry, that did not work."


async def test_fts_syntax_and_long_queries_are_plain_text(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """FTS operators and the longest allowed texts are stored and searched as text."""
    content = 'NEAR(a b) OR "x" AND NOT y* ^z {col}: -(w)'
    await call(hass, "remember", {"content": content}, user=hass_admin_user)
    found = await call(hass, "search", {"query": content}, user=hass_admin_user)
    assert found["memories"][0]["content"] == content
    longest = "word " * 1_599 + "end"
    await call(hass, "remember", {"content": longest}, user=hass_admin_user)
    found = await call(hass, "search", {"query": longest[:999]}, user=hass_admin_user)
    assert found["total"] >= 1


# -- fuzzing ---------------------------------------------------------------------

# Joined from a list: st.text() leaves lone surrogates out of mixed alphabets.
_TEXT = st.lists(
    st.one_of(
        st.characters(),
        st.characters(categories=["Cs"]),  # lone surrogates
        st.characters(max_codepoint=0x1F),  # NUL and control characters
        st.characters(min_codepoint=0x7F, max_codepoint=0x9F),  # DEL, C1
        st.sampled_from(["\u2028", "\u2029", "\u202e", "\u2066"]),
        st.sampled_from(['"', "*", "^", ":", "(", ")", "-", "{", "}"]),
    ),
    max_size=20,
).map("".join)
_NUMBER = st.one_of(
    st.integers(min_value=-(2**80), max_value=2**80),
    st.integers(min_value=0, max_value=20),
    st.floats(),
    st.floats(min_value=0, max_value=1),
    st.sampled_from([2**63, -(2**63) - 1, float("nan"), float("inf")]),
    # Built, not sampled: hypothesis could not even repr a 5,000-digit number.
    st.builds(pow, st.just(10), st.just(5000)),
)


def _long_text() -> str:
    return "x" * 100_000


_SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    _NUMBER,
    _TEXT,
    st.sampled_from(
        [
            *(kind.value for kind in MemoryKind),
            *(visibility.value for visibility in Visibility),
            "2026-01-01",
            "9999-12-31T23:59:59",
            "0001-01-01T00:00:00+14:00",
            "yes",
            'NEAR("a" b) OR c* AND NOT ^d',
        ]
    ),
    # Built, not listed: a listed 100,000-character value makes the
    # strategy's repr (printed in warnings and failures) that long.
    st.builds(_long_text),
)
_JUNK = st.recursive(
    _SCALAR,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(_TEXT, inner, max_size=3),
    ),
    max_leaves=6,
)


def _fields(schema: Any) -> list[str]:
    """The field names a schema knows (inside an All when it is one)."""
    inner = schema.schema
    if not isinstance(inner, dict):
        inner = next(v for v in inner.validators if isinstance(v, dict))
    return sorted(str(key) for key in inner)


_SERVICE_FIELDS = {name: _fields(schema) for name, _, schema, _ in services._SERVICES}
# confirm_proposals is offered only while proposals wait: not callable here.
_TOOLS = {tool.name: _fields(tool.parameters) for tool in memory_tools()}


# A valid call of each, that the fuzzer then changes field by field.
_BASE: dict[str, dict[str, Any]] = {
    "remember": {"content": "The gate code is 1234"},
    "search": {"query": "gate"},
    "search_all_tiers": {"query": "gate"},
    "get": {"id": "a1"},
    "update": {"id": "a1", "content": "x"},
    "forget": {"ids": ["a1"]},
    "purge": {"ids": ["a1"]},
    "restore": {"ids": ["a1"]},
    "import": {"path": "in.jsonl"},
    "confirm_proposals": {"ids": ["a1"]},
    "reject_proposals": {"ids": ["a1"]},
    "recall": {"query": "gate"},
    "update_memory": {"query": "gate", "content": "x"},
}
_VALUE = st.one_of(_TEXT, _TEXT, st.lists(_TEXT, max_size=3), _SCALAR, _JUNK)


def _data(name: str, fields: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """A valid call with one field (and now and then another) set to anything."""
    if not fields:
        return st.dictionaries(_TEXT, _VALUE, max_size=2)
    keys = st.sampled_from(fields)
    more = st.dictionaries(st.one_of(keys, _TEXT), _VALUE, max_size=1)
    return st.tuples(keys, _VALUE, more).map(
        lambda change: {**_BASE.get(name, {}), change[0]: change[1], **change[2]}
    )


_FUZZ = settings(
    max_examples=800,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _in_loop[T](hass: HomeAssistant, make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run a coroutine on Home Assistant's loop from the hypothesis thread."""
    return asyncio.run_coroutine_threadsafe(make(), hass.loop).result(timeout=60)


async def test_fuzz_every_action(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    hass_admin_user: MockUser,
) -> None:
    """Any data to any action: a result or a translated error, nothing partial."""
    await call(hass, "remember", {"content": "A memory to find"}, user=hass_admin_user)

    @_FUZZ
    @given(st.data())
    def run(draw: st.DataObject) -> None:
        service = draw.draw(st.sampled_from(sorted(_SERVICE_FIELDS)))
        data = draw.draw(_data(service, _SERVICE_FIELDS[service]))
        before = _in_loop(hass, _async_snapshot(hass, init_integration))
        error = _in_loop(
            hass, lambda: _call_capturing(hass, service, data, hass_admin_user)
        )
        if error is not None:
            assert error.translation_key is not None, (service, data, error)
            after = _in_loop(hass, _async_snapshot(hass, init_integration))
            assert after == before, (service, data)

    await hass.async_add_executor_job(run)


async def test_fuzz_every_tool(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
) -> None:
    """Any arguments to any tool of both APIs: a ToolResult, never an exception."""

    @_FUZZ
    @given(st.data())
    def run(draw: st.DataObject) -> None:
        api = draw.draw(st.sampled_from([DOMAIN, llm.LLM_API_ASSIST]))
        name = draw.draw(st.sampled_from(sorted(_TOOLS)))
        args = draw.draw(
            st.one_of(_data(name, _TOOLS[name]), _data(name, _TOOLS[name]), _JUNK)
        )
        before = _in_loop(hass, _async_snapshot(hass, init_integration))
        result = _in_loop(hass, lambda: _tool(hass, name, args, user_anna, api))
        assert isinstance(result, llm.ToolResult)
        str(result.data).encode()
        if result.error:
            after = _in_loop(hass, _async_snapshot(hass, init_integration))
            assert after == before, (name, args)

    await hass.async_add_executor_job(run)


async def _call_capturing(
    hass: HomeAssistant, service: str, data: dict[str, Any], user: MockUser
) -> HomeAssistantError | None:
    """Call the action; a Home Assistant error is returned with its message made."""
    try:
        await call(hass, service, data, user=user)
    except HomeAssistantError as err:
        str(err).encode()  # translated here, on the loop; and valid text
        return err
    return None


def _async_snapshot(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry
) -> Callable[[], Coroutine[Any, Any, tuple[Any, ...]]]:
    async def snapshot() -> tuple[Any, ...]:
        return await hass.async_add_executor_job(_snapshot, entry)

    return snapshot
