"""Which memory texts hold a secret a roundup does not read aloud."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.text.secrets import holds_secret


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("My gate code is 4711.", True),
        ("My bank PIN is 8642.", True),
        ("The wifi password is on the router.", True),
        ("Mein Torcode ist 4711.", True),
        ("Meine Bank-PIN ist 1234.", True),
        ("Das WLAN-Passwort klebt am Router.", True),
        ("Mein Kennwort ist geheim.", True),
        # A secret told in words (live review s43 #5).
        ("The alarm disarm word is pelican.", True),
        ("The alarm disarm-word is pelican.", True),
        ("My safe combination is left 3 right 7.", True),
        ("Das Passwort fürs WLAN lautet Sonnenblume.", True),
        ("Das Losungswort ist Pelikan.", True),
        ("The safe word is banana.", True),
        ("Unser Codewort ist Apfelkuchen.", True),
        # Names a code and tells none: held back all the same (harmless).
        ("The garage code is on the fridge.", True),
        ("Die Antwort ist nein.", False),
        ("Mein Sprichwort ist gut.", False),
        # A code-like value with no word for it.
        ("Wifi: HomeNet5G", True),
        ("My diary is in the nightstand.", False),
        ("The present is hidden in the wardrobe.", False),
        ("The dentist is at 10am.", False),
        ("Sein Spin ist gut.", False),
        ("Peter kommt am 5. Dezember.", False),
        # A lock beside the number it opens with (live review s45 M4).
        ("Your bike lock is 5858.", True),
        ("The safe opens with 7-3-9-1.", True),
        ("The padlock on the shed: 0 4 2 7", True),
        ("Mein Fahrradschloss ist 5858.", True),
        ("Der Tresor geht mit 7-3-9-1 auf.", True),
        ("My bike lock is in the shed.", False),
        ("The lock costs 12.50 euros.", False),
        ("My locker is number 42.", False),
        ("The bins go out on Tuesday evening 12 3.", False),
    ],
)
def test_a_secret_is_a_code_pin_or_password(text: str, secret: bool) -> None:
    """Its words in either language, a compound by its last part
    ("Torcode"), or a value of letters with digits at least five long."""
    assert holds_secret(text) is secret


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("The gate word is otter.", True),
        ("The door key word is lynx.", True),
        ("The alarm word is flamingo.", True),
        ("Das Torwort ist Otter.", True),
        ("Das Alarm-Wort lautet Flamingo.", True),
        ("Die Antwort ist 42.", False),
        ("Words are cheap.", False),
        ("The bins go out on Tuesday.", False),
    ],
)
def test_a_word_named_by_what_it_opens_is_a_secret(text: str, secret: bool) -> None:
    """Live review s43 M1: a roundup read Ben's own private "The gate word
    is otter." aloud; only listed phrases ("disarm word") were held back."""
    assert holds_secret(text) is secret
