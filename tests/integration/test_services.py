"""The actions: results, validation, and that bad input writes nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any
from unittest.mock import patch

from homeassistant.exceptions import HomeAssistantError, ServiceValidationError
from homeassistant.util import dt as dt_util
import pytest
from pytest_homeassistant_custom_component.common import async_capture_events

from custom_components.home_memory.const import DOMAIN, EVENT_MEMORY_UPDATED
from custom_components.home_memory.memory.store import (
    InvalidMemoryError,
    MemoryEngineError,
)
from custom_components.home_memory.operations.schemas import ServiceSchema

from .conftest import call, named

if TYPE_CHECKING:
    from freezegun.api import FrozenDateTimeFactory
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockConfigEntry, MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("init_integration")


async def remember(
    hass: HomeAssistant, user: MockUser | None = None, **data: Any
) -> dict[str, Any]:
    """Call the remember action and return its response."""
    result: dict[str, Any] = await call(hass, "remember", data, user=user)
    return result


async def all_memories(hass: HomeAssistant, user: MockUser) -> list[dict[str, Any]]:
    """Every memory the user may list."""
    listed = await call(hass, "list", {"limit": 500}, user=user)
    return listed["memories"]


# -- remember ------------------------------------------------------------------------


async def test_remember_with_every_field(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """remember stores every field given, with the text trimmed."""
    expires = dt_util.now() + timedelta(days=30)
    result = await remember(
        hass,
        hass_admin_user,
        content="  Anna is allergic to peanuts  ",
        summary="Anna: peanut allergy",
        kind="person",
        weight_class="significant",
        importance=0.9,
        people=["Anna"],
        tags=["Health", "food"],
        location="Kitchen",
        emotion="worried",
        visibility="private",
        expires_at=expires.isoformat(),
    )
    assert result["action"] == "created"
    memory = result["memory"]
    assert memory["content"] == "Anna is allergic to peanuts"
    assert memory["summary"] == "Anna: peanut allergy"
    assert memory["kind"] == "person"
    assert memory["weight_class"] == "significant"
    assert memory["importance"] == 0.9
    assert memory["people"] == ["Anna"]
    assert memory["tags"] == ["health", "food"]
    assert memory["location"] == "Kitchen"
    assert memory["emotion"] == "worried"
    assert memory["visibility"] == "private"
    assert memory["owner"] == hass_admin_user.id
    assert memory["source"] == "explicit"
    assert dt_util.parse_datetime(memory["expires_at"]) == expires.replace(
        microsecond=memory_micro(memory["expires_at"])
    )


def memory_micro(value: str) -> int:
    """The microseconds of an ISO time in a response."""
    parsed = dt_util.parse_datetime(value)
    assert parsed is not None
    return parsed.microsecond


async def test_remember_defaults_and_automation_owner(hass: HomeAssistant) -> None:
    """Without a user and fields, a memory is a household fact of importance 0.5."""
    result = await remember(hass, content="The bins go out on Tuesday", emotion="")
    memory = result["memory"]
    assert memory["kind"] == "fact"
    assert memory["importance"] == 0.5
    assert memory["visibility"] == "household"
    assert memory["owner"] is None
    assert memory["emotion"] is None


async def test_remember_keeps_the_first_person_of_a_private_fragment(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """A private fragment keeps "my"; a household one told by an automation
    speaks for the household, by a named user names them."""
    private = await remember(
        hass, hass_admin_user, content="my bank PIN is 8642", visibility="private"
    )
    assert private["memory"]["content"] == "My bank PIN is 8642."
    shared = await remember(hass, content="my car is in the garage")
    assert shared["memory"]["content"] == "Our car is in the garage."
    named = await remember(hass, hass_admin_user, content="my bike is in the shed")
    assert (
        named["memory"]["content"] == f"{hass_admin_user.name}'s bike is in the shed."
    )


async def test_remember_without_response(hass: HomeAssistant) -> None:
    """remember called without a response request returns nothing."""
    assert await call(hass, "remember", {"content": "x marks"}, response=False) is None


async def test_remember_twice_folds_the_duplicate(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """Remembering the same text twice reinforces the one memory."""
    first = await remember(
        hass, hass_admin_user, content="The wifi password is swordfish"
    )
    second = await remember(
        hass, hass_admin_user, content="The wifi password is swordfish"
    )
    assert second["action"] == "reinforced"
    assert second["memory"]["id"] == first["memory"]["id"]
    assert len(await all_memories(hass, hass_admin_user)) == 1


async def test_remember_emoji_and_rtl_text(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """Emoji and right-to-left text are stored, found and returned unchanged."""
    text = "סבתא אוהבת תה נענע 🍵 and مرحبا بالعالم"
    stored = await remember(hass, hass_admin_user, content=text, tags=["🍵"])
    assert stored["memory"]["content"] == text
    found = await call(hass, "search", {"query": "תה נענע"}, user=hass_admin_user)
    assert [m["id"] for m in found["memories"]] == [stored["memory"]["id"]]
    got = await call(hass, "get", {"id": stored["memory"]["id"]}, user=hass_admin_user)
    assert got["memory"]["tags"] == ["🍵"]


async def test_private_memory_needs_a_user(hass: HomeAssistant) -> None:
    """A private memory without a user is refused with a translated error."""
    with pytest.raises(ServiceValidationError) as err:
        await remember(hass, content="A secret", visibility="private")
    assert err.value.translation_key == "private_needs_owner"
    assert "must belong to a user" in str(err.value)


@pytest.mark.parametrize("content", ["...", "*", "?!", "\u2026 \u2014"])
async def test_remember_refuses_text_without_a_letter_or_digit(
    hass: HomeAssistant, hass_admin_user: MockUser, content: str
) -> None:
    """A memory must say something: "..." or "*" is refused, on create and update."""
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "remember", {"content": content}, user=hass_admin_user)
    assert err.value.translation_key == "invalid_memory"
    assert err.value.translation_placeholders is not None
    assert err.value.translation_placeholders["field"] == named("content")
    assert await all_memories(hass, hass_admin_user) == []
    stored = await remember(hass, hass_admin_user, content="The gate code is 77")
    with pytest.raises(ServiceValidationError):
        await call(
            hass,
            "update",
            {"id": stored["memory"]["id"], "content": content},
            user=hass_admin_user,
        )
    [memory] = await all_memories(hass, hass_admin_user)
    assert memory["content"] == "The gate code is 77"


BAD_REMEMBER_INPUT = [
    pytest.param({"content": ""}, "content", id="empty"),
    pytest.param({"content": "   "}, "content", id="blank"),
    pytest.param({"content": "x" * 100_000}, "content", id="100KB"),
    pytest.param({"content": "abc\x00def"}, "content", id="NUL"),
    pytest.param({"content": ["a list"]}, "content", id="list"),
    pytest.param({"content": {"a": 1}}, "content", id="dict"),
    pytest.param({"content": None}, "content", id="None"),
    pytest.param({}, "content", id="missing"),
    pytest.param({"content": "ok", "summary": "s" * 501}, "summary", id="long-summary"),
    pytest.param({"content": "ok", "importance": 1.5}, "importance", id="importance>1"),
    pytest.param(
        {"content": "ok", "importance": -0.1}, "importance", id="importance<0"
    ),
    pytest.param(
        {"content": "ok", "importance": "high"}, "importance", id="importance-text"
    ),
    pytest.param(
        {"content": "ok", "importance": "nan"}, "importance", id="importance-nan"
    ),
    pytest.param({"content": "ok", "kind": "gossip"}, "kind", id="kind"),
    pytest.param({"content": "ok", "weight_class": "huge"}, "weight_class", id="class"),
    pytest.param(
        {"content": "ok", "visibility": "public"}, "visibility", id="visibility"
    ),
    pytest.param(
        {"content": "ok", "tags": [f"t{i}" for i in range(51)]}, "tags", id="51-tags"
    ),
    pytest.param({"content": "ok", "tags": ["x" * 101]}, "tags.0", id="long-tag"),
    pytest.param({"content": "ok", "tags": ["ok", ""]}, "tags.1", id="empty-tag"),
    pytest.param(
        {"content": "ok", "people": [{"name": "Anna"}]}, "people.0", id="people-dict"
    ),
    pytest.param({"content": "ok", "location": "l\x00"}, "location", id="NUL-location"),
    pytest.param(
        {"content": "ok", "expires_at": "yesterday"}, "expires_at", id="bad-date"
    ),
    pytest.param(
        {"content": "ok", "expires_at": "2001-01-01T00:00:00"}, "expires_at", id="past"
    ),
]


@pytest.mark.parametrize(("data", "field"), BAD_REMEMBER_INPUT)
async def test_remember_rejects_bad_input(
    hass: HomeAssistant, hass_admin_user: MockUser, data: dict[str, Any], field: str
) -> None:
    """Bad remember input is refused by field name and writes nothing."""
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "remember", data, user=hass_admin_user)
    assert err.value.translation_domain == DOMAIN
    assert err.value.translation_key == "invalid_field"
    assert err.value.translation_placeholders is not None
    assert err.value.translation_placeholders["field"] == named(field)
    assert str(err.value).startswith(f"Invalid value for {named(field)}:")
    assert await all_memories(hass, hass_admin_user) == []


@pytest.mark.parametrize(
    ("service", "data", "unknown", "accepted"),
    [
        pytest.param(
            "remember",
            {"text": "The spare key is under the mat"},
            "text",
            "content, summary, kind, weight_class, importance, people, tags, "
            "location, emotion, visibility, expires_at",
            id="remember-text",
        ),
        pytest.param(
            "remember",
            {"content": "ok", "owner": "someone"},
            "owner",
            "content, summary, kind",
            id="remember-owner",
        ),
        pytest.param("forget", {"id": "x"}, "id", "ids, tags", id="forget-id"),
        pytest.param(
            "search",
            {"query": "key", "limits": 3},
            "limits",
            "query, limit",
            id="search-limits",
        ),
        pytest.param("run_maintenance", {"now": True}, "now", None, id="no-fields"),
    ],
)
async def test_unknown_field_is_named_with_the_accepted_ones(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    service: str,
    data: dict[str, Any],
    unknown: str,
    accepted: str | None,
) -> None:
    """A field an action does not take is named, with the fields it does take.

    Even when a required field is missing too (`text` for `content`): the
    unknown name is the mistake to fix. Nothing is written.
    """
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, service, data, user=hass_admin_user)
    assert err.value.translation_domain == DOMAIN
    message = str(err.value)
    if accepted is None:
        assert err.value.translation_key == "unknown_field_none_taken"
        assert message.startswith(f"Unknown field “{unknown}”: this takes no fields")
    else:
        assert err.value.translation_key == "unknown_field"
        assert message.startswith(
            f"Unknown field “{unknown}”: the fields are {accepted}"
        ), message
    assert "not a valid option" not in message
    assert await all_memories(hass, hass_admin_user) == []


async def test_numbers_from_templates_are_text(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """A number or single string from a template is taken as text."""
    result = await remember(hass, hass_admin_user, content=1234, tags="single")
    assert result["memory"]["content"] == "1234"
    assert result["memory"]["tags"] == ["single"]


# -- search, get, list -----------------------------------------------------------------


async def test_search_ranks_and_filters(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """search ranks by relevance and applies its filters."""
    peanut = await remember(
        hass,
        hass_admin_user,
        content="Anna is allergic to peanuts",
        tags=["health"],
        people=["Anna"],
    )
    await remember(
        hass,
        hass_admin_user,
        content="Ben likes peanuts in his salad",
        kind="preference",
    )
    await remember(hass, hass_admin_user, content="The car needs new tyres")

    found = await call(hass, "search", {"query": "peanuts"}, user=hass_admin_user)
    assert found["total"] == 2
    assert found["retrieval_mode"] == "hybrid"
    assert all(m["score"] > 0 and m["relevance"] > 0 for m in found["memories"])

    only_health = await call(
        hass, "search", {"query": "peanuts", "tags": ["health"]}, user=hass_admin_user
    )
    assert [m["id"] for m in only_health["memories"]] == [peanut["memory"]["id"]]

    preferences = await call(
        hass,
        "search",
        {"query": "peanuts", "kinds": "preference", "classes": ["preference"]},
        user=hass_admin_user,
    )
    assert [m["kind"] for m in preferences["memories"]] == ["preference"]

    anna = await call(
        hass, "search", {"query": "peanuts", "people": ["anna"]}, user=hass_admin_user
    )
    assert anna["total"] == 1

    paged = await call(
        hass, "search", {"query": "peanuts", "limit": 1}, user=hass_admin_user
    )
    assert len(paged["memories"]) == 1
    assert paged["next_offset"] == 1
    rest = await call(
        hass,
        "search",
        {"query": "peanuts", "limit": 1, "offset": 1},
        user=hass_admin_user,
    )
    assert rest["next_offset"] is None
    assert rest["memories"][0]["id"] != paged["memories"][0]["id"]

    strict = await call(
        hass, "search", {"query": "peanuts", "min_relevance": 1}, user=hass_admin_user
    )
    assert strict["memories"] == []


@pytest.mark.parametrize(
    "query",
    [
        'peanuts OR "unclosed',
        "NEAR(peanuts allergic) AND NOT x*",
        "content:peanuts ^anna -ben {a b}",
        "'; DROP TABLE memories; --",
        "🥜🥜🥜",
        "مرحبا",
        "***",
    ],
)
async def test_search_survives_fts_syntax(
    hass: HomeAssistant, hass_admin_user: MockUser, query: str
) -> None:
    """Full-text search syntax in a query never breaks search."""
    await remember(hass, hass_admin_user, content="Anna is allergic to peanuts")
    found = await call(hass, "search", {"query": query}, user=hass_admin_user)
    assert found["total"] >= 0
    assert len(await all_memories(hass, hass_admin_user)) == 1


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"query": ""}, "query"),
        ({"query": "q" * 1001}, "query"),
        ({"query": "a\x00b"}, "query"),
        ({"query": "ok", "limit": 0}, "limit"),
        ({"query": "ok", "limit": 51}, "limit"),
        ({"query": "ok", "limit": "many"}, "limit"),
        ({"query": "ok", "offset": -1}, "offset"),
        ({"query": "ok", "kinds": ["nonsense"]}, "kinds.0"),
        ({"query": "ok", "min_relevance": 2}, "min_relevance"),
    ],
)
async def test_search_rejects_bad_input(
    hass: HomeAssistant, hass_admin_user: MockUser, data: dict[str, Any], field: str
) -> None:
    """Bad search input is refused by field name."""
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "search", data, user=hass_admin_user)
    assert err.value.translation_placeholders == {
        "field": named(field),
        "error": err.value.translation_placeholders["error"],  # type: ignore[index]
    }


async def test_search_needs_a_response_request(hass: HomeAssistant) -> None:
    """search without a response request is refused."""
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "search", {"query": "x"}, response=False)
    assert err.value.translation_key == "service_lacks_response_request"


async def test_get_with_history(hass: HomeAssistant, hass_admin_user: MockUser) -> None:
    """get with history returns the current version and the earlier ones."""
    stored = await remember(hass, hass_admin_user, content="The gate code is 1234")
    memory_id = stored["memory"]["id"]
    await call(
        hass,
        "update",
        {"id": memory_id, "content": "The gate code is 9876"},
        user=hass_admin_user,
    )
    got = await call(
        hass, "get", {"id": memory_id, "include_history": True}, user=hass_admin_user
    )
    assert got["memory"]["content"] == "The gate code is 9876"
    assert got["memory"]["version"] == 2
    assert [h["content"] for h in got["history"]] == ["The gate code is 1234"]
    assert isinstance(got["history"][0]["replaced_at"], str)

    plain = await call(hass, "get", {"id": memory_id}, user=hass_admin_user)
    assert "history" not in plain


async def test_get_history_hides_a_private_version_from_others(
    hass: HomeAssistant, user_anna: MockUser, user_ben: MockUser
) -> None:
    """A version that was private stays Anna's after she shares the memory."""
    stored = await remember(
        hass,
        user_anna,
        content="The router admin password is hunter2",
        visibility="private",
    )
    memory_id = stored["memory"]["id"]
    await call(
        hass,
        "update",
        {
            "id": memory_id,
            "content": "The router admin password is on the sticker",
            "visibility": "household",
        },
        user=user_anna,
    )
    bens = await call(
        hass, "get", {"id": memory_id, "include_history": True}, user=user_ben
    )
    assert bens["memory"]["content"] == "The router admin password is on the sticker"
    assert bens["history"] == []
    assert "hunter2" not in str(bens)
    annas = await call(
        hass, "get", {"id": memory_id, "include_history": True}, user=user_anna
    )
    assert [h["content"] for h in annas["history"]] == [
        "The router admin password is hunter2"
    ]


async def test_only_the_owner_changes_visibility(
    hass: HomeAssistant,
    user_anna: MockUser,
    user_ben: MockUser,
    hass_admin_user: MockUser,
) -> None:
    """Ben (or an admin) cannot make Anna's household memory private."""
    stored = await remember(hass, user_anna, content="The spare key is in the shed")
    memory_id = stored["memory"]["id"]
    for other in (user_ben, hass_admin_user):
        with pytest.raises(ServiceValidationError) as err:
            await call(
                hass, "update", {"id": memory_id, "visibility": "private"}, user=other
            )
        assert err.value.translation_key == "visibility_owner_only"
        assert err.value.translation_placeholders == {"id": memory_id}
    got = await call(hass, "get", {"id": memory_id}, user=user_ben)
    assert got["memory"]["visibility"] == "household"
    assert got["memory"]["version"] == 1


@pytest.mark.parametrize("memory_id", ["nope", "x' OR '1'='1", "🦄"])
async def test_get_unknown_id(
    hass: HomeAssistant, hass_admin_user: MockUser, memory_id: str
) -> None:
    """get of an unknown id is refused, naming the id."""
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "get", {"id": memory_id}, user=hass_admin_user)
    assert err.value.translation_key == "memory_not_found"
    assert err.value.translation_placeholders == {"id": memory_id}


async def test_list_filters_and_pages(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """list applies every filter, dates in local time, and pages."""
    await remember(
        hass, hass_admin_user, content="Old note about the boiler", importance=0.2
    )
    between = dt_util.utcnow()
    await remember(
        hass,
        hass_admin_user,
        content="Anna prefers tea",
        kind="preference",
        people=["Anna"],
        tags=["drinks"],
        importance=0.8,
    )
    await remember(
        hass,
        hass_admin_user,
        content="Ben prefers coffee",
        kind="preference",
        people=["Ben"],
        tags=["drinks"],
        importance=0.7,
    )

    everything = await call(hass, "list", user=hass_admin_user)
    assert everything["total"] == 3
    assert everything["memories"][0]["content"] == "Ben prefers coffee"

    def contents(result: dict[str, Any]) -> list[str]:
        return sorted(m["content"] for m in result["memories"])

    assert contents(
        await call(
            hass,
            "list",
            {"kinds": ["preference"], "people": ["Anna"]},
            user=hass_admin_user,
        )
    ) == ["Anna prefers tea"]
    assert contents(
        await call(
            hass,
            "list",
            {"tags": ["drinks"], "min_importance": 0.75},
            user=hass_admin_user,
        )
    ) == ["Anna prefers tea"]
    assert contents(
        await call(hass, "list", {"classes": ["significant"]}, user=hass_admin_user)
    ) == ["Old note about the boiler"]
    assert contents(
        await call(
            hass, "list", {"created_before": between.isoformat()}, user=hass_admin_user
        )
    ) == ["Old note about the boiler"]
    assert (
        len(
            (
                await call(
                    hass,
                    "list",
                    {"created_after": between.isoformat()},
                    user=hass_admin_user,
                )
            )["memories"]
        )
        == 2
    )
    # A date alone is midnight in Home Assistant's time zone.
    tomorrow = (dt_util.now() + timedelta(days=1)).date().isoformat()
    assert (
        await call(hass, "list", {"created_after": tomorrow}, user=hass_admin_user)
    )["total"] == 0
    assert (
        await call(hass, "list", {"created_before": tomorrow}, user=hass_admin_user)
    )["total"] == 3

    page = await call(hass, "list", {"limit": 2}, user=hass_admin_user)
    assert page["next_offset"] == 2
    last = await call(hass, "list", {"limit": 2, "offset": 2}, user=hass_admin_user)
    assert last["next_offset"] is None
    assert len(last["memories"]) == 1


async def test_a_date_alone_is_the_homes_midnight_not_utcs(
    hass: HomeAssistant, hass_admin_user: MockUser, freezer: FrozenDateTimeFactory
) -> None:
    """created_after / created_before as a date mean midnight where the home is."""
    await hass.config.async_update(time_zone="America/Los_Angeles")
    # 05:00 UTC on the 24th is still the evening of the 23rd in Los Angeles.
    freezer.move_to("2026-11-24T05:00:00+00:00")
    await call(
        hass,
        "remember",
        {"content": "The porch light bulb was replaced"},
        user=hass_admin_user,
    )
    after = await call(
        hass, "list", {"created_after": "2026-11-24"}, user=hass_admin_user
    )
    before = await call(
        hass, "list", {"created_before": "2026-11-24"}, user=hass_admin_user
    )
    assert after["total"] == 0
    assert before["total"] == 1


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"limit": 501}, "limit"),
        ({"created_after": "not a date"}, "created_after"),
        ({"min_importance": 3}, "min_importance"),
        ({"classes": "bogus"}, "classes.0"),
    ],
)
async def test_list_rejects_bad_input(
    hass: HomeAssistant, hass_admin_user: MockUser, data: dict[str, Any], field: str
) -> None:
    """Bad list input is refused by field name."""
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "list", data, user=hass_admin_user)
    assert err.value.translation_placeholders is not None
    assert err.value.translation_placeholders["field"] == named(field)


# -- update and forget ---------------------------------------------------------------


async def test_update_fields(hass: HomeAssistant, hass_admin_user: MockUser) -> None:
    """update changes every given field; the expiry can be cleared and set again."""
    stored = await remember(
        hass,
        hass_admin_user,
        content="Dentist on Friday",
        expires_at=(dt_util.now() + timedelta(days=3)).isoformat(),
    )
    memory_id = stored["memory"]["id"]
    updated = await call(
        hass,
        "update",
        {
            "id": memory_id,
            "summary": "Dentist",
            "kind": "event",
            "weight_class": "transient",
            "importance": 0.3,
            "people": ["Ben"],
            "tags": ["health"],
            "location": "Town",
            "emotion": "nervous",
            "visibility": "private",
            "clear_expiry": True,
        },
        user=hass_admin_user,
    )
    memory = updated["memory"]
    assert memory["summary"] == "Dentist"
    assert memory["kind"] == "event"
    assert memory["weight_class"] == "transient"
    assert memory["people"] == ["Ben"]
    assert memory["tags"] == ["health"]
    assert memory["location"] == "Town"
    assert memory["emotion"] == "nervous"
    assert memory["visibility"] == "private"
    assert memory["expires_at"] is None

    later = dt_util.now() + timedelta(days=10)
    updated = await call(
        hass,
        "update",
        {"id": memory_id, "expires_at": later.isoformat()},
        user=hass_admin_user,
    )
    assert updated["memory"]["expires_at"] is not None


async def test_an_update_that_changes_nothing_writes_nothing(
    hass: HomeAssistant,
    hass_admin_user: MockUser,
    init_integration: HomeMemoryConfigEntry,
) -> None:
    """Saving the same text and fields adds no version, log row or event."""
    store = init_integration.runtime_data.store
    stored = await remember(
        hass, hass_admin_user, content="The boiler is in the attic", tags=["house"]
    )
    memory_id = stored["memory"]["id"]
    logged = len(store.log_entries(memory_id=memory_id))
    updated = async_capture_events(hass, EVENT_MEMORY_UPDATED)
    for _ in range(3):
        same = await call(
            hass,
            "update",
            {
                "id": memory_id,
                "content": "The boiler is in the attic",
                "tags": ["house"],
            },
            user=hass_admin_user,
        )
        assert same["changed"] is False
        assert same["memory"]["version"] == 1
    await hass.async_block_till_done()
    assert updated == []
    assert len(store.log_entries(memory_id=memory_id)) == logged
    got = await call(
        hass, "get", {"id": memory_id, "include_history": True}, user=hass_admin_user
    )
    assert got["history"] == []

    changed = await call(
        hass,
        "update",
        {"id": memory_id, "content": "The boiler is in the cellar"},
        user=hass_admin_user,
    )
    assert changed["changed"] is True
    assert changed["memory"]["version"] == 2
    await hass.async_block_till_done()
    assert len(updated) == 1


async def test_update_rejections_change_nothing(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """A refused update names the reason and changes nothing."""
    stored = await remember(hass, hass_admin_user, content="The boiler is in the attic")
    memory_id = stored["memory"]["id"]

    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "update", {"id": memory_id}, user=hass_admin_user)
    assert err.value.translation_key == "nothing_to_change"

    with pytest.raises(ServiceValidationError) as err:
        await call(
            hass, "update", {"id": "missing", "content": "x"}, user=hass_admin_user
        )
    assert err.value.translation_key == "memory_not_found"

    with pytest.raises(ServiceValidationError) as err:
        await call(
            hass,
            "update",
            {"id": memory_id, "expires_at": "2099-01-01", "clear_expiry": True},
            user=hass_admin_user,
        )
    assert err.value.translation_key == "expiry_set_and_cleared"

    with pytest.raises(ServiceValidationError) as err:
        await call(
            hass,
            "update",
            {"id": memory_id, "content": "y" * 8001},
            user=hass_admin_user,
        )
    assert err.value.translation_key == "invalid_field"

    got = await call(hass, "get", {"id": memory_id}, user=hass_admin_user)
    assert got["memory"]["content"] == "The boiler is in the attic"
    assert got["memory"]["version"] == 1


async def test_household_memory_without_owner_cannot_become_private(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """A household memory without an owner cannot be made private."""
    stored = await remember(hass, content="Written by an automation")
    with pytest.raises(ServiceValidationError) as err:
        await call(
            hass,
            "update",
            {"id": stored["memory"]["id"], "visibility": "private"},
            user=hass_admin_user,
        )
    assert err.value.translation_key == "private_needs_owner"


async def test_forget_by_id_and_tag(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """forget hides memories by id or by tag."""
    one = await remember(
        hass, hass_admin_user, content="Milk is in the fridge", tags=["shopping"]
    )
    two = await remember(
        hass, hass_admin_user, content="Buy bread tomorrow", tags=["shopping"]
    )
    three = await remember(hass, hass_admin_user, content="The cat is called Miso")

    result = await call(
        hass, "forget", {"ids": [three["memory"]["id"]]}, user=hass_admin_user
    )
    assert result == {"forgotten": [three["memory"]["id"]]}
    result = await call(hass, "forget", {"tags": "SHOPPING"}, user=hass_admin_user)
    assert sorted(result["forgotten"]) == sorted(
        [one["memory"]["id"], two["memory"]["id"]]
    )
    assert await all_memories(hass, hass_admin_user) == []

    got = await call(hass, "get", {"id": three["memory"]["id"]}, user=hass_admin_user)
    assert got["memory"]["tier"] == "deleted"
    assert got["memory"]["deleted_by"] == hass_admin_user.id


async def test_forget_with_an_unknown_id_forgets_nothing(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """forget with one unknown id is refused and forgets none of the others."""
    kept = await remember(hass, hass_admin_user, content="Keep me")
    with pytest.raises(ServiceValidationError) as err:
        await call(
            hass,
            "forget",
            {"ids": [kept["memory"]["id"], "unknown"]},
            user=hass_admin_user,
        )
    assert err.value.translation_key == "memory_not_found"
    assert len(await all_memories(hass, hass_admin_user)) == 1


@pytest.mark.parametrize(
    "data", [{}, {"ids": []}, {"tags": []}, {"ids": "   "}, {"ids": [""]}]
)
async def test_forget_needs_something_to_forget(
    hass: HomeAssistant, hass_admin_user: MockUser, data: dict[str, Any]
) -> None:
    """forget with no ids and no tags is refused."""
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "forget", data, user=hass_admin_user)
    assert err.value.translation_key == "invalid_field"


# -- admin actions --------------------------------------------------------------------


async def test_restore_and_purge(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """restore brings a forgotten memory back; purge removes it for good."""
    stored = await remember(
        hass, hass_admin_user, content="Grandma's birthday is in May", tags=["family"]
    )
    memory_id = stored["memory"]["id"]
    await call(hass, "forget", {"ids": [memory_id]}, user=hass_admin_user)

    restored = await call(hass, "restore", {"ids": [memory_id]}, user=hass_admin_user)
    assert restored == {"restored": [memory_id]}
    # Restoring an active memory is a no-op.
    assert await call(hass, "restore", {"ids": [memory_id]}, user=hass_admin_user) == {
        "restored": []
    }

    purged = await call(hass, "purge", {"tags": ["family"]}, user=hass_admin_user)
    assert purged == {"purged": [memory_id]}
    with pytest.raises(ServiceValidationError):
        await call(hass, "get", {"id": memory_id}, user=hass_admin_user)


async def test_run_maintenance_reports(
    hass: HomeAssistant, hass_admin_user: MockUser
) -> None:
    """run_maintenance reports its figures when asked for a response."""
    await remember(hass, hass_admin_user, content="Something to maintain")
    stats = await call(hass, "run_maintenance", user=hass_admin_user)
    assert stats["processed"] == 1
    assert stats["completed"] is True
    assert (
        await call(hass, "run_maintenance", user=hass_admin_user, response=False)
        is None
    )


async def test_search_all_tiers(
    hass: HomeAssistant, hass_admin_user: MockUser, user_anna: MockUser
) -> None:
    """The admin audit finds all tiers and the log, but no one's private memory."""
    active = await remember(
        hass, hass_admin_user, content="The spare key is under the mat"
    )
    deleted = await remember(
        hass, hass_admin_user, content="The old spare key was in the shed"
    )
    await call(hass, "forget", {"ids": [deleted["memory"]["id"]]}, user=hass_admin_user)
    purged = await remember(hass, hass_admin_user, content="Spare key")
    await call(hass, "purge", {"ids": [purged["memory"]["id"]]}, user=hass_admin_user)
    # Anna's private memory with the same text must stay out of the admin's audit.
    hidden = await remember(hass, user_anna, content="Spare key", visibility="private")

    result = await call(
        hass, "search_all_tiers", {"query": "Spare key"}, user=hass_admin_user
    )
    tiers = {m["id"]: m["tier"] for m in result["memories"]}
    assert tiers == {
        active["memory"]["id"]: "active",
        deleted["memory"]["id"]: "deleted",
    }
    logged = {(e["operation"], e["memory_id"]) for e in result["log_entries"]}
    assert ("create", active["memory"]["id"]) in logged
    assert ("delete", deleted["memory"]["id"]) in logged
    # Found by the hash of the query: the purged memory's trail.
    assert ("purge", purged["memory"]["id"]) in logged
    assert ("create", purged["memory"]["id"]) in logged
    assert not any(
        e["memory_id"] == hidden["memory"]["id"] for e in result["log_entries"]
    )
    assert all("content" not in e for e in result["log_entries"])
    times = [e["at"] for e in result["log_entries"]]
    assert times == sorted(times, reverse=True)

    # An audit does not count as use.
    got = await call(hass, "get", {"id": active["memory"]["id"]}, user=hass_admin_user)
    assert got["memory"]["access_count"] == 0

    # The query is exactly a memory's text: its log rows match by hash too.
    exact = await call(
        hass,
        "search_all_tiers",
        {"query": "The spare key is under the mat"},
        user=hass_admin_user,
    )
    creates = [
        e
        for e in exact["log_entries"]
        if (e["operation"], e["memory_id"]) == ("create", active["memory"]["id"])
    ]
    assert len(creates) == 1

    no_log = await call(
        hass,
        "search_all_tiers",
        {"query": "spare key", "include_log": False},
        user=hass_admin_user,
    )
    assert "log_entries" not in no_log


# -- failures below the actions --------------------------------------------------


async def test_engine_failure_is_reported(
    hass: HomeAssistant, init_integration: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """An engine failure is a translated HomeAssistantError naming it."""
    store = init_integration.runtime_data.store
    with (
        patch.object(store, "create", side_effect=MemoryEngineError("disk on fire")),
        pytest.raises(HomeAssistantError) as err,
    ):
        await remember(hass, hass_admin_user, content="anything")
    assert err.value.translation_key == "engine_error"
    assert "disk on fire" in str(err.value)


async def test_engine_validation_is_reported(
    hass: HomeAssistant, init_integration: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """An engine validation error is a translated ServiceValidationError; a
    reason without words of its own keeps its message (review s38 finding 9:
    it said only "is not valid")."""
    store = init_integration.runtime_data.store
    with (
        patch.object(
            store, "create", side_effect=InvalidMemoryError("people", "too many")
        ),
        pytest.raises(ServiceValidationError) as err,
    ):
        await remember(hass, hass_admin_user, content="anything")
    assert err.value.translation_key == "invalid_memory"
    assert err.value.translation_placeholders == {
        "field": "People",
        "error": "too many",
    }


async def test_actions_need_a_loaded_entry(
    hass: HomeAssistant, init_integration: MockConfigEntry, hass_admin_user: MockUser
) -> None:
    """Actions are refused while no entry is loaded."""
    assert await hass.config_entries.async_unload(init_integration.entry_id)
    with pytest.raises(ServiceValidationError) as err:
        await call(hass, "search", {"query": "x"}, user=hass_admin_user)
    assert err.value.translation_domain == "homeassistant"


def test_schema_error_without_a_path() -> None:
    """A schema error without a field path names the data as a whole."""
    schema = ServiceSchema(int)
    with pytest.raises(ServiceValidationError) as err:
        schema("not a number")
    assert err.value.translation_placeholders is not None
    assert err.value.translation_placeholders["field"] == "data"
