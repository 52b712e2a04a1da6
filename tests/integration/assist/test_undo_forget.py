"""Undoing a spoken forget: "forget …", "yes", then "undo that".

A non-admin who forgot a household memory by mistake could not bring it
back (review s21 F11): the restore action is an administrator's. Who forgot
a memory may now restore it, by voice right after, or by the action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    SYSTEM,
    MemoryFilter,
    Tier,
)

from ..conftest import call
from .test_questions import ask, speech

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant
    from pytest_homeassistant_custom_component.common import MockUser

    from custom_components.home_memory.runtime.data import HomeMemoryConfigEntry

pytestmark = pytest.mark.usefixtures("mock_load_model", "agent_entry")


def _tier_of(entry: HomeMemoryConfigEntry, words: str) -> Tier | None:
    store = entry.runtime_data.store
    every = MemoryFilter(tiers=(Tier.ACTIVE, Tier.DELETED))
    for memory in store.list_memories(SYSTEM, every).items:
        if words in memory.content:
            return memory.tier
    return None


@pytest.mark.parametrize(
    ("language", "tell", "forget", "yes", "undo", "back"),
    [
        (
            "en",
            "remember that the bike lock code is 7788",
            "forget the bike lock code",
            "yes",
            "undo that",
            "Okay, it's back: 'The bike lock code is 7788'.",
        ),
        (
            "de",
            "merk dir, dass der Safe-Code 7788 ist",
            "vergiss den Safe-Code",
            "ja",
            "mach das rückgängig",
            "Okay, das ist wieder da: „Der Safe-Code ist 7788“.",
        ),
    ],
)
async def test_who_forgot_a_memory_brings_it_back_by_voice(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_ben: MockUser,
    language: str,
    tell: str,
    forget: str,
    yes: str,
    undo: str,
    back: str,
) -> None:
    """Ben (no admin) forgets a household memory and undoes it at once."""
    await ask(hass, tell, language, user=user_ben)
    asked = await ask(hass, forget, language, user=user_ben)
    assert "7788" in speech(asked), speech(asked)
    done = await ask(
        hass, yes, language, user=user_ben, conversation_id=asked.conversation_id
    )
    assert _tier_of(init_integration, "7788") is Tier.DELETED, speech(done)
    undone = await ask(
        hass, undo, language, user=user_ben, conversation_id=asked.conversation_id
    )
    assert speech(undone) == back
    assert _tier_of(init_integration, "7788") is Tier.ACTIVE
    # Once: nothing more to bring back.
    again = await ask(
        hass, undo, language, user=user_ben, conversation_id=asked.conversation_id
    )
    assert "nothing" in speech(again).casefold() or "nichts" in speech(again)


async def test_undo_with_nothing_forgotten_changes_nothing(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry, user_ben: MockUser
) -> None:
    """ "Undo" with no forget before it brings nothing back."""
    answer = await ask(hass, "undo that", user=user_ben)
    assert speech(answer) == "There is nothing I just forgot to bring back."


async def test_who_forgot_it_may_restore_it_but_not_another_s_deletion(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """The restore action: Ben may bring back what he forgot, not what Anna
    forgot (that stays an administrator's)."""
    made = await call(
        hass, "remember", {"content": "The gate code is 1357"}, user=user_ben
    )
    other = await call(
        hass, "remember", {"content": "The shed code is 2468"}, user=user_ben
    )
    mine, anna_s = made["memory"]["id"], other["memory"]["id"]
    await call(hass, "forget", {"ids": [mine]}, user=user_ben)
    await call(hass, "forget", {"ids": [anna_s]}, user=user_anna)
    with pytest.raises(Exception, match="administrator"):
        await call(hass, "restore", {"ids": [anna_s]}, user=user_ben)
    restored = await call(hass, "restore", {"ids": [mine]}, user=user_ben)
    assert restored["restored"] == [mine]
    assert _tier_of(init_integration, "gate code") is Tier.ACTIVE
    assert _tier_of(init_integration, "shed code") is Tier.DELETED


@pytest.mark.parametrize(
    ("language", "tell", "forget_it", "yes"),
    [
        ("en", "remember that the shed code is 4455", "forget it", "yes"),
        ("de", "merk dir, dass der Schuppencode 4455 ist", "vergiss es", "ja"),
    ],
)
async def test_forget_it_with_nothing_talked_about_is_never_mind(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    language: str,
    tell: str,
    forget_it: str,
    yes: str,
) -> None:
    """ "vergiss es" is Home Assistant's German "never mind" (review s30 L1):
    in a conversation that talked of no memory it asks nothing and says
    nothing (no "I'm not sure which memory you mean"), and a "yes" after it
    forgets nothing; said right after a memory, it still asks about that one."""
    await ask(hass, tell, language)
    never_mind = await ask(hass, forget_it, language)
    assert speech(never_mind) == ""
    await ask(hass, yes, language, conversation_id=never_mind.conversation_id)
    assert _tier_of(init_integration, "4455") is Tier.ACTIVE
    told = await ask(hass, tell.replace("4455", "5566"), language)
    asked = await ask(hass, forget_it, language, conversation_id=told.conversation_id)
    assert "5566" in speech(asked), speech(asked)


@pytest.mark.parametrize(
    ("language", "tell", "forget_it"),
    [
        ("en", "remember that the shed code is 4455", "never mind, forget it"),
        ("en", "remember that the shed code is 4455", "forget it please"),
        ("de", "merk dir, dass der Schuppencode 4455 ist", "Ach, vergiss es"),
        ("de", "merk dir, dass der Schuppencode 4455 ist", "Schon gut, vergiss es"),
        ("de", "merk dir, dass der Schuppencode 4455 ist", "Vergiss es einfach"),
        # Review s32 M4: silence, the memory kept.
        ("en", "remember that the shed code is 4455", "ok forget it"),
        ("en", "remember that the shed code is 4455", "actually, forget it"),
        ("en", "remember that the shed code is 4455", "oh, just forget it"),
        ("en", "remember that the shed code is 4455", "no wait, forget it"),
        ("de", "merk dir, dass der Schuppencode 4455 ist", "Nein warte, vergiss es"),
    ],
)
async def test_never_mind_said_around_forget_it(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    language: str,
    tell: str,
    forget_it: str,
) -> None:
    """ "Ach, vergiss es", "Vergiss es einfach", "never mind, forget it" are
    "forget it" (review s31 L1: not understood, or "einfach" taken as the
    memory): silent with nothing talked about, asking right after a memory."""
    never_mind = await ask(hass, forget_it, language)
    assert speech(never_mind) == ""
    told = await ask(hass, tell, language)
    asked = await ask(hass, forget_it, language, conversation_id=told.conversation_id)
    assert "4455" in speech(asked), speech(asked)


_REMEMBER = {"en": "remember that", "de": "merk dir, dass"}


@pytest.mark.parametrize(
    ("language", "asked", "forget_it", "which", "second", "yes"),
    [
        (
            "en",
            "what do you remember about the codes",
            "forget it",
            "Which of the 2 should I forget? Say its number.",
            "number two",
            "yes",
        ),
        (
            "de",
            "was weißt du über die Codes",
            "vergiss es",
            "Welche der 2 soll ich vergessen? Sag ihre Nummer.",
            "Nummer zwei",
            "ja",
        ),
    ],
)
async def test_forget_it_after_several_were_read_asks_which(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    language: str,
    asked: str,
    forget_it: str,
    which: str,
    second: str,
    yes: str,
) -> None:
    """Two memories read out, then "forget it": it asks which of them (review
    s31 L2: the answer was silence), and the number said is the one forgotten;
    a memory told earlier in the conversation is no longer "it"."""
    await call(hass, "remember", {"content": "The shed code is 4455."})
    await call(hass, "remember", {"content": "The gate code is 7788."})
    earlier = {"en": "the bins go out on Tuesday", "de": "der Müll Dienstag rausgeht"}
    told = await ask(hass, f"{_REMEMBER[language]} {earlier[language]}", language)
    conversation = told.conversation_id
    listing = speech(await ask(hass, asked, language, conversation_id=conversation))
    assert "2:" in listing, listing
    assert "3:" not in listing, listing
    assert earlier[language].split()[1] not in listing, listing
    second_said = "4455" if listing.index("4455") > listing.index("7788") else "7788"
    first_said = "7788" if second_said == "4455" else "4455"
    answer = await ask(hass, forget_it, language, conversation_id=conversation)
    assert speech(answer) == which
    picked = await ask(hass, second, language, conversation_id=conversation)
    assert second_said in speech(picked), speech(picked)
    await ask(hass, yes, language, conversation_id=conversation)
    assert _tier_of(init_integration, second_said) is Tier.DELETED
    assert _tier_of(init_integration, first_said) is Tier.ACTIVE
    assert _tier_of(init_integration, earlier[language].split()[1]) is Tier.ACTIVE


async def test_forget_it_in_a_new_conversation_after_a_listing_is_never_mind(
    hass: HomeAssistant, init_integration: HomeMemoryConfigEntry
) -> None:
    """Several read out in one conversation; "forget it" in a new one asks
    nothing (CI of session 32: "Vergiss es" asked which of another
    conversation's three)."""
    await call(hass, "remember", {"content": "The shed code is 4455."})
    await call(hass, "remember", {"content": "The gate code is 7788."})
    listing = speech(await ask(hass, "what do you remember about the codes"))
    assert "2:" in listing, listing
    assert speech(await ask(hass, "forget it")) == ""


async def test_another_persons_turn_leaves_a_listing_as_it_was(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Anna hears two memories; Ben's "forget it" and "number one" in her
    conversation choose nothing, and her own "forget it" then still asks
    which of her two (review s32 L3: his turns emptied her listing)."""
    for code in ("The shed code is 4455", "The gate code is 7788"):
        await ask(hass, f"remember that {code.lower()}", user=user_anna)
    listing = await ask(hass, "what do you remember about the codes", user=user_anna)
    conversation = listing.conversation_id
    assert "2:" in speech(listing), speech(listing)
    for said in ("forget it", "number one"):
        his = await ask(hass, said, user=user_ben, conversation_id=conversation)
        assert "4455" not in speech(his), speech(his)
        assert "7788" not in speech(his), speech(his)
    which = await ask(hass, "forget it", user=user_anna, conversation_id=conversation)
    assert speech(which) == "Which of the 2 should I forget? Say its number."
    picked = await ask(hass, "number one", user=user_anna, conversation_id=conversation)
    first = (
        "4455"
        if speech(listing).index("4455") < speech(listing).index("7788")
        else "7788"
    )
    assert first in speech(picked), speech(picked)
    await ask(hass, "yes", user=user_anna, conversation_id=conversation)
    assert _tier_of(init_integration, first) is Tier.DELETED


async def test_a_number_forgotten_meanwhile_is_said_to_be_gone(
    hass: HomeAssistant,
    init_integration: HomeMemoryConfigEntry,
    user_anna: MockUser,
    user_ben: MockUser,
) -> None:
    """Anna asks which to forget of two; Ben forgets her first meanwhile.
    Her "number one" says it is gone (review s32 L2: "I don't remember
    anything like that"), and her "number two" still asks about hers."""
    for code in ("The shed code is 4455", "The gate code is 7788"):
        await ask(hass, f"remember that {code.lower()}", user=user_anna)
    listing = await ask(hass, "what do you remember about the codes", user=user_anna)
    conversation, listed = listing.conversation_id, speech(listing)
    first, second = sorted(("4455", "7788"), key=listed.index)
    which = await ask(hass, "forget it", user=user_anna, conversation_id=conversation)
    assert speech(which) == "Which of the 2 should I forget? Say its number."
    store = init_integration.runtime_data.store
    [gone] = [
        memory.id
        for memory in store.list_memories(SYSTEM, MemoryFilter()).items
        if first in memory.content
    ]
    await call(hass, "forget", {"ids": [gone]}, user=user_ben)
    picked = await ask(hass, "number one", user=user_anna, conversation_id=conversation)
    assert speech(picked) == "Number 1 is no longer among the memories I can tell you."
    picked = await ask(hass, "number two", user=user_anna, conversation_id=conversation)
    assert second in speech(picked), speech(picked)
