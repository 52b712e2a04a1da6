"""operations/private_words.py: the words that keep a memory to its teller,
read once for remembering and updating, in each language's words."""

from __future__ import annotations

import pytest

from custom_components.home_memory.assist.sentence_files import load_sentence_files
from custom_components.home_memory.operations.private_words import (
    load_private_words,
    matching_language,
    split_private,
)


@pytest.mark.parametrize(
    ("language", "said", "private", "kept"),
    [
        ("en", "my bike is blue, keep it private", True, "my bike is blue"),
        ("en", "the PIN is 4711 just for me please", True, "the PIN is 4711"),
        ("en", "privately that the code is 12", True, "the code is 12"),
        ("en", "the cake is just for me", False, "the cake is just for me"),
        ("en", "the road is private", False, "the road is private"),
        ("de", "mein Rad ist blau, privat", True, "mein Rad ist blau"),
        ("de", "der Code ist 44, das bleibt unter uns", True, "der Code ist 44"),
        ("de-CH", "der Code ist 44 - nur für mich", True, "der Code ist 44"),
        ("fr", "the code is 12, keep it private", True, "the code is 12"),
        (None, "the code is 12 (private)", True, "the code is 12"),
        # A later sentence told privately keeps it all to its teller (live
        # review s41: the household heard the second sentence's code), as
        # one statement without the words that said so (live review s42;
        # remembering tells the two apart: `later_part`).
        (
            "en",
            "the bike is in the shed. remember privately that my code is 1234",
            True,
            "the bike is in the shed. My code is 1234",
        ),
        (
            "en",
            "the key is under the mat.\nplease remember privately that Ben owns it",
            True,
            "the key is under the mat. Ben owns it",
        ),
        (
            "de",
            "der Schlüssel liegt im Flur. Merk dir privat, dass mein Code 12 ist",
            True,
            "der Schlüssel liegt im Flur. Mein Code ist 12",
        ),
        # Or a part joined by "and" (re-check s41: the household heard it).
        (
            "en",
            "the kettle is in the cupboard and remember privately that my pin is 1",
            True,
            "the kettle is in the cupboard and my pin is 1",
        ),
        (
            "en",
            "the broom is in the hall and privately that my code is 6060",
            True,
            "the broom is in the hall and my code is 6060",
        ),
        (
            "de",
            "der Besen steht im Flur und merk dir privat, dass mein Code 6 ist",
            True,
            "der Besen steht im Flur und mein Code ist 6",
        ),
        # Not a sentence that only says something was done privately.
        (
            "en",
            "we met privately. That was nice",
            False,
            "we met privately. That was nice",
        ),
    ],
)
def test_private_words_are_read_in_the_language_and_cut_off(
    language: str | None, said: str, private: bool, kept: str
) -> None:
    """A language's words make it private and are left out; a language
    without a sentence file reads English; statements stay as said."""
    assert load_private_words(language).split(said) == (private, kept)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "the cup is in the hall privately remember that my code is 2013"),
        ("en", "the cup is in the hall\nremember privately my code is 2030"),
        ("en", "the cup is in the hall\nPrivately, remember that my code is 2031"),
        ("en", "the cup is in the hall.\nRemember privately: my code is 2032"),
        ("en", "the cup is in the hall. Privately: my code is 2004"),
        ("en", "the cup is in the hall - remember privately my code is 2005"),
        ("en", "the cup is in the hall\nkeep this private: my code is 2006"),
        ("en", "the cup is in the hall\nremember in private that my code is 2010"),
        ("de", "die Tasse ist im Flur\nprivat: mein Code ist 2020"),
        ("de", "die Tasse ist im Flur privat merken: mein Code ist 2021"),
    ],
)
def test_private_words_beside_a_command_anywhere_keep_it_all(
    language: str, said: str
) -> None:
    """Live re-check s42 (HIGH): each of these was the household's, and
    Anna heard Ben's code ("The cup is in the hall privately remember that
    Ben's code is 2013"). Private words next to a command or before a
    colon, where no rule reads them, keep the whole message private."""
    private, _kept = load_private_words(language).split(said)
    assert private, said


def test_in_private_said_first_is_private() -> None:
    """ "remember in private that my pin is 3002" was stored for the
    household as "In private that Ben's pin is 3002." (live re-check s42)."""
    assert load_private_words("en").split("in private that my pin is 3002") == (
        True,
        "my pin is 3002",
    )


@pytest.mark.parametrize(
    ("language", "said", "before", "private"),
    [
        (
            "en",
            "The bike is in the shed. Remember privately that my code is 1234.",
            "The bike is in the shed.",
            "My code is 1234.",
        ),
        (
            "en",
            "the bike is in the shed and please remember privately that my code is 1",
            "the bike is in the shed",
            "My code is 1",
        ),
        (
            "en",
            "the key is under the mat.\nremember priva\u00adtely that Ben owns it",
            "the key is under the mat.",
            "Ben owns it",
        ),
        (
            "de",
            "Das Rad steht im Schuppen. Merk dir privat, dass mein Code 1234 ist.",
            "Das Rad steht im Schuppen.",
            "Mein Code ist 1234.",
        ),
        (
            "de",
            "Das Rad steht im Schuppen und merk dir privat, dass mein Code 1234 ist.",
            "Das Rad steht im Schuppen",
            "Mein Code ist 1234.",
        ),
        # Not told apart for certain: all of it private, without "privately".
        (
            "en",
            "The bike is in the shed. Ben told me privately that his code is 12.",
            None,
            "The bike is in the shed. Ben told me that his code is 12.",
        ),
        (
            "en",
            "The bike is in the shed, just for me. Remember privately that it's blue",
            None,
            "The bike is in the shed, just for me. it's blue",
        ),
    ],
)
def test_a_later_part_told_privately_is_told_apart(
    language: str, said: str, before: str | None, private: str
) -> None:
    """Live review s42: "… . Remember privately that my code is 1234." was
    one private memory holding both, "remember privately that" and all
    (German: "Das Rad privat im Schuppen steht. …"). What comes before is
    the household's, the later part private, each without the words that
    said so; where only command words come before "privately" and what
    comes before keeps nothing private, else all of it is private."""
    later = load_private_words(language).later_part(said)
    assert later is not None
    assert (later.before, later.said if before else later.whole) == (before, private)
    assert load_private_words(language).split(said)[0] is True
    assert load_private_words(language).split(said, apart=True)[0] is (before is None)


@pytest.mark.parametrize(
    "said",
    [
        "priva\u00adtely that my code is 1234",
        "my code is 1234, keep it priva\u200cte",
        "my code is 1234, just for\u200d me",
        "my code is 1234 (\u200eprivate)",
    ],
)
def test_characters_drawn_as_nothing_hide_no_private_word(said: str) -> None:
    """A soft hyphen, a non-joiner, a joiner or a direction mark inside the
    words (which validation lets through) stored the code for everyone:
    the words are read as they show."""
    private, rest = split_private(said, "en")
    assert private, said
    assert "1234" in rest
    assert "priva" not in rest.casefold()


def test_the_sentences_read_the_same_words() -> None:
    """The built-in agent's `private_split` is the same reading."""
    files = load_sentence_files()
    for language in ("en", "de"):
        said = "der Code ist 44, das bleibt unter uns, keep it private"
        assert files.wording(language).private_split(said) == (
            load_private_words(language).split(said)
        )


def test_a_language_tag_takes_its_base_language() -> None:
    """ "de-CH" and "de_AT" take "de"; an unknown one takes none."""
    assert matching_language(["en", "de"], "de-CH") == "de"
    assert matching_language(["en", "de"], "de_AT") == "de"
    assert matching_language(["en", "de"], "fr") is None
    assert matching_language(["en", "de"], None) is None


@pytest.mark.parametrize(
    ("language", "said", "private", "kept"),
    [
        (
            "en",
            "The safe code is 4455, das bleibt unter uns",
            True,
            "The safe code is 4455",
        ),
        (
            "en",
            "Der Tresorcode ist 4455 - nur für mich",
            True,
            "Der Tresorcode ist 4455",
        ),
        ("de", "The safe code is 4455, keep it private", True, "The safe code is 4455"),
        ("en", "Private Ryan is on TV tonight", False, "Private Ryan is on TV tonight"),
        (
            "en",
            "The fence is between us and the Müllers",
            False,
            "The fence is between us and the Müllers",
        ),
        ("de", "Der Kuchen ist nur für mich", False, "Der Kuchen ist nur für mich"),
    ],
)
def test_every_shipped_languages_private_words_are_read(
    language: str, said: str, private: bool, kept: str
) -> None:
    """A German "das bleibt unter uns" told in an English home (and English
    words in a German one) keeps it to the teller, not everyone (attack
    review s18); statements in either language stay as said."""
    assert split_private(said, language) == (private, kept)


@pytest.mark.parametrize(
    ("language", "said", "kept"),
    [
        (
            "en",
            "Don't tell Anna, the anniversary dinner is at Luigi's",
            "the anniversary dinner is at Luigi's",
        ),
        ("en", "Don't tell Anna: the present is a watch.", "the present is a watch."),
        (
            "en",
            "keep it from Ben that the party is on Friday",
            "the party is on Friday",
        ),
        (
            "de",
            "Sag Anna nichts: das Geschenk ist eine Uhr.",
            "das Geschenk ist eine Uhr.",
        ),
        (
            "de",
            "das Geschenk ist eine Uhr, sag Anna nichts",
            "das Geschenk ist eine Uhr",
        ),
        # Said first about what is remembered: private, the words kept.
        (
            "en",
            "Don't tell Anna about the surprise party on Friday.",
            "Don't tell Anna about the surprise party on Friday.",
        ),
        (
            "de",
            "Sag Anna nichts von der Party am Freitag",
            "Sag Anna nichts von der Party am Freitag",
        ),
    ],
)
def test_a_private_phrase_said_first_keeps_it_private(
    language: str, said: str, kept: str
) -> None:
    """ "Don't tell Anna, …" at the start was stored for the household and
    read to Anna (attack review s18b); at the end it was private."""
    assert split_private(said, language) == (True, kept)


@pytest.mark.parametrize(
    ("language", "said", "kept"),
    [
        ("en", "I bought Ben a mug, don't mention it to Ben", "I bought Ben a mug"),
        ("en", "this secret: I bought Ben a candle", "I bought Ben a candle"),
        ("en", "I bought Ben a wallet, but it's a surprise", "I bought Ben a wallet"),
        ("en", "I hid the present in the shed. Psst", "I hid the present in the shed"),
        (
            "en",
            "the cake in the fridge is a surprise for Mia",
            "the cake in the fridge is a surprise for Mia",
        ),
        (
            "de",
            "ich Ben einen Schal gekauft habe, das ist ein Geheimnis",
            "ich Ben einen Schal gekauft habe",
        ),
        ("de", "der Hut liegt im Keller, psst", "der Hut liegt im Keller"),
        (
            "de",
            "ich habe Ben eine Lampe gekauft, es ist eine Überraschung",
            "ich habe Ben eine Lampe gekauft",
        ),
        (
            "de",
            "ich habe Ben einen Gürtel gekauft, Ben darf es nicht wissen",
            "ich habe Ben einen Gürtel gekauft",
        ),
        (
            "de",
            "Anna hat Ben ein Spiel gekauft, nicht Ben erzählen",
            "Anna hat Ben ein Spiel gekauft",
        ),
    ],
)
def test_secrets_and_surprises_are_private(language: str, said: str, kept: str) -> None:
    """Said this way, the secret was stored for the household and read to
    Ben word for word (review s21 F1)."""
    assert split_private(said, language) == (True, kept)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "the surprise party is on Friday"),
        ("en", "Ben's secret santa present is a scarf"),
        ("en", "the bins go out on Tuesday, don't forget"),
        ("de", "die Überraschungsparty ist am Freitag"),
        ("de", "das Geheimnis des Rezepts ist Zimt"),
    ],
)
def test_talk_of_a_surprise_or_secret_stays_household(language: str, said: str) -> None:
    """Only words that keep it from someone make a memory private."""
    assert split_private(said, language) == (False, said)


@pytest.mark.parametrize(
    "said",
    ["Don't tell lies, it is rude", "Tell Anna the bins go out on Tuesday"],
)
def test_statements_that_open_with_telling_stay_household(said: str) -> None:
    """ "Don't tell lies" names nobody; telling someone is no privacy."""
    assert split_private(said, "en") == (False, said)


@pytest.mark.parametrize(
    ("language", "said", "private", "kept"),
    [
        ("en", "my shed pin is 3101 privately", True, "my shed pin is 3101"),
        ("en", "my loft pin is 3106 in private", True, "my loft pin is 3106"),
        ("en", "my code is 1234 private", True, "my code is 1234"),
        ("en", "Anna met Ben in private", False, "Anna met Ben in private"),
        ("de", "mein Kellercode 3113 ist privat", True, "mein Kellercode 3113 ist"),
        ("en", "my rug pin is 4021 in secret", True, "my rug pin is 4021"),
        # Live re-check s43 H1/H2: a secret with a private word anywhere.
        ("en", "my pin privately is 4013", True, "my pin privately is 4013"),
        (
            "en",
            "my lid pin, privately, is 4030",
            True,
            "my lid pin, privately, is 4030",
        ),
        ("en", "my secret pin is 4034", True, "my secret pin is 4034"),
        # Live re-check s43 (second): more ways to say it.
        ("en", "my tent pin is 6112, hush", True, "my tent pin is 6112, hush"),
        ("en", "my personal pin is 4106", True, "my personal pin is 4106"),
        (
            "de",
            "mein Torcode 5113 ist, nicht weitersagen",
            True,
            "mein Torcode 5113 ist, nicht weitersagen",
        ),
        ("en", "my personal trainer is Tom", False, "my personal trainer is Tom"),
        (
            "de",
            "mein Bootcode 4024 ist vertraulich",
            True,
            "mein Bootcode 4024 ist vertraulich",
        ),
        (
            "de",
            "mein Spindcode 4004 ist im Vertrauen",
            True,
            "mein Spindcode 4004 ist im Vertrauen",
        ),
        ("de", "mein Code 4050 ist unter uns", True, "mein Code 4050 ist unter uns"),
        (
            "en",
            "Ben's secret santa present is a scarf",
            False,
            "Ben's secret santa present is a scarf",
        ),
        ("de", "mein Code ist 4455 im Vertrauen", True, "mein Code ist 4455"),
        # A statement: what is private is what is remembered.
        ("en", "the road is private", False, "the road is private"),
        # A secret beside a private word: private, as said.
        ("en", "the gate code is private", True, "the gate code is private"),
        ("en", "the meeting is in private", False, "the meeting is in private"),
        ("de", "die Straße ist privat", False, "die Straße ist privat"),
    ],
)
def test_private_words_said_last_unset_keep_a_secret_private(
    language: str, said: str, private: bool, kept: str
) -> None:
    """Live review s43 H1: "remember that my shed pin is 3101 privately"
    (no comma) was the household's, "privately" and all, and Ben heard it.
    An adverb said last makes it private; a tag does after a secret."""
    assert split_private(said, language) == (private, kept)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The party was held privately"),
        ("en", "the house was sold privately"),
        ("en", "We hosted the dinner privately"),
        ("en", "Grandma was buried privately"),
        ("en", "Anna spoke with Ben privately"),
        ("en", "Is the road private?"),
        ("en", "a private road runs behind the house"),
        ("en", "the party was private"),
        ("en", "remember the private road is closed on Sundays"),
        ("en", "remember that private roads need a permit"),
        ("en", "we keep the private road clear in winter"),
        ("de", "Die Party fand privat statt"),
        ("de", "Ist die Straße privat?"),
        ("de", "Das Haus wurde privat verkauft"),
        ("de", "Anna traf Ben unter vier Augen"),
        ("de", "Merk dir die private Straße hinter dem Haus"),
    ],
)
def test_private_words_of_the_world_are_no_wish(language: str, said: str) -> None:
    """Live review s44: "privately" saying how a deed was done, and
    "private" naming a thing, are what is remembered, for the household;
    a question asks."""
    assert split_private(said, language) == (False, said)


@pytest.mark.parametrize(
    ("language", "said", "kept"),
    [
        # After a place, or with no deed to describe: a wish.
        (
            "en",
            "the presents are hidden in the attic privately",
            "the presents are hidden in the attic privately",
        ),
        (
            "en",
            "the spare key is under the mat privately",
            "the spare key is under the mat privately",
        ),
        ("en", "Ben keeps his diary in private", "Ben keeps his diary in private"),
        (
            "en",
            "my meeting notes are hidden privately",
            "my meeting notes are hidden privately",
        ),
        ("en", "Ben sold the car in secret", "Ben sold the car in secret"),
        # A secret: private whatever the verb.
        (
            "en",
            "the pin we were sold is 4321 privately",
            "the pin we were sold is 4321",
        ),
        # Beside a command, not naming a thing.
        ("en", "keep that private please: the cake is in the oven", None),
        ("en", "the bike is in the shed, keep it private from Ben", None),
        ("en", "remember private Ben must not hear the bike is in the shed", None),
        ("de", "Anna traf Ben insgeheim", "Anna traf Ben insgeheim"),
    ],
)
def test_private_words_said_as_a_wish_stay_private(
    language: str, said: str, kept: str | None
) -> None:
    """The wishes the rule above must not lose."""
    private, rest = split_private(said, language)
    assert private
    if kept is not None:
        assert rest == kept
