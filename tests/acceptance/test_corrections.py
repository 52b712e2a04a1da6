"""Corrections and everyday questions, to a real Home Assistant's built-in agent.

Found by the new-user review (both Home Assistant versions): "… on Wednesday
instead of Tuesday", "… moved to Friday" and "actually …, not Tuesday" were
new memories or Home Assistant's "no area called …"; an applied correction
of a plan lost its date; "who is allergic to cats" got "Not any", "tell me
about Noah", "where do we hide the extra key", "how fast was Anna's half
marathon" and "what did Ben fix" no answer. A real hass runs on the real
clock: the days are named from today. (The household is shared: the gutter
cleaner, piano tuner, boiler inspection, Zelda and Quincy are this file's.)
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from .conftest import wait_for_the_model

if TYPE_CHECKING:
    from .conftest import Household

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def _turn(home: Household, text: str) -> str:
    """One built-in-agent turn as Anna; what it says."""
    result: dict[str, Any] = home.hass.conversation_process(text, token=home.anna.token)
    return str(result["response"]["speech"]["plain"]["speech"])


def _day(when: date) -> tuple[str, str]:
    """A day's weekday, and its date as a stored memory says it
    ("Wednesday", "Wednesday 2 December")."""
    weekday = when.strftime("%A")
    return weekday, f"{weekday} {when.day} {MONTHS[when.month - 1]}"


def test_corrections_in_everyday_words_are_applied_and_dated(
    household: Household,
) -> None:
    """ "instead of", a spoken "actually …, not …", "moved to" and a plan's
    new weekday update the memory, dated to the new day; asked, only the
    new day is said."""
    wait_for_the_model(household)
    hass, anna = household.hass, household.anna
    config = hass.request("GET", "/api/config", token=anna.token).ok()
    today = datetime.now(ZoneInfo(config["time_zone"])).date()
    (w2, _), (w3, d3), (w4, d4), (w5, d5) = (
        _day(today + timedelta(days=days)) for days in (2, 3, 4, 5)
    )

    _turn(household, f"remember that the gutter cleaner is coming on {w2} at 8")
    instead = _turn(
        household,
        f"remember that the gutter cleaner is coming on {w3} instead of {w2}",
    )
    assert instead.startswith(f"Updated: The gutter cleaner is coming on {d3}"), instead
    actually = _turn(
        household, f"actually the gutter cleaner is coming on {w4}, not {w3}"
    )
    assert actually.startswith(f"Updated: The gutter cleaner is coming on {d4}"), (
        actually
    )
    asked = _turn(household, "when is the gutter cleaner coming")
    assert d4 in asked, asked
    # Only the new day is said of the gutter cleaner (the shared household
    # may add another tradesman's visit, told by another file).
    assert asked.casefold().count("gutter cleaner") == 1, asked
    assert f"gutter cleaner is coming on {w2}" not in asked, asked
    assert f"gutter cleaner is coming on {w3}" not in asked, asked
    # Review s25: a "no" said first was Home Assistant's "no area called".
    refused = _turn(
        household, f"no, actually the gutter cleaner is coming on {w5}, not {w4}"
    )
    assert refused.startswith(f"Updated: The gutter cleaner is coming on {d5}"), refused

    _turn(household, "remember that the boiler inspection will be on " + w2)
    moved = _turn(household, f"remember that the boiler inspection moved to {w5}")
    assert moved.startswith(f"Updated: The boiler inspection moved to {d5}"), moved

    _turn(household, "remember that the piano tuner comes tomorrow at 5 pm")
    plan = _turn(household, f"remember that the piano tuner comes on {w4} at 5 pm")
    assert plan.startswith(f"Updated: The piano tuner comes on {d4} at 5 pm (was: "), (
        plan
    )
    found = hass.ws_command(
        anna.token, "home_memory/search", query="piano tuner", limit=5
    )
    [memory] = [
        m for m in found["memories"] if "piano tuner" in m["content"].casefold()
    ]
    happened = datetime.fromisoformat(memory["happened_at"])
    assert happened.astimezone(ZoneInfo(config["time_zone"])).date() == (
        today + timedelta(days=4)
    )


def test_everyday_questions_are_memorys(household: Household) -> None:
    """Questions Home Assistant has no answer of its own for are answered
    from memory; "who is home" stays Home Assistant's."""
    wait_for_the_model(household)
    for told in (
        "remember that Zelda is allergic to hamsters",
        "remember that Zelda collects fossils",
        "remember that the garage remote is hidden in the blue watering can",
        "remember that Quincy ran the river half marathon in 1 hour 58 minutes",
        "remember that Quincy fixed the wobbly garden gate",
    ):
        _turn(household, told)
    for asked, said in (
        ("who is allergic to hamsters", "Zelda"),
        ("is anyone allergic to hamsters", "Zelda"),
        ("tell me about Zelda", "Zelda"),
        ("where do we hide the garage remote", "watering can"),
        ("how fast was Quincy's half marathon", "1 hour 58 minutes"),
        ("what did Quincy fix", "garden gate"),
    ):
        spoken = _turn(household, asked)
        assert said in spoken, (asked, spoken)
    # Memory's question now ("I don't know what action to take" before);
    # "pet allergies" finding "allergic to hamsters" is retrieval's, not
    # measured here.
    pets = _turn(household, "does anyone have pet allergies")
    assert "action" not in pets, pets
    assert "Zelda" in pets or pets.startswith("I don't know; I don't remember"), pets
    home = _turn(household, "who is home")
    assert "Zelda" not in home
    assert "remember" not in home, home


def _said(home: Household, user: Any, text: str, language: str = "en") -> str:
    """One built-in-agent turn as `user`; what it says."""
    result: dict[str, Any] = home.hass.conversation_process(
        text, token=user.token, language=language
    )
    return str(result["response"]["speech"]["plain"]["speech"])


def _contents(home: Household, user: Any, query: str) -> set[str]:
    found = home.hass.ws_command(
        user.token, "home_memory/search", query=query, limit=10
    )
    return {str(m["content"]) for m in found["memories"]}


def test_a_correction_names_its_old_value_and_keeps_what_corrects_nothing(
    household: Household,
) -> None:
    """Attacker review s16 (both versions): "… due in March instead of
    April" told for the household overwrote Anna's private insurance number
    and read it out; "instead of …" and ", not …" were cut from statements
    that corrected nothing. (The vintage van and Yorick are this file's.)"""
    wait_for_the_model(household)
    anna, ben = household.anna, household.ben
    _said(
        household,
        anna,
        "remember privately that my vintage van insurance number is KX-778",
    )
    due = _said(
        household,
        anna,
        "remember that the vintage van insurance is due in March instead of April",
    )
    assert not due.startswith("Updated"), due
    assert "KX-778" not in due
    assert any(
        "KX-778" in text
        for text in _contents(household, anna, "vintage van insurance number")
    )
    bens = _contents(household, ben, "vintage van insurance")
    assert "The vintage van insurance is due in March instead of April." in bens, bens
    assert not any("KX-778" in text for text in bens)
    kept = _said(
        household,
        anna,
        "remember that Yorick is allergic to penicillin, not amoxicillin",
    )
    assert not kept.startswith("Updated"), kept
    assert "Yorick is allergic to penicillin, not amoxicillin." in _contents(
        household, ben, "Yorick allergic"
    )
    # A German conversation in this English home reads German corrections.
    _said(household, anna, "Merk dir, dass Yoricks Tonne dienstags geleert wird", "de")
    fixed = _said(
        household,
        anna,
        "Merk dir: korrigiere: Yoricks Tonne wird mittwochs geleert",
        "de",
    )
    assert fixed.startswith("Aktualisiert: "), fixed
    assert not any(
        "orrigiere" in text for text in _contents(household, anna, "Yoricks Tonne")
    )


def test_two_people_correcting_the_same_old_value_leave_the_newest(
    household: Household,
) -> None:
    """Anna moves the compost bin from Monday to Tuesday morning; Ben, told
    of Monday too, moves it to Friday morning: his correction replaces
    Anna's, saying what it replaced, and no "instead of Monday" is kept
    (review s21 F13: a second memory, or one keeping "instead of …")."""
    wait_for_the_model(household)
    anna, ben = household.anna, household.ben
    _said(household, anna, "remember that the compost bin goes out on Monday morning")
    moved = _said(
        household,
        anna,
        "remember that the compost bin goes out on Tuesday morning "
        "instead of Monday morning",
    )
    assert moved.startswith("Updated"), moved
    again = _said(
        household,
        ben,
        "remember that the compost bin goes out on Friday morning "
        "instead of Monday morning",
    )
    assert again.startswith("Updated"), again
    assert "Tuesday" in again  # what it replaced
    found = [
        text
        for text in _contents(household, ben, "compost bin")
        if "compost" in text.casefold()
    ]
    assert found == ["The compost bin goes out on Friday morning."], found


def test_a_correction_keeps_what_follows_the_old_value(household: Household) -> None:
    """ "… on Thursday instead of Friday after school" was stored "… on
    Thursday.", "after school" lost (review s22); German too. (Otto's
    judo and Ottos Zahnarzt are this test's.)"""
    wait_for_the_model(household)
    anna = household.anna
    _said(household, anna, "remember that Otto has judo on Friday after school")
    moved = _said(
        household,
        anna,
        "remember that Otto has judo on Thursday instead of Friday after school",
    )
    assert moved.startswith("Updated"), moved
    judo = [t for t in _contents(household, anna, "Otto judo") if "judo" in t]
    assert judo == ["Otto has judo on Thursday after school."], judo
    _said(household, anna, "Merk dir, dass Otto am Freitag zum Zahnarzt geht", "de")
    _said(
        household,
        anna,
        "Merk dir, dass Otto am Donnerstag statt am Freitag zum Zahnarzt geht",
        "de",
    )
    dentist = [
        t for t in _contents(household, anna, "Otto Zahnarzt") if "Zahnarzt" in t
    ]
    assert dentist == ["Otto geht am Donnerstag zum Zahnarzt."], dentist


GERMAN_WEEKDAYS = (
    "Montag",
    "Dienstag",
    "Mittwoch",
    "Donnerstag",
    "Freitag",
    "Samstag",
    "Sonntag",
)


def test_corrections_home_assistant_misread_update_the_memory(
    household: Household,
) -> None:
    """Review s27b M6 (both versions): "… meets on Wednesday, not tomorrow",
    "no no, …", "no, actually not on Wednesday, the nanny is …" and "Nein,
    eigentlich nicht morgen, die Putzfrau kommt …" got Home Assistant's
    "no area called …" and the memory stayed as it was. Each updates it.
    (The chess club, the badminton match, the au pair and the
    Haushaltshilfe are this test's.)"""
    wait_for_the_model(household)
    hass, anna = household.hass, household.anna
    config = hass.request("GET", "/api/config", token=anna.token).ok()
    today = datetime.now(ZoneInfo(config["time_zone"])).date()
    (w2, _), (w3, d3), (w4, d4) = (
        _day(today + timedelta(days=days)) for days in (2, 3, 4)
    )
    _said(household, anna, "remember that the chess club meets tomorrow")
    meets = _said(
        household, anna, f"no, actually the chess club meets on {w3}, not tomorrow"
    )
    assert meets.startswith(f"Updated: The chess club meets on {d3} (was: "), meets

    _said(household, anna, f"remember that the badminton match is on {w2}")
    no_no = _said(household, anna, f"no no, the badminton match is on {w4}, not {w2}")
    assert no_no.startswith(f"Updated: The badminton match is on {w4}"), no_no

    _said(household, anna, f"remember that the au pair is coming on {w2}")
    first = _said(
        household, anna, f"no, actually not on {w2}, the au pair is coming on {w4}"
    )
    assert first.startswith(f"Updated: The au pair is coming on {d4} (was: "), first

    day = today + timedelta(days=4)
    german = f"{GERMAN_WEEKDAYS[day.weekday()]}"
    _said(household, anna, "Merk dir, dass die Haushaltshilfe morgen kommt", "de")
    putzt = _said(
        household,
        anna,
        f"Nein, eigentlich nicht morgen, die Haushaltshilfe kommt am {german}",
        "de",
    )
    assert putzt.startswith(
        f"Aktualisiert: Die Haushaltshilfe kommt am {german}, {day.day}. "
    ), putzt
    found = [
        t for t in _contents(household, anna, "Haushaltshilfe") if "Haushalts" in t
    ]
    assert len(found) == 1, found


def test_a_statement_after_a_bare_no_corrects_a_memory_of_its_subject(
    household: Household,
) -> None:
    """Review s40 #1 (both versions): "No, the head torch is in the hall"
    after "… in the kitchen drawer" got Home Assistant's "not aware of any
    area called hall". With a memory of the head torch it updates it; the
    ukulele, of which nothing is held, stays Home Assistant's. (The head
    torch and the ukulele are this test's.)"""
    wait_for_the_model(household)
    anna = household.anna
    _said(household, anna, "remember that the head torch is in the kitchen drawer")
    said = _said(household, anna, "No, the head torch is in the hall.")
    assert said.startswith("Updated: The head torch is in the hall (was: "), said
    found = [t for t in _contents(household, anna, "head torch") if "torch" in t]
    assert found == ["The head torch is in the hall."], found
    other = _said(household, anna, "No, the ukulele is in the hall.")
    assert not other.startswith("Updated"), other
    assert not other.startswith("Okay"), other
    assert not [t for t in _contents(household, anna, "ukulele") if "ukulele" in t]


def test_a_persons_deed_is_corrected_by_voice(household: Household) -> None:
    """Review s28 M2 (both versions): "no, actually we painted the shed last
    year, not the year before last" got "Sorry, I couldn't understand that"
    and the memory kept its year; "no, actually I meant …" is no memory.
    (The greenhouse is this test's.)"""
    wait_for_the_model(household)
    hass, anna = household.hass, household.anna
    config = hass.request("GET", "/api/config", token=anna.token).ok()
    year = datetime.now(ZoneInfo(config["time_zone"])).year
    _said(
        household, anna, "remember that we painted the greenhouse the year before last"
    )
    updated = _said(
        household,
        anna,
        "no, actually we painted the greenhouse last year, not the year before last",
    )
    assert updated.startswith(
        f"Updated: We painted the greenhouse in {year - 1} (was: "
    ), updated
    found = [t for t in _contents(household, anna, "greenhouse") if "greenhouse" in t]
    assert found == [f"We painted the greenhouse in {year - 1}."], found
    _said(household, anna, "no, actually I meant the greenhouse")
    found = [t for t in _contents(household, anna, "greenhouse") if "greenhouse" in t]
    assert found == [f"We painted the greenhouse in {year - 1}."], found


def test_another_person_corrects_the_households_deed_and_plan_not_anothers(
    household: Household,
) -> None:
    """Review s29 M2 and s30 H1, M2 (both versions): Ben's "no, actually we
    …" of Anna's "we" deed updates it, and his call-off of her plan does;
    his "we" of what Anna did herself leaves hers as it was. (The
    flagpole, the hammock and the tree surgeon are this test's.)"""
    wait_for_the_model(household)
    hass, anna, ben = household.hass, household.anna, household.ben
    config = hass.request("GET", "/api/config", token=anna.token).ok()
    year = datetime.now(ZoneInfo(config["time_zone"])).year
    _said(household, anna, "remember that we painted the flagpole the year before last")
    updated = _said(household, ben, "no, actually we painted the flagpole last year")
    assert updated.startswith(f"Updated: We painted the flagpole in {year - 1}"), (
        updated
    )
    _said(household, anna, "remember that I hung the hammock the year before last")
    kept = _said(household, ben, "no, actually we hung the hammock last year")
    assert not kept.startswith("Updated"), kept
    hammock = [t for t in _contents(household, anna, "hammock") if "hammock" in t]
    assert f"Anna hung the hammock in {year - 2}." in hammock, hammock
    _said(household, anna, "remember that the tree surgeon comes on Friday")
    off = _said(household, ben, "no, actually the tree surgeon is not coming")
    assert off.startswith("Updated: The tree surgeon is not coming"), off
    sweep = [t for t in _contents(household, anna, "tree surgeon") if "surgeon" in t]
    assert sweep == ["The tree surgeon is not coming."], sweep


def test_a_third_persons_deed_and_a_plan_called_off_are_corrections(
    household: Household,
) -> None:
    """Review s30b M7 (both versions): "no, actually the neighbours …
    last year", "no, actually we are not going to …" and "… isn't coming
    anymore" were Home Assistant's "couldn't understand" or "not aware of
    any device". Each updates the memory it corrects. (The gazebo, the
    lute recital and the bagpipe tutor are this test's.)"""
    wait_for_the_model(household)
    hass, anna = household.hass, household.anna
    config = hass.request("GET", "/api/config", token=anna.token).ok()
    year = datetime.now(ZoneInfo(config["time_zone"])).year
    _said(household, anna, "remember that the neighbours varnished the gazebo in 2023")
    updated = _said(
        household, anna, "no, actually the neighbours varnished the gazebo last year"
    )
    assert updated.startswith(
        f"Updated: The neighbours varnished the gazebo in {year - 1}"
    ), updated
    _said(household, anna, "remember that we are going to the lute recital on Friday")
    off = _said(household, anna, "no, actually we are not going to the lute recital")
    assert off.startswith("Updated: We are not going to the lute recital"), off
    _said(household, anna, "remember that the bagpipe tutor is coming on Saturday")
    off = _said(household, anna, "the bagpipe tutor isn't coming anymore")
    assert off.startswith("Updated: The bagpipe tutor isn't coming anymore"), off
    tutor = [t for t in _contents(household, anna, "bagpipe tutor") if "bagpipe" in t]
    assert tutor == ["The bagpipe tutor isn't coming anymore."], tutor


def test_another_days_no_leaves_a_moved_plan_standing(household: Household) -> None:
    """Review s32 H1: Ben moved Anna's plan to Friday; her later "… is not
    coming on Monday" replaced it, and the Friday was gone. It is now a
    memory of its own, and the plan still says Friday. (The piano restorer
    is this test's.)"""
    wait_for_the_model(household)
    anna, ben = household.anna, household.ben
    _said(household, anna, "remember that the piano restorer is coming on Thursday")
    moved = _said(
        household,
        ben,
        "no, actually the piano restorer is not coming on Thursday, "
        "he is coming on Friday",
    )
    assert moved.startswith("Updated:"), moved
    other = _said(
        household, anna, "remember that the piano restorer is not coming on Monday"
    )
    assert not other.startswith("Updated"), other
    told = [t for t in _contents(household, anna, "piano restorer") if "restorer" in t]
    assert len(told) == 2, told
    assert any("Friday" in text for text in told), told


def test_it_was_another_time_re_dates_the_memory_just_told(
    household: Household,
) -> None:
    """Review s32 M7: Anna's "no, actually it was last spring" right after
    "remember that we fixed the … last summer" was "Sorry, I couldn't
    understand that". It re-dates that memory and says so as a named
    correction does; Ben saying it in her conversation changes nothing.
    (The weathervane is this test's.)"""
    wait_for_the_model(household)
    hass, anna, ben = household.hass, household.anna, household.ben
    told = hass.conversation_process(
        "remember that we fixed the weathervane last summer", token=anna.token
    )
    conversation = told.get("conversation_id")

    def said(user: Any, text: str) -> str:
        result = hass.conversation_process(
            text, token=user.token, conversation_id=conversation
        )
        return str(hass.speech(result))

    annas = said(anna, "no, actually it was last spring")
    assert annas.startswith("Updated: We fixed the weathervane in spring"), annas
    assert "(was: in summer" in annas, annas
    bens = said(ben, "no, actually it was last autumn")
    assert not bens.startswith("Updated"), bens
    kept = [t for t in _contents(household, anna, "weathervane") if "weathervane" in t]
    assert len(kept) == 1, kept
    assert "in spring" in kept[0], kept


def test_a_name_s_deed_of_no_verb_ending_is_corrected_by_another(
    household: Household,
) -> None:
    """Review s31 M4 / s32 M7: Ben's "no, actually Anna went to the clinic
    last spring" was Home Assistant's "not aware of any device called no
    actually Anna went". It corrects Anna's household memory. (The
    acupuncturist is this test's: the podiatrist is test_told_by_name.py's.)"""
    wait_for_the_model(household)
    anna, ben = household.anna, household.ben
    _said(household, anna, "remember that Anna went to the acupuncturist last summer")
    updated = _said(
        household, ben, "no, actually Anna went to the acupuncturist last spring"
    )
    assert updated.startswith("Updated: Anna went to the acupuncturist in spring"), (
        updated
    )
    told = [
        t for t in _contents(household, anna, "acupuncturist") if "acupuncturist" in t
    ]
    assert len(told) == 1, told
    assert "in spring" in told[0], told
