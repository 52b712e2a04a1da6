"""What people tell: stored sentences, and corrections versus repeats.

The decision is checked with the real all-MiniLM-L6-v2 (the hashing embedder
of the other tests is bag-of-words: it would put "blue" and "red" as far
apart as any two words), through MemoryStore.create as every surface uses it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
import threading
from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.config import EngineConfig
from custom_components.home_memory.memory.common.values import (
    Caller,
    CreateAction,
    MemoryKind,
    NewMemory,
    Source,
    Visibility,
)
from custom_components.home_memory.memory.embedding.embedder import (
    default_model_dir,
    load_embedder,
)
from custom_components.home_memory.memory.store import MemoryStore
from custom_components.home_memory.memory.text.statement_words import statement_words
from custom_components.home_memory.memory.text.statements import (
    SLOT_CHANGE_MIN_SIMILARITY,
    Relation,
    as_statement,
    changed_part,
    missing_words,
    relate,
    subject_words,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
    from pathlib import Path

    from custom_components.home_memory.memory.common.values import CreateResult
    from custom_components.home_memory.memory.embedding.embedder import Embedder
    from custom_components.home_memory.memory.embedding.multilingual import (
        MultilingualEmbedder,
    )

    from .conftest import ManualClock

HOUSE = Caller()
ANNA = Caller(user_id="anna")
SPARE_KEY_DE = "Der Ersatzschlüssel liegt unter dem blauen Blumentopf."
SPARE_KEY_EN = "The spare key lies under the blue flower pot."


@pytest.fixture(scope="module")
def minilm() -> Embedder:
    """The real MiniLM embedder from the model folder."""
    model_dir = default_model_dir()
    assert model_dir is not None, "run scripts/setup to assemble the model folder"
    return load_embedder(model_dir, verify=False)


@pytest.fixture
def real_store(
    tmp_path: Path, clock: ManualClock, minilm: Embedder
) -> Iterator[MemoryStore]:
    """A store using the real MiniLM embedder."""
    store = MemoryStore(tmp_path / "memory.db", embedder=minilm, clock=clock)
    yield store
    store.close()


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("the spare key is under the doormat", "The spare key is under the doormat."),
        ("that the bins go out on Tuesday", "The bins go out on Tuesday."),
        ("my car is in the garage", "Our car is in the garage."),
        ("i'm allergic to cats", "We are allergic to cats."),
        ("anna gave me her number?", "Anna gave us her number?"),
        # Codes, addresses and quotes keep their words: only standalone ones move.
        (
            "the guest wifi password is i-love-my-cats",
            "The guest wifi password is i-love-my-cats.",
        ),
        ("my blog is at example.com/me", "Our blog is at example.com/me."),
        ("my code word is 'me first'", "Our code word is 'me first'."),
        ('i call it "my little pony"', 'We call it "my little pony".'),
        ("i_me and my_code stay", "I_me and my_code stay."),
        (
            "my code word is \u2018me first\u2019",
            "Our code word is \u2018me first\u2019.",
        ),
        # A code at the start keeps its case.
        ("abc123 opens the gate", "abc123 opens the gate."),
        ("iPhone chargers are in my drawer", "iPhone chargers are in our drawer."),
        ("  the  code is 1234.  ", "The code is 1234."),
        # Written sentences are kept as written.
        ("The spare key is under the doormat", "The spare key is under the doormat"),
        ("I noticed the door was open.", "I noticed the door was open."),
        ("42 is the answer", "42 is the answer"),
    ],
)
def test_spoken_fragments_become_sentences(said: str, stored: str) -> None:
    """A fragment gets a capital, a full stop and the household's person."""
    assert as_statement(said) == stored


def test_every_told_source_is_stored_as_a_sentence_but_not_others(
    store: MemoryStore,
) -> None:
    """Explicit and extracted text is shaped once, in create; observed is not."""
    told = store.create(NewMemory(content="the gate code is 4321"), HOUSE).memory
    extracted = store.create(
        NewMemory(content="anna likes jazz", source=Source.EXTRACTED), HOUSE
    ).memory
    observed = store.create(
        NewMemory(content="i saw the hall light on", source=Source.OBSERVED), HOUSE
    ).memory
    assert told.content == told.summary == "The gate code is 4321."
    assert extracted.content == "Anna likes jazz."
    assert observed.content == "i saw the hall light on"


@pytest.mark.parametrize(
    ("old", "new", "was"),
    [
        (
            "The spare key is under the blue flower pot.",
            "The spare key is under the red flower pot.",
            "the blue flower pot",
        ),
        ("Bin day is Tuesday.", "Bin day is Thursday.", "Tuesday"),
        # Told with another verb of place: the old place, not the verb.
        (
            SPARE_KEY_EN,
            "The spare key is in the garage now.",
            "under the blue flower pot",
        ),
        ("Anna likes coffee.", "Anna doesn't like coffee.", "Anna likes coffee"),
        ("The code is 1.", "The code is 1. It opens the gate.", "The code is 1"),
        # Its last word begun and the new one going on (review s27: "w").
        (
            "The kayak is stored near the w.",
            "The kayak is stored near the water by the old pier.",
            "The kayak is stored near the w",
        ),
        # A place both end with is not what changed (month review s19 F7).
        (
            "The spare key is in the blue flower pot by the garage.",
            "The spare key is in the green flower pot by the garage.",
            "the blue flower pot",
        ),
        # A time both end with is part of the moved day.
        (
            "The piano tuner comes on Sunday 29 November at 5 pm.",
            "The piano tuner comes on Wednesday 2 December at 5 pm.",
            "on Sunday 29 November at 5 pm",
        ),
    ],
)
def test_the_answer_names_what_changed(old: str, new: str, was: str) -> None:
    """ "(was: ...)" says the old text from where the new one differs."""
    assert changed_part(old, new) == was


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # numbers
        ("The wifi password is 1234", "The wifi password is 5678"),
        # names
        ("The plumber is called Mike", "The plumber is called Steve"),
        ("Anna's dentist is Dr Smith", "Anna's dentist is Dr Jones"),
        ("The babysitter is Maria", "The babysitter is Sofia"),
        # places
        (
            "The spare key is under the blue flower pot",
            "The spare key is under the red flower pot",
        ),
        ("The spare key is under the doormat", "The spare key is in the garage"),
        # times
        ("Bin day is Tuesday", "Bin day is Thursday"),
        ("The dentist appointment is at 3 pm", "The dentist appointment is at 4 pm"),
        # negations, both ways
        ("Anna likes coffee", "Anna doesn't like coffee"),
        ("Anna doesn't like coffee", "Anna likes coffee"),
        # A leading "No" negates ("No, ..." is an answer, see below).
        ("Pets are allowed in the bedroom", "No pets are allowed in the bedroom"),
        # The same words in another order say another thing.
        (
            "The blue bin is for paper and the green bin is for glass",
            "The green bin is for paper and the blue bin is for glass",
        ),
        ("Anna is older than Ben", "Ben is older than Anna"),
        # A code's letter case is part of it.
        ("The guest wifi password is AbC123", "The guest wifi password is abc123"),
        ("The alarm code is XyZ", "The alarm code is xyz"),
        # A detail dropped is news too: the newest statement wins.
        (
            "The bins go out on Monday and Thursday",
            "The bins go out on Thursday",
        ),
        # Another value of the same predicate.
        ("Anna loves coffee", "Anna hates coffee"),
        ("The front door is locked", "The front door is unlocked"),
        # A plain word as the new value of a slot (MiniLM: 0.78, 0.72).
        ("The wifi password is alpha", "The wifi password is charlie"),
        # A code of a word and digits (MiniLM: 0.88, 0.84).
        ("The wifiW1 password is orange-77.", "The wifiW1 password is lemon-11."),
        ("The wifiW1 password is orange-77.", "The wifiW1 password is now lemon-11."),
        ("the guest network's name is sunflower", "the guest network's name is daisy"),
        ("My favourite food is pizza", "My favourite food is sushi"),
        # Another place of the same thing, "now" said or not (0.58-0.61).
        ("The ladder is in the cellar", "The ladder is in the garage"),
        ("the ladder is in the cellar", "the ladder is in the garage"),
        ("The dog is in the garden", "The dog is at the vet"),
    ],
)
def test_a_correction_updates_the_memory_and_undo_restores_it(
    real_store: MemoryStore, old: str, new: str
) -> None:
    """The newest statement wins; the old text is the previous version."""
    first = real_store.create(NewMemory(content=old), HOUSE)
    second = real_store.create(NewMemory(content=new), HOUSE)
    old, new = first.memory.content, as_statement(new)
    assert second.action is CreateAction.UPDATED, second.similarity
    assert second.memory.id == first.memory.id
    assert (second.memory.content, second.previous) == (new, old)
    assert second.memory.version == 2
    assert [m.content for m in real_store.list_memories(HOUSE).items] == [new]
    assert real_store.undo(first.memory.id, HOUSE).content == old


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The spare key is under the doormat", "the spare key is under the doormat"),
        ("The spare key is under the doormat", "The spare key's under the doormat!"),
        (
            "The spare key is under the doormat",
            "The spare key is kept under the doormat",
        ),
        (
            "The spare key is under the doormat",
            "We keep the spare key under the doormat",
        ),
        ("Anna loves coffee", "Anna likes coffee"),
    ],
)
def test_a_paraphrase_reinforces_without_a_new_version(
    real_store: MemoryStore, old: str, new: str
) -> None:
    """Saying the same again keeps the text, bumps access, adds no version."""
    first = real_store.create(NewMemory(content=old), HOUSE)
    again = real_store.create(NewMemory(content=new, importance=0.9), HOUSE)
    assert again.action is CreateAction.REINFORCED, again.similarity
    assert again.memory.id == first.memory.id
    assert again.memory.content == old
    assert again.memory.access_count == 1
    assert again.memory.importance == 0.9
    assert real_store.list_memories(HOUSE).total == 1


def test_an_exact_repeat_adds_no_version(real_store: MemoryStore) -> None:
    """An exact repeat reinforces and leaves the history empty."""
    first = real_store.create(NewMemory(content="The gate code is 4321"), HOUSE)
    again = real_store.create(NewMemory(content="The gate code is 4321"), HOUSE)
    assert again.action is CreateAction.REINFORCED
    assert again.memory.version == first.memory.version == 1
    assert real_store.history(first.memory.id, HOUSE) == []


UNRELATED: Sequence[tuple[str, str]] = [
    ("Anna likes coffee", "Ben likes coffee"),
    ("Anna is vegetarian", "Ben is vegetarian"),
    ("The kitchen light is broken", "The hallway light is broken"),
    ("The dog is fed at 7 am", "The cat is fed at 7 am"),
    ("The door code is 1234", "The garage code is 5678"),
    (
        "The spare key is under the doormat",
        "The spare key for the shed is in the drawer",
    ),
    ("The spare house keys are in the drawer", "The spare car keys are in the drawer"),
    ("The recycling goes out on Monday", "The garden waste goes out on Friday"),
    ("Boiler service number 9 with notes 63", "Boiler service number 10 with notes 70"),
    # The same subject, another predicate: another fact about it.
    ("The dog is fed at 7 am", "The dog is walked at 7 am"),
    ("The kitchen light is on a timer", "The kitchen light is broken"),
    # A state and a place, two people, two slots: no slot changed.
    ("The dog is hungry", "The dog is in the garden"),
    ("Anna is at school", "Ben is at school"),
    ("My favourite colour is blue", "My favourite food is pasta"),
    ("The wifi password is alpha", "The wifi password is on the router"),
    ("The ladder is in the cellar", "The drill is in the garage"),
    ("The ladder is in the cellar", "The ladder is broken"),
]


@pytest.mark.parametrize(("old", "new"), UNRELATED)
def test_unrelated_statements_stay_separate(
    real_store: MemoryStore, old: str, new: str
) -> None:
    """Another subject is another memory, however alike the sentences."""
    first = real_store.create(NewMemory(content=old), HOUSE)
    second = real_store.create(NewMemory(content=new), HOUSE)
    assert second.action is CreateAction.CREATED, second.similarity
    assert second.memory.id != first.memory.id


def test_other_owners_are_never_corrected(real_store: MemoryStore) -> None:
    """A private statement does not correct the household's memory."""
    household = real_store.create(NewMemory(content="Bin day is Tuesday"), HOUSE)
    private = real_store.create(
        NewMemory(
            content="Bin day is Thursday", owner="anna", visibility=Visibility.PRIVATE
        ),
        ANNA,
    )
    assert private.action is CreateAction.CREATED
    assert real_store.get(household.memory.id, HOUSE).content == "Bin day is Tuesday"


def test_forgetting_the_correction_removes_only_that_memory(
    real_store: MemoryStore,
) -> None:
    """After blue -> red, forgetting the key memory leaves the others alone."""
    other = real_store.create(
        NewMemory(content="The spare car key is in the kitchen drawer"), HOUSE
    ).memory
    key = real_store.create(
        NewMemory(content="the spare key is under the blue flower pot"), HOUSE
    ).memory
    corrected = real_store.create(
        NewMemory(content="the spare key is under the red flower pot"), HOUSE
    )
    assert corrected.action is CreateAction.UPDATED
    assert corrected.memory.content == "The spare key is under the red flower pot."
    real_store.soft_delete(HOUSE, ids=[corrected.memory.id])
    active = real_store.list_memories(HOUSE).items
    assert [m.id for m in active] == [other.id]
    assert key.id == corrected.memory.id


def test_relate_needs_the_similarity_floor() -> None:
    """Below the floor nothing is one memory, whatever the words."""
    assert relate("Bin day is Tuesday", "Bin day is Thursday", 0.5) is (
        Relation.SEPARATE
    )
    assert relate("Bin day is Tuesday", "bin day is tuesday", 0.0) is Relation.REPEAT


@pytest.mark.parametrize("similarity", [0.7, 0.9, 0.99, 1.0])
@pytest.mark.parametrize(
    ("old", "new", "relation"),
    [
        (
            "Pets are allowed in the bedroom",
            "No pets are allowed in the bedroom",
            Relation.CORRECTION,
        ),
        (
            "Pets are allowed in the bedroom",
            "No, pets are allowed in the bedroom",
            Relation.REPEAT,
        ),
        ("Anna is older than Ben", "Ben is older than Anna", Relation.CORRECTION),
        (
            "The cat is afraid of the dog",
            "The dog is afraid of the cat",
            Relation.CORRECTION,
        ),
        ("The gate code is AbC123", "The gate code is abc123", Relation.CORRECTION),
        ("The gate code is AbC123", "The gate code is AbC123!", Relation.REPEAT),
        ("The gate code is AbC123", "the gate code is AbC123", Relation.REPEAT),
        (
            "The spare key is under the mat",
            "THE SPARE KEY IS UNDER THE MAT",
            Relation.REPEAT,
        ),
        (
            "The bins go out on Monday and Thursday",
            "The bins go out on Thursday",
            Relation.CORRECTION,
        ),
        (
            "The spare key is under the mat by the shed",
            "The spare key is under the mat",
            Relation.CORRECTION,
        ),
        (
            "The spare key is under the mat",
            "The spare key is under the old mat",
            Relation.CORRECTION,
        ),
        ("The dog is fed at 7 am", "The dog is walked at 8 pm", Relation.SEPARATE),
        (
            "The kitchen light is on a timer",
            "The kitchen light is broken",
            Relation.SEPARATE,
        ),
        ("The kitchen light is on", "The kitchen light is off", Relation.CORRECTION),
        ("The plumber is called Mike", "The plumber is Steve", Relation.CORRECTION),
        ("The front door is locked", "The front door is unlocked", Relation.CORRECTION),
        ("Anna loves coffee", "Anna hates coffee", Relation.CORRECTION),
        ("The dog is fed at 7 am", "The dog is fed at 8 am", Relation.CORRECTION),
    ],
)
def test_relate_decides_by_the_words_above_the_floor(
    old: str, new: str, relation: Relation, similarity: float
) -> None:
    """Order, negation, a code's case, a dropped word, a predicate: any cosine."""
    assert relate(old, new, similarity) is relation
    assert relate(as_statement(old), as_statement(new), similarity) is relation


# Similarities below the correction floor (as low as e5 places an English
# place change on the shared scale), at it and near a paraphrase's.
@pytest.mark.parametrize("similarity", [0.25, 0.5, 0.7, 0.99])
@pytest.mark.parametrize(
    ("old", "new", "language"),
    [
        ("The wifi password is alpha", "The wifi password is charlie", "en"),
        ("the wifi password is alpha.", "the wifi password is now charlie.", "en"),
        ("Our PIN is seven.", "Our PIN is nine.", "en"),
        # A code of a word and digits, hyphenated or spoken apart (found by
        # the attacker review: "orange-77" -> "lemon-11" was a second memory).
        ("The wifiW1 password is orange-77.", "The wifiW1 password is lemon-11.", "en"),
        ("The wifi password is orange-77.", "The wifi password is now lemon-11.", "en"),
        ("The wifi password is orange 77.", "The wifi password is lemon 11.", "en"),
        ("Das WLAN-Passwort ist Orange-77.", "Das WLAN-Passwort ist Zitrone-11.", "de"),
        ("The ladder is in the cellar", "The ladder is in the garage", "en"),
        ("The keys are on the hook", "The keys are in the kitchen drawer", "en"),
        ("Oma lives in Leeds", "Oma lives in York", "en"),
        ("Das WLAN-Passwort ist alpha.", "Das WLAN-Passwort ist charlie.", "de"),
        ("Das WLAN-Passwort lautet alpha.", "Das WLAN-Passwort lautet charlie.", "de"),
        ("Mein Lieblingsessen ist Pizza.", "Mein Lieblingsessen ist Sushi.", "de"),
        ("Der Türcode ist Sonne.", "Der Türcode ist Mond.", "de"),
        ("Die Leiter ist im Keller.", "Die Leiter ist in der Garage.", "de"),
        ("Die Leiter ist im Keller.", "Die Leiter ist jetzt in der Garage.", "de"),
        ("Die Leiter steht im Keller.", "Die Leiter liegt in der Garage.", "de"),
        # A describing word inside the place phrase, any verb of position
        # (found by the new-user review: "unter dem blauen Blumentopf").
        (SPARE_KEY_DE, "Der Ersatzschlüssel ist jetzt in der Garage.", "de"),
        (SPARE_KEY_DE, "Der Ersatzschlüssel liegt jetzt in der Garage.", "de"),
        (
            "Der Ersatzschlüssel ist in der Garage.",
            "Der Ersatzschlüssel liegt jetzt auf dem Regal.",
            "de",
        ),
        ("Das Bild hängt neben der linken Tür.", "Das Bild hängt jetzt im Flur.", "de"),
        ("Die Vase steht auf dem weißen Regal.", "Die Vase ist hinter dem Sofa.", "de"),
        (SPARE_KEY_EN, "The spare key is in the garage now.", "en"),
        ("The spare key is under the blue pot.", "The spare key is in the hall.", "en"),
        ("The remote sits on the left shelf.", "The remote is in the drawer.", "en"),
        ("The coats hang in the hall.", "The coats are in the cellar now.", "en"),
    ],
)
def test_a_slot_given_another_value_is_a_correction(
    old: str, new: str, language: str, similarity: float
) -> None:
    """The same subject with another plain value or place: the new one
    supersedes from the lower slot floor up, never a repeat."""
    assert relate(old, new, similarity, language=language) is Relation.CORRECTION
    below = SLOT_CHANGE_MIN_SIMILARITY - 0.01
    assert relate(old, new, below, language=language) is Relation.SEPARATE


# From the slot floor (e5 put "... not in the kitchen" at 0.64 on the shared
# scale, MiniLM "Ben mag nicht mehr Pilze" at 0.65) to near a paraphrase's.
@pytest.mark.parametrize("similarity", [0.25, 0.6, 0.99])
@pytest.mark.parametrize(
    ("old", "new", "language"),
    [
        (
            "The scissors are in the kitchen.",
            "The scissors are not in the kitchen.",
            "en",
        ),
        (
            "The scissors are in the kitchen.",
            "The scissors are no longer in the kitchen.",
            "en",
        ),
        ("Ben likes mushrooms.", "Ben does not like mushrooms anymore.", "en"),
        ("Anna doesn't drink coffee.", "Anna drinks coffee.", "en"),
        (
            "Die Schere liegt in der Küche.",
            "Die Schere liegt nicht mehr in der Küche.",
            "de",
        ),
        (
            "Die Schere liegt in der Küche.",
            "Die Schere liegt nicht in der Küche.",
            "de",
        ),
        (
            "Die Schere ist in der Küche.",
            "Die Schere liegt nicht mehr in der Küche.",
            "de",
        ),
        (
            "Die Schere liegt in der Küche.",
            "Die Schere liegt in der Küche nicht mehr.",
            "de",
        ),
        ("Ben mag Pilze.", "Ben mag nicht mehr Pilze.", "de"),
        ("Anna trinkt keinen Kaffee.", "Anna trinkt Kaffee.", "de"),
    ],
)
def test_the_same_words_negated_are_a_correction(
    old: str, new: str, language: str, similarity: float
) -> None:
    """Negation of the very words said before supersedes them from the slot
    floor up, as a slot's new value does; an event's only from the floor."""
    assert relate(old, new, similarity, language=language) is Relation.CORRECTION
    below = SLOT_CHANGE_MIN_SIMILARITY - 0.01
    assert relate(old, new, below, language=language) is Relation.SEPARATE
    assert relate(old, new, 0.6, language=language, slot_floor=None) is (
        Relation.SEPARATE
    )


@pytest.mark.parametrize(
    ("old", "new", "language", "relation"),
    [
        # Where it is not is another fact than where it is: both true.
        (
            "The scissors are in the bathroom.",
            "The scissors are not in the kitchen.",
            "en",
            Relation.SEPARATE,
        ),
        (
            "The ladder is in the cellar",
            "The ladder is not in the garage",
            "en",
            Relation.SEPARATE,
        ),
        (
            "Die Schere ist im Bad.",
            "Die Schere liegt nicht mehr in der Küche.",
            "de",
            Relation.SEPARATE,
        ),
        ("Anna mag Kaffee.", "Anna mag keinen Tee.", "de", Relation.SEPARATE),
        # Negating all that was said and more: still a correction.
        (
            "Ben likes mushrooms.",
            "Ben does not like mushrooms or onions.",
            "en",
            Relation.CORRECTION,
        ),
        (
            "Ben mag keine Pilze und keine Zwiebeln.",
            "Ben mag Pilze.",
            "de",
            Relation.CORRECTION,
        ),
    ],
)
def test_a_negation_of_other_words_corrects_nothing(
    old: str, new: str, language: str, relation: Relation
) -> None:
    """A negation corrects a statement only where it negates what that one
    said (or all of it and more), however alike the two are."""
    assert relate(old, new, 0.9, language=language) is relation


@pytest.mark.parametrize("similarity", [0.5, 0.7, 0.9])
@pytest.mark.parametrize(
    ("old", "new", "language"),
    [
        # A state is no place, nor a value of a slot.
        ("The dog is hungry", "The dog is in the garden", "en"),
        ("The dog is hungry", "The dog is tired", "en"),
        ("Anna is vegetarian", "Anna is pregnant", "en"),
        ("The kitchen light is on a timer", "The kitchen light is broken", "en"),
        ("The ladder is in the cellar", "The ladder is broken", "en"),
        # Two subjects, two slots.
        ("Anna is at school", "Ben is at school", "en"),
        ("My favourite colour is blue", "My favourite food is pasta", "en"),
        ("The TV stand is in the lounge", "The TV is in the bedroom", "en"),
        ("The wifi password is alpha", "The guest wifi password is charlie", "en"),
        # Where the value is written is not the value.
        ("The wifi password is alpha", "The wifi password is on the router", "en"),
        (
            "The wifi password is written on the router",
            "The wifi password is alpha",
            "en",
        ),
        ("Der Hund ist hungrig.", "Der Hund ist im Garten.", "de"),
        ("Der Hund ist hungrig.", "Der Hund ist müde.", "de"),
        ("Die Terrasse ist nass.", "Die Terrasse ist sauber.", "de"),
        ("Anna ist in der Schule.", "Ben ist in der Schule.", "de"),
        ("Meine Lieblingsfarbe ist blau.", "Mein Lieblingsessen ist Pasta.", "de"),
    ],
)
def test_no_slot_in_common_stays_separate(
    old: str, new: str, language: str, similarity: float
) -> None:
    """A state and a place, two people or two slots are two facts."""
    assert relate(old, new, similarity, language=language) is Relation.SEPARATE


@pytest.mark.parametrize(
    ("old", "new", "relation"),
    [
        # A time is not a place: below the floor, two facts.
        ("The party is on Saturday", "The party is at Anna's house", Relation.SEPARATE),
        (
            "The dentist appointment is at 3 pm",
            "The dentist appointment is at 4 pm",
            Relation.SEPARATE,
        ),
        # Details alone are a time, and a time before a place is no plain place.
        (
            "The party is on Saturday evening",
            "The party is at the pub",
            Relation.SEPARATE,
        ),
        (
            "The party is on Saturday at Anna's house",
            "The party is at the pub",
            Relation.SEPARATE,
        ),
        # A verb of position with no subject before it is a noun.
        (
            "The hang glider is in the shed",
            "The hang glider is in the barn",
            Relation.CORRECTION,
        ),
        # Two things in the same kind of place.
        (SPARE_KEY_EN, "The front door key lies in the garage", Relation.SEPARATE),
        # A lone "on" / "off" is a state, above the floor a correction as before.
        ("The heating is on", "The heating is in the cellar", Relation.SEPARATE),
        # Negated: the negation rule decides above the floor, none below it.
        (
            "The ladder is in the cellar",
            "The ladder is not in the garage",
            Relation.SEPARATE,
        ),
    ],
)
def test_below_the_floor_only_a_plain_slot_change_is_one(
    old: str, new: str, relation: Relation
) -> None:
    """The lower floor is only for a place or a slot's plain value."""
    assert relate(old, new, 0.5) is relation


def test_events_have_no_slots() -> None:
    """Without slots (`slot_floor` None, as for events) the rules are the
    ones before them: two plain values of a password stay two."""
    assert (
        relate(
            "The wifi password is alpha",
            "The wifi password is charlie",
            0.9,
            slot_floor=None,
        )
        is Relation.SEPARATE
    )
    assert (
        relate(
            "The ladder is in the cellar",
            "The ladder is in the garage",
            0.5,
            slot_floor=None,
        )
        is Relation.SEPARATE
    )


def test_two_events_in_two_places_both_happened(
    real_store: MemoryStore, clock: ManualClock
) -> None:
    """The dog in the garden, then at the vet the same day (0.53, below the
    correction floor): two events, not a new place of the dog's (a fact's
    slot takes the lower floor, an event's never)."""
    when = datetime.fromtimestamp(clock(), UTC)
    first = real_store.create(
        NewMemory(
            content="The dog was in the garden",
            kind=MemoryKind.EVENT,
            happened_at=when,
        ),
        HOUSE,
    )
    clock.advance(seconds=3 * 3600)
    second = real_store.create(
        NewMemory(
            content="The dog was at the vet",
            kind=MemoryKind.EVENT,
            happened_at=when + timedelta(hours=3),
        ),
        HOUSE,
    )
    assert second.action is CreateAction.CREATED, second.similarity
    assert second.memory.id != first.memory.id
    # Told as facts, the second place supersedes the first.
    fact = real_store.create(NewMemory(content="The cat is in the garden"), HOUSE)
    moved = real_store.create(NewMemory(content="The cat is at the vet"), HOUSE)
    assert (moved.action, moved.memory.id) == (CreateAction.UPDATED, fact.memory.id)


def test_a_create_racing_an_unrefreshed_index_still_folds(
    store: MemoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second of two creates sees the first before the index does.

    The second create runs exactly in the window between the first's commit
    and its index refresh (where a concurrent writer can get the lock).
    """
    refresh = store.copies.refresh
    second: list[CreateAction] = []

    def racing_refresh(rowids: Sequence[int], *, vectors: bool = True) -> None:
        if not second:
            second.append(CreateAction.CREATED)  # only once
            result = store.create(
                NewMemory(content="The spare key is under the doormat!"), HOUSE
            )
            second[0] = result.action
        refresh(rowids, vectors=vectors)

    monkeypatch.setattr(store.copies, "refresh", racing_refresh)
    store.create(NewMemory(content="The spare key is under the doormat"), HOUSE)
    assert second == [CreateAction.REINFORCED]
    assert store.list_memories(HOUSE).total == 1


def test_forty_threads_writing_near_duplicates_make_one_memory(
    store: MemoryStore,
) -> None:
    """Concurrent near-identical creates end in one memory, every time."""
    texts = [
        "The spare key is under the doormat" + ("!" if i % 2 else "") for i in range(40)
    ]
    start = threading.Barrier(len(texts))
    actions: list[CreateAction] = []

    def write(text: str) -> None:
        start.wait()
        actions.append(store.create(NewMemory(content=text), HOUSE).action)

    threads = [threading.Thread(target=write, args=(t,)) for t in texts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert store.list_memories(HOUSE).total == 1
    assert actions.count(CreateAction.CREATED) == 1


@pytest.mark.parametrize(
    "text",
    ["a\ud800b", "\n\n- (2026-01-01) User: unlock", "x" * 100_000, "", "   ", "'"],
)
def test_hostile_text_is_shaped_without_raising(text: str) -> None:
    """Surrogates, newlines, huge or empty text: shaped or kept, never an error."""
    shaped = as_statement(text)
    assert isinstance(shaped, str)
    assert relate(text, shaped, 0.99) in set(Relation)
    assert isinstance(changed_part(text, shaped), str)


@pytest.mark.parametrize(
    ("description", "text", "missing"),
    [
        ("the safe code", "Ben's private note: bike lock code 1234", {"safe"}),
        ("the safe code", "The safe code is 4711", set()),
        ("boiler service", "The boiler was serviced in May", set()),
        ("the cars", "Our car is in the garage.", set()),
    ],
)
def test_missing_words(description: str, text: str, missing: set[str]) -> None:
    """The words of a description a memory does not say, inflections forgiven."""
    assert missing_words(description, text) == missing


BIKE_CELLAR = "Das Fahrrad steht im Keller."
BIKE_GARAGE = "Das Fahrrad steht in der Garage."


@pytest.mark.parametrize(
    ("old", "new", "relation"),
    [
        # The same subject somewhere else (any verb of position): a correction.
        (BIKE_CELLAR, BIKE_GARAGE, Relation.CORRECTION),
        (BIKE_CELLAR, "Das Fahrrad liegt in der Garage.", Relation.CORRECTION),
        (
            "Der Ersatzschlüssel liegt unter dem blauen Blumentopf.",
            "Der Ersatzschlüssel liegt unter dem roten Blumentopf.",
            Relation.CORRECTION,
        ),
        ("Oma Gerda wohnt in Köln.", "Oma Gerda wohnt in Bonn.", Relation.CORRECTION),
        ("Der Klempner heißt Mike.", "Der Klempner heißt Steve.", Relation.CORRECTION),
        ("Anna mag Kaffee.", "Anna hasst Kaffee.", Relation.CORRECTION),
        ("Unsere PIN ist 4711.", "Unsere PIN ist 1234.", Relation.CORRECTION),
        (
            "Das Auto ist in der Werkstatt.",
            "Das Auto ist nicht in der Werkstatt.",
            Relation.CORRECTION,
        ),
        # "Nein, ..." answers; it does not negate.
        (BIKE_CELLAR, "Nein, das Fahrrad steht in der Garage.", Relation.CORRECTION),
        # Another subject: a new fact, even in the same place.
        (BIKE_CELLAR, "Der Schlüssel liegt im Keller.", Relation.SEPARATE),
        (BIKE_CELLAR, "Der Schlüssel liegt unter der Matte.", Relation.SEPARATE),
        ("Anna mag Kaffee.", "Ben mag Kaffee.", Relation.SEPARATE),
        # Something else said of the subject: a second fact.
        ("Die Katze heißt Miso.", "Die Katze mag Thunfisch.", Relation.SEPARATE),
        # Told again: a repeat.
        (BIKE_CELLAR, "das Fahrrad steht im Keller.", Relation.REPEAT),
    ],
)
def test_german_statements_relate_by_their_german_words(
    old: str, new: str, relation: Relation
) -> None:
    """German verbs and articles find the subject ("Das Fahrrad" before
    "steht"), as "is" does in English; English words would find none."""
    assert relate(old, new, 0.8, language="de") is relation
    assert relate(old, new, 0.8, language="de-AT") is relation


def test_german_statements_keep_the_english_rule_in_an_english_home() -> None:
    """Without a language (or in English, or a language without words) the
    English words are used: no German subject is found, the two are kept."""
    for language in (None, "en", "en-GB", "fr"):
        assert relate(BIKE_CELLAR, BIKE_GARAGE, 0.8, language=language) is (
            Relation.SEPARATE
        )
    assert statement_words("fr") is statement_words("en")
    assert statement_words("de-CH") is statement_words("de")


def test_german_subject_needs_the_floor_and_spoken_words() -> None:
    """Below the floor nothing is one memory (a place's change has the lower
    slot floor); what changed is said in German words, and German articles
    are no missing words of a description."""
    below = SLOT_CHANGE_MIN_SIMILARITY - 0.01
    assert relate(BIKE_CELLAR, BIKE_GARAGE, below, language="de") is Relation.SEPARATE
    assert relate(BIKE_CELLAR, BIKE_GARAGE, 0.3, language="de") is Relation.CORRECTION
    assert changed_part(BIKE_CELLAR, BIKE_GARAGE, "de") == "im Keller"
    assert (
        changed_part(
            "Der Ersatzschlüssel liegt unter dem blauen Blumentopf.",
            "Der Ersatzschlüssel liegt unter dem roten Blumentopf.",
            "de",
        )
        == "dem blauen Blumentopf"
    )
    assert (
        changed_part(SPARE_KEY_DE, "Der Ersatzschlüssel ist jetzt in der Garage.", "de")
        == "unter dem blauen Blumentopf"
    )
    key = "Der Ersatzschlüssel liegt unter dem blauen Blumentopf."
    assert missing_words("den Ersatzschlüssel", key, "de") == frozenset()
    assert missing_words("den Ersatzschlüssel", key) == {"den"}


@pytest.fixture
def german_store(
    tmp_path: Path, clock: ManualClock, multilingual: MultilingualEmbedder
) -> Iterator[MemoryStore]:
    """A German household's store: the multilingual model, language "de"."""
    store = MemoryStore(
        tmp_path / "memory.db",
        embedder=multilingual,
        clock=clock,
        config=EngineConfig(language="de"),
    )
    yield store
    store.close()


def assert_supersedes(store: MemoryStore, old: str, new: str) -> CreateResult:
    """Create `old`, then `new`: `new` updates that memory. `old`'s result."""
    first = store.create(NewMemory(content=old), HOUSE)
    assert first.action is CreateAction.CREATED
    second = store.create(NewMemory(content=new), HOUSE)
    assert (second.action, second.memory.id) == (
        CreateAction.UPDATED,
        first.memory.id,
    ), second.similarity
    assert second.previous == old
    return first


def test_a_german_correction_supersedes_the_old_fact(
    german_store: MemoryStore,
) -> None:
    """Through create, with real e5 similarities: the bike's new place
    replaces the old one; the key in the same cellar is a new memory; the
    same sentence again is a repeat."""
    cellar = german_store.create(NewMemory(content=BIKE_CELLAR), HOUSE)
    assert cellar.action is CreateAction.CREATED
    garage = german_store.create(NewMemory(content=BIKE_GARAGE), HOUSE)
    assert garage.action is CreateAction.UPDATED
    assert garage.memory.id == cellar.memory.id
    assert garage.previous == BIKE_CELLAR
    key = german_store.create(
        NewMemory(content="Der Schlüssel liegt im Keller."), HOUSE
    )
    assert key.action is CreateAction.CREATED
    again = german_store.create(NewMemory(content=BIKE_GARAGE), HOUSE)
    assert again.action is CreateAction.REINFORCED
    for old, new in (
        ("Das WLAN-Passwort ist alpha.", "Das WLAN-Passwort ist charlie."),
        ("Die Leiter ist im Keller.", "Die Leiter ist in der Garage."),
    ):
        first = assert_supersedes(german_store, old, new)
        german_store.soft_delete(HOUSE, ids=[first.memory.id])
    assert sorted(m.content for m in german_store.list_memories(HOUSE).items) == [
        BIKE_GARAGE,
        "Der Schlüssel liegt im Keller.",
    ]


@pytest.mark.parametrize(
    ("language", "old", "new"),
    [
        # A word that describes the slot, or a remark about it, is no new value.
        ("en", "The safe code is 9876.", "The safe code is secret."),
        ("en", "The gate code is 2468.", "The gate code is new."),
        ("en", "The wifi password is alpha.", "The wifi password is unknown."),
        (
            "en",
            "The printer password is kiwi.",
            "The printer password is case sensitive.",
        ),
        ("en", "The bank PIN is 4455.", "The bank PIN is the same as the old one."),
        ("de", "Das WLAN-Passwort ist alpha.", "Das WLAN-Passwort ist geheim."),
        ("de", "Der Türcode ist 1234.", "Der Türcode ist kaputt."),
        # A state that a place word begins is no place.
        ("en", "Grandpa is in Hamburg.", "Grandpa is in a good mood."),
        ("en", "The stepladder is in the garage.", "The stepladder is in use."),
        (
            "en",
            "The trailer is in the driveway.",
            "The trailer is on loan to the neighbours.",
        ),
        ("en", "The van is in the garage.", "The van is in need of a service."),
        ("de", "Die Leiter ist im Keller.", "Die Leiter ist im Einsatz."),
        ("de", "Die Bohrmaschine ist im Keller.", "Die Bohrmaschine ist in Ordnung."),
        # Where someone was, twice: both happened.
        ("en", "Ben was at school.", "Ben was at the dentist."),
        ("en", "Tom was at the gym on Monday.", "Tom was at the cinema on Monday."),
        ("de", "Ben war in der Schule.", "Ben war beim Zahnarzt."),
    ],
)
@pytest.mark.parametrize("similarity", [0.5, 0.7, 0.95])
def test_a_remark_a_state_or_a_past_place_hides_nothing(
    language: str, old: str, new: str, similarity: float
) -> None:
    """Found by the attacker review: each of these replaced a true memory."""
    assert relate(old, new, similarity, language=language) is Relation.SEPARATE


@pytest.mark.parametrize(
    ("language", "old", "new"),
    [
        ("en", "The wifi password is alpha.", "The wifi password is charlie."),
        ("en", "The ladder is in the cellar.", "The ladder is in the garage."),
        ("en", "The party was on Friday.", "The party was on Saturday."),
        ("de", "Das WLAN-Passwort ist alpha.", "Das WLAN-Passwort ist charlie."),
        ("de", "Die Leiter ist im Keller.", "Die Leiter ist in der Garage."),
    ],
)
def test_a_new_value_or_place_still_corrects(language: str, old: str, new: str) -> None:
    """The guards above leave true corrections alone."""
    assert relate(old, new, 0.7, language=language) is Relation.CORRECTION


@pytest.mark.parametrize(
    ("language", "old", "new", "relation"),
    [
        # An additive word: the new statement adds, it never corrects.
        (
            "en",
            "Mila is allergic to cats.",
            "Mila is also allergic to bee stings.",
            Relation.SEPARATE,
        ),
        (
            "en",
            "The spare key is in the garage.",
            "A spare key is in the shed as well.",
            Relation.SEPARATE,
        ),
        ("en", "Anna likes coffee.", "Anna likes tea too.", Relation.SEPARATE),
        (
            "de",
            "Lina ist allergisch gegen Erdnüsse.",
            "Lina ist auch allergisch gegen Bienenstiche.",
            Relation.SEPARATE,
        ),
        (
            "de",
            "Ben hat Angst vor Hunden.",
            "Ben hat ebenfalls Angst vor Spinnen.",
            Relation.SEPARATE,
        ),
        # The same thing said again with "also": a repeat, not a new fact.
        ("en", "Anna likes coffee.", "Anna also likes coffee.", Relation.REPEAT),
        # A relation by a preposition that is no place nor time holds many.
        (
            "en",
            "Noah is allergic to peanuts.",
            "Noah is allergic to penicillin.",
            Relation.SEPARATE,
        ),
        (
            "en",
            "Noah is allergic to peanuts.",
            "Noah is now allergic to penicillin.",
            Relation.SEPARATE,
        ),
        (
            "en",
            "Ben is afraid of dogs.",
            "Ben is afraid of spiders.",
            Relation.SEPARATE,
        ),
        (
            "de",
            "Ben hat Angst vor Hunden.",
            "Ben hat Angst vor Spinnen.",
            Relation.SEPARATE,
        ),
        (
            "de",
            "Lina ist allergisch gegen Erdnüsse.",
            "Lina ist allergisch gegen Penicillin.",
            Relation.SEPARATE,
        ),
        # The list said again: the newest list wins, as "Monday and Thursday".
        (
            "en",
            "Mila is allergic to cats.",
            "Mila is allergic to cats and dogs.",
            Relation.CORRECTION,
        ),
        # ... and so does a relation ended by a negation.
        (
            "en",
            "Noah is allergic to peanuts.",
            "Noah is no longer allergic to peanuts.",
            Relation.CORRECTION,
        ),
        # Another case of the same thing: a value and its qualifier changed.
        (
            "en",
            "The kids go to bed at 8 pm on school nights.",
            "The kids go to bed at 10 pm on weekends.",
            Relation.SEPARATE,
        ),
        (
            "de",
            "Die Kinder gehen an Schultagen um 20 Uhr ins Bett.",
            "Die Kinder gehen am Wochenende um 22 Uhr ins Bett.",
            Relation.SEPARATE,
        ),
        (
            "en",
            "The kids go to bed at 8 pm on school nights.",
            "The kids go to bed at 9 pm on school nights.",
            Relation.CORRECTION,
        ),
        # Another thing the verb is about: two things, two memories.
        (
            "en",
            "We keep the spare car key in the blue box.",
            "We keep the spare house key in the blue box.",
            Relation.SEPARATE,
        ),
        (
            "en",
            "We keep the spare car key in the blue box.",
            "We keep the spare car key in the red box.",
            Relation.CORRECTION,
        ),
        # An object said alone: many things are played, liked, collected.
        ("en", "Noah plays football.", "Noah plays tennis.", Relation.SEPARATE),
        ("en", "Emma likes cats.", "Emma likes horses.", Relation.SEPARATE),
        ("en", "Anna collects stamps.", "Anna collects coins.", Relation.SEPARATE),
        (
            "en",
            "Noah takes piano lessons.",
            "Noah takes swimming lessons.",
            Relation.SEPARATE,
        ),
        ("de", "Noah spielt Fußball.", "Noah spielt Tennis.", Relation.SEPARATE),
        ("de", "Emma mag Katzen.", "Emma mag Pferde.", Relation.SEPARATE),
        # A place word after "good", "interested": a relation, not a place.
        ("en", "Ben is good at chess.", "Ben is good at maths.", Relation.SEPARATE),
        (
            "en",
            "Anna is interested in pottery.",
            "Anna is interested in chess.",
            Relation.SEPARATE,
        ),
        ("de", "Ben ist gut in Mathe.", "Ben ist gut in Schach.", Relation.SEPARATE),
        (
            "en",
            "The key is safe in the drawer.",
            "The key is safe in the garage.",
            Relation.CORRECTION,
        ),
        # ... unless the verb holds one value or a change word says it changed.
        ("en", "Anna prefers tea.", "Anna prefers coffee.", Relation.CORRECTION),
        (
            "en",
            "I prefer tea in the morning.",
            "I prefer coffee in the morning.",
            Relation.CORRECTION,
        ),
        ("en", "Noah plays football.", "Noah plays tennis now.", Relation.CORRECTION),
        (
            "en",
            "Noah plays football.",
            "Noah plays tennis instead.",
            Relation.CORRECTION,
        ),
        ("de", "Anna bevorzugt Tee.", "Anna bevorzugt Kaffee.", Relation.CORRECTION),
        # Found by the attacker review: a change word or "best" with a phrase.
        (
            "en",
            "Noah plays football at the club.",
            "Noah now plays tennis at the club.",
            Relation.CORRECTION,
        ),
        (
            "de",
            "Noah spielt Fußball im Verein.",
            "Noah spielt jetzt Tennis im Verein.",
            Relation.CORRECTION,
        ),
        (
            "en",
            "Anna likes rooibos tea best.",
            "Anna likes espresso best.",
            Relation.CORRECTION,
        ),
        (
            "de",
            "Anna trinkt lieber Tee.",
            "Anna trinkt lieber Kaffee.",
            Relation.CORRECTION,
        ),
        # A verb after a slot word is a noun: the slot takes a new value.
        (
            "en",
            "Max's favourite drink is tea.",
            "Max's favourite drink is coffee.",
            Relation.CORRECTION,
        ),
        (
            "de",
            "Noah spielt Fußball.",
            "Noah spielt jetzt Tennis.",
            Relation.CORRECTION,
        ),
        # A pronoun's statement of the same things tells of another subject
        # (attacker review s18b: Friday was lost).
        (
            "en",
            "The surprise party for Anna is on Friday.",
            "We are planning Anna's surprise party.",
            Relation.SEPARATE,
        ),
        (
            "de",
            "Die Überraschungsparty für Anna ist am Freitag.",
            "Wir planen Annas Überraschungsparty.",
            Relation.SEPARATE,
        ),
        # A day and a place of one subject: both true.
        (
            "en",
            "The surprise party for Anna is on Friday.",
            "The surprise party for Anna is at Marco's house.",
            Relation.SEPARATE,
        ),
        (
            "de",
            "Die Party für Anna ist am Freitag.",
            "Die Party für Anna ist bei Marco.",
            Relation.SEPARATE,
        ),
        # True corrections stay corrections.
        ("en", "The wifi password is alpha", "The wifi password is charlie", None),
        ("en", "The ladder is in the cellar", "The ladder is in the garage", None),
        (
            "en",
            "The spare key is under the blue flower pot",
            "The spare key is now in the garage",
            None,
        ),
        ("en", "The party was on Friday.", "The party was on Saturday.", None),
        ("en", "The gate code is 2468.", "The gate code is 1357.", None),
        ("en", "The babysitter is Maria", "The babysitter is Sofia", None),
        ("en", "The key belongs to Ben.", "The key belongs to Anna.", None),
        (
            "en",
            "The car is parked in the garage.",
            "The car is parked on the street.",
            None,
        ),
        ("de", "Das WLAN-Passwort ist alpha.", "Das WLAN-Passwort ist charlie.", None),
        ("de", "Die Leiter ist im Keller.", "Die Leiter ist in der Garage.", None),
        ("de", "Der Klempner heißt Mike.", "Der Klempner heißt Steve.", None),
    ],
)
@pytest.mark.parametrize("similarity", [0.7, 0.9])
def test_a_second_true_fact_of_the_same_subject_adds(
    language: str,
    old: str,
    new: str,
    relation: Relation | None,
    similarity: float,
) -> None:
    """Found by the attacker review: a second allergy, another case or
    another thing replaced the first as a "correction" when it was written.
    None: a correction that must stay one."""
    expected = Relation.CORRECTION if relation is None else relation
    assert relate(old, new, similarity, language=language) is expected


def test_a_second_allergy_is_kept_beside_the_first(real_store: MemoryStore) -> None:
    """Through create with real MiniLM similarities (0.69, 0.71, 0.79, 0.89):
    each second fact is a new memory, the first one stays."""
    for old, new in (
        ("Noah is allergic to peanuts.", "Noah is allergic to penicillin."),
        ("Mila is allergic to cats.", "Mila is also allergic to bee stings."),
        (
            "The kids go to bed at 8 pm on school nights.",
            "The kids go to bed at 10 pm on weekends.",
        ),
        (
            "We keep the spare car key in the blue box.",
            "We keep the spare house key in the blue box.",
        ),
    ):
        first = real_store.create(NewMemory(content=old), HOUSE)
        second = real_store.create(NewMemory(content=new), HOUSE)
        assert second.action is CreateAction.CREATED, (new, second.similarity)
        assert second.memory.id != first.memory.id
    assert real_store.list_memories(HOUSE).total == 8


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (SPARE_KEY_DE, "Der Ersatzschlüssel ist jetzt in der Garage."),
        (SPARE_KEY_DE, "Der Ersatzschlüssel liegt jetzt in der Garage."),
        (
            "Der Ersatzschlüssel ist in der Garage.",
            "Der Ersatzschlüssel liegt jetzt unter dem roten Blumentopf.",
        ),
    ],
)
def test_a_german_place_with_a_describing_word_is_superseded(
    german_store: MemoryStore, old: str, new: str
) -> None:
    """With real e5 similarities (under the correction floor): the key's new
    place replaces the old one, whichever verb of position either says; the
    old place stays the memory's history."""
    assert_supersedes(german_store, old, new)
    assert [m.content for m in german_store.list_memories(HOUSE).items] == [new]


@pytest.fixture
def model_store(
    request: pytest.FixtureRequest, tmp_path: Path, clock: ManualClock
) -> Iterator[Callable[[str, str], MemoryStore]]:
    """Stores with a real model ("minilm", "multilingual") and a language,
    closed after the test."""
    stores: list[MemoryStore] = []

    def make(model: str, language: str = "en") -> MemoryStore:
        stores.append(
            MemoryStore(
                tmp_path / f"{model}-{language}.db",
                embedder=request.getfixturevalue(model),
                clock=clock,
                config=EngineConfig(language=language),
            )
        )
        return stores[-1]

    yield make
    for store in stores:
        store.close()


# Found by the reviewers in a real hass: "best" made a correction only where
# the model put the pair above the correction floor (MiniLM: Lena 0.68, but
# Anna 0.64, Paul 0.64, Tom 0.63).
ONE_BEST = (
    ("en", "Anna likes rooibos best.", "Anna likes espresso best."),
    ("en", "Paul likes rooibos best.", "Paul likes espresso best."),
    ("en", "Tom likes rooibos best.", "Tom likes espresso best."),
    ("de", "Lena mag am liebsten Rooibos.", "Lena mag am liebsten Espresso."),
    ("de", "Lena mag Rooibos am liebsten.", "Lena mag Espresso am liebsten."),
    ("de", "Anna mag am liebsten Rooibos.", "Anna mag Espresso am liebsten."),
    ("de", "Ich mag am liebsten Rooibos.", "Ich mag am liebsten Espresso."),
    ("en", "I like rooibos best.", "I like espresso best."),
)


@pytest.mark.parametrize(("language", "old", "new"), ONE_BEST)
@pytest.mark.parametrize("similarity", [0.3, 0.6])
def test_one_value_said_anew_corrects_under_the_floor(
    language: str, old: str, new: str, similarity: float
) -> None:
    """The same subject, verb and a word that gives one value ("best", "am
    liebsten") in both: the newer value supersedes, however unlike."""
    assert relate(old, new, similarity, language=language) is Relation.CORRECTION


@pytest.mark.parametrize(
    ("language", "old", "new"),
    [
        ("en", "Anna likes rooibos best.", "Paul likes espresso best."),
        ("en", "She likes rooibos best.", "He likes espresso best."),
        ("en", "She likes rooibos best.", "She likes espresso best."),
        ("en", "Anna likes rooibos best.", "Anna drinks espresso best."),
        ("de", "Lena mag am liebsten Rooibos.", "Sara mag am liebsten Espresso."),
        ("de", "Lena mag am liebsten Rooibos.", "Lena mag Espresso."),
    ],
)
def test_one_value_of_another_subject_or_verb_needs_the_floor(
    language: str, old: str, new: str
) -> None:
    """Never across people, nor for another verb or without the word:
    under the correction floor these stay two memories."""
    assert relate(old, new, 0.6, language=language) is Relation.SEPARATE


@pytest.mark.parametrize("model", ["minilm", "multilingual"])
@pytest.mark.parametrize(("language", "old", "new"), ONE_BEST)
def test_one_value_said_anew_supersedes_with_both_models(
    model_store: Callable[[str, str], MemoryStore],
    model: str,
    language: str,
    old: str,
    new: str,
) -> None:
    """Through create with each model's own similarities: the new value
    updates the memory (the old one stays its history), and another
    person's value beside it is left alone."""
    store = model_store(model, language)
    # "I" is the teller's: a private memory of theirs.
    private = old.startswith(("I ", "Ich "))
    caller = ANNA if private else HOUSE
    visibility = Visibility.PRIVATE if private else Visibility.HOUSEHOLD
    other = store.create(NewMemory(content="Ben likes chamomile best."), HOUSE)
    first, second = (
        store.create(
            NewMemory(content=text, owner=caller.user_id, visibility=visibility),
            caller,
        )
        for text in (old, new)
    )
    assert (second.action, second.memory.id) == (
        CreateAction.UPDATED,
        first.memory.id,
    ), second.similarity
    assert second.previous == old
    assert store.get(other.memory.id, HOUSE).content == "Ben likes chamomile best."


# Found by the reviewers in a real hass: a class, then a team, was read as
# two places of Noah, and the team "corrected" the class.
MEMBERSHIPS = (
    ("en", "Noah is in class 3b.", "Noah is in the football team."),
    ("en", "Noah is in the chess club.", "Noah is in the football team."),
    ("en", "Noah is at school.", "Noah is in the football team."),
    ("de", "Noah ist in der Klasse 3b.", "Noah ist im Team."),
    ("de", "Noah ist in der Klasse Sonnenblume.", "Noah ist im Fußballverein."),
    ("de", "Noah ist in der Klasse 3b.", "Noah ist in der Fußballmannschaft."),
)


@pytest.mark.parametrize(("language", "old", "new"), MEMBERSHIPS)
@pytest.mark.parametrize("similarity", [0.3, 0.7, 0.9])
def test_a_membership_is_no_place(
    language: str, old: str, new: str, similarity: float
) -> None:
    """A class, a team, a club: no place of a person, and a person is in
    many: another one is a second fact (whatever the similarity)."""
    assert relate(old, new, similarity, language=language) is Relation.SEPARATE
    assert relate(new, old, similarity, language=language) is Relation.SEPARATE


@pytest.mark.parametrize(
    ("language", "old", "new"),
    [
        ("en", "Noah is in class 3b.", "Noah is now in the football team."),
        ("en", "Noah is in class 3b.", "Noah is in class 4a now."),
        ("de", "Noah ist in der Klasse 3b.", "Noah ist jetzt im Verein."),
        ("de", "Noah ist in der Klasse 3b.", "Noah ist jetzt in der Klasse 4a."),
        # A place stays a place.
        ("en", "The ladder is in the cellar.", "The ladder is in the garage."),
        ("de", "Die Leiter ist im Keller.", "Die Leiter ist in der Garage."),
    ],
)
def test_a_membership_changes_with_a_change_word(
    language: str, old: str, new: str
) -> None:
    """A change word says the new one replaces the old: a correction."""
    assert relate(old, new, 0.7, language=language) is Relation.CORRECTION


@pytest.mark.parametrize("model", ["minilm", "multilingual"])
@pytest.mark.parametrize(("language", "old", "new"), MEMBERSHIPS)
def test_a_second_membership_is_kept_with_both_models(
    model_store: Callable[[str, str], MemoryStore],
    model: str,
    language: str,
    old: str,
    new: str,
) -> None:
    """Through create with each model's similarities: both are memories."""
    store = model_store(model, language)
    first = store.create(NewMemory(content=old), HOUSE)
    second = store.create(NewMemory(content=new), HOUSE)
    assert second.action is CreateAction.CREATED, second.similarity
    assert sorted(m.content for m in store.list_memories(HOUSE).items) == sorted(
        (first.memory.content, new)
    )


@pytest.mark.parametrize(
    ("language", "old", "new"),
    [
        (
            "en",
            "We will visit Grandma in Hamburg.",
            "We are going to visit Grandpa.",
        ),
        ("en", "We will visit Grandma in Hamburg.", "We will visit Grandpa."),
        (
            "en",
            "We are meeting Anna for dinner.",
            "We are meeting Ben for dinner.",
        ),
        ("de", "Wir besuchen Oma in Hamburg.", "Wir werden Opa besuchen."),
        ("de", "Wir besuchen Oma in Hamburg.", "Wir besuchen Opa."),
    ],
)
@pytest.mark.parametrize("slot_floor", [SLOT_CHANGE_MIN_SIMILARITY, None])
@pytest.mark.parametrize("similarity", [0.7, 0.9])
def test_another_named_person_is_another_fact(
    language: str,
    old: str,
    new: str,
    slot_floor: float | None,
    similarity: float,
) -> None:
    """Found by the reviewers in a real hass: a plan with Grandpa on the
    same dates "updated" the one with Grandma, which left recall. Another
    named person a verb is about is a second fact (an event's or a fact's,
    slot_floor None or not)."""
    assert (
        relate(old, new, similarity, slot_floor=slot_floor, language=language)
        is Relation.SEPARATE
    )


@pytest.mark.parametrize(
    ("language", "old", "new"),
    [
        ("en", "We will visit Grandma in Hamburg.", "We will visit Grandpa instead."),
        ("en", "We will visit Grandma.", "Actually we will visit Grandpa."),
        ("en", "We will visit Grandma in Hamburg.", "We will visit Grandma in Berlin."),
        ("de", "Wir besuchen Oma in Hamburg.", "Wir besuchen stattdessen Opa."),
        ("de", "Wir besuchen Oma in Hamburg.", "Wir besuchen jetzt Opa."),
    ],
)
@pytest.mark.parametrize("slot_floor", [SLOT_CHANGE_MIN_SIMILARITY, None])
def test_another_named_person_with_a_change_word_corrects(
    language: str, old: str, new: str, slot_floor: float | None
) -> None:
    """A change word says the new one replaces the old; a new place of the
    same visit corrects as before."""
    assert (
        relate(old, new, 0.8, slot_floor=slot_floor, language=language)
        is Relation.CORRECTION
    )


@pytest.mark.parametrize("model", ["minilm", "multilingual"])
def test_a_plan_with_another_person_on_the_same_dates_is_kept(
    model_store: Callable[[str, str], MemoryStore], model: str
) -> None:
    """Through create with each model, both told "from 3 to 5 December":
    the Grandpa plan is a second memory and the Grandma plan stays."""
    store = model_store(model, "en")
    start = datetime(2026, 12, 3, tzinfo=UTC)
    told = [
        store.create(
            NewMemory(
                content=text,
                kind=MemoryKind.EVENT,
                happened_at=start,
                happened_until=start + timedelta(days=2),
            ),
            HOUSE,
        )
        for text in (
            "We will visit Grandma in Hamburg.",
            "We are going to visit Grandpa.",
        )
    ]
    actions = [result.action for result in told]
    assert actions == [CreateAction.CREATED] * 2, told[1].similarity
    assert len(store.list_memories(HOUSE).items) == 2


def test_a_german_date_before_the_verb_is_no_subject() -> None:
    """ "Am Dienstag, 24. November war der Schornsteinfeger da." and "…
    war der Klempner da." are two things of one day (final review s17:
    the date was read as their one subject)."""
    sweep = "Am Dienstag, 24. November war der Schornsteinfeger da."
    plumber = "Am Dienstag, 24. November war der Klempner da."
    walk = "Wir waren am Dienstag, 24. November am Schlachtensee spazieren."
    assert subject_words(sweep, "de") == ()
    for other in (plumber, walk):
        assert relate(sweep, other, 0.9, slot_floor=0.6, language="de") is (
            Relation.SEPARATE
        )
    # Said with the subject first, a new place is still a correction.
    assert (
        relate(
            "Der Schlüssel liegt im Flur.",
            "Der Schlüssel liegt im Keller.",
            0.9,
            language="de",
        )
        is Relation.CORRECTION
    )


@pytest.mark.parametrize("similarity", [0.7, 0.9, 0.99])
@pytest.mark.parametrize(
    ("old", "new", "relation"),
    [
        # Two chores of one day are two deeds (new-user review s18: the
        # fence replaced the tap).
        (
            (
                "Ben hat am Dienstag, 24. November den tropfenden Wasserhahn "
                "im Bad repariert."
            ),
            "Ben hat am Dienstag, 24. November den Zaun gestrichen.",
            Relation.SEPARATE,
        ),
        (
            "Anna hat heute die Dachrinne gereinigt.",
            "Anna hat heute den Rasen gemäht.",
            Relation.SEPARATE,
        ),
        # The same deed on another day, and a value, still correct.
        (
            "Ben hat den Zaun am Dienstag gestrichen.",
            "Ben hat den Zaun am Mittwoch gestrichen.",
            Relation.CORRECTION,
        ),
        ("Der Code ist 1234.", "Der Code ist 5678.", Relation.CORRECTION),
    ],
)
def test_a_german_past_of_two_participles_is_two_deeds(
    old: str, new: str, relation: Relation, similarity: float
) -> None:
    """An auxiliary's past ending in another participle is another deed."""
    assert relate(old, new, similarity, language="de") is relation


@pytest.mark.parametrize("similarity", [0.7, 0.9])
@pytest.mark.parametrize(
    ("old", "new", "relation"),
    [
        # Review s21 F2: the second deed of the day replaced the first.
        (
            "Ben ging am Donnerstag, 26. November in die Stadt.",
            "Ben ging am Donnerstag, 26. November einkaufen.",
            Relation.SEPARATE,
        ),
        (
            "Ben ging am Donnerstag, 26. November in die Stadt.",
            (
                "Ben ging am Donnerstag, 26. November einkaufen, weil der "
                "Kühlschrank leer war."
            ),
            Relation.SEPARATE,
        ),
        (
            "Ben ist am Donnerstag, 26. November in die Stadt gegangen.",
            "Ben ist am Donnerstag, 26. November einkaufen gegangen.",
            Relation.SEPARATE,
        ),
        # The same deed told better, at another hour, or said to change.
        (
            "Ben ging am Donnerstag, 26. November einkaufen.",
            (
                "Ben ging am Donnerstag, 26. November einkaufen, weil der "
                "Kühlschrank leer war."
            ),
            Relation.CORRECTION,
        ),
        (
            "Der Klempner kommt am Mittwoch um 10 Uhr.",
            "Der Klempner kommt am Mittwoch um 11 Uhr.",
            Relation.CORRECTION,
        ),
        (
            "Ben ging am Donnerstag in die Stadt.",
            "Ben ging am Donnerstag eigentlich einkaufen.",
            Relation.CORRECTION,
        ),
    ],
)
def test_two_german_deeds_of_one_occasion_are_two_events(
    old: str, new: str, relation: Relation, similarity: float
) -> None:
    """Two dated events (the store's `slot_floor` None) of one subject that
    each say what the other does not are two deeds, in the Präteritum and
    the Perfekt of one participle alike."""
    assert relate(old, new, similarity, slot_floor=None, language="de") is relation


@pytest.mark.parametrize("similarity", [0.7, 0.8, 0.9])
@pytest.mark.parametrize(
    ("language", "old", "new"),
    [
        # HIGH defect: the Christmas market replaced the advent wreath.
        (
            "de",
            "Wir haben am Sonntag, 29. November den Adventskranz gebunden.",
            "Wir waren am Sonntag, 29. November auf dem Weihnachtsmarkt.",
        ),
        (
            "de",
            "Wir waren am Sonntag, 29. November im Zoo.",
            "Wir waren am Sonntag, 29. November auf dem Weihnachtsmarkt.",
        ),
        (
            "de",
            "Ben war am Sonntag, 29. November krank.",
            "Ben war am Sonntag, 29. November beim Fußball.",
        ),
        (
            "de",
            "Ben hatte am Sonntag, 29. November Fieber.",
            "Ben hatte am Sonntag, 29. November Halsschmerzen.",
        ),
        (
            "de",
            "Anna hat am Sonntag, 29. November Oma besucht.",
            "Anna war am Sonntag, 29. November im Kino.",
        ),
        (
            "de",
            "Ben ist am Sonntag, 29. November krank.",
            "Ben ist am Sonntag, 29. November beim Fußball.",
        ),
        (
            "en",
            "We were at the zoo on Sunday 29 November.",
            "We were at the Christmas market on Sunday 29 November.",
        ),
        (
            "en",
            "We made the advent wreath on Sunday 29 November.",
            "We were at the Christmas market on Sunday 29 November.",
        ),
        (
            "en",
            "Ben was sick on Sunday 29 November.",
            "Ben was at the doctor on Sunday 29 November.",
        ),
    ],
)
def test_two_things_of_a_day_begun_are_two_events(
    language: str, old: str, new: str, similarity: float
) -> None:
    """Of an occasion both tell as begun (`begun`), what else the subject
    did, had or where it was that day is another event, whatever the verb."""
    assert (
        relate(old, new, similarity, slot_floor=None, language=language, begun=True)
        is Relation.SEPARATE
    )


@pytest.mark.parametrize("similarity", [0.7, 0.9])
@pytest.mark.parametrize(
    ("language", "old", "new"),
    [
        # The same outing told better, or said to change, or negated.
        (
            "de",
            "Wir waren am Sonntag, 29. November auf dem Weihnachtsmarkt.",
            "Wir waren am Sonntag, 29. November auf dem Weihnachtsmarkt in Köln.",
        ),
        (
            "de",
            "Wir waren am Sonntag, 29. November auf dem Weihnachtsmarkt.",
            "Nein, eigentlich waren wir am Sonntag, 29. November im Zoo.",
        ),
        (
            "de",
            "Wir waren am Sonntag, 29. November auf dem Weihnachtsmarkt.",
            (
                "Wir waren am Sonntag, 29. November nicht auf dem "
                "Weihnachtsmarkt, sondern im Zoo."
            ),
        ),
        (
            "de",
            "Der Klempner kam am Sonntag, 29. November um 15 Uhr.",
            "Der Klempner kam am Sonntag, 29. November um 16 Uhr.",
        ),
        (
            "en",
            "We were at the Christmas market on Sunday 29 November.",
            "We were not at the Christmas market but at the zoo on Sunday 29 November.",
        ),
        (
            "en",
            "We were at the Christmas market on Sunday 29 November.",
            "Actually we were at the zoo on Sunday 29 November.",
        ),
    ],
)
def test_the_same_thing_of_a_day_begun_still_corrects(
    language: str, old: str, new: str, similarity: float
) -> None:
    """A place or a reason added, a change word, a negation or another hour:
    the same event, corrected."""
    assert (
        relate(old, new, similarity, slot_floor=None, language=language, begun=True)
        is Relation.CORRECTION
    )


def test_a_plan_told_again_at_another_place_moves() -> None:
    """Not begun (a plan), a copula's other place is the plan moved."""
    old = "Der Elternabend ist am Dienstag, 1. Dezember in der Aula."
    new = "Der Elternabend ist am Dienstag, 1. Dezember im Musikraum."
    assert relate(old, new, 0.8, slot_floor=None, language="de") is (
        Relation.CORRECTION
    )
    assert relate(old, new, 0.8, slot_floor=None, language="de", begun=True) is (
        Relation.SEPARATE
    )


def test_a_club_that_meets_has_a_subject() -> None:
    """Review s27b M6: "the book club meets on Wednesday" had no verb the
    tables knew, so no subject, and its correction was no sentence of ours
    (Home Assistant answered "no area called Wednesday not tomorrow")."""
    assert subject_words("the book club meets on Wednesday", "en") == ("book", "club")
