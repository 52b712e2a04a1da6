"""A person's first person told with their name (text/naming.py, as_statement).

Anna's "my car is in the garage" is stored for the household as "Anna's
car is in the garage" ("Annas Auto" in German), so Ben hears whose car it
is; her private memories keep her "my"; an unknown speaker keeps the
household's "our".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from custom_components.home_memory.memory.common.config import EngineConfig
from custom_components.home_memory.memory.common.values import (
    Caller,
    NewMemory,
    Visibility,
)
from custom_components.home_memory.memory.search.retrieval import Retriever
from custom_components.home_memory.memory.store import MemoryStore
from custom_components.home_memory.memory.text.naming import (
    named_by_telling,
    names_a_person,
    possessive,
    says_own,
    speaks_of_speaker,
    told_by,
)
from custom_components.home_memory.memory.text.statements import as_statement

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from ..conftest import HashingEmbedder, ManualClock

ANNA = Caller(user_id="anna-user")


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("my car is in the garage", "Anna's car is in the garage."),
        ("my keys are in my room", "Anna's keys are in Anna's room."),
        ("I am allergic to peanuts", "Anna is allergic to peanuts"),
        ("i'm allergic to peanuts", "Anna is allergic to peanuts."),
        ("I have a dentist at noon", "Anna has a dentist at noon"),
        ("I\u2019ve put my keys on the hook", "Anna has put Anna's keys on the hook"),
        ("I don't eat meat", "Anna doesn't eat meat"),
        ("I can't eat gluten", "Anna can't eat gluten"),
        ("I'll be home late on Friday", "Anna will be home late on Friday"),
        ("I was at the dentist", "Anna was at the dentist"),
        ("I like my coffee black", "Anna likes Anna's coffee black"),
        # Opinions and wishes (final review s16: they became "We think").
        ("I think the heater is broken", "Anna thinks the heater is broken"),
        ("I'd like pancakes on Sunday", "Anna would like pancakes on Sunday"),
        ("I\u2019d rather stay in on Friday", "Anna would rather stay in on Friday"),
        ("I go swimming on Tuesdays", "Anna goes swimming on Tuesdays"),
        ("I worry about the roof", "Anna worries about the roof"),
        ("I parked my car in the street", "Anna parked Anna's car in the street"),
        # A past the same in every person, with no "-ed" (month review s19
        # F2: "I bought new winter tyres" was stored "We bought …").
        (
            "I bought new winter tyres for the Golf today",
            "Anna bought new winter tyres for the Golf today",
        ),
        ("I bought my car last year", "Anna bought Anna's car last year"),
        ("I took the bins out", "Anna took the bins out"),
        # Final review s19: "I went …" was still "We went …".
        ("I went to the dentist yesterday", "Anna went to the dentist yesterday"),
        ("I kept the receipt", "Anna kept the receipt"),
        ("I left my umbrella at the office", "Anna left Anna's umbrella at the office"),
        ("Ben gave me the spare key", "Ben gave Anna the spare key"),
        ("our car is in the garage", "Our car is in the garage."),
        # Written sentences (a capital first, "I ...") keep every other word.
        ("My locker code is 1111", "Anna's locker code is 1111"),
        ("My car is in the garage.", "Anna's car is in the garage."),
        ("I am allergic to cats.", "Anna is allergic to cats."),
        # Codes, addresses and quoted words are kept as said.
        ("my password is i-love-my-cats", "Anna's password is i-love-my-cats."),
        ('my note says "my car is red"', "Anna's note says \"my car is red\"."),
    ],
)  # fmt: skip
def test_english_first_person_names_the_speaker(said: str, stored: str) -> None:
    """Possessives take the name's "'s"; "I" agrees its verb with the name."""
    assert as_statement(said, told_by="Anna", language="en") == stored


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("mein Auto ist in der Garage", "Annas Auto ist in der Garage."),
        ("meine Schlüssel hängen am Haken", "Annas Schlüssel hängen am Haken."),
        ("ich habe meinen Schlüssel verloren", "Anna hat Annas Schlüssel verloren."),
        ("der Ausweis ist in meinem Zimmer", "Der Ausweis ist in Annas Zimmer."),
        ("das Handy ist in meiner Tasche", "Das Handy ist in Annas Tasche."),
        ("der Schlüssel meines Autos ist hier", "Der Schlüssel Annas Autos ist hier."),
        ("ich bin allergisch gegen Nüsse", "Anna ist allergisch gegen Nüsse."),
        ("morgen habe ich einen Termin", "Morgen hat Anna einen Termin."),
        ("ich werde am Freitag spät kommen", "Anna wird am Freitag spät kommen."),
        ("ich kann kein Gluten essen", "Anna kann kein Gluten essen."),
        ("ich muss um acht los", "Anna muss um acht los."),
        ("unser Auto ist in der Garage", "Unser Auto ist in der Garage."),
        ("Mein Spindcode ist 1111", "Annas Spindcode ist 1111"),
        # English in a German home is named too.
        ("my car is in the garage", "Anna's car is in the garage."),
        # "mich"/"mir" are the name, or "sich" where the speaker is their
        # clause's subject (final review s16: "nur für mich" was "uns").
        ("das Geschenk ist nur für mich", "Das Geschenk ist nur für Anna."),
        ("das Auto gehört mir", "Das Auto gehört Anna."),
        ("ich freue mich auf meinen Urlaub", "Anna freut sich auf Annas Urlaub."),
        ("ich habe mir das Bein gebrochen", "Anna hat sich das Bein gebrochen."),
        ("Ich glaube, dass Ben mich mag", "Anna glaubt, dass Ben Anna mag"),
        ("ich glaube, die Heizung ist kaputt", "Anna glaubt, die Heizung ist kaputt."),
        ("Morgen fahre ich nach Berlin", "Morgen fährt Anna nach Berlin"),
    ],
)  # fmt: skip
def test_german_first_person_names_the_speaker(said: str, stored: str) -> None:
    """Every form of "mein" becomes the name's genitive; "ich" agrees its verb."""
    assert as_statement(said, told_by="Anna", language="de") == stored


@pytest.mark.parametrize(
    ("name", "language", "owned"),
    [
        ("Anna", "de", "Annas"),
        ("Max", "de", "Max'"),
        ("Hans", "de", "Hans'"),
        ("Fritz", "de", "Fritz'"),
        ("Strauß", "de", "Strauß'"),
        ("Grace", "de", "Grace'"),
        ("Anna", "en", "Anna's"),
        ("James", "en", "James's"),
        ("Anna", "de-CH", "Annas"),
    ],
)
def test_possessive_of_a_name(name: str, language: str, owned: str) -> None:
    """German adds s, or only an apostrophe after s, ß, x, z, tz, ce."""
    assert possessive(name, language) == owned
    assert told_by("mein Auto" if language != "en" else "my car", name, language) == (
        f"{owned} Auto" if language != "en" else f"{owned} car"
    )


@pytest.mark.parametrize(
    ("said", "language"),
    [
        # "put" is a present as much as a past: its person is not known.
        ("I put my keys in the bowl", "en"),
        ("I always park my car in the garage", "en"),
        ("I hurt myself", "en"),
        # A feeling ("mir ist kalt") is not a thing done to the speaker.
        ("Mir ist kalt", "de"),
        ("Mich stört der Lärm", "de"),
        # Found by the attacker review: each was named wrongly.
        # The object first: "Tom mag Anna nicht" would say Tom dislikes her.
        ("Tom mag ich nicht", "de"),
        ("Meine Schwester liebe ich sehr", "de"),
        ("Ben brauche ich morgen früh", "de"),
        ("Hab ich schon erwähnt, dass mein Fahrrad kaputt ist", "de"),
        # "need" and "feed" are no past tense, "I'd" is "I had" as often
        # as "I would".
        ("I feed the cat at seven", "en"),
        ("I'd left my umbrella at the office", "en"),
    ],
)
def test_a_first_person_that_cannot_agree_keeps_todays_rule(
    said: str, language: str
) -> None:
    """Where "I" has a verb the tables do not know, nothing is named: the
    statement is stored as for an unknown speaker (English "we/our")."""
    assert told_by(said, "Anna", language) is None
    assert as_statement(said, told_by="Anna", language=language) == as_statement(
        said, language=language
    )


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("Morgen habe ich Zeit", "Morgen hat Anna Zeit"),
        ("Am Montag bin ich beim Zahnarzt", "Am Montag ist Anna beim Zahnarzt"),
        (
            "Heute bin ich nicht da und morgen habe ich Zeit",
            "Heute ist Anna nicht da und morgen hat Anna Zeit",
        ),
        # A relative day is stored as its date first (restating.py).
        (
            "Am Sonntag, 29. November habe ich Zeit",
            "Am Sonntag, 29. November hat Anna Zeit",
        ),
    ],
)
def test_a_german_verb_before_ich_after_a_time_or_place(said: str, stored: str) -> None:
    """ "Morgen habe ich Zeit": a time or place may open the clause."""
    assert told_by(said, "Anna", "de") == stored


# Final review s19 #4: "I went to the dentist" was "We went …". A past the
# same in every person names the teller, in English and in German (where a
# Präteritum's first and third person are one: "ich ging" -> "Ben ging").
@pytest.mark.parametrize(
    ("said", "language", "stored"),
    [
        ("I went to the dentist yesterday", "en", "Ben went to the dentist yesterday"),
        *(
            (f"I {verb} home late", "en", f"Ben {verb} home late")
            for verb in ("came", "got", "left", "ran", "drove", "rode", "flew")
        ),
        ("I saw a fox in the garden", "en", "Ben saw a fox in the garden"),
        ("I ate the last yoghurt", "en", "Ben ate the last yoghurt"),
        ("I dove into the lake", "en", "Ben dove into the lake"),
        ("I spat out the pill", "en", "Ben spat out the pill"),
        ("I leapt over the fence", "en", "Ben leapt over the fence"),
        ("I trod on the cat's tail", "en", "Ben trod on the cat's tail"),
        ("ich bin zum Zahnarzt gegangen", "de", "Ben ist zum Zahnarzt gegangen."),
        ("ich ging gestern zum Zahnarzt", "de", "Ben ging gestern zum Zahnarzt."),
        ("Gestern ging ich zum Zahnarzt", "de", "Gestern ging Ben zum Zahnarzt"),
        *(
            (f"ich {verb} gestern spät", "de", f"Ben {verb} gestern spät.")
            for verb in ("kam", "fuhr", "lief", "aß", "schlief", "blieb")
        ),
        ("ich sah einen Fuchs im Garten", "de", "Ben sah einen Fuchs im Garten."),
        ("ich kaufte eine Bohrmaschine", "de", "Ben kaufte eine Bohrmaschine."),
        ("ich versteckte den Schlüssel", "de", "Ben versteckte den Schlüssel."),
        ("ich reparierte das Gartentor", "de", "Ben reparierte das Gartentor."),
        ("ich arbeitete bis acht", "de", "Ben arbeitete bis acht."),
        # Review s21 F5: "Ich fütterte die Katze, als Ben weg war." was
        # stored for the household; a regular past by its ending.
        (
            "ich fütterte die Katze, als Anna weg war",
            "de",
            "Ben fütterte die Katze, als Anna weg war.",
        ),
        ("Gestern fütterte ich die Katze", "de", "Gestern fütterte Ben die Katze"),
        ("ich sammelte Pilze", "de", "Ben sammelte Pilze."),
        ("ich änderte das Passwort", "de", "Ben änderte das Passwort."),
    ],
)  # fmt: skip
def test_a_past_the_same_in_every_person_names_the_teller(
    said: str, language: str, stored: str
) -> None:
    """ "I went", "ich ging": the verb stays, "I" is the teller's name."""
    assert as_statement(said, told_by="Ben", language=language) == stored


@pytest.mark.parametrize(
    ("said", "language"),
    [
        # A present the tables do not know, ending as a past may
        # ("reparierte", "arbeitete"): "ich starte" is "Ben startet".
        ("ich starte den Motor", "de"),
        ("ich teste die Heizung", "de"),
        ("ich bewerte das Hotel", "de"),
        ("heute bewerte ich das Hotel", "de"),
        # The object first: "Tom sah Ben" would say Tom saw him.
        ("Tom sah ich gestern", "de"),
    ],
)
def test_a_present_or_an_object_first_is_no_past_to_name(
    said: str, language: str
) -> None:
    """A verb that only looks like a past, or a past after its object,
    names nobody."""
    assert told_by(said, "Ben", language) is None


# Review s21 F5: Ben's own "Ben und ich haben die Serie angefangen" was
# "Ben und Ben haben …" ("Ben and Ben started the series").
@pytest.mark.parametrize(
    ("said", "language", "stored"),
    [
        ("Ben und ich haben die Serie gesehen", "de", "Ben hat die Serie gesehen"),
        ("ich und Ben sind gestern gelaufen", "de", "Ben ist gestern gelaufen."),
        ("Ben and I started the series", "en", "Ben started the series"),
        ("Ben and I are going to Hamburg", "en", "Ben is going to Hamburg"),
        # A verb not to be told of one: nothing named, never "Ben und Ben".
        ("Ben und ich spielen Tennis", "de", "Ben und ich spielen Tennis"),
        ("Ben and I like pizza", "en", "Ben and we like pizza"),
    ],
)  # fmt: skip
def test_the_teller_beside_their_own_name_is_one_person(
    said: str, language: str, stored: str
) -> None:
    """ "Ben und ich", said by Ben, is Ben, and the verb is told of one
    (a capitalised sentence keeps its end as written)."""
    told = as_statement(said, told_by="Ben", by_person=True, language=language)
    assert told == stored
    assert "Ben und Ben" not in told
    assert "Ben and Ben" not in told


# Final review s19 #8: Anna's "Ben und ich haben gestern Abend den Film
# angefangen" kept "ich", which Ben would hear as himself.
@pytest.mark.parametrize(
    ("said", "language", "stored"),
    [
        (
            "Ben und ich haben gestern Abend den Film angefangen",
            "de",
            "Ben und Anna haben gestern Abend den Film angefangen",
        ),
        (
            "Gestern haben Ben und ich den Film angefangen",
            "de",
            "Gestern haben Ben und Anna den Film angefangen",
        ),
        ("ich und Ben sind im Kino", "de", "Anna und Ben sind im Kino."),
        ("meine Schwester und ich gehen schwimmen", "de",
         "Annas Schwester und Anna gehen schwimmen."),
        # A clause of its own keeps its singular verb.
        ("ich koche und ich habe Hunger", "de", "Anna kocht und Anna hat Hunger."),
        ("ich spiele mit den Kindern und ich habe Spaß", "de",
         "Anna spielt mit den Kindern und Anna hat Spaß."),
        ("Ben and I started the film", "en", "Ben and Anna started the film"),
        ("Ben and I are at the cinema", "en", "Ben and Anna are at the cinema"),
        ("Ben and I have a dog", "en", "Ben and Anna have a dog"),
        ("my wife and I like pizza", "en", "Anna's wife and Anna like pizza."),
        ("Yesterday, Ben and I were late", "en", "Yesterday, Ben and Anna were late"),
        # "and I have" after a verb opens a clause of its own.
        ("I called Ben and I have a cold", "en", "Anna called Ben and Anna has a cold"),
    ],
)  # fmt: skip
def test_the_teller_in_a_plural_subject_is_named(
    said: str, language: str, stored: str
) -> None:
    """ "Ben and I", "ich und Ben": "I" is the teller, the plural verb stays."""
    assert as_statement(said, told_by="Anna", language=language) == stored


@pytest.mark.parametrize(
    "name", ["I", "My", "Our", "we", "me", "Mine", "Unser", "B" * 101]
)
def test_a_name_that_names_nobody_names_nothing(name: str) -> None:
    """Found by the attacker review: a person called "I" made "I's bike",
    and those called "My", "Our", "We" ... folded into one memory; a name
    longer than a person's label refused the memory outright."""
    # A German home reads both languages' words, an English one English.
    assert told_by("mein Rad steht im Schuppen", name, "de") is None
    assert told_by("my bike is in the shed", name, "de") is None
    if name != "Unser":
        assert told_by("my bike is in the shed", name, "en") is None


def test_english_words_are_no_german_nouns() -> None:
    """ "Mine" in German is a refill (attacker review: "Die Anna's im
    Kugelschreiber"); English "mine" is still the teller's."""
    german = "Die Mine im Kugelschreiber ist leer"
    assert told_by(german, "Anna", "de") == german
    assert told_by("the bike is mine", "Anna", "en") == "the bike is Anna's"


def test_private_and_unknown_speakers_keep_their_words() -> None:
    """The owner hears a private memory in their own first person; without
    a name the household's first person stays as before."""
    assert as_statement("my car is in the garage", private=True, told_by="Anna") == (
        "My car is in the garage."
    )
    assert as_statement("my car is in the garage") == "Our car is in the garage."
    assert as_statement("My car is in the garage.") == "My car is in the garage."
    assert as_statement("mein Auto ist in der Garage", language="de") == (
        "Unser Auto ist in der Garage."
    )
    # An automation's written sentence is its author's words.
    assert as_statement("I noticed the door was open.") == (
        "I noticed the door was open."
    )


@pytest.mark.parametrize(
    ("said", "language", "stored"),
    [
        # Speech-to-text capitalises "I": still the teller's, not the assistant's.
        (
            "I repaired the garden gate this morning",
            "en",
            "We repaired the garden gate this morning",
        ),
        ("I was at the dentist.", "en", "We were at the dentist."),
        ("My bike has a flat tyre", "en", "Our bike has a flat tyre"),
        ("i cleaned the gutters", "en", "We cleaned the gutters."),
        (
            "Ich habe am Samstagmorgen das Gartentor repariert",
            "de",
            "Wir haben am Samstagmorgen das Gartentor repariert",
        ),
        (
            "Am Samstag habe ich mein Fahrrad repariert",
            "de",
            "Am Samstag haben wir unser Fahrrad repariert",
        ),
        ("ich bin beim Zahnarzt", "de", "Wir sind beim Zahnarzt."),
        ("meine Schlüssel liegen bei mir", "de", "Unsere Schlüssel liegen bei uns."),
        # A German verb the table cannot agree: kept as said (docs/languages.md).
        ("Ich repariere das Tor", "de", "Ich repariere das Tor"),
        # An English sentence in a German home still takes the household's words.
        ("I fixed my bike", "de", "We fixed our bike"),
    ],
)
def test_a_person_with_no_name_speaks_as_the_household(
    said: str, language: str, stored: str
) -> None:
    """Told by a person Home Assistant has no name for, their first person
    becomes the household's in a written sentence too: "I" is never stored
    as the assistant's own."""
    assert as_statement(said, by_person=True, language=language) == stored


@pytest.mark.parametrize(
    ("name", "names"),
    [
        ("Ben", True),
        ("Ben Miller", True),
        ("Zoë", True),
        ("Anne-Marie", True),
        ("", False),
        ("   ", False),
        ("Administrator", False),
        ("owner", False),
        ("Home  Assistant", False),
        ("Gast", False),
        ("I", False),
        ("Unser", False),
        ("a3f9c2e1d4b5", False),
        ("ben_2", False),
        ("ben@example.org", False),
        ("Ben\u200b", False),
        ("B" * 200, False),
    ],
)
def test_which_names_name_a_person(name: str, names: bool) -> None:
    """Only a name that reads as a person's tells a teller."""
    assert names_a_person(name, "de") is names


@pytest.fixture
def german_store(
    tmp_path: Path, clock: ManualClock, hashing_embedder: HashingEmbedder
) -> Iterator[MemoryStore]:
    """A store of a German household."""
    memory_store = MemoryStore(
        tmp_path / "memory.db",
        embedder=hashing_embedder,
        clock=clock,
        config=EngineConfig(language="de"),
    )
    yield memory_store
    memory_store.close()


def test_the_store_names_the_speaker_and_counts_them_among_its_people(
    store: MemoryStore,
) -> None:
    """A household memory told by Anna names her and is about her; her
    private one keeps "my"; one told without a name keeps "our"."""
    told = store.create(
        NewMemory(
            content="my car is in the garage",
            speaker="anna-user",
            speaker_name="Anna",
            owner="anna-user",
        ),
        ANNA,
    ).memory
    assert told.content == "Anna's car is in the garage."
    assert told.people == ("Anna",)
    private = store.create(
        NewMemory(
            content="my bank PIN is 8642",
            speaker_name="Anna",
            owner="anna-user",
            visibility=Visibility.PRIVATE,
        ),
        ANNA,
    ).memory
    assert (private.content, private.people) == ("My bank PIN is 8642.", ())
    unknown = store.create(NewMemory(content="my bike is in the shed"), Caller()).memory
    assert (unknown.content, unknown.people) == ("Our bike is in the shed.", ())


def test_the_german_store_names_the_speaker(german_store: MemoryStore) -> None:
    """The household's language picks the declension table."""
    told = german_store.create(
        NewMemory(
            content="meine Tasche ist in meinem Zimmer",
            speaker_name="Hans",
            owner="hans-user",
        ),
        Caller(user_id="hans-user"),
    ).memory
    assert told.content == "Hans' Tasche ist in Hans' Zimmer."
    assert told.people == ("Hans",)


@pytest.mark.parametrize(
    ("asker", "first"),
    [
        ("Anna", "Anna's car is in the garage."),
        ("Ben", "Ben's car is in the driveway."),
    ],
)
def test_the_askers_my_finds_their_own_first(
    store: MemoryStore, asker: str, first: str
) -> None:
    """Anna's and Ben's cars are both stored; "where is my car" puts the
    asker's first (their name is among its people)."""
    for name, told in (
        ("Anna", "my car is in the garage"),
        ("Ben", "my car is in the driveway"),
    ):
        store.create(NewMemory(content=told, speaker_name=name), Caller())
    retriever = Retriever(store)
    found = retriever.search("where is my car", Caller(), asker=asker)
    assert [item.memory.content for item in found.items][:1] == [first]
    assert says_own("where is my car")
    assert says_own("wo ist mein Auto", "de")
    assert not says_own("where is Anna's car")


def test_a_name_the_telling_put_in_joins_the_people() -> None:
    """ "my bike" told as "Anna's bike" puts Anna into it (she joins its
    people); a name the teller said already, or none, does not."""
    assert named_by_telling("Anna", "Anna's bike is blue.", "my bike is blue")
    assert not named_by_telling("Anna", "Anna's bike is blue.", "Anna's bike is blue")
    assert not named_by_telling(None, "Our bike is blue.", "my bike is blue")
    assert not named_by_telling("Anna", "Our bike is blue.", "my bike is blue")


@pytest.mark.parametrize(
    ("word", "speaker"),
    [("me", True), ("myself", True), ("mich", True), ("mir", True), ("Ben", False),
     ("him", False), ("uns", False), ("the", False)],
)  # fmt: skip
def test_one_word_speaks_of_the_speaker_in_any_language(
    word: str, speaker: bool
) -> None:
    """ "what do you know about me", "Was weißt du über mich?" (review s22)."""
    assert speaks_of_speaker(word) is speaker
