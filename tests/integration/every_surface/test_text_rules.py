"""What may be stored and quoted (one rule of hidden characters) and how
labels compare (case and Unicode normalisation), on every surface.

Issue 20, defects 2 and 5: invisible characters that validation let through
reached another person's prompt; people labels that differ only in case
ended in SQLite's UNIQUE constraint error.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any
import unicodedata

from homeassistant.core import Context, HomeAssistant
from homeassistant.exceptions import HomeAssistantError
from homeassistant.helpers import llm
from homeassistant.setup import async_setup_component
from hypothesis import HealthCheck, given, settings, strategies as st
import pytest

from custom_components.home_memory.assist.context import async_turn_context
from custom_components.home_memory.const import DOMAIN
from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    Caller,
    MemoryFilter,
)

from ..conftest import call

if TYPE_CHECKING:
    from pathlib import Path

    from pytest_homeassistant_custom_component.common import MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

    from ..ws_client import Client

pytestmark = pytest.mark.usefixtures("init_integration")

# The characters the review found, and one of each hidden category.
NAMED_HIDDEN = [
    "\U000e0041",  # TAG LATIN CAPITAL LETTER A
    "\U000e0001",  # LANGUAGE TAG
    "\U000e007f",  # CANCEL TAG
    "\U000e0000",  # unassigned, in the tag block
    "\u061c",  # ARABIC LETTER MARK
    "\u180e",  # MONGOLIAN VOWEL SEPARATOR
    "\ufff9",  # INTERLINEAR ANNOTATION ANCHOR
    "\ufffa",
    "\ufffb",
    "\u200b",  # ZERO WIDTH SPACE
    "\u00ad",  # SOFT HYPHEN
    "\ue000",  # private use
    "\U0010fffd",  # private use, plane 16
    "\u0378",  # unassigned
    "\ufffe",  # noncharacter
    "\u3164",  # HANGUL FILLER
    "\u034f",  # COMBINING GRAPHEME JOINER
    "\u2028",
    "\u2029",
]
HIDDEN_CATEGORIES = ["Cc", "Cf", "Co", "Cn", "Zl", "Zp"]
# Control characters a multiline field may hold.
LINE_BREAKS = "\t\n\r"


def hidden_characters() -> st.SearchStrategy[str]:
    """Any character of a hidden category (tab and line breaks aside)."""
    return st.one_of(
        st.characters(categories=HIDDEN_CATEGORIES).filter(
            lambda c: c not in LINE_BREAKS
        ),
        st.sampled_from(NAMED_HIDDEN),
        st.integers(0xE0000, 0xE007F).map(chr),
    )


@pytest.fixture(autouse=True)
async def setup_llm(hass: HomeAssistant) -> None:
    """The llm integration, for the tools."""
    assert await async_setup_component(hass, "homeassistant", {})
    assert await async_setup_component(hass, "llm", {})


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


def stored(entry: HomeMemoryConfigEntry) -> list[Any]:
    """Every active memory, as the engine holds it."""
    return list(entry.runtime_data.store.list_memories(SYSTEM, MemoryFilter()).items)


async def purge_all(hass: HomeAssistant, entry: HomeMemoryConfigEntry) -> None:
    """No memory left (hypothesis runs its examples in one Home Assistant)."""
    if ids := [memory.id for memory in stored(entry)]:
        await call(hass, "purge", {"ids": ids})


# -- hidden characters ----------------------------------------------------------------


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(hidden=hidden_characters(), where=st.integers(0, 2))
async def test_hidden_characters_are_refused_everywhere_and_nothing_is_written(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    anna: Client,
    hidden: str,
    where: int,
) -> None:
    """Text with a hidden character, at the start, inside or at the end, is a
    clear error on the action, the tool and the websocket API; nothing changes."""
    text = ["{}The gate code is 1234", "The gate{} code is 1234", "Gate code 1234{}"][
        where
    ].format(hidden)
    before = stored(init_integration)
    with pytest.raises(HomeAssistantError) as err:
        await call(hass, "remember", {"content": text}, user=user_anna)
    assert getattr(err.value, "translation_key", None) == "invalid_field"
    with pytest.raises(HomeAssistantError):
        await call(
            hass,
            "remember",
            {"content": "The gate is green", "people": [text[:90]]},
            user=user_anna,
        )
    result = await tool(hass, "remember", {"content": text}, user_anna)
    assert result.error, result
    if before:
        error = await anna.error("update", memory_id=before[0].id, summary=text)
        assert error["translation_key"] == "invalid_field"
    assert stored(init_integration) == before


@pytest.mark.parametrize(
    "text",
    [
        "We love \u2764\ufe0f our garden",  # a selector after a symbol
        # A joiner between two emoji.
        "The astronaut \U0001f469\u200d\U0001f680 mug is in the cupboard",
        "\U0001f468\U0001f3fd\u200d\U0001f373 cooks on Fridays",  # with a skin tone
        "Zo\u00eb\u2019s bike is in the shed",
        "The code is 1234\nThe gate opens inward",
    ],
)
async def test_visible_text_with_emoji_and_marks_is_kept(
    hass: HomeAssistant, user_anna: MockUser, anna: Client, text: str
) -> None:
    """The rule keeps what people write: emoji sequences, accents, newlines."""
    made = await call(hass, "remember", {"content": text}, user=user_anna)
    assert made["memory"]["content"].rstrip(".") == text.rstrip(".")


@pytest.mark.parametrize(
    "text",
    [
        "\u2764\ufe0f\ufe0f two selectors after one heart",
        "\u200dAnna joins nothing",
        "a\u200db",
        "\ufe0fselector first",
    ],
)
async def test_stray_selectors_and_joiners_are_refused(
    hass: HomeAssistant, user_anna: MockUser, text: str
) -> None:
    """A selector that selects nothing and a joiner between letters hide bits."""
    with pytest.raises(HomeAssistantError):
        await call(hass, "remember", {"content": text}, user=user_anna)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(hidden=st.lists(hidden_characters(), min_size=1, max_size=4))
async def test_text_stored_before_the_rule_reaches_no_prompt_with_hidden_characters(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
    hidden: list[str],
) -> None:
    """A memory written before the rule (or by an older version) is quoted by
    the same rule: none of its hidden characters reaches Anna's prompt."""
    made = await call(
        hass,
        "remember",
        {"content": "The spare key is under the blue pot"},
        user=user_ben,
    )
    data = init_integration.runtime_data
    planted = "The spare key is under the blue pot" + "".join(hidden) + " ignore"

    def plant() -> None:
        with data.store.transaction() as conn:
            conn.execute(
                "UPDATE memories SET summary = ?, content = ? WHERE id = ?",
                (planted, planted, made["memory"]["id"]),
            )

    await hass.async_add_executor_job(plant)
    result = await async_turn_context(
        hass,
        data,
        "where is the spare key pot",
        Caller(user_id=user_anna.id),
        ask_proposals=False,
    )
    assert result is not None
    assert "spare key" in result.text
    for char in set(hidden):
        assert char not in result.text, hex(ord(char))


# -- labels ---------------------------------------------------------------------

# Spellings of one name: case, composed and decomposed, compatibility forms.
ZOE = ["Zoë", "ZOË", "zoë", "Zoe\u0308", "ZOE\u0308", "Ｚｏë"]


def spellings() -> st.SearchStrategy[list[str]]:
    """One name in several spellings that compare equal, shuffled."""
    return st.lists(
        st.sampled_from([*ZOE, "Anna", "ANNA", "anna", "ÅSA", "Åsa", "A\u030asa"]),
        min_size=1,
        max_size=8,
    )


def keys(labels: list[str]) -> set[str]:
    """The names as people mean them."""
    return {
        unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", label).casefold())
        for label in labels
    }


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(people=spellings(), tags=spellings())
async def test_labels_that_differ_in_case_or_normalisation_are_one_label(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    anna: Client,
    config_dir: Path,
    people: list[str],
    tags: list[str],
) -> None:
    """remember, update (action and websocket), the update tool and import
    all store each name once, as the first spelling; filters find it by any."""
    await purge_all(hass, init_integration)
    made = await call(
        hass,
        "remember",
        {"content": "We went to the lake", "people": people, "tags": tags},
        user=user_anna,
    )
    memory = made["memory"]
    assert len(memory["people"]) == len(keys(people))
    assert len(memory["tags"]) == len(keys(tags))
    assert memory["people"][0] == unicodedata.normalize("NFC", people[0])

    updated = await call(
        hass,
        "update",
        {"id": memory["id"], "people": [*people, *reversed(people)]},
        user=user_anna,
    )
    assert len(updated["memory"]["people"]) == len(keys(people))
    got = await anna.ok(
        "update", memory_id=memory["id"], people=people[::-1], tags=tags[::-1]
    )
    assert len(got["memory"]["people"]) == len(keys(people))
    assert len(got["memory"]["tags"]) == len(keys(tags))

    # The same statement again names the people in other spellings: a repeat
    # whose labels add up, still each once.
    await call(
        hass,
        "remember",
        {"content": "We went to the lake", "people": [p.upper() for p in people]},
        user=user_anna,
    )
    for spelling in [*people, *tags]:
        field = "people" if spelling in people else "tags"
        listed = await anna.ok("list", **{field: [spelling.swapcase()]})
        assert [m["id"] for m in listed["memories"]] == [memory["id"]]

    line = json.dumps(
        {"id": "imported-1", "content": "The canoe is blue", "people": people}
    )
    path = config_dir / "home_memory" / "exports" / "labels.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(line + "\n", encoding="utf-8")
    imported = await call(hass, "import", {"path": str(path)}, user=None)
    assert imported["imported"] == 1
    [canoe] = [m for m in stored(init_integration) if m.id == "imported-1"]
    assert len(canoe.people) == len(keys(people))


async def test_the_remember_tool_folds_tags_in_any_case(
    hass: HomeAssistant, user_anna: MockUser
) -> None:
    """The remember tool's tags in two cases are one tag (no engine error)."""
    result = await tool(
        hass,
        "remember",
        {"content": "The kayak is red", "tags": ["Boat", "BOAT", "boat"]},
        user_anna,
    )
    assert not result.error, result.data
