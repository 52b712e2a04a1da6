"""The words a corrected memory tells its subject by, kept in its correction."""

from __future__ import annotations

from custom_components.home_memory.memory.text.kept_subject import kept_subject


def test_a_correction_keeps_the_words_its_memory_tells_the_subject_by() -> None:
    """Attacker review s16: "the appointment moved to Friday" replaced "The
    dentist appointment is on Thursday …" and "dentist" was gone. The
    memory's own words before its subject are kept; a name, a possessive
    or the new statement's own word there are not added."""
    dentist = "The dentist appointment is on Thursday 3 December at 10."
    assert (
        kept_subject(dentist, "The appointment moved to Friday 4 December.", "en")
        == "The dentist appointment moved to Friday 4 December."
    )
    moved = "The appointment was moved to Friday"
    assert kept_subject(dentist, moved, "en") == (
        "The dentist appointment was moved to Friday"
    )
    for old, new in (
        (dentist, "The dentist appointment moved to Friday"),
        (dentist, "The eye appointment moved to Friday"),
        ("Anna's car is in the garage.", "The car is in the driveway."),
        ("The wifi password is alpha.", "The wifi password is charlie."),
        ("Anna is older than Ben", "Ben is older than Anna"),
    ):
        assert kept_subject(old, new, "en") == new
