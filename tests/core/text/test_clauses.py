"""A German clause said after "dass" becomes a statement with its verb second."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
import yaml

from custom_components.home_memory.memory.text.clauses import ClauseWords, verb_second
from custom_components.home_memory.memory.time.expressions import time_spans

_SAID = yaml.safe_load(
    (
        Path(__file__).parents[3] / "custom_components/home_memory/sentences/de.yaml"
    ).read_text("utf-8")
)["words"]
# Case-folded, as the integration reads them ("draußen" is "draussen").
_WORDS = {
    key: [word.casefold() for word in value] if isinstance(value, list) else value
    for key, value in _SAID.items()
}
# The German words, as the sentence file gives them.
GERMAN = ClauseWords(
    **{
        key: frozenset(_WORDS[key])
        for key in (
            "determiners",
            "pronouns",
            "attaching",
            "joining",
            "infinitive",
            "titles",
            "objects",
            "set_off",
            "to_infinitive",
        )
    },
    instead=frozenset(_WORDS["clause_instead"]),
    have=frozenset(_WORDS["clause_have"]),
    agents=frozenset(_WORDS["clause_agents"]),
    have_objects=frozenset(_WORDS["clause_have_objects"]),
    separable=tuple(sorted(_WORDS["clause_separable"], key=len, reverse=True)),
    inseparable=frozenset(_WORDS["clause_inseparable"]),
    subordinate=frozenset(_WORDS["clause_subordinate"]),
    relative=frozenset(_WORDS["clause_relative"]),
    kin=frozenset(_WORDS["clause_kin"]),
    no_object=frozenset(_WORDS["clause_no_object"]),
    plural_endings=tuple(_WORDS["clause_plural_endings"]),
    plural_verbs=frozenset(_WORDS["clause_plural_verbs"]),
    plural_subjects=frozenset(_WORDS["clause_plural_subjects"]),
    singular_subjects=frozenset(_WORDS["clause_singular_subjects"]),
    first_person=frozenset(_WORDS["clause_first_person"]),
    not_first_person_endings=tuple(_WORDS["clause_not_first_person_endings"]),
    participle_prefixes=tuple(_WORDS["clause_participle_prefixes"]),
    contracted=frozenset(_WORDS["clause_contracted"]),
    finite=frozenset(_WORDS["clause_finite"]),
    finite_endings=tuple(_WORDS["clause_finite_endings"]),
    subjects=frozenset(_WORDS["clause_subjects"]),
    not_verbs=frozenset(_WORDS["clause_not_verbs"]),
    not_verb_endings=tuple(_WORDS["clause_not_verb_endings"]),
    times=partial(time_spans, language="de"),
)


@pytest.mark.parametrize(
    ("clause", "statement"),
    [
        # A kinship word and a name before a verb without an object are
        # one subject (review s28 M5: kept verb-last).
        ("Onkel Karl in Hamburg wohnt", "Onkel Karl wohnt in Hamburg"),
        # A count is part of its noun's phrase (live review s41: "Zwanzig
        # waren Leute auf der Gartenparty.").
        (
            "zwanzig Leute auf der Gartenparty waren",
            "zwanzig Leute waren auf der Gartenparty",
        ),
        (
            "viele Nachbarn beim Fest geholfen haben",
            "viele Nachbarn haben beim Fest geholfen",
        ),
        ("beide Kinder Windpocken haben", "beide Kinder haben Windpocken"),
        ("Onkel Karl bei der Post arbeitet", "Onkel Karl arbeitet bei der Post"),
        ("Oma Gerda im Krankenhaus ist", "Oma Gerda ist im Krankenhaus"),
        (
            "der Ersatzschlüssel unter dem blauen Blumentopf liegt",
            "der Ersatzschlüssel liegt unter dem blauen Blumentopf",
        ),
        # A participle or infinitive stays at the end; the finite verb moves.
        (
            "die Mülltonnen am Dienstag rausgestellt werden",
            "die Mülltonnen werden am Dienstag rausgestellt",
        ),
        ("ich am Montag zum Zahnarzt muss", "ich muss am Montag zum Zahnarzt"),
        ("Anna gegen Erdnüsse allergisch ist", "Anna ist gegen Erdnüsse allergisch"),
        ("morgen der Klempner kommt", "morgen kommt der Klempner"),
        (
            "Frau Müller am Sonntag Geburtstag hat",
            "Frau Müller hat am Sonntag Geburtstag",
        ),
        ("Oma am Sonntag Geburtstag hat", "Oma hat am Sonntag Geburtstag"),
        # A noun "haben" takes after a name is its object (review s21 F5:
        # stored verb-final "Mia Angst vor Hunden hat.").
        ("Mia Angst vor Hunden hat", "Mia hat Angst vor Hunden"),
        ("Opa Angst vor der Höhe hat", "Opa hat Angst vor der Höhe"),
        ("Opa Geburtstag im März hat", "Opa hat Geburtstag im März"),
        ("Anna Hunger hat", "Anna hat Hunger"),
        # Another noun stays as said: a name or a name and its object.
        ("Ben Kaffee im Schrank hat", "Ben Kaffee im Schrank hat"),
        ("Anna und Ben am Samstag kommen", "Anna und Ben kommen am Samstag"),
        ("die Tasche der Oma im Flur steht", "die Tasche der Oma steht im Flur"),
        # A number naming its noun goes with it; one counting the next not.
        (
            "der Bus Nummer 12 am Rathaus hält",
            "der Bus Nummer 12 hält am Rathaus",
        ),
        ("die Wohnung 3 im Erdgeschoss liegt", "die Wohnung 3 liegt im Erdgeschoss"),
        ("der Tresorcode 4711 ist", "der Tresorcode ist 4711"),
        # Nor one the verb says before what it replaces (review s21 F6:
        # "Bens Fahrradschloss-Code 7788 ist statt 5566.").
        (
            "mein Fahrradschloss-Code 7788 statt 5566 ist",
            "mein Fahrradschloss-Code ist 7788 statt 5566",
        ),
        ("der Tresorcode 9999 statt 4455 ist", "der Tresorcode ist 9999 statt 4455"),
        ("der Torcode 4321 anstatt 1234 ist", "der Torcode ist 4321 anstatt 1234"),
        # What is replaced after the verb stays after it (final review s18:
        # "Der Ersatzschlüssel roten unter dem grünen Blumentopf liegt statt
        # unter dem.").
        (
            "der Schlüssel unter dem grünen Topf liegt statt unter dem roten",
            "der Schlüssel liegt unter dem grünen Topf statt unter dem roten",
        ),
        (
            "die Party am Freitag statt am Donnerstag ist",
            "die Party ist am Freitag statt am Donnerstag",
        ),
        ("der Zug 5 Minuten Verspätung hat", "der Zug hat 5 Minuten Verspätung"),
        # What attaches stays after the verb when nothing else is left.
        ("der Schlüssel der Oma gehört", "der Schlüssel gehört der Oma"),
        ("unser Nachbar Herr Schmidt heißt", "unser Nachbar heißt Herr Schmidt"),
        ("das WLAN-Passwort tulpe-42 ist", "das WLAN-Passwort ist tulpe-42"),
        ("es morgen regnet.", "es regnet morgen."),
        # A date's comma is no clause's (new-user review s15).
        (
            "Anna am Donnerstag, 3. Dezember um 10 Uhr einen Zahnarzttermin hat",
            "Anna hat am Donnerstag, 3. Dezember um 10 Uhr einen Zahnarzttermin",
        ),
        # An infinitive clause after the comma follows the statement.
        (
            "der Klempner am Dienstag, 1. Dezember kommt, um den Hahn zu reparieren.",
            "der Klempner kommt am Dienstag, 1. Dezember, um den Hahn zu reparieren.",
        ),
        (
            "Ben morgen einkaufen geht, ohne den Zettel zu vergessen",
            "Ben geht morgen einkaufen, ohne den Zettel zu vergessen",
        ),
        # A name's genitive and its noun are one phrase (new-user review s16).
        (
            "Annas Eltern nächstes Wochenende zu Besuch kommen",
            "Annas Eltern kommen nächstes Wochenende zu Besuch",
        ),
        ("Bens Fahrrad im Keller steht", "Bens Fahrrad steht im Keller"),
        # A phrase without a verb set off after the clause (final review s16).
        (
            "der Termin am Freitag, 4. Dezember um 10 Uhr ist, nicht am Donnerstag",
            "der Termin ist am Freitag, 4. Dezember um 10 Uhr, nicht am Donnerstag",
        ),
        (
            "Ben gegen Penicillin allergisch ist, nicht gegen Amoxicillin.",
            "Ben ist gegen Penicillin allergisch, nicht gegen Amoxicillin.",
        ),
        # Two participles under one finite verb (final review s16).
        (
            "ich gestern den Rasen gemäht und die Hecke geschnitten habe",
            "ich habe gestern den Rasen gemäht und die Hecke geschnitten",
        ),
        (
            "wir die Garage aufgeräumt und den Keller repariert haben",
            "wir haben die Garage aufgeräumt und den Keller repariert",
        ),
        # Time words that open the clause are one phrase, the verb after
        # them whole (new-user review s17: "heute der Schornsteinfeger war
        # da", "heute waren Abend die Müllers …").
        (
            "heute der Schornsteinfeger da war.",
            "heute war der Schornsteinfeger da.",
        ),
        (
            "heute Abend die Müllers zum Essen da waren.",
            "heute Abend waren die Müllers zum Essen da.",
        ),
        (
            "gestern Morgen die Heizung ausgefallen ist",
            "gestern Morgen ist die Heizung ausgefallen",
        ),
        (
            "heute Nachmittag Ben Fußball gespielt hat",
            "heute Nachmittag hat Ben Fußball gespielt",
        ),
        (
            "vorgestern Abend wir im Theater waren",
            "vorgestern Abend waren wir im Theater",
        ),
        ("letzten Montag der Klempner da war", "letzten Montag war der Klempner da"),
        ("nächsten Dienstag Anna frei hat", "nächsten Dienstag hat Anna frei"),
        ("am Wochenende wir im Kino waren", "am Wochenende waren wir im Kino"),
        ("letzte Woche wir im Urlaub waren", "letzte Woche waren wir im Urlaub"),
        ("vor zwei Tagen Oma zu Besuch war", "vor zwei Tagen war Oma zu Besuch"),
        ("am Montag der Klempner da war", "am Montag war der Klempner da"),
        ("morgen früh der Klempner kommt", "morgen früh kommt der Klempner"),
        ("gestern Nacht es geregnet hat", "gestern Nacht hat es geregnet"),
        (
            "am Freitag, den 20. der Klempner kommt",
            "am Freitag, den 20. kommt der Klempner",
        ),
        # A phrase set off inside the clause before its verb keeps it
        # (s17: "… am Freitag, den 20., statt am Donnerstag ist").
        (
            "mein Zahnarzttermin am Freitag, den 20., statt am Donnerstag ist.",
            "mein Zahnarzttermin ist am Freitag, den 20., statt am Donnerstag.",
        ),
        (
            "mein Zahnarzttermin am Donnerstag, den 19., um 10 Uhr ist",
            "mein Zahnarzttermin ist am Donnerstag, den 19., um 10 Uhr",
        ),
        (
            "der Termin am Freitag, nicht am Donnerstag ist",
            "der Termin ist am Freitag, nicht am Donnerstag",
        ),
        # Two clauses of one subject, each with its verb second (s16).
        (
            "wir heute im Kino waren und den neuen Pixar-Film gesehen haben",
            "wir waren heute im Kino und haben den neuen Pixar-Film gesehen",
        ),
        (
            "Ben den Rasen gemäht hat und danach im Garten gegrillt hat.",
            "Ben hat den Rasen gemäht und hat danach im Garten gegrillt.",
        ),
        # Month review s19 F5: every finite verb that ends a clause moves,
        # not only "haben" after a participle.
        # One noun phrase before a participle and "haben": its object.
        (
            (
                "wir heute mit den Kindern im Tierpark waren und die Elefanten"
                " gefüttert haben"
            ),
            (
                "wir waren heute mit den Kindern im Tierpark und haben die Elefanten"
                " gefüttert"
            ),
        ),
        (
            (
                "wir am Samstag, 21. November mit den Kindern im Tierpark waren und"
                " die Elefanten gefüttert haben"
            ),
            (
                "wir waren am Samstag, 21. November mit den Kindern im Tierpark und"
                " haben die Elefanten gefüttert"
            ),
        ),
        (
            "ich im Garten war und die Hecke geschnitten habe",
            "ich war im Garten und habe die Hecke geschnitten",
        ),
        # Two capitalised words before time words, something after them:
        # a name of several words.
        ("Oma Hilde nächsten Sonntag 90 wird", "Oma Hilde wird nächsten Sonntag 90"),
        (
            "Oma Hilde am Sonntag, 22. November 90 wird",
            "Oma Hilde wird am Sonntag, 22. November 90",
        ),
        (
            "Oma Gerda am Sonntag Geburtstag hat",
            "Oma Gerda hat am Sonntag Geburtstag",
        ),
        # The comma that closes a date, and "und" between two names, end no
        # clause.
        (
            (
                "wir am Samstag, den 28. November, zur Hochzeit von Jonas und Lea"
                " nach Potsdam fahren"
            ),
            (
                "wir fahren am Samstag, den 28. November, zur Hochzeit von Jonas und"
                " Lea nach Potsdam"
            ),
        ),
        # A modal's infinitive stays last.
        ("Ben morgen den Rasen mähen will", "Ben will morgen den Rasen mähen"),
        # A separable verb leaves its prefix last.
        ("Anna morgen anruft", "Anna ruft morgen an"),
        ("wir morgen um acht abfahren", "wir fahren morgen um acht ab"),
        ("Oma nächste Woche vorbeikommt", "Oma kommt nächste Woche vorbei"),
        (
            "Ben morgen einkauft, ohne den Zettel zu vergessen",
            "Ben kauft morgen ein, ohne den Zettel zu vergessen",
        ),
        # Only a prefix with a verb after it: "analysiert", "antwortet" move whole.
        ("Anna die Daten analysiert", "Anna analysiert die Daten"),
        ("der Hund nie antwortet", "der Hund antwortet nie"),
        # A kinship word, a name's genitive and a noun before a verb that
        # takes no object are one phrase (household review, HA 2026.11).
        (
            "Oma Rosas Telefonnummer am Kühlschrank hängt",
            "Oma Rosas Telefonnummer hängt am Kühlschrank",
        ),
        ("Tante Evas Schlüssel im Flur liegt", "Tante Evas Schlüssel liegt im Flur"),
        # Names after kinship words joined before a plural verb: one subject.
        (
            "Oma Rosa und Opa Walter heute zum Abendessen da waren",
            "Oma Rosa und Opa Walter waren heute zum Abendessen da",
        ),
        (
            (
                "Oma Rosa und Opa Walter am Donnerstag, 5. November zum Abendessen"
                " da waren"
            ),
            (
                "Oma Rosa und Opa Walter waren am Donnerstag, 5. November zum"
                " Abendessen da"
            ),
        ),
        ("Anna und Opa Walter heute da waren", "Anna und Opa Walter waren heute da"),
        # A preposition with its article ("am", "im") and the noun after it
        # are one phrase: "am war Morgen …" was the result (review s27).
        (
            "am Morgen die Katze sehr hungrig war",
            "am Morgen war die Katze sehr hungrig",
        ),
        ("im Keller das Licht brennt", "im Keller brennt das Licht"),
        # The written order (verb last) still moves (review s27).
        (
            "die Katze am Morgen sehr hungrig war",
            "die Katze war am Morgen sehr hungrig",
        ),
    ],
)
def test_the_verb_moves_after_the_first_phrase(clause: str, statement: str) -> None:
    """The last word goes after the subject or the opening word."""
    assert verb_second(clause, GERMAN) == statement


@pytest.mark.parametrize(
    ("clause", "statement"),
    [
        (
            "ich die Garage aufgeräumt habe, weil sie voll war",
            "ich habe die Garage aufgeräumt, weil sie voll war",
        ),
        (
            "ich die Fenster geputzt habe, weil Besuch kommt",
            "ich habe die Fenster geputzt, weil Besuch kommt",
        ),
        (
            "ich nicht weiß, wo der Schlüssel ist",
            "ich weiß nicht, wo der Schlüssel ist",
        ),
        (
            "die Kinder ins Bett gehen, wenn es dunkel wird",
            "die Kinder gehen ins Bett, wenn es dunkel wird",
        ),
        (
            "Oma anruft, sobald sie angekommen ist",
            "Oma ruft an, sobald sie angekommen ist",
        ),
        (
            "das Paket angekommen ist, als wir weg waren.",
            "das Paket ist angekommen, als wir weg waren.",
        ),
        (
            "der Schlüssel unter der Matte liegt, wenn niemand da ist",
            "der Schlüssel liegt unter der Matte, wenn niemand da ist",
        ),
        (
            "der Schlüssel im Flur liegt, weil Anna ihn vergessen hat",
            "der Schlüssel liegt im Flur, weil Anna ihn vergessen hat",
        ),
        ("ich den Mann kenne, der gestern kam", "ich kenne den Mann, der gestern kam"),
        (
            "Anna mitkommt, wenn sie Zeit hat, weil sie Oma sehen will",
            "Anna kommt mit, wenn sie Zeit hat, weil sie Oma sehen will",
        ),
        # A relative clause after the first phrase stays after it.
        (
            "der Mann, der gestern kam, den Zähler abgelesen hat",
            "der Mann, der gestern kam, hat den Zähler abgelesen",
        ),
        (
            "das Auto, das vor dem Haus steht, dem Nachbarn gehört",
            "das Auto, das vor dem Haus steht, gehört dem Nachbarn",
        ),
        (
            "der Schlüssel, den Anna hat, im Flur liegt",
            "der Schlüssel, den Anna hat, liegt im Flur",
        ),
    ],
)
def test_a_subordinate_clause_is_kept_as_said(clause: str, statement: str) -> None:
    """Only the clause around "…, weil …" or "…, der …" gets its verb
    second; the subordinate clause keeps its own order (final review s19
    F1: "Ich die Garage aufgeräumt habe, weil sie voll war." was stored)."""
    assert verb_second(clause, GERMAN) == statement


@pytest.mark.parametrize(
    ("clause", "statement"),
    [
        # A person's second clause that names one thing acts on it.
        (
            "der Klempner morgen kommt und die Heizung repariert",
            "der Klempner kommt morgen und repariert die Heizung",
        ),
        # Both verbs leave their prefixes where they end.
        (
            "der Elektriker nächste Woche kommt und den Herd anschließt",
            "der Elektriker kommt nächste Woche und schließt den Herd an",
        ),
        (
            "Oma morgen ankommt und den Kuchen mitbringt",
            "Oma kommt morgen an und bringt den Kuchen mit",
        ),
        # The object may have phrases with a preposition after it, and a
        # participle an inseparable prefix (household review, HA 2026.11).
        (
            "der Klempner heute da war und die Spüle in der Küche repariert hat",
            "der Klempner war heute da und hat die Spüle in der Küche repariert",
        ),
        (
            (
                "der Klempner am Montag, 2. November da war und die Spüle in der Küche"
                " repariert hat"
            ),
            (
                "der Klempner war am Montag, 2. November da und hat die Spüle in der"
                " Küche repariert"
            ),
        ),
        (
            (
                "die Waschmaschine heute kaputt gegangen ist und die Waschküche"
                " überschwemmt hat"
            ),
            (
                "die Waschmaschine ist heute kaputt gegangen und hat die Waschküche"
                " überschwemmt"
            ),
        ),
        (
            (
                "die Waschmaschine am Dienstag, 17. November kaputt gegangen ist und"
                " die Waschküche überschwemmt hat"
            ),
            (
                "die Waschmaschine ist am Dienstag, 17. November kaputt gegangen und"
                " hat die Waschküche überschwemmt"
            ),
        ),
    ],
)
def test_two_clauses_of_one_person(clause: str, statement: str) -> None:
    """The second clause shares the person's subject (final review s19 F1:
    "… und anschließt den Herd", "Der Klempner morgen kommt und …")."""
    assert verb_second(clause, GERMAN) == statement


@pytest.mark.parametrize(
    ("clause", "statement"),
    [
        (
            "wir heute im Zoo waren und Leo die Pinguine geliebt hat",
            "wir waren heute im Zoo und Leo hat die Pinguine geliebt",
        ),
        (
            (
                "wir am Sonntag, 1. November im Zoo waren und Leo die Pinguine"
                " geliebt hat"
            ),
            (
                "wir waren am Sonntag, 1. November im Zoo und Leo hat die Pinguine"
                " geliebt"
            ),
        ),
        (
            "wir heute Schlittschuh laufen waren und Emma hingefallen ist",
            "wir waren heute Schlittschuh laufen und Emma ist hingefallen",
        ),
        (
            (
                "wir am Samstag, 21. November Schlittschuh laufen waren und Emma"
                " hingefallen ist"
            ),
            (
                "wir waren am Samstag, 21. November Schlittschuh laufen und Emma ist"
                " hingefallen"
            ),
        ),
        # "ist" is no "ich"'s, "haben" no "Ben"'s; a time word may open it.
        (
            "ich im Garten war und Emma hingefallen ist",
            "ich war im Garten und Emma ist hingefallen",
        ),
        (
            "Ben im Garten war und die Kinder gespielt haben",
            "Ben war im Garten und die Kinder haben gespielt",
        ),
        (
            "wir im Zoo waren und danach Emma hingefallen ist",
            "wir waren im Zoo und danach ist Emma hingefallen",
        ),
        (
            "Oma Rosa und Opa Walter da waren und Leo ein Lied gesungen hat",
            "Oma Rosa und Opa Walter waren da und Leo hat ein Lied gesungen",
        ),
    ],
)
def test_two_clauses_each_with_its_subject(clause: str, statement: str) -> None:
    """A second verb that cannot be the first subject's ("wir … waren und
    Leo … hat") has a subject of its own: each clause gets its verb second
    (household review, HA 2026.11: "Wir am Sonntag, 1. November im Zoo waren
    und Leo die Pinguine geliebt hat." was stored)."""
    assert verb_second(clause, GERMAN) == statement


@pytest.mark.parametrize(
    "clause",
    [
        "der Schlüssel liegt im Flur",  # already a statement's order
        "der Schlüssel im Flur liegt und die Tür offen ist",  # two clauses
        # The second clause may have a subject of its own ("die Kinder").
        "wir im Kino waren und die Kinder Popcorn gegessen haben",
        # One phrase that names someone who acts, or a perfect with "sein":
        # the second clause's own subject (month review s19 F5).
        "wir im Garten gegrillt haben und die Kinder gespielt haben",
        "wir im Kino waren und die Kinder mitgekommen sind",
        "Anna im Garten ist und Ben kocht",
        # One thing after "und": the object of a person only.
        "die Waschmaschine heute kaputt ist und die Heizung tropft",
        "der Klempner heute kommt und die Kinder spielen",
        "Anna im Garten ist und er kocht",
        "wir im Kino waren und den Film gesehen haben und gegessen haben",
        # A subordinate clause first, or one inside the clause that is no
        # relative clause: kept (final review s19 F1, never worse).
        "wenn es regnet, der Keller nass wird",
        "der Schlüssel, wenn niemand da ist, unter der Matte liegt",
        "der Schlüssel im Flur liegt, weil",  # no clause after "weil"
        # A main clause after the subordinate one: kept whole.
        "wir weg waren, als das Paket kam, und der Nachbar es angenommen hat",
        "der Klempner kommt, um zu reparieren",  # already a statement
        # An infinitive after the comma is no verb of the clause.
        "der Klempner am Dienstag, um den Hahn zu reparieren",
        # Two verb-final clauses of one subject: not split (docs/languages.md).
        "Noah Dinosaurier liebt und Brokkoli nicht ausstehen kann",
        "der schlüssel im flur liegt",  # no noun to find the subject by
        # Two capitalised words: a name, or a name and its object (new-user
        # review s15: "Ben Kaffee trinkt ohne Zucker"); a noun "haben" takes
        # ("Opa Geburtstag im März hat") moves since review s21.
        "Ben Kaffee ohne Zucker trinkt",
        "Anna Schmidt morgen kommt",
        # A kinship word and a capitalised word: a name, or the kin and an
        # object ("Oma hat Kuchen gebacken", "Oma hat Bens Fahrrad repariert").
        "Oma Kuchen gebacken hat",
        "Oma Bens Fahrrad repariert hat",
        "Papa Emma zur Schule bringt",
        # Names the rule cannot read whole before "und": kept, not "Anna waren …".
        "Anna und Ben Schmidt heute da waren",
        # Both verbs may be one subject's, and "Ben" its object as well as a
        # subject ("Onkel Tom hat Ben beim Zaun geholfen"; household review,
        # HA 2026.11: kept, see docs/languages.md).
        "Onkel Tom heute zu Besuch war und Ben beim Zaun geholfen hat",
        "ich im Zoo war und Leo die Pinguine geliebt habe",
        # The first verb may be no finite one ("essen" under "will").
        "ich Kuchen essen und Kaffee trinken will",
        # A subject's number not known ("die Kinder", "sie"): kept.
        "die Kinder im Garten waren und Leo hingefallen ist",
        "sie im Garten war und Leo hingefallen ist",
        # Two capitalised words opening the second clause.
        "wir im Zoo waren und Emma Rad gefahren ist",
        # A second noun phrase after the thing's may be the object of it as
        # the subject ("die Sonne den ganzen Tag geschienen hat").
        "der Klempner heute da war und die Sonne den ganzen Tag geschienen hat",
        "das stimmt",
        "liegt",
        "",
    ],
)
def test_what_is_not_plainly_one_clause_is_kept(clause: str) -> None:
    """A fragment is better than a wrong sentence."""
    assert verb_second(clause, GERMAN) == clause


def test_without_words_only_a_plain_first_word_opens() -> None:
    """No determiners known: the first word is the first phrase."""
    assert verb_second("morgen Anna kommt", ClauseWords()) == "morgen kommt Anna"


@pytest.mark.parametrize(
    "clause",
    [
        # A finite verb second already (review s27: "Am hungrig am Dienstag,
        # 1. Dezember war die Katze sehr." and "Am Wochenende lange schlafen
        # wir meistens." were stored).
        "am Morgen war die Katze sehr hungrig",
        "am Wochenende schlafen wir meistens lange",
        "die Katze war sehr hungrig",
        "heute hat Anna den Schlüssel",
        "morgen kann der Klempner kommen",
        "am Sonntag gehen wir ins Kino",
        # A last word that is no verb: an adverb, an adjective, a prefix.
        "Leo spielt am Nachmittag draußen",
        "die Kinder spielen im Garten sehr friedlich",
        "wir kommen morgen mit",
    ],
)
def test_a_clause_said_with_its_verb_second_is_kept(clause: str) -> None:
    """Spoken German often keeps the verb second after "dass": that clause
    is a statement as said, and its last word is no verb to move."""
    assert verb_second(clause, GERMAN) == clause


def test_a_joined_part_ending_in_a_time_word_still_moves_the_verb() -> None:
    """Review s27 M2: "Oma heute anruft und nicht morgen" ends in a word
    that is no verb, but that word ends the joined part: the verb still
    moves (as before "no verb last" was looked for)."""
    assert verb_second("Oma heute anruft und nicht morgen", GERMAN) != (
        "Oma heute anruft und nicht morgen"
    )
    assert verb_second("Oma heute anruft", GERMAN) == "Oma ruft heute an"


@pytest.mark.parametrize(
    ("clause", "statement"),
    [
        (
            "Mia gestern ihr Fahrrad repariert hat",
            "Mia hat gestern ihr Fahrrad repariert",
        ),
        ("Ben morgen sein Auto abholt", "Ben holt morgen sein Auto ab"),
    ],
)
def test_a_time_word_before_a_pronoun_is_no_finite_verb(
    clause: str, statement: str
) -> None:
    """Review s27b M1: "gestern ihr" read as a verb and its subject ("schlafen
    wir"), so the verb-last clause was kept as said."""
    assert verb_second(clause, GERMAN) == statement


@pytest.mark.parametrize(
    ("clause", "statement"),
    [
        (
            "der Nachbar am Freitag kommt und nicht am Donnerstag",
            "der Nachbar kommt am Freitag und nicht am Donnerstag",
        ),
        (
            "der Postbote am Freitag klingelt und nicht am Donnerstag",
            "der Postbote klingelt am Freitag und nicht am Donnerstag",
        ),
        (
            "Oma heute anruft und nicht morgen",
            "Oma ruft heute an und nicht morgen",
        ),
        (
            "der Elektriker nicht morgen, sondern am Freitag kommt",
            "der Elektriker kommt nicht morgen, sondern am Freitag",
        ),
    ],
)
def test_a_part_that_says_what_is_not_so_follows_the_moved_verb(
    clause: str, statement: str
) -> None:
    """Review s27b M8: "… kommt und nicht am Donnerstag" and "… nicht
    morgen, sondern am Freitag kommt" end in no verb, or set a part off
    after a time word: the clause's verb still moves, the part follows it."""
    assert verb_second(clause, GERMAN) == statement


@pytest.mark.parametrize(
    ("clause", "statement"),
    [
        (
            "unsere Katze nachts gerne draußen herumläuft",
            "unsere Katze läuft nachts gerne draußen herum",
        ),
        (
            "der Handwerker nächste Woche wiederkommt",
            "der Handwerker kommt nächste Woche wieder",
        ),
        ("der Hund die Treppe hochläuft", "der Hund läuft die Treppe hoch"),
        # Inseparable verbs stay whole.
        ("der Lehrer die Aufgabe wiederholt", "der Lehrer wiederholt die Aufgabe"),
        ("Anna das Buch versteht", "Anna versteht das Buch"),
        ("Ben ein Paket bekommt", "Ben bekommt ein Paket"),
        ("Oma eine Geschichte erzählt", "Oma erzählt eine Geschichte"),
        ("die Gäste bei uns übernachten", "die Gäste übernachten bei uns"),
    ],
)
def test_a_separable_verb_leaves_its_prefix_last(clause: str, statement: str) -> None:
    """Review s27 M3: "herumläuft", "wiederkommt" moved whole ("Unsere Katze
    herumläuft …"); their prefixes (`clause_separable`) stay last, and a
    verb that only looks so ("wiederholt", `clause_inseparable`) moves whole."""
    assert verb_second(clause, GERMAN) == statement
