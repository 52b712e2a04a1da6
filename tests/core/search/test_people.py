"""The people a query names (memory/search/people.py), for person-centred
retrieval (tests/core/search/test_retrieval.py ranks with it)."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.search.people import (
    asked_names,
    by_names_alone,
    capitalised_runs,
    kin_names,
    mostly_titled,
    named_people,
    one_trade,
    only_owned,
    others_than_asked,
    owner_words,
    said_names,
    spelled_words,
    telling_of_someone,
    title_names,
    told_people,
    told_subject,
    unpossessed_words,
    without_names,
    words,
)
from custom_components.home_memory.memory.text.statement_words import statement_words


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("What does Anna like?", {"Anna"}),
        ("what are ANNA's plans", {"Anna"}),
        ("Did Annabel call?", set()),
        ("What did Grandma Rosa bake?", {"Grandma Rosa", "Rosa"}),
        ("Is Rosa coming?", {"Rosa"}),
        ("Anything for Ben and Anna?", {"Anna", "Ben"}),
    ],
)
def test_people_a_query_names(query: str, named: set[str]) -> None:
    """A person is named when every word of their label is in the query."""
    people = ["Anna", "Ben", "Grandma Rosa", "Rosa"]
    assert named_people(query, people) == named


def test_words_are_case_folded_letters_and_digits() -> None:
    """Punctuation and underscores part words; any script and ß fold."""
    assert words("Anna's GROSSE Straße, room_2!") == {
        "anna",
        "s",
        "grosse",
        "strasse",
        "room",
        "2",
    }
    assert words("Zoë und Jürgen") == {"zoë", "und", "jürgen"}
    assert words(" -- ") == frozenset()


def test_a_label_without_words_names_no_one() -> None:
    """An empty or punctuation-only label is never 'named' by any query."""
    assert named_people("Anything at all?", ["", "--", "Zoë"]) == frozenset()
    assert named_people("Hat ZOË angerufen?", ["Zoë"]) == {"Zoë"}


@pytest.mark.parametrize(
    ("query", "rest"),
    [
        ("what's Anna's bank PIN", "what's bank PIN"),
        ("what is Anna\u2019s pin?", "what is pin?"),
        ("was ist Annas PIN", "was ist PIN"),
        ("What did Grandma Rosa bake?", "What did bake?"),
        ("tell me about BEN", "tell me about"),
        ("Did Annabel call?", None),
        ("what did I repair", None),
    ],
)
def test_a_query_without_its_names(query: str, rest: str | None) -> None:
    """The names come out whole, with their genitive ("Anna's", German
    "Annas"); a query that names no one gives None."""
    assert without_names(query, ["Anna", "Ben", "Grandma Rosa"]) == rest


@pytest.mark.parametrize(
    ("text", "from_first", "runs"),
    [
        ("when did Grandma Rosa come", False, ["Grandma Rosa"]),
        ("what is Grandma Rosa's phone number", False, ["Grandma Rosa"]),
        ("did I see Ben and Anna", False, ["Ben", "Anna"]),
        ("When did  Ben  Smith come", False, ["Ben Smith"]),
        ("when did Uncle Tom-Peter visit", False, ["Uncle Tom", "Peter"]),
        ("Grandma Hilde's phone number", False, ["Hilde"]),
        ("Grandma Hilde's phone number", True, ["Grandma Hilde"]),
        ("when did the kids come", False, []),
        ("what is Anna's bank PIN", False, ["Anna"]),
        ("who turned on the TV", False, []),
    ],
)
def test_names_said_by_their_capitals(
    text: str, from_first: bool, runs: list[str]
) -> None:
    """Runs of capitalised words apart by spaces alone; the first word only
    where asked (a memory's text); "I" is no name."""
    assert capitalised_runs(text, from_first=from_first) == runs


@pytest.mark.parametrize(
    ("text", "titled"),
    [
        ("When Did We Go To The Zoo", True),
        ("When Was The Plumber Here?", True),
        ("when did Grandma Rosa come", False),
        ("When did Grandma Rosa come", False),
        ("Where is Grandma Rosa", False),
        ("When Did Grandma Rosa Come", True),
        ("What Is Grandma Rosa's Phone Number", True),
        ("when did Uncle Tom and Aunt Helga come", False),
        ("What is the Wi-Fi password", False),
    ],
)
def test_a_title_is_mostly_capitals(text: str, titled: bool) -> None:
    """More than half of the words capitalised: a title, not names."""
    assert mostly_titled(text) is titled


def test_words_as_spelled_without_accents() -> None:
    """In order, folded, without accents: speech to text writes "Zoe"."""
    assert spelled_words("Grandma Zoë's Café") == ["grandma", "zoe", "s", "cafe"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("What Is Grandma Rosa's Phone Number", ["Grandma Rosa", "Phone Number"]),
        ("When Did Grandma Rosa Come", ["Grandma Rosa Come"]),
        ("When Did We Go To The Zoo", []),
        ("When Was The Plumber Here", []),
    ],
)
def test_a_title_names_its_runs_without_function_words(
    text: str, names: list[str]
) -> None:
    """Of a title, runs of several capitalised words that are no function
    words: single words may be any noun."""
    assert title_names(text) == names


@pytest.mark.parametrize(
    ("text", "without"),
    [
        ("Rosa's neighbour baked a cake for Emma.", {"rosa"}),
        ("Rosa\u2019s neighbour baked a cake.", {"rosa"}),
        ("Rosa baked Rosa's favourite cake.", set()),
        ("Grandma Rosa baked a cake.", set()),
    ],
)
def test_an_owners_word_is_no_doers(text: str, without: set[str]) -> None:
    """A word said only as another's owner ("Rosa's neighbour") is left
    out of what a text says of its doers; said alone too, it stays."""
    assert unpossessed_words(text) == words(text) - without


def test_a_kinship_word_says_a_german_name_and_its_genitive_the_owner() -> None:
    """Review s27b M2: German capitalises every noun, so only a name after
    a kinship word is read as said ("Oma Rosa"); "Oma Rosas Nachbarin"
    says Rosa as owner where the home knows "Oma Rosa", and "Rosas
    Nachbarin hat … gebacken" says Rosa only as an owner. English, with no
    genitive of its own beside "'s", reads as before."""
    german, english = statement_words("de"), statement_words("en")
    knows = {"Oma Rosa"}.__contains__
    assert kin_names("Was hat Oma Rosa gebacken", german, knows) == {"Oma Rosa"}
    assert kin_names("Was hat Oma Rosas Nachbarin gebacken", german, knows) == {
        "Oma Rosa"
    }
    assert kin_names(
        "Was hat Oma Rosas Nachbarin gebacken", german, set().__contains__
    ) == {"Oma Rosas"}
    assert kin_names("what did Grandma Rosa bake", english, knows) == set()
    parts = frozenset({"oma", "rosa"})
    neighbour = "Rosas Nachbarin hat einen Zitronenkuchen gebacken."
    assert "rosa" in owner_words(neighbour, parts, german.genitive)
    assert only_owned(neighbour, parts, german)
    assert not only_owned("Oma Rosa hat Kuchen gebacken.", parts, german)
    assert only_owned("Rosa's neighbour baked a cake.", frozenset({"rosa"}), english)
    assert owner_words("Rosas cake", frozenset({"rosa"}), english.genitive) == words(
        "Rosas cake"
    )


class _Texts:
    """The one query `telling_of_someone` asks of the candidates."""

    def __init__(self, texts: dict[int, str]) -> None:
        self.texts = texts

    def contents(self, rowids: list[int]) -> dict[int, str]:
        return {rowid: self.texts[rowid] for rowid in rowids}


@pytest.mark.parametrize(
    ("language", "texts", "telling"),
    [
        (
            "en",
            {
                1: "Anna came home. Later, someone was busy in the kitchen.",
                2: "Anna went to bed around eleven.",
                3: "Somebody left the house.",
            },
            {1, 3},
        ),
        (
            "de",
            {
                1: "Anna kam nach Hause. Danach war jemand in der Küche.",
                2: "Anna ging gegen elf ins Bett.",
            },
            {1},
        ),
    ],
)
def test_a_memory_telling_of_someone_unnamed_is_found(
    language: str, texts: dict[int, str], telling: set[int]
) -> None:
    """ "Someone was busy in the kitchen" may be whoever is asked of: the
    memory is not only about the people it names."""
    assert telling_of_someone(_Texts(texts), list(texts), language) == telling  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("Ben got up last night because the baby was crying.", "Ben"),
        ("Ben ist letzte Nacht aufgestanden.", "Ben"),
        ("Anna drove Ben to the station.", "Anna"),
        ("Grandma Rosa brought a plum cake.", "Grandma Rosa"),
        ("Zoë fed the cat.", "Zoe"),
        ("Anna's car is in the garage.", None),
        ("Annas Auto steht in der Garage.", None),
        # A person the name owns is another (review s31 M1).
        ("Anna's mother got up last night.", "anna s mother"),
        ("Annas Mutter ist aufgestanden.", "annas mutter"),
        ("Last night Ben got up.", None),
        # After a date the integration wrote first, its verb first in
        # German (review s31 M1).
        ("On the night of Monday 30 November Ben got up.", "Ben"),
        ("On the evening of Monday 30 November Anna locked herself out.", "Anna"),
        ("On Monday 30 November 2025, around three Anna called.", "Anna"),
        ("In der Nacht auf Dienstag, 1. Dezember ist Ben aufgestanden.", "Ben"),
        ("Am Montagabend, 30. November hat Anna sich ausgesperrt.", "Anna"),
        # A name no one of them has, before a deed, is someone else's.
        ("Annabel called.", "annabel"),
        ("Zoe got up last night to get water.", "zoe"),
        ("On the night of Monday 30 November Zoe got up.", "zoe"),
        # The household, kin, a thing, a German noun: no other's name.
        ("Everyone went to bed early.", None),
        ("We went out for dinner.", None),
        ("The kids got up at six.", None),
        ("Dad fixed the tap.", None),
        ("Dinner was late.", None),
        ("Milch kam nicht.", None),
        # German: a capitalised word, its auxiliary and a participle, of
        # no family the German tables know (review s32 M2).
        ("Zoe ist in der Nacht auf Dienstag, 1. Dezember aufgestanden.", "zoe"),
        ("In der Nacht auf Dienstag, 1. Dezember ist Zoe aufgestanden.", "zoe"),
        ("Besuch ist gekommen.", None),
        ("Oma ist gekommen.", None),
        ("Mama ist gegangen.", None),
        ("Handwerker sind gekommen.", None),
        ("Der Elektriker kommt nicht mehr.", None),
        ("Milch ist alle.", None),
        ("Frühstück war um acht.", None),
    ],
)
def test_a_told_memory_s_subject_is_the_name_it_opens_with(
    text: str, subject: str | None
) -> None:
    """The household's name a told memory opens with is who it is about;
    an owner is not ("Anna's car"; the mother "Anna's mother" is), nor a
    name later in it."""
    names = ("Anna", "Ben", "Zoe", "Grandma", "Grandma Rosa")
    if "zoe" in (subject or ""):  # no household person's
        names = ("Anna", "Ben", "Grandma", "Grandma Rosa")
    assert told_subject(text, names) == subject


class _Told(_Texts):
    """Memories stored without their people, in a home of Anna and Ben."""

    household = frozenset({"Anna", "Ben"})

    def people_of(self, rowids: list[int]) -> dict[int, list[str]]:
        return {}

    def everyone(self) -> frozenset[str]:
        return frozenset()


@pytest.mark.parametrize(
    ("query", "others"),
    [
        ("did Anna get up in the night", {2}),
        ("did Ben get up in the night", {1}),
        # Named in the text, the second person is asked of too.
        ("did Ben go to the station", {1}),
        ("did Zoe get up in the night", {1, 2, 3}),
        ("did anyone get up in the night", set()),
    ],
)
def test_a_told_memory_without_people_is_about_its_subject(
    query: str, others: set[int]
) -> None:
    """Told by voice, "Ben got up last night" is stored without its people,
    yet is no answer to "did Anna get up in the night" (review s30b M1);
    "Anna drove Ben to the station" is Ben's too."""
    texts = {
        1: "Anna got up last night to let the cat in.",
        2: "Ben got up last night because the baby was crying.",
        3: "Anna drove Ben to the station.",
        4: "The baby cried at three.",
    }
    assert (
        others_than_asked(_Told(texts), query, list(texts), None, {"Zoe"})  # type: ignore[arg-type]
        == others
    )


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("Anna and Ben went out for a walk last night.", ["Anna", "Ben"]),
        (
            "On the night of Monday 30 November Anna and Ben went out for a walk.",
            ["Anna", "Ben"],
        ),
        ("Anna, Ben und Lena sind spazieren gegangen.", ["Anna", "Ben", "Lena"]),
        # A second name that is no part of the subject is not its doer.
        ("Anna drove Ben to the station.", ["Anna"]),
        ("Anna and the dog went out.", ["Anna"]),
        ("Anna, Ben's sister, went out.", ["Anna"]),
    ],
)
def test_names_joined_into_one_subject_are_each_its_doer(
    text: str, people: list[str]
) -> None:
    """ "Anna and Ben went out …", told by voice without its people, is
    Ben's walk too (review s32 L7: only Anna's, so "did Ben go out last
    night" read his getting up first)."""
    told = _Told({1: text})
    assert told_people(told, [1], {"Anna", "Ben", "Lena"}) == {1: people}  # type: ignore[arg-type]


def test_a_told_subject_follows_the_names_the_home_knows() -> None:
    """Read once for each text among one set of names: asked again, the
    same; once the home knows another name, read again among them ("Lena"
    opens the text as a name only when she is known)."""
    told = _Told({1: "Lena and Ben went out for a walk last night."})
    known = {"Anna", "Ben"}
    first = told_people(told, [1], known)  # type: ignore[arg-type]
    assert told_people(told, [1], known) == first  # type: ignore[arg-type]
    assert told_people(told, [1], {*known, "Lena"}) == {1: ["Lena", "Ben"]}  # type: ignore[arg-type]
    # The list handed out is the caller's: changing it changes nothing kept.
    again = told_people(told, [1], {*known, "Lena"})  # type: ignore[arg-type]
    again[1].append("Zoe")
    assert told_people(told, [1], {*known, "Lena"}) == {1: ["Lena", "Ben"]}  # type: ignore[arg-type]


class _Holding:
    """What `by_names_alone` asks: the query's words, and who holds them."""

    def __init__(self, held: dict[str, set[int]]) -> None:
        self.held = held

    def query_terms(self, text: str) -> list[str]:
        return [word for word in words(text) if word not in {"did", "get", "up"}]

    def holding(self, terms: list[str], rowids: list[int]) -> dict[str, set[int]]:
        return {term: self.held.get(term, set()) & set(rowids) for term in terms}


@pytest.mark.parametrize(
    ("query", "held", "scores"),
    [
        # Only the name is a keyword: every hit names Ben, none better.
        ("did Ben get up", {}, {1: 2.0, 2: 2.0, 3: 2.0}),
        # The one holding the deed's word keeps its score.
        ("did Ben repaint", {"repaint": {3}}, {1: 2.0, 2: 2.0, 3: 2.5}),
        # No name asked: as they were.
        ("the boiler", {}, {1: 3.0, 2: 2.0, 3: 2.5}),
    ],
)
def test_a_hit_only_by_the_asked_name_is_no_better_for_being_short(
    query: str, held: dict[str, set[int]], scores: dict[int, float]
) -> None:
    """BM25 put "Ben made coffee" ahead of the longer memory telling his
    getting up only by its length (CI, commit 9ce43dc)."""
    keyword = {1: 3.0, 2: 2.0, 3: 2.5}
    found = by_names_alone(_Holding(held), query, keyword, {"Ben", "Anna"})  # type: ignore[arg-type]
    assert found == scores


@pytest.mark.parametrize(
    ("query", "others"),
    [
        # Ben is what Anna bought for, not whom it asks of.
        ("what did Anna buy for Ben", {1, 2, 3, 4}),
        ("Was hat Anna für Ben gekauft", {1, 2, 3, 4}),
        # Asked of Ben, his purchases answer.
        ("what did Ben buy", set()),
        # Said as an owner in the question too, the flowers answer it.
        ("what was bought for Anna's birthday", {2, 3}),
        # Anna named only as what Ben's book was for (review s31 M2); not
        # asked what she did, the book is about her too.
        ("what did Anna buy", {1, 2, 3, 4}),
        ("tell me about Anna", {1, 2, 3}),
    ],
)
def test_a_deed_s_recipient_is_not_asked_of(query: str, others: set[int]) -> None:
    """Ben's "what did Anna buy for Ben" listed Ben's own purchases, first
    the flowers for Anna's birthday, which names her only as an owner
    (review s30b M6)."""
    texts = {
        1: "Ben bought flowers for Anna's birthday.",
        2: "Ben bought a cordless drill.",
        3: "Ben bought drinks for the party.",
        4: "Ben bought a book for Anna.",
    }
    assert (
        others_than_asked(_Told(texts), query, list(texts), None, set())  # type: ignore[arg-type]
        == others
    )


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ("Ist Max letzte Nacht aufgestanden?", {"Max"}),
        ("Wann ist Max gekommen?", {"Max"}),
        # Known, an article, a noun after the name: no name of its own.
        ("Ist Ben letzte Nacht aufgestanden?", set()),
        ("Ist der Maler gekommen?", set()),
        ("Hat Ben Milch gekauft?", set()),
        ("did Zoe get up last night", {"Zoe"}),
    ],
)
def test_a_german_question_says_a_name_where_its_subject_stands(
    query: str, said: set[str]
) -> None:
    """German capitalises every noun, so a name is read only where the
    question's subject stands: "Ist Max letzte Nacht aufgestanden?" was
    read as naming no one, and Ben's nights answered (review s31 M1)."""
    assert said_names(query, {"Anna", "Ben"}) == said
    assert asked_names("Ist Max letzte Nacht aufgestanden?") == {"Max"}


@pytest.mark.parametrize(
    ("words", "one"),
    [
        (["zahnarzt", "dentist", "zahnärztin"], True),
        (["klempner", "plumber", "klempnerin"], True),
        (["vet"], True),
        (["zahnarzt", "vet"], False),
        (["plumber", "boiler"], False),
        (["anna"], False),
    ],
)
def test_a_trade_s_words_in_every_language_are_one_word(
    words: list[str], one: bool
) -> None:
    """Review s39 #3: "Wer ist unser Klempner?" is searched as "klempner
    plumber klempnerin", one thing asked: each memory holding one of them
    is held to hold the question's one word (`holding_the_one_word`)."""
    assert one_trade(words) is one
