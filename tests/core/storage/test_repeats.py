"""A statement told again: repeats reinforce, corrections replace, owners kept apart."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.config import EngineConfig
from custom_components.home_memory.memory.common.values import (
    Caller,
    CreateAction,
    MemoryFilter,
    MemoryKind,
    MemoryPatch,
    NewMemory,
    Reading,
    Visibility,
    WeightClass,
)
from custom_components.home_memory.memory.store import (
    MemoryStore,
)
from custom_components.home_memory.memory.text.validation import MAX_LABELS

from ...bathroom_things import BATHROOM_DE, BATHROOM_EN
from ..conftest import (
    ADMIN,
    ALICE,
    BOB,
    HOUSE,
    ManualClock,
    new_memory,
)

if TYPE_CHECKING:
    from pathlib import Path

    from custom_components.home_memory.memory.embedding.embedder import Embedder


def told_instead(new: str, old: str, owner: str) -> NewMemory:
    """`owner`'s household statement "<new> instead of <old>", as the
    operation reads it: a correction naming its old value, kept as said
    where nothing holds it."""
    return new_memory(
        new,
        owner=owner,
        corrects=True,
        replaces=old,
        as_said=Reading(content=f"{new} instead of {old}"),
    )


def test_duplicate_is_reinforced_not_stored_twice(store: MemoryStore) -> None:
    """A duplicate reinforces the existing memory instead of storing a second."""
    first = store.create(new_memory("The wifi password is hunter2"), ALICE)
    second = store.create(
        new_memory("The wifi password is hunter2", tags=("wifi",)), ALICE
    )
    assert second.action is CreateAction.REINFORCED
    assert second.memory.id == first.memory.id
    assert second.memory.tags == ("wifi",)
    assert second.memory.access_count == 1
    assert store.list_memories(HOUSE).total == 1


def test_a_longer_restatement_updates_the_memory_to_the_newest_text(
    store: MemoryStore,
) -> None:
    """A statement that adds to a memory replaces its text; the old is version 1."""
    first = store.create(new_memory("The spare key is under the big flower pot"), ALICE)
    updated = store.create(
        new_memory("The spare key is under the big flower pot by the gate"), ALICE
    )
    assert updated.action is CreateAction.UPDATED
    assert updated.similarity is not None
    assert updated.memory.id == first.memory.id
    assert updated.memory.content.endswith("by the gate")
    assert updated.previous == first.memory.content
    assert updated.memory.version == 2


def test_a_changed_number_corrects_the_memory_and_keeps_the_old_in_history(
    store: MemoryStore,
) -> None:
    """The door code 1234 -> 5678 is one memory saying 5678, with 1234 undoable."""
    first = store.create(new_memory("The door code is 1234 for the shed"), HOUSE)
    second = store.create(new_memory("The door code is 5678 for the shed"), HOUSE)
    assert second.action is CreateAction.UPDATED
    assert second.memory.id == first.memory.id
    assert second.memory.content == "The door code is 5678 for the shed"
    assert second.previous == "The door code is 1234 for the shed"
    assert store.list_memories(HOUSE).total == 1
    assert store.history(first.memory.id, HOUSE)[0]["content"] == (
        "The door code is 1234 for the shed"
    )
    assert store.undo(first.memory.id, HOUSE).content == (
        "The door code is 1234 for the shed"
    )


def test_a_correction_takes_the_new_statements_expiry_and_fields(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A correction's own expiry, kind, class, location, emotion replace the old."""
    soon = datetime.fromtimestamp(clock.value, UTC) + timedelta(hours=1)
    first = store.create(
        new_memory(
            "The parking spot is level 3",
            expires_at=soon,
            kind=MemoryKind.EVENT,
            weight_class=WeightClass.TRANSIENT,
            location="garage",
            emotion="annoyed",
            tags=("parking",),
            importance=0.9,
        ),
        HOUSE,
    )
    second = store.create(new_memory("The parking spot is level 5"), HOUSE)
    assert second.action is CreateAction.UPDATED
    assert second.memory.id == first.memory.id
    corrected = second.memory
    assert corrected.expires_at is None  # the newest statement never expires
    assert corrected.kind is MemoryKind.FACT
    assert corrected.weight_class is WeightClass.SIGNIFICANT
    assert corrected.location is None
    assert corrected.emotion is None
    # Labels and importance describe the subject: they accumulate.
    assert corrected.tags == ("parking",)
    assert corrected.importance == 0.9
    clock.advance(seconds=2 * 3600)
    assert [m.content for m in store.list_memories(HOUSE).items] == [
        "The parking spot is level 5"
    ]
    later = datetime.fromtimestamp(clock.value, UTC) + timedelta(minutes=30)
    third = store.create(
        new_memory("The parking spot is level 7", expires_at=later, location="mall"),
        HOUSE,
    )
    assert third.action is CreateAction.UPDATED
    assert third.memory.expires_at == later
    assert third.memory.location == "mall"
    # Undo brings back the previous statement with its own fields.
    undone = store.undo(first.memory.id, HOUSE)
    assert undone.content == "The parking spot is level 5"
    assert undone.expires_at is None
    assert undone.location is None


def test_a_repeat_never_lets_a_memory_lapse_before_its_newest_telling(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A repeat keeps the later expiry; told again without one, it never lapses."""
    now = datetime.fromtimestamp(clock.value, UTC)
    first = store.create(
        new_memory("The parking spot is level 3", expires_at=now + timedelta(hours=1)),
        HOUSE,
    )
    sooner = store.create(
        new_memory(
            "The parking spot is level 3", expires_at=now + timedelta(minutes=5)
        ),
        HOUSE,
    )
    assert sooner.action is CreateAction.REINFORCED
    assert sooner.memory.expires_at == now + timedelta(hours=1)
    later = store.create(
        new_memory("The parking spot is level 3", expires_at=now + timedelta(hours=3)),
        HOUSE,
    )
    assert later.memory.expires_at == now + timedelta(hours=3)
    forever = store.create(new_memory("The parking spot is level 3"), HOUSE)
    assert forever.action is CreateAction.REINFORCED
    assert forever.memory.id == first.memory.id
    assert forever.memory.expires_at is None
    again = store.create(
        new_memory("The parking spot is level 3", expires_at=now + timedelta(hours=1)),
        HOUSE,
    )
    assert again.memory.expires_at is None


def test_other_owners_memories_never_crowd_out_the_one_a_statement_corrects(
    store: MemoryStore,
) -> None:
    """Many owners' nearer household memories do not hide Anna's own to correct."""
    for number in range(10):
        user = f"user{number}"
        store.create(
            new_memory("The spare key is under the red flower pot", owner=user),
            Caller(user_id=user),
        )
    store.create(new_memory("The spare key is under the red flower pot"), HOUSE)
    blue = store.create(
        new_memory("The spare key is under the blue flower pot", owner="anna"),
        Caller(user_id="anna"),
    )
    red = store.create(
        new_memory("The spare key is under the red flower pot", owner="anna"),
        Caller(user_id="anna"),
    )
    assert red.action is CreateAction.UPDATED
    assert red.memory.id == blue.memory.id
    assert red.previous == "The spare key is under the blue flower pot"


def test_keyword_only_mode_folds_exact_repeats_and_keeps_corrections_apart(
    tmp_path: Path, clock: ManualClock
) -> None:
    """Without a model only the same text is a repeat (as the README says)."""
    plain = MemoryStore(tmp_path / "plain.db", clock=clock)
    try:
        blue = plain.create(
            new_memory("The spare key is under the blue flower pot"), HOUSE
        )
        again = plain.create(
            new_memory("The spare key is under the blue flower pot"), HOUSE
        )
        red = plain.create(
            new_memory("The spare key is under the red flower pot"), HOUSE
        )
        assert again.action is CreateAction.REINFORCED
        assert again.memory.id == blue.memory.id
        assert red.action is CreateAction.CREATED
        assert plain.list_memories(HOUSE).total == 2
    finally:
        plain.close()


def test_rows_not_yet_indexed_are_matched_by_owner_too(store: MemoryStore) -> None:
    """In one batch (rows the index has not learnt), only the same owner folds."""
    results = store.create_many(
        [
            new_memory("The spare key is under the blue flower pot", owner="anna"),
            new_memory("The spare key is under the red flower pot", owner="ben"),
            new_memory("The spare key is under the red flower pot", owner="anna"),
        ],
        HOUSE,
    )
    assert [r.action for r in results] == [
        CreateAction.CREATED,
        CreateAction.CREATED,
        CreateAction.UPDATED,
    ]
    assert results[2].memory.id == results[0].memory.id
    assert results[2].memory.owner == "anna"


def test_duplicates_of_other_owners_are_kept_apart(store: MemoryStore) -> None:
    """Duplicates of other owners are stored separately; the teller's own
    household copy told again privately is hers alone (review s43 #1)."""
    store.create(new_memory("I take the bus to work", owner="alice"), ALICE)
    other = store.create(new_memory("I take the bus to work", owner="bob"), BOB)
    private = store.create(
        new_memory(
            "I take the bus to work", owner="alice", visibility=Visibility.PRIVATE
        ),
        ALICE,
    )
    assert other.action is CreateAction.CREATED
    assert private.action is CreateAction.CREATED
    # The admin sees Bob's, not Alice's: her household copy went private.
    assert [m.owner for m in store.list_memories(ADMIN, MemoryFilter()).items] == [
        "bob"
    ]
    assert {m.id for m in store.list_memories(ALICE, MemoryFilter()).items} == {
        private.memory.id,
        other.memory.id,
    }


def test_a_household_statement_corrects_its_tellers_private_memory_in_private(
    store: MemoryStore,
) -> None:
    """Alice's "Actually … 5678" said without privacy words corrects her own
    private memory, which stays private: before, it was a new household
    memory and everyone heard the new code (reviewers' real hass). The same
    words told again without privacy words repeat it in private (live
    review s42 MED-1: a household copy Bob heard); Bob's other value is his
    own."""
    private = store.create(
        new_memory(
            "The safe code is 1234 for the shed",
            owner="alice",
            visibility=Visibility.PRIVATE,
        ),
        ALICE,
    )
    corrected = store.create(
        new_memory("The safe code is 5678 for the shed", owner="alice"), ALICE
    )
    assert corrected.action is CreateAction.UPDATED
    assert corrected.memory.id == private.memory.id
    assert corrected.memory.visibility is Visibility.PRIVATE
    assert corrected.memory.content == "The safe code is 5678 for the shed"
    assert store.list_memories(ADMIN, MemoryFilter()).total == 0
    assert store.list_memories(BOB, MemoryFilter()).total == 0
    again = store.create(
        new_memory("The safe code is 5678 for the shed", owner="alice"), ALICE
    )
    assert again.action is CreateAction.REINFORCED
    assert again.memory.id == private.memory.id
    assert again.memory.visibility is Visibility.PRIVATE
    assert store.list_memories(ADMIN, MemoryFilter()).total == 0
    bobs = store.create(
        new_memory("The safe code is 9999 for the shed", owner="bob"), BOB
    )
    assert bobs.action is CreateAction.CREATED
    assert bobs.memory.visibility is Visibility.HOUSEHOLD
    assert store.get(private.memory.id, ALICE).content.endswith("5678 for the shed")


def test_the_same_event_on_another_day_is_a_second_memory(store: MemoryStore) -> None:
    """A service of the car in November does not fold into October's; told
    twice about one day it is still a repeat."""
    text = "We took the car to the garage for its service"

    def told(day: str) -> NewMemory:
        return NewMemory(
            content=text,
            kind=MemoryKind.EVENT,
            happened_at=datetime.fromisoformat(f"{day}T00:00:00+00:00"),
            happened_until=datetime.fromisoformat(f"{day}T23:59:00+00:00"),
        )

    november = store.create(told("2026-11-02"), ALICE)
    october = store.create(told("2026-10-05"), ALICE)
    again = store.create(told("2026-11-02"), ALICE)

    assert october.action is CreateAction.CREATED
    assert october.memory.id != november.memory.id
    assert again.action is CreateAction.REINFORCED
    assert again.memory.id == november.memory.id
    assert store.list_memories(HOUSE).total == 2


@pytest.mark.parametrize("model", ["minilm", "multilingual"])
@pytest.mark.parametrize(
    ("language", "old", "others", "new"),
    [
        (
            "de",
            "Die Schere ist in der Küche.",
            [f"{thing} ist im Bad." for thing in BATHROOM_DE],
            "Die Schere ist im Bad.",
        ),
        (
            "en",
            "The scissors are in the kitchen.",
            [f"{thing} are in the bathroom." for thing in BATHROOM_EN],
            "The scissors are in the bathroom.",
        ),
        (
            "de",
            "Die Schere liegt in der Küche.",
            [f"{thing} liegt nicht mehr in der Küche." for thing in BATHROOM_DE],
            "Die Schere liegt nicht mehr in der Küche.",
        ),
        (
            "en",
            "The scissors are in the kitchen.",
            [f"{thing} are no longer in the kitchen." for thing in BATHROOM_EN],
            "The scissors are no longer in the kitchen.",
        ),
    ],
)
def test_things_told_alike_never_crowd_out_the_subject_a_statement_corrects(
    tmp_path: Path,
    clock: ManualClock,
    request: pytest.FixtureRequest,
    model: str,
    language: str,
    old: str,
    others: list[str],
    new: str,
) -> None:
    """A dozen other things in the same place (nail scissors among them) are
    nearer than the scissors' old place; the new place or the negation still
    corrects it, with either real model (e5 found only the others)."""
    embedder = request.getfixturevalue(model)
    store = MemoryStore(
        tmp_path / "m.db",
        embedder=embedder,
        clock=clock,
        config=EngineConfig(language=language),
    )
    try:
        first = store.create(NewMemory(content=old), HOUSE)
        store.create_many([NewMemory(content=text) for text in others], HOUSE)
        told = store.create(NewMemory(content=new), HOUSE)
        assert told.action is CreateAction.UPDATED, told.similarity
        assert told.memory.id == first.memory.id
        contents = {m.content for m in store.list_memories(HOUSE, MemoryFilter()).items}
        assert contents == {new, *others}
    finally:
        store.close()


def test_a_correction_comes_from_the_newer_conversation_and_the_older_is_kept(
    store: MemoryStore, clock: ManualClock
) -> None:
    """A memory corrected in a later conversation says where and when the
    newest statement was told; its history keeps the first one's, and undo
    brings it back."""
    first = store.create(
        new_memory(
            "The ladder is in the cellar",
            source_ids=("conv-monday",),
            speaker="alice",
            owner="alice",
            thread="conv-monday",
        ),
        ALICE,
    )
    clock.advance(days=3)
    corrected = store.create(
        new_memory(
            "The ladder is in the garage",
            source_ids=("conv-thursday",),
            speaker="alice",
            owner="alice",
            thread="conv-thursday",
        ),
        ALICE,
    )
    assert corrected.action is CreateAction.UPDATED
    memory = corrected.memory
    assert memory.id == first.memory.id
    assert memory.source_ids == ("conv-thursday",)
    assert memory.thread == "conv-thursday"
    told = datetime.fromtimestamp(clock(), UTC)
    assert memory.happened_at == memory.happened_until == told
    assert store.told_at(memory.id) == told
    (before,) = store.history(memory.id, ALICE)
    assert before["source_ids"] == ["conv-monday"]
    assert before["thread"] == "conv-monday"
    assert before["happened_at"] == first.memory.happened_at.isoformat()
    # Another person sees that it was said in a conversation, never which.
    (shown,) = store.history(memory.id, BOB)
    assert shown["source_ids"] == ["conversation"]
    assert shown["thread"] is None
    undone = store.undo(memory.id, ALICE)
    assert undone.source_ids == ("conv-monday",)
    assert undone.happened_at == first.memory.happened_at


def test_a_repeat_in_another_conversation_leads_with_it(
    store: MemoryStore, clock: ManualClock
) -> None:
    """Told again elsewhere, a memory names the newest conversation first and
    keeps the earlier; when it happened stays. The same conversation again
    changes nothing."""
    first = store.create(
        new_memory("The bins go out on Tuesday", source_ids=("conv-a",)), HOUSE
    )
    clock.advance(days=1)
    again = store.create(
        new_memory("The bins go out on Tuesday", source_ids=("conv-b",)), HOUSE
    )
    assert again.action is CreateAction.REINFORCED
    assert again.memory.source_ids == ("conv-b", "conv-a")
    assert again.memory.happened_at == first.memory.happened_at
    assert store.told_at(first.memory.id) == datetime.fromtimestamp(clock(), UTC)
    version = again.memory.version
    same = store.create(
        new_memory("The bins go out on Tuesday", source_ids=("conv-b",)), HOUSE
    )
    assert same.memory.version == version


def test_a_memory_told_in_many_conversations_keeps_the_newest_sources(
    store: MemoryStore,
) -> None:
    """Told again in 60 conversations, a memory names the 50 newest."""
    for number in range(60):
        told = store.create(
            new_memory("The bins go out on Tuesday", source_ids=(f"conv-{number}",)),
            HOUSE,
        )
    sources = told.memory.source_ids
    assert len(sources) == MAX_LABELS
    assert sources[0] == "conv-59"
    assert sources[-1] == "conv-10"


def test_a_plan_told_with_another_date_is_moved_not_doubled(
    tmp_path: Path, clock: ManualClock, multilingual: Embedder
) -> None:
    """A German household, e5: the piano tuner's visit told again for another
    day still to come moves it ("Aktualisiert"); before, two dates of one
    plan were two occasions and both stayed. What happened on two past days
    stays two; so does a plan beside a past visit.
    """
    store = MemoryStore(
        tmp_path / "m.db",
        embedder=multilingual,
        clock=clock,
        config=EngineConfig(language="de"),
    )
    now = datetime.fromtimestamp(clock(), UTC)
    try:
        first = store.create(
            NewMemory(
                content="Der Klavierstimmer kommt am Montag, 30. November um 17 Uhr.",
                happened_at=now + timedelta(days=1),
            ),
            HOUSE,
        )
        moved = store.create(
            NewMemory(
                content="Der Klavierstimmer kommt am Mittwoch, 2. Dezember um 17 Uhr.",
                happened_at=now + timedelta(days=3),
            ),
            HOUSE,
        )
        assert (moved.action, moved.memory.id) == (
            CreateAction.UPDATED,
            first.memory.id,
        )
        past = [
            store.create(
                NewMemory(
                    content=f"Der Schornsteinfeger kam am {day}.",
                    happened_at=now - timedelta(days=back),
                ),
                HOUSE,
            )
            for day, back in (("Montag", 6), ("Mittwoch", 4))
        ]
        assert [p.action for p in past] == [CreateAction.CREATED] * 2
        # The same words for two days to come are two visits, not a move.
        visits = [
            store.create(
                NewMemory(
                    content="Oma kommt zu Besuch.",
                    happened_at=now + timedelta(days=days),
                ),
                HOUSE,
            )
            for days in (5, 12)
        ]
        assert [v.action for v in visits] == [CreateAction.CREATED] * 2
        # A compound of a weekday and its time of day is a detail: the bins'
        # other evening corrects, it is no other thing put out.
        bins, other = (
            store.create(
                NewMemory(content=f"Die Mülltonnen werden jeden {day} rausgestellt."),
                HOUSE,
            )
            for day in ("Donnerstagabend", "Dienstagabend")
        )
        assert (other.action, other.memory.id) == (
            CreateAction.UPDATED,
            bins.memory.id,
        )
    finally:
        store.close()


def test_a_told_correction_reaches_a_private_memory_only_holding_its_old_value(
    store: MemoryStore,
) -> None:
    """Attacker review s16: a household "… instead of April" or "actually
    …" overwrote its teller's private memory of another thing of the same
    subject (the number, not the due date). Without the old value in it,
    the private memory stays as it was and the statement, as said, is the
    household's; the same fact, April in it, is corrected in private."""
    number = store.create(
        new_memory(
            "The car insurance number is KX-778",
            owner="alice",
            visibility=Visibility.PRIVATE,
        ),
        ALICE,
    )
    actually = store.create(
        new_memory("The car insurance is due in May", owner="alice", corrects=True),
        ALICE,
    )
    assert actually.action is CreateAction.CREATED
    assert actually.memory.visibility is Visibility.HOUSEHOLD
    said = Reading(content="The car insurance is due in March instead of April")
    instead = store.create(
        new_memory(
            "The car insurance is due in March",
            owner="alice",
            corrects=True,
            replaces="April",
            as_said=said,
        ),
        ALICE,
    )
    assert instead.memory.visibility is Visibility.HOUSEHOLD
    assert instead.memory.id != number.memory.id
    assert store.get(number.memory.id, ALICE).version == 1
    due = store.create(
        new_memory(
            "The gym membership renews in April",
            owner="alice",
            visibility=Visibility.PRIVATE,
        ),
        ALICE,
    )
    renewed = store.create(
        told_instead("The gym membership renews in June", "April", owner="alice"),
        ALICE,
    )
    assert renewed.action is CreateAction.UPDATED
    assert renewed.memory.id == due.memory.id
    assert renewed.memory.visibility is Visibility.PRIVATE
    assert renewed.memory.content == "The gym membership renews in June"


@pytest.mark.parametrize("private_first", [True, False])
def test_a_household_correction_corrects_both_copies_of_its_tellers_fact(
    store: MemoryStore, private_first: bool
) -> None:
    """Alice holds the car insurance's due date twice, for the household and
    in private. Her household "… due in March instead of April" corrected
    one of the two (whichever was closer) and left the other saying April,
    which answered her "April" again. Now both copies are corrected, each
    where it holds the old value; the result names the second. Her private
    number of the same subject, Bob's copy and Alice's "May" told again
    without an old value to a memory of another thing stay as they were."""
    copies = [
        new_memory(
            "The car insurance is due in April",
            owner="alice",
            visibility=Visibility.PRIVATE,
        ),
        new_memory("The car insurance is due in April", owner="alice"),
    ]
    if not private_first:
        copies.reverse()
    # Two copies as an older version kept them: the household's told again
    # now folds into the private one (live review s42 MED-1).
    made = [store.create_many([copy], ALICE, dedup=False)[0].memory for copy in copies]
    number = store.create(
        new_memory(
            "The car insurance number is KX-778",
            owner="alice",
            visibility=Visibility.PRIVATE,
        ),
        ALICE,
    )
    bobs = store.create(
        new_memory("The car insurance is due in April", owner="bob"), BOB
    )
    corrected = store.create(
        told_instead("The car insurance is due in March", "April", owner="alice"),
        ALICE,
    )
    assert corrected.action is CreateAction.UPDATED
    assert len(corrected.also) == 1
    assert {corrected.memory.id, corrected.also[0].id} == {m.id for m in made}
    for memory in made:
        now = store.get(memory.id, ALICE)
        assert now.content == "The car insurance is due in March"
        assert now.visibility is memory.visibility
        assert now.version == 2
    assert store.get(number.memory.id, ALICE).version == 1
    assert store.get(bobs.memory.id, BOB).content.endswith("April")
    assert store.list_memories(BOB, MemoryFilter()).total == 2


def test_a_correction_with_no_second_copy_corrects_one(store: MemoryStore) -> None:
    """With only the household copy, the correction is that memory's alone."""
    store.create(new_memory("The bin day is Tuesday", owner="alice"), ALICE)
    corrected = store.create(
        new_memory("The bin day is Thursday", owner="alice"), ALICE
    )
    assert corrected.action is CreateAction.UPDATED
    assert corrected.also == ()
    assert store.list_memories(ALICE, MemoryFilter()).total == 1


def test_a_statement_that_corrects_nothing_is_stored_as_said(
    store: MemoryStore,
) -> None:
    """Attacker review s16: "Ben is allergic to penicillin, not amoxicillin"
    was stored without "not amoxicillin" (and folded into "Ben is allergic
    to penicillin" as a repeat). No memory holds "amoxicillin": the
    statement as said is told as any other; told again, it repeats."""
    store.create(new_memory("Ben is allergic to penicillin"), ALICE)
    said = Reading(content="Ben is allergic to penicillin, not amoxicillin")
    told = new_memory(
        "Ben is allergic to penicillin",
        corrects=True,
        replaces="amoxicillin",
        as_said=said,
    )
    first = store.create(told, ALICE)
    assert first.memory.content == said.content
    assert store.create(told, ALICE).action is CreateAction.REINFORCED
    contents = {m.content for m in store.list_memories(HOUSE).items}
    assert said.content in contents


def test_a_correction_told_again_after_it_was_made_repeats(
    store: MemoryStore,
) -> None:
    """ "… on Wednesday evening, not Tuesday" once the memory was corrected
    from Tuesday: what it says now, told again (review s21: it was a second
    correction, "(was: evening)", keeping "not Tuesday")."""
    made = store.create(new_memory("The bins go out on Tuesday evening"), ALICE)
    store.update(
        made.memory.id,
        MemoryPatch(content="The bins go out on Wednesday evening"),
        ALICE,
    )
    told = new_memory(
        "The bins go out on Wednesday evening",
        corrects=True,
        replaces="Tuesday",
        as_said=Reading(content="The bins go out on Wednesday evening, not Tuesday"),
    )
    again = store.create(told, ALICE)
    assert again.action is CreateAction.REINFORCED
    assert {m.content for m in store.list_memories(HOUSE).items} == {
        "The bins go out on Wednesday evening"
    }


def test_a_told_correction_updates_another_persons_household_memory(
    store: MemoryStore,
) -> None:
    """Ben's "the plumber is coming on Thursday instead of Tuesday" was a
    second memory beside Alice's, so "when does the plumber come" said both
    days. Any member may update a household memory: it is Alice's memory
    corrected, who changed it kept in its history and the operation log;
    Alice stays its owner. Her private memory is never reached."""
    plumber = store.create(
        new_memory("The plumber is coming on Tuesday", owner="alice"), ALICE
    )
    corrected = store.create(
        told_instead("The plumber is coming on Thursday", "Tuesday", owner="bob"),
        BOB,
    )
    assert corrected.action is CreateAction.UPDATED
    assert corrected.memory.id == plumber.memory.id
    assert corrected.previous == "The plumber is coming on Tuesday"
    assert corrected.memory.owner == "alice"
    assert corrected.memory.visibility is Visibility.HOUSEHOLD
    assert [m.content for m in store.list_memories(HOUSE).items] == [
        "The plumber is coming on Thursday"
    ]
    with store.connections.read() as conn:
        replaced_by = conn.execute("SELECT replaced_by FROM memory_versions").fetchall()
        logged = conn.execute(
            "SELECT actor, owner FROM operation_log WHERE operation = 'updated'"
        ).fetchall()
    assert replaced_by == [("bob",)]
    assert logged == [("bob", "alice")]
    [old] = store.history(plumber.memory.id, ALICE)
    assert old["content"] == "The plumber is coming on Tuesday"


def test_a_told_correction_keeps_what_the_memory_says_after_the_value(
    store: MemoryStore,
) -> None:
    """Month review s19 F7: "… in the green flower pot instead of the blue
    one" replaced "… in the blue flower pot by the garage" and "by the
    garage" was lost though nothing said it changed. Only the named value
    is replaced; the old text stays in the history."""
    key = store.create(
        new_memory(
            "The spare key is in the blue flower pot by the garage.", owner="alice"
        ),
        ALICE,
    )
    corrected = store.create(
        told_instead(
            "The spare key is in the green flower pot.", "the blue one", "alice"
        ),
        ALICE,
    )
    assert corrected.action is CreateAction.UPDATED
    assert corrected.memory.id == key.memory.id
    assert corrected.memory.content == (
        "The spare key is in the green flower pot by the garage."
    )
    assert (
        corrected.previous == "The spare key is in the blue flower pot by the garage."
    )


def test_anothers_memory_takes_only_a_told_correction(store: MemoryStore) -> None:
    """A plain new value ("… is 5678") stays the teller's own; a correction
    without the old value ("… moved to Friday") updates the household's,
    told again it is no second update; Bob's own memory wins over Alice's."""
    code = store.create(new_memory("The wifi password is 1234", owner="alice"), ALICE)
    plain = store.create(new_memory("The wifi password is 5678", owner="bob"), BOB)
    assert plain.action is CreateAction.CREATED
    assert store.get(code.memory.id, ALICE).version == 1
    visit = store.create(
        new_memory(
            "The dentist appointment for the kids is on Thursday", owner="alice"
        ),
        ALICE,
    )
    moved = store.create(
        new_memory(
            "The dentist appointment for the kids moved to Friday",
            owner="bob",
            corrects=True,
        ),
        BOB,
    )
    assert (moved.action, moved.memory.id) == (CreateAction.UPDATED, visit.memory.id)
    again = store.create(
        new_memory(
            "The dentist appointment for the kids moved to Friday",
            owner="bob",
            corrects=True,
        ),
        BOB,
    )
    assert again.action is not CreateAction.UPDATED
    assert store.get(visit.memory.id, ALICE).version == 2
    alices = store.create(
        new_memory("The gym membership renews in April", owner="alice"), ALICE
    )
    bobs = store.create(
        new_memory("The gym membership renews in April", owner="bob"), BOB
    )
    assert bobs.action is CreateAction.CREATED
    renewed = store.create(
        new_memory(
            "The gym membership renews in June",
            owner="bob",
            corrects=True,
            replaces="April",
        ),
        BOB,
    )
    assert (renewed.action, renewed.memory.id) == (
        CreateAction.UPDATED,
        bobs.memory.id,
    )
    assert store.get(alices.memory.id, ALICE).version == 1


def test_a_told_correction_never_reaches_another_persons_private_memory(
    store: MemoryStore,
) -> None:
    """Alice's private "… on Tuesday" is hers alone: Bob's correction is his
    own household memory, her memory unchanged and not read out; nor does
    Bob's private correction reach Alice's household memory, nor an
    automation's correction either."""
    private = store.create(
        new_memory(
            "The surprise party is on Saturday",
            owner="alice",
            visibility=Visibility.PRIVATE,
        ),
        ALICE,
    )
    told = store.create(
        new_memory(
            "The surprise party is on Sunday",
            owner="bob",
            corrects=True,
            replaces="Saturday",
        ),
        BOB,
    )
    assert told.action is CreateAction.CREATED
    assert told.previous is None
    assert told.memory.owner == "bob"
    assert store.get(private.memory.id, ALICE).version == 1
    shared = store.create(
        new_memory("The piano lesson is on Monday", owner="alice"), ALICE
    )
    for owner, visibility, caller in (
        ("bob", Visibility.PRIVATE, BOB),
        (None, Visibility.HOUSEHOLD, HOUSE),
    ):
        kept = store.create(
            new_memory(
                "The piano lesson is on Wednesday",
                owner=owner,
                visibility=visibility,
                corrects=True,
                replaces="Monday",
            ),
            caller,
        )
        assert kept.action is CreateAction.CREATED
    assert store.get(shared.memory.id, ALICE).version == 1
    # Written in one batch, not in the index yet: still Alice's alone.
    batch = store.create_many(
        [
            new_memory(
                "The gift is hidden in the attic",
                owner="alice",
                visibility=Visibility.PRIVATE,
            ),
            new_memory(
                "The gift is hidden in the garage",
                owner="bob",
                corrects=True,
                replaces="the attic",
            ),
        ],
        HOUSE,
    )
    assert [r.action for r in batch] == [CreateAction.CREATED] * 2
    assert batch[1].memory.owner == "bob"


def test_a_bare_actually_never_rewrites_anothers_memory(store: MemoryStore) -> None:
    """Bob's "actually the car insurance is due in May" names no old value
    and no moved time: it may be another thing of the same subject, so
    Alice's household insurance number stays hers, untouched; Bob's
    statement is his own memory."""
    number = store.create(
        new_memory("The car insurance number is KX-778", owner="alice"), ALICE
    )
    told = store.create(
        new_memory("The car insurance is due in May", owner="bob", corrects=True),
        BOB,
    )
    assert told.action is CreateAction.CREATED
    assert store.get(number.memory.id, ALICE).content == (
        "The car insurance number is KX-778"
    )


@pytest.mark.parametrize("second_teller", ["alice", "bob"])
def test_a_second_correction_of_the_same_old_value_corrects_again(
    store: MemoryStore, second_teller: str
) -> None:
    """Anna's "… on Wednesday evening instead of Tuesday evening", then (a
    moment later, or at the same moment: one writer) her own or Ben's "… on
    Thursday evening instead of Tuesday evening": the memory said Tuesday
    before, so the newest value replaces Wednesday. It was a second memory
    beside the first, or the first kept "instead of Tuesday evening"
    (review s21 F13)."""
    made = store.create(
        new_memory("The bins go out on Tuesday evening", owner="alice"), ALICE
    )
    first = store.create(
        told_instead(
            "The bins go out on Wednesday evening", "Tuesday evening", owner="alice"
        ),
        ALICE,
    )
    assert first.action is CreateAction.UPDATED
    caller = ALICE if second_teller == "alice" else BOB
    second = store.create(
        told_instead(
            "The bins go out on Thursday evening", "Tuesday evening", second_teller
        ),
        caller,
    )
    assert second.action is CreateAction.UPDATED
    assert second.memory.id == made.memory.id
    assert second.previous == "The bins go out on Wednesday evening"
    assert [m.content for m in store.list_memories(HOUSE).items] == [
        "The bins go out on Thursday evening"
    ]
    history = [old["content"] for old in store.history(made.memory.id, ALICE)]
    assert "The bins go out on Wednesday evening" in history


@pytest.mark.parametrize(
    ("name", "thing"), [("Alice", "therapy"), ("Anna", "therapy"), ("Anna", "physio")]
)
def test_a_household_correction_of_a_first_person_private_fact_stays_private(
    tmp_path: Path, clock: ManualClock, minilm: Embedder, name: str, thing: str
) -> None:
    """Alice's private f"My {thing} is on Tuesday.", then her household
    "actually my therapy is on Friday, not Tuesday" (told as "Alice's …"):
    her private memory is corrected in private. It was a household memory
    Bob heard, "… Friday, not Tuesday.", the private one unchanged (review
    s22 F7; MiniLM: "My therapy is on Tuesday." and "Anna's therapy is on
    Friday." sit at 0.55, under the floor; told in her name, at 0.96)."""
    store = MemoryStore(tmp_path / "memory.db", embedder=minilm, clock=clock)
    private = store.create(
        new_memory(
            f"My {thing} is on Tuesday.", owner="alice", visibility=Visibility.PRIVATE
        ),
        ALICE,
    )
    told = store.create(
        new_memory(
            f"{name}'s {thing} is on Friday.",
            owner="alice",
            speaker_name=name,
            people=(name,),
            corrects=True,
            replaces="Tuesday",
            as_said=Reading(content=f"{name}'s {thing} is on Friday, not Tuesday."),
        ),
        ALICE,
    )
    assert told.action is CreateAction.UPDATED
    assert told.memory.id == private.memory.id
    assert told.memory.visibility is Visibility.PRIVATE
    assert "Friday" in told.memory.content
    assert store.list_memories(BOB, MemoryFilter()).total == 0
    store.close()


def test_a_private_past_is_no_old_value_for_another_teller(store: MemoryStore) -> None:
    """Alice's private "The gift for Bob cost 300 euros", made the household's
    "The gift for Bob is a watch": Bob's "…, not 300 euros" finds no value he
    could see, and is stored as said (attacker review s22 F6: it updated
    hers, telling him the private figure had been there). Alice's own is
    her memory's past."""
    made = store.create(
        new_memory(
            "The gift for Bob cost 300 euros",
            owner="alice",
            visibility=Visibility.PRIVATE,
        ),
        ALICE,
    )
    store.update(
        made.memory.id,
        MemoryPatch(
            content="The gift for Bob is a watch", visibility=Visibility.HOUSEHOLD
        ),
        ALICE,
    )
    bobs = store.create(
        told_instead("The gift for Bob is a watch", "300 euros", owner="bob"), BOB
    )
    assert bobs.action is CreateAction.CREATED
    assert store.get(made.memory.id, ALICE).content == "The gift for Bob is a watch"
    annas = store.create(
        told_instead("The gift for Bob is a watch", "300 euros", owner="alice"),
        ALICE,
    )
    assert annas.memory.id == made.memory.id


@pytest.mark.parametrize(
    ("model", "language", "wreath", "market"),
    [
        (
            "multilingual",
            "de",
            "Wir haben am Sonntag, 29. November den Adventskranz gebunden.",
            "Wir waren am Sonntag, 29. November auf dem Weihnachtsmarkt.",
        ),
        (
            "minilm",
            "de",
            "Wir haben am Sonntag, 29. November den Adventskranz gebunden.",
            "Wir waren am Sonntag, 29. November auf dem Weihnachtsmarkt.",
        ),
        (
            "multilingual",
            "en",
            "We were at the zoo on Sunday 29 November.",
            "We were at the Christmas market on Sunday 29 November.",
        ),
    ],
)
def test_two_things_done_on_one_day_told_days_apart_are_two(
    tmp_path: Path,
    clock: ManualClock,
    request: pytest.FixtureRequest,
    model: str,
    language: str,
    wreath: str,
    market: str,
) -> None:
    """HIGH defect: the wreath bound on Sunday, then on Wednesday "we were
    at the Christmas market last Sunday": "Aktualisiert: …", the wreath
    gone. Both happened that day; the same outing told better still
    corrects, and a plan told at another place still moves."""
    store = MemoryStore(
        tmp_path / "m.db",
        embedder=request.getfixturevalue(model),
        clock=clock,
        config=EngineConfig(language=language),
    )
    sunday = datetime.fromtimestamp(clock(), UTC).replace(hour=0, minute=0)

    def told(text: str, day: datetime = sunday) -> NewMemory:
        return NewMemory(
            content=text,
            happened_at=day,
            happened_until=day + timedelta(hours=23, minutes=59),
        )

    try:
        first = store.create(told(wreath), HOUSE)
        clock.advance(days=3)
        second = store.create(told(market), HOUSE)
        assert second.action is CreateAction.CREATED, second.similarity
        assert {m.content for m in store.list_memories(HOUSE).items} == {
            wreath,
            market,
        }
        with_grandma = " mit Oma." if language == "de" else " with Grandma."
        better = market.removesuffix(".") + with_grandma
        again = store.create(told(better), HOUSE)
        assert (again.action, again.memory.id) == (
            CreateAction.UPDATED,
            second.memory.id,
        )
        assert store.get(first.memory.id, HOUSE).content == wreath
    finally:
        store.close()


_LOFT = (
    " beside the old green wheelbarrow, under the blue tarpaulin we bought at"
    " the hardware store last spring, next to the box of garden tools"
)


@pytest.mark.parametrize(
    ("opening", "length"),
    [
        ("The sailboat is stored in the loft", 1000),
        ("The sailboat is stored in the loft", 3000),
        ("The sailboat is stored in the loft now. We moved it", 1500),
    ],
)
def test_a_long_correction_corrects_what_its_beginning_names(
    tmp_path: Path, clock: ManualClock, minilm: Embedder, opening: str, length: int
) -> None:
    """ "no, actually the sailboat is stored in the loft beside …" told at a
    thousand characters and more corrects "The sailboat is stored in the
    barn.": its beginning says what it corrects. It was a second memory
    beside the old one (review s27 M4; MiniLM's vector of the whole text
    is near no short memory)."""
    store = MemoryStore(tmp_path / "memory.db", embedder=minilm, clock=clock)
    barn = store.create(
        new_memory("The sailboat is stored in the barn.", owner="alice"), ALICE
    )
    kayak = store.create(
        new_memory("The kayak hangs in the garage.", owner="alice"), ALICE
    )
    text = opening
    while len(text) < length:
        text += _LOFT
    text = text[:length].rsplit(" ", 1)[0] + "."
    told = store.create(new_memory(text, owner="alice", corrects=True), ALICE)
    assert told.action is CreateAction.UPDATED
    assert told.memory.id == barn.memory.id
    assert told.previous == "The sailboat is stored in the barn."
    contents = {m.content for m in store.list_memories(HOUSE).items}
    assert contents == {text, kayak.memory.content}
    store.close()


def test_a_long_correction_of_another_thing_corrects_nothing(
    tmp_path: Path, clock: ManualClock, minilm: Embedder
) -> None:
    """Its beginning names the kayak, not the sailboat: a new memory, the
    sailboat's unchanged."""
    store = MemoryStore(tmp_path / "memory.db", embedder=minilm, clock=clock)
    store.create(
        new_memory("The sailboat is stored in the barn.", owner="alice"), ALICE
    )
    text = "The kayak is stored in the loft"
    while len(text) < 1200:
        text += _LOFT
    told = store.create(new_memory(text + ".", owner="alice", corrects=True), ALICE)
    assert told.action is CreateAction.CREATED
    assert {m.content for m in store.list_memories(HOUSE).items} == {
        "The sailboat is stored in the barn.",
        text + ".",
    }
    store.close()
