"""The engine's value types: origins, default classes, what a caller is shown."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.values import (
    Caller,
    MemoryFilter,
    MemoryKind,
    MemoryPatch,
    Origin,
    Source,
    Visibility,
    WeightClass,
    both_begun,
    default_weight_class,
    opens_a_conversation,
    origin_of,
)

from ..conftest import ADMIN, new_memory

if TYPE_CHECKING:
    from custom_components.home_memory.memory.store import MemoryStore

ANNA = Caller("anna")
BEN = Caller("ben")


@pytest.mark.parametrize(
    ("source", "source_ids", "origin"),
    [
        (Source.EXPLICIT, ("conv-1",), Origin.VOICE),
        (Source.EXPLICIT, (), Origin.ACTION),
        (Source.OBSERVED, ("event:1",), Origin.OBSERVED),
        (Source.EXTRACTED, ("conv-1",), Origin.EXTRACTED),
        (Source.MIGRATION, (), Origin.IMPORTED),
        (Source.JOURNAL, (), Origin.IMPORTED),
    ],
)
def test_the_origin_follows_source_and_sources(
    source: Source, source_ids: tuple[str, ...], origin: Origin
) -> None:
    """Explicit memories are voice with a conversation, action without one."""
    assert origin_of(source, source_ids) is origin


def test_only_conversation_ids_reopen_a_conversation() -> None:
    """Observer events and merged memories' ids are not conversations."""
    assert opens_a_conversation("01JCONVERSATION")
    assert not opens_a_conversation("event:42")
    assert not opens_a_conversation("memory:01JABC")


@pytest.mark.parametrize(
    ("kind", "source", "weight_class"),
    [
        (MemoryKind.PREFERENCE, Source.EXPLICIT, WeightClass.PREFERENCE),
        (MemoryKind.ROUTINE, Source.OBSERVED, WeightClass.ROUTINE),
        (MemoryKind.FACT, Source.OBSERVED, WeightClass.OBSERVATION),
        (MemoryKind.OBSERVATION, Source.EXPLICIT, WeightClass.OBSERVATION),
        (MemoryKind.FACT, Source.EXPLICIT, WeightClass.SIGNIFICANT),
    ],
)
def test_a_class_is_chosen_from_kind_then_source(
    kind: MemoryKind, source: Source, weight_class: WeightClass
) -> None:
    """Preferences and routines keep their class; the house's notes are observations."""
    assert default_weight_class(kind, source) is weight_class


def test_significant_memories_count_most_and_last_longest() -> None:
    """The classes are ordered the same way in weight and in retention."""
    ordered = list(WeightClass)
    weights = [c.retrieval_weight for c in ordered]
    retention = [c.retention_multiplier for c in ordered]
    assert weights == sorted(weights, reverse=True)
    assert retention == sorted(retention, reverse=True)


def test_private_memories_are_visible_to_their_owner_only(store: MemoryStore) -> None:
    """An administrator does not see another person's private memory either."""
    private = store.create(
        new_memory("My diary", owner="anna", visibility=Visibility.PRIVATE), ANNA
    ).memory
    household = store.create(new_memory("The hall light is new"), ANNA).memory
    assert private.visible_to(ANNA)
    assert not private.visible_to(BEN)
    assert not private.visible_to(ADMIN)
    assert not private.visible_to(Caller(None))
    assert household.visible_to(BEN)


def test_only_the_speaker_is_shown_the_conversation_id(store: MemoryStore) -> None:
    """Others see "conversation" in place of the id that would reopen it."""
    said = store.create(
        new_memory(
            "The bins go out on Monday",
            source_ids=("conv-1", "event:7"),
            speaker="anna",
        ),
        ANNA,
    ).memory
    assert said.shown_to(ANNA) is said
    for other in (BEN, ADMIN):
        shown = said.shown_to(other)
        assert shown.source_ids == ("conversation", "event:7")
        assert shown.origin is Origin.VOICE


def test_the_teller_is_the_speaker_else_who_told_it_by_action(
    store: MemoryStore,
) -> None:
    """A spoken memory's teller is its speaker; one told by an action (no
    speaker) is its owner's words; an observation is nobody's."""
    spoken = store.create(
        new_memory("My gym locker code is 7714", speaker="anna", owner="anna"), ANNA
    ).memory
    action = store.create(
        new_memory("My locker code is 5826", owner="anna", source=Source.EXPLICIT),
        ANNA,
    ).memory
    observed = store.create(
        new_memory("The front door opened", owner="anna", source=Source.OBSERVED),
        ANNA,
    ).memory
    assert spoken.teller == "anna"
    assert action.teller == "anna"
    assert observed.teller is None


def test_a_patch_is_empty_only_when_it_changes_nothing() -> None:
    """Every field, clearing an expiry or a field, makes a patch non-empty."""
    assert MemoryPatch().is_empty()
    assert MemoryPatch(expected_version=3).is_empty()
    assert not MemoryPatch(content="new").is_empty()
    assert not MemoryPatch(clear_expiry=True).is_empty()
    assert not MemoryPatch(cleared=frozenset({"emotion"})).is_empty()


def test_a_filter_needs_sql_when_it_narrows_beyond_the_defaults() -> None:
    """Tier, expiry and visibility alone are served without a WHERE clause."""
    assert not MemoryFilter().needs_sql()
    assert not MemoryFilter(include_expired=True).needs_sql()
    narrowing = {
        "kinds": (MemoryKind.FACT,),
        "classes": (WeightClass.ROUTINE,),
        "tags": ("x",),
        "people": ("anna",),
        "owner": "anna",
        "visibility": Visibility.PRIVATE,
        "min_importance": 0.5,
        "origins": (Origin.VOICE,),
        "private_of": "anna",
    }
    for name, value in narrowing.items():
        assert MemoryFilter(**{name: value}).needs_sql(), name  # type: ignore[arg-type]
    assert not MemoryFilter(created_after=None).needs_sql()
    assert MemoryFilter(created_after=datetime(2026, 1, 1, tzinfo=UTC)).needs_sql()
    assert MemoryFilter(created_before=datetime(2026, 1, 1, tzinfo=UTC)).needs_sql()


def test_two_occasions_have_begun_when_both_started_before_the_telling() -> None:
    """Sunday's wreath and Sunday's market, told on Wednesday (or on Sunday
    afternoon): both begun; a plan for a day to come has not."""
    sunday = (1_764_370_800.0, 1_764_457_140.0)  # Sunday 29 November, all day
    wednesday = sunday[0] + 3 * 86_400 + 15 * 3600
    assert both_begun(sunday, sunday, wednesday)
    assert both_begun(sunday, sunday, sunday[0] + 16 * 3600)
    tuesday = (sunday[0] + 2 * 86_400, sunday[1] + 2 * 86_400)
    assert not both_begun(sunday, tuesday, sunday[0] + 16 * 3600)
    assert not both_begun(tuesday, sunday, sunday[0] + 16 * 3600)
