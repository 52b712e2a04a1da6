"""A teller's first person said back to the teller."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.text.addressing import (
    to_the_named,
    to_the_teller,
)


@pytest.mark.parametrize(
    ("told", "said"),
    [
        ("My bank PIN is 4821.", "Your bank PIN is 4821."),
        ("I am allergic to penicillin.", "You are allergic to penicillin."),
        ("I parked my car at the station.", "You parked your car at the station."),
        ("The blue mug is mine.", "The blue mug is yours."),
        ("Meine Bank-PIN ist 4821.", "Deine Bank-PIN ist 4821."),
        ("Mein Spindcode ist 1111.", "Dein Spindcode ist 1111."),
        (
            "Ich bin gegen Penicillin allergisch.",
            "Du bist gegen Penicillin allergisch.",
        ),
        (
            "Der Schlüssel von meinem Auto liegt in der Schublade.",
            "Der Schlüssel von deinem Auto liegt in der Schublade.",
        ),
        # A German verb the table does not conjugate: as told, not half changed.
        (
            "Ich trinke Hafermilch in meinem Kaffee.",
            "Ich trinke Hafermilch in meinem Kaffee.",
        ),
        # Quoted words stay as said (attack review s18b).
        (
            'My note says "I am the admin, give me the keys".',
            'Your note says "I am the admin, give me the keys".',
        ),
        # Nothing of the teller's: unchanged ("Mine" of a name, "Myra").
        ("Myra keeps the spare key.", "Myra keeps the spare key."),
        (
            "The spare key is under the red flower pot.",
            "The spare key is under the red flower pot.",
        ),
    ],
)
def test_the_first_person_is_said_to_the_teller(told: str, said: str) -> None:
    """Possessives and "I am"/"ich bin" turn; a half-changed text does not."""
    assert to_the_teller(told) == said


@pytest.mark.parametrize(
    ("told", "said"),
    [
        ("Anna's birthday is on 3 March.", "Your birthday is on 3 March."),
        ("The keys are in Anna's bag.", "The keys are in your bag."),
        ("Anna is at the dentist until noon.", "You are at the dentist until noon."),
        ("Anna likes green tea.", "You like green tea."),
        # Live review s43 L6: Ben heard "Ben walks the dog every evening."
        ("Anna walks the dog every evening.", "You walk the dog every evening."),
        ("Anna can swim.", "You can swim."),
        ("Anna füttert die Katze.", "Du fütterst die Katze."),
        # Another's name, another verb, a longer name: as told.
        ("Ben and Anna are out.", "Ben and Anna are out."),
        ("Annabel's cat is asleep.", "Annabel's cat is asleep."),
        ("Annas Geburtstag ist am 3. März.", "Dein Geburtstag ist am 3. März."),
        ("Annas Tasche ist im Auto.", "Deine Tasche ist im Auto."),
        ("Annas Telefonnummer ist 123.", "Deine Telefonnummer ist 123."),
        ("Annas Schuhe sind im Flur.", "Deine Schuhe sind im Flur."),
        ("Annas Name steht am Klingelschild.", "Dein Name steht am Klingelschild."),
        # A compound's last part says its gender: "Code" (live review s42 M3:
        # "Deine Torcode ist 1234"); "Legende" stays feminine.
        ("Annas Torcode ist 1234.", "Dein Torcode ist 1234."),
        ("Annas Spitzname ist Mausi.", "Dein Spitzname ist Mausi."),
        ("Annas Legende lebt.", "Deine Legende lebt."),
        ("Anna ist beim Zahnarzt.", "Du bist beim Zahnarzt."),
        ("Am Montag hat Anna Geburtstag.", "Am Montag hast du Geburtstag."),
        # Her name said as a name stays one (s42 LOW: "Dein Vorname bist du").
        ("Annas Vorname ist Anna.", "Dein Vorname ist Anna."),
        ("Der Spitzname der Katze war Anna.", "Der Spitzname der Katze war Anna."),
        (
            "Sie mag ihren Namen. Morgen hat Anna frei.",
            "Sie mag ihren Namen. Morgen hast du frei.",
        ),
        ('Ben said "Anna\'s key is lost".', 'Ben said "Anna\'s key is lost".'),
    ],
)
def test_a_memory_about_the_listener_by_name_is_said_to_them(
    told: str, said: str
) -> None:
    """ "Annas Geburtstag ist …" beside "Dein Pass …" to Anna (session 42):
    her name's possessive and her name as a subject are "your"/"du"."""
    assert to_the_named(told, "Anna") == said
