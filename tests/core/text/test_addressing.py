"""A teller's first person said back to the teller."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.text.addressing import to_the_teller


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
