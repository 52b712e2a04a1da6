"""A German household: the multilingual model finds a German fact by meaning,
the built-in agent remembers, answers, corrects and forgets in German, and an
LLM agent's model gets Home Memory's words in German."""

from __future__ import annotations

from datetime import datetime, time, timedelta
import re
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

import pytest

from ..german_home_things import GERMAN_HOME
from .conftest import start_household
from .hass_instance import BASE_CONFIGURATION
from .test_household import remember_event
from .test_per_turn_memory import _agents, _requests
from .test_proposals import FAKE_LLM, _llm_agent
from .test_question_phrasings import WOCHENTAGE

if TYPE_CHECKING:
    from collections.abc import Iterator

    from .conftest import Household

DOMAIN = "home_memory"
MULTILINGUAL = "multilingual-e5-small-q4"
KEY = "Der Ersatzschlüssel liegt unter dem blauen Blumentopf."


@pytest.fixture(scope="module")
def german_home(_sockets: None) -> Iterator[Household]:
    """Home Assistant in German with Home Memory (its model ready) and the
    recording LLM agents."""
    configuration = BASE_CONFIGURATION.replace("language: en", "language: de")
    assert "language: de" in configuration
    household = start_household(
        configuration=configuration, custom_components={"acceptance_llm": FAKE_LLM}
    )
    try:
        hass, anna = household.hass, household.anna

        def model() -> dict[str, Any]:
            body = hass.diagnostics(anna.token, household.entry_id).ok()
            return dict(body["data"]["model"])

        hass.wait_for(
            lambda: model()["status"] == "ready",
            what="the embedding model",
            timeout=300,
        )
        assert model()["embedder"] == MULTILINGUAL
        _llm_agent(household)
        yield household
    finally:
        household.hass.cleanup()


def _memories(home: Household, query: str) -> list[dict[str, Any]]:
    body = home.hass.call_service(
        DOMAIN, "search", {"query": query}, token=home.anna.token
    ).ok()
    return list(body["service_response"]["memories"])


def _observed(home: Household) -> list[str]:
    """Every observed memory's text, as Anna lists them."""
    body = home.hass.call_service(
        DOMAIN, "list", {"kinds": ["observation"], "limit": 100}, token=home.anna.token
    ).ok()
    return [m["content"] for m in body["service_response"]["memories"]]


def _person_states(
    home: Household, entity: str, name: str, states: tuple[str, ...]
) -> None:
    """Post `states` of the person `entity` (friendly name `name`), in order."""
    for state in states:
        home.hass.request(
            "POST",
            f"/api/states/{entity}",
            token=home.anna.token,
            json_body={"state": state, "attributes": {"friendly_name": name}},
        ).ok()


def _say(home: Household, text: str, conversation_id: str | None = None) -> Any:
    """One German turn with the built-in agent: (speech, conversation id)."""
    result = home.hass.conversation_process(
        text, token=home.anna.token, language="de", conversation_id=conversation_id
    )
    return home.hass.speech(result), result.get("conversation_id")


def test_german_fact_is_found_by_a_german_question(german_home: Household) -> None:
    """Language de: the multilingual model loads (no model folder needed), a
    German fact is remembered and found by a question in other words.
    """
    fact = "Die Mülltonnen werden dienstagabends an die Straße gestellt."
    german_home.hass.call_service(
        DOMAIN, "remember", {"content": fact}, token=german_home.anna.token
    ).ok()
    found = _memories(german_home, "Wann ist Müllabfuhr?")
    assert [m["content"] for m in found][:1] == [fact]
    # A question about something else entirely finds nothing.
    assert _memories(german_home, "Wer hat den Film gedreht?") == []


def test_remember_recall_correct_forget_by_voice_in_german(
    german_home: Household,
) -> None:
    """The built-in agent: every answer German, the memory a statement."""
    said, _ = _say(
        german_home,
        "Merk dir, dass der Ersatzschlüssel unter dem blauen Blumentopf liegt",
    )
    assert said == "Okay, das merke ich mir."
    assert [m["content"] for m in _memories(german_home, "Ersatzschlüssel")][:1] == [
        KEY
    ]
    where, _ = _say(german_home, "Wo ist der Ersatzschlüssel?")
    assert "unter dem blauen Blumentopf" in where
    # Its new place, told with another verb, supersedes the old one (e5 puts
    # the two under the correction floor; the place's words decide).
    moved, _ = _say(
        german_home, "Merk dir, dass der Ersatzschlüssel jetzt in der Garage ist"
    )
    assert moved == (
        "Aktualisiert: Der Ersatzschlüssel ist jetzt in der Garage"
        " (vorher: unter dem blauen Blumentopf)."
    )
    where, _ = _say(german_home, "Wo ist der Ersatzschlüssel?")
    assert "in der Garage" in where
    assert "Blumentopf" not in where

    asked, conversation_id = _say(german_home, "Vergiss den Ersatzschlüssel")
    assert asked.startswith("Soll ich vergessen: „Der Ersatzschlüssel ist jetzt in")
    done, _ = _say(german_home, "ja", conversation_id)
    assert done == "Okay, das habe ich vergessen."
    assert not any(
        "Ersatzschlüssel" in m["content"]
        for m in _memories(german_home, "Ersatzschlüssel")
    )

    # A correction replaces the old fact (German verbs and articles find the
    # subject: memory/text/statements.de.json); recall says only the new place.
    _say(german_home, "Merk dir, dass das Fahrrad im Keller steht")
    corrected, _ = _say(german_home, "Merk dir, dass das Fahrrad in der Garage steht")
    assert corrected == (
        "Aktualisiert: Das Fahrrad steht in der Garage (vorher: im Keller)."
    )
    bikes = [m for m in _memories(german_home, "Fahrrad") if "Fahrrad" in m["content"]]
    assert [m["content"] for m in bikes] == ["Das Fahrrad steht in der Garage."]
    where, _ = _say(german_home, "Wo ist das Fahrrad?")
    assert "in der Garage" in where
    assert "Keller" not in where
    # A plain word as a slot's new value, a place with "ist": corrections too.
    _say(german_home, "Merk dir, dass das WLAN-Passwort alpha ist")
    corrected, _ = _say(german_home, "Merk dir, dass das WLAN-Passwort charlie ist")
    assert corrected == "Aktualisiert: Das WLAN-Passwort ist charlie (vorher: alpha)."
    _say(german_home, "Merk dir, dass die Leiter im Keller ist")
    moved, _ = _say(german_home, "Merk dir, dass die Leiter in der Garage ist")
    assert moved == "Aktualisiert: Die Leiter ist in der Garage (vorher: im Keller)."
    where, _ = _say(german_home, "Wo ist die Leiter?")
    assert "in der Garage" in where
    assert "Keller" not in where
    # An ordinal keeps its full stop (the sentence matcher drops it).
    _say(german_home, "Merk dir, dass der Zahnarzttermin am 5. Mai ist")
    assert "Der Zahnarzttermin ist am 5. Mai." in [
        m["content"] for m in _memories(german_home, "Zahnarzttermin")
    ]
    # The other tests of this household do not hear of these.
    told = ("WLAN-Passwort", "Leiter", "Zahnarzttermin")
    ids = [
        m["id"]
        for word in told
        for m in _memories(german_home, word)
        if word in m["content"]
    ]
    assert len(ids) == len(told)
    german_home.hass.call_service(
        DOMAIN, "forget", {"ids": ids}, token=german_home.anna.token
    ).ok()


def test_a_refused_memory_is_explained_in_german(german_home: Household) -> None:
    """A fragment one character longer than a memory may be is refused, and
    the answer says why in German, not in English ("content: is longer than
    8000 characters"); nothing is stored."""
    said, _ = _say(german_home, "merk dir " + "x" * 8001)
    assert said == (
        "Das ist zu lang zum Merken; ich kann bis zu 8000 Zeichen behalten."
    )
    assert _memories(german_home, "x" * 20) == []


def test_an_llm_agent_gets_german_words(german_home: Household) -> None:
    """What the model of an agent with the Home Memory API receives: German
    instructions and a German background around the German memory."""
    hass = german_home.hass
    hass.call_service(
        DOMAIN,
        "remember",
        {"content": "Die Katze heißt Miso und mag Thunfisch."},
        token=german_home.anna.token,
    ).ok()
    agent = _agents(german_home)["Memory only"]
    result = hass.conversation_process(
        "Wie heißt die Katze?",
        token=german_home.anna.token,
        agent_id=agent,
        language="de",
    )
    [request] = _requests(german_home, agent, str(result["conversation_id"]))
    system = str(request["system"])
    assert "Du hast ein Langzeitgedächtnis für diesen Haushalt." in system
    assert "\nRelevanter Hintergrund:\n<data>\n" in system
    (line,) = [ln for ln in system.splitlines() if "Miso" in ln]
    assert line.startswith("- (heute")
    assert line.endswith('"Die Katze heißt Miso und mag Thunfisch."')
    assert "Relevant background" not in system
    assert "long-term memory" not in system


def test_german_corrections_and_what_is_questions_by_voice(
    german_home: Household,
) -> None:
    """With e5 and a dozen other things in the bathroom: a new place and a
    negation of the same words supersede, a negation of another place keeps
    both; "Was ist der …"/"die … vom …" are answered from memory."""
    hass, token = german_home.hass, german_home.anna.token
    _say(german_home, "Merk dir, dass die Schere in der Küche ist")
    others = [
        f"{thing} ist im Bad."
        for thing in (
            "Die Nagelschere", "Die Papierschere", "Die Haarschere",
            "Die Gartenschere", "Der Föhn", "Das Handtuch", "Die Zahnbürste",
            "Der Rasierer", "Die Seife", "Der Kamm", "Die Bürste",
            "Das Pflaster",
        )
    ]  # fmt: skip
    for other in others:
        hass.call_service(DOMAIN, "remember", {"content": other}, token=token).ok()
    moved, _ = _say(german_home, "Merk dir, dass die Schere im Bad ist")
    assert moved == "Aktualisiert: Die Schere ist im Bad (vorher: in der Küche)."
    kept, _ = _say(german_home, "Merk dir, dass die Schere nicht in der Garage liegt")
    assert kept == "Okay, das merke ich mir."
    gone, _ = _say(german_home, "Merk dir, dass die Schere nicht mehr im Bad ist")
    assert gone == "Aktualisiert: Die Schere ist nicht mehr im Bad (vorher: im Bad)."
    scissors = {
        m["content"]
        for m in _memories(german_home, "Schere")
        if "Die Schere" in m["content"]
    }
    assert scissors == {
        "Die Schere ist nicht mehr im Bad.",
        "Die Schere liegt nicht in der Garage.",
    }

    _say(german_home, "Merk dir, dass der Kellercode 2468 ist")
    _say(german_home, "Merk dir, dass die PIN vom Fahrradschloss 1357 ist")
    for question, answer in (
        ("Was ist der Kellercode?", "2468"),
        ("Was ist der Kellercode", "2468"),
        ("Was ist die PIN vom Fahrradschloss?", "1357"),
        ("Wie lautet der Kellercode?", "2468"),
    ):
        said, _ = _say(german_home, question)
        assert answer in said, (question, said)

    # The other tests of this household do not hear of these.
    told = [
        *others,
        *scissors,
        "Der Kellercode ist 2468.",
        "Die PIN vom Fahrradschloss ist 1357.",
    ]
    ids = {
        m["id"]
        for text in told
        for m in _memories(german_home, text)
        if m["content"] == text
    }
    assert len(ids) == len(told)
    hass.call_service(DOMAIN, "forget", {"ids": sorted(ids)}, token=token).ok()


def test_a_correction_said_after_nein_is_applied(german_home: Household) -> None:
    """ "Nein, eigentlich …" corrects as "eigentlich …" does (review s25:
    it was Home Assistant's "Kein Bereich …")."""
    hass, token = german_home.hass, german_home.anna.token
    _say(german_home, "Merk dir, dass der Dachbodenschlüssel in der Schublade liegt")
    said, _ = _say(german_home, "Nein, eigentlich liegt der Dachbodenschlüssel im Flur")
    assert said.startswith("Aktualisiert: Der Dachbodenschlüssel liegt im Flur"), said
    [kept] = [
        m
        for m in _memories(german_home, "Dachbodenschlüssel")
        if "Dachbodenschlüssel" in m["content"]
    ]
    assert kept["content"] == "Der Dachbodenschlüssel liegt im Flur."
    hass.call_service(DOMAIN, "forget", {"ids": [kept["id"]]}, token=token).ok()


def test_a_statement_after_a_bare_nein_corrects_a_memory_of_its_subject(
    german_home: Household,
) -> None:
    """Review s40 #1 (both versions): "Nein, die Taschenlampe liegt im Flur"
    after "Merk dir, die Taschenlampe liegt in der Küche" got "Kein Bereich
    mit dem Namen …". With a memory of the torch it updates it; the
    Gießkanne, of which nothing is held, stays Home Assistant's."""
    hass, token = german_home.hass, german_home.anna.token
    _say(german_home, "Merk dir, die Taschenlampe liegt in der Küche.")
    said, _ = _say(german_home, "Nein, die Taschenlampe liegt im Flur.")
    assert said.startswith("Aktualisiert: Die Taschenlampe liegt im Flur"), said
    [kept] = [
        m
        for m in _memories(german_home, "Taschenlampe")
        if "Taschenlampe" in m["content"]
    ]
    assert kept["content"] == "Die Taschenlampe liegt im Flur."
    other, _ = _say(german_home, "Nein, die Gießkanne liegt im Flur.")
    assert not other.startswith(("Aktualisiert", "Okay")), other
    assert not [
        m for m in _memories(german_home, "Gießkanne") if "Gießkanne" in m["content"]
    ]
    hass.call_service(DOMAIN, "forget", {"ids": [kept["id"]]}, token=token).ok()


def test_a_persons_deed_and_a_doubled_nein_correct(german_home: Household) -> None:
    """Review s28 M2/M3 (both versions): "Nein, eigentlich haben wir den Zaun
    letztes Jahr gestrichen, …" was answered as a question, and "Nein nein,
    der Chor probt am Donnerstag, nicht morgen" got "Kein Bereich …"; each
    updates its memory."""
    hass, token = german_home.hass, german_home.anna.token
    config = hass.request("GET", "/api/config", token=token).ok()
    today = datetime.now(ZoneInfo(config["time_zone"])).date()
    _say(german_home, "Merk dir, dass wir vorletztes Jahr den Zaun gestrichen haben")
    said, _ = _say(
        german_home,
        "Nein, eigentlich haben wir den Zaun letztes Jahr gestrichen, "
        "nicht vorletztes Jahr",
    )
    assert said.startswith("Aktualisiert: "), said
    [fence] = [m for m in _memories(german_home, "Zaun") if "Zaun" in m["content"]]
    assert f"{today.year - 1}" in fence["content"], fence["content"]
    assert f"{today.year - 2}" not in fence["content"], fence["content"]
    day = today + timedelta(days=3)
    weekday = WOCHENTAGE[day.weekday()]
    _say(german_home, "Merk dir, dass der Posaunenchor morgen probt")
    said, _ = _say(
        german_home, f"Nein nein, der Posaunenchor probt am {weekday}, nicht morgen"
    )
    assert said.startswith("Aktualisiert: "), said
    [choir] = [
        m for m in _memories(german_home, "Posaunenchor") if "Posaunen" in m["content"]
    ]
    assert f"{weekday}, {day.day}. " in choir["content"], choir["content"]
    for memory in (fence, choir):
        hass.call_service(DOMAIN, "forget", {"ids": [memory["id"]]}, token=token).ok()


def test_a_topic_of_last_year_is_answered_by_its_own_memory(
    german_home: Household,
) -> None:
    """Review s28 M7 (both versions): "Was hat der Klempner letztes Jahr
    repariert" listed "Wir haben im Jahr 2025 die Terrasse gestrichen"
    beside the plumber's; the English only the plumber's. The year's
    question with no topic still lists both."""
    hass, token = german_home.hass, german_home.anna.token
    _say(
        german_home, "Merk dir, dass der Klempner letztes Jahr die Dusche repariert hat"
    )
    _say(german_home, "Merk dir, dass wir letztes Jahr die Terrasse gestrichen haben")
    said, _ = _say(german_home, "Was hat der Klempner letztes Jahr repariert")
    assert "Dusche" in said, said
    assert "Terrasse" not in said, said
    said, _ = _say(german_home, "Was haben wir letztes Jahr gemacht")
    assert "Dusche" in said, said
    assert "Terrasse" in said, said
    told = [
        m
        for m in _memories(german_home, "Dusche Terrasse")
        if "Dusche" in m["content"] or "Terrasse" in m["content"]
    ]
    for memory in told:
        hass.call_service(DOMAIN, "forget", {"ids": [memory["id"]]}, token=token).ok()


def test_a_question_in_the_perfect_is_about_what_happened(
    german_home: Household,
) -> None:
    """ "Was haben wir am Samstag gemacht?" (no marker word, German perfect)
    asks what happened that day: the habit that names the day stays out;
    "Was haben wir am Samstag vor?" is a plan and hears the habit; a topic
    that is not there ("das Vorstellungsgespräch") finds nothing."""
    hass, anna = german_home.hass, german_home.anna
    config = hass.request("GET", "/api/config", token=anna.token).ok()
    zone = ZoneInfo(config["time_zone"])
    day = datetime.now(zone).date() - timedelta(days=2)
    name = WOCHENTAGE[day.weekday()]
    moment = datetime.combine(day, time(10, 0), tzinfo=zone)
    done = "Wir haben den Keller aufgeräumt."
    remember_event(hass, anna, done, moment.isoformat())
    habit = f"Anna geht am {name} zum Chor."
    hass.call_service(DOMAIN, "remember", {"content": habit}, token=anna.token).ok()
    said, _ = _say(german_home, f"Was haben wir am {name} gemacht?")
    assert "Keller" in said, said
    assert "Chor" not in said, said
    planned, _ = _say(german_home, f"Was haben wir am {name} vor?")
    assert "Chor" in planned, planned
    assert "Keller" not in planned, planned
    asked = f"Was weißt du über das Vorstellungsgespräch am {name}?"
    other = [m["content"] for m in _memories(german_home, asked)]
    assert other == [], other


@pytest.mark.xfail(
    strict=True,
    reason="known limit (docs/time.md): the trigger hands recall only "
    "'das Vorstellungsgespräch', and e5 rates a short query closer to "
    "everything (0.33 / 0.22 on the shared scale) than the window's topic "
    "similarity of 0.2",
)
def test_a_topic_asked_by_voice_that_is_not_there_is_not_answered(
    german_home: Household,
) -> None:
    """ "Was weißt du über das Vorstellungsgespräch am <Tag>?" by voice, with
    only the choir and the cellar on that day: nothing to say."""
    hass, anna = german_home.hass, german_home.anna
    config = hass.request("GET", "/api/config", token=anna.token).ok()
    day = datetime.now(ZoneInfo(config["time_zone"])).date() - timedelta(days=3)
    name = WOCHENTAGE[day.weekday()]
    hass.call_service(
        DOMAIN,
        "remember",
        {"content": f"Ben geht am {name} zum Sport."},
        token=anna.token,
    ).ok()
    said, _ = _say(
        german_home, f"Was weißt du über das Vorstellungsgespräch am {name}?"
    )
    assert "erinnere mich an nichts" in said, said


def test_annas_own_things_are_annas_for_the_household(german_home: Household) -> None:
    """ "Mein Spindcode ist 4711" from Anna (person.anna is linked to her)
    is stored as "Annas Spindcode ist 4711", and found by it."""
    body = german_home.hass.call_service(
        DOMAIN,
        "remember",
        {"content": "Mein Spindcode ist 4711"},
        token=german_home.anna.token,
    ).ok()
    assert body["service_response"]["memory"]["content"] == "Annas Spindcode ist 4711"
    found = _memories(german_home, "Wie lautet Annas Spindcode?")
    assert [m["content"] for m in found][:1] == ["Annas Spindcode ist 4711"]


def test_what_ben_without_a_person_did_names_him(german_home: Household) -> None:
    """Found by the new-user review (s16): Ben, a login with no person, said
    "merk dir, dass ich heute Morgen das Gartentor repariert habe" and it
    was stored "Ich habe am Samstagmorgen … repariert", the assistant's
    "ich". It names him by his user's name, and "wer …" finds him."""
    ben = german_home.hass.conversation_process(
        "merk dir, dass ich heute Morgen die Wetterstation im Garten aufgebaut habe",
        token=german_home.ben.token,
        language="de",
    )
    assert german_home.hass.speech(ben)
    found = _memories(german_home, "Wetterstation")
    [station] = [m for m in found if "Wetterstation" in m["content"]]
    assert station["content"].startswith("Ben hat am "), station
    assert station["content"].endswith(" die Wetterstation im Garten aufgebaut.")
    assert station["people"] == ["Ben"]
    said, _ = _say(german_home, "Wer hat die Wetterstation aufgebaut?")
    assert "Ben hat am " in said, said


# The review's home without the piano tuner, whom Anna tells by voice.
HOUSEHOLD_DE = tuple(text for text in GERMAN_HOME if "Klavierstimmer" not in text)


def test_a_german_question_is_answered_with_its_memory_not_fifteen(
    german_home: Household,
) -> None:
    """About 25 household memories: "wann ist der Zahnarzttermin" answers
    the dentist, not "Ich erinnere mich an 15 Dinge" (the search action
    showed 17, unrelated ones at 0.37-0.51 over the 0.3 floor); a wrong hit
    no longer counts as an access; the plan told again for another day
    moves it; questions with any verb are memory's."""
    hass, token = german_home.hass, german_home.anna.token
    told = _say(german_home, "Merk dir, dass der Klavierstimmer morgen um 17 Uhr kommt")
    assert told[0] == "Okay, das merke ich mir.", told
    for text in HOUSEHOLD_DE:
        hass.call_service(DOMAIN, "remember", {"content": text}, token=token).ok()
    for question, answer in (
        ("wann ist der Zahnarzttermin", "Zahnarzttermin"),
        ("wo ist der Zweitschlüssel", "Zweitschlüssel"),
        ("wann kommt der Klavierstimmer", "Klavierstimmer"),
        ("wer ist gegen Katzen allergisch", "Katzen allergisch"),
    ):
        found = [m["content"] for m in _memories(german_home, question)]
        assert answer in (found or [""])[0], (question, found)
        assert len(found) <= 2, (question, found)
        said, _ = _say(german_home, question)
        assert answer in said, (question, said)
        assert "Dinge" not in said or "2 Dinge" in said, (question, said)
    plumber = _memories(german_home, "Klempner")[0]
    assert plumber["content"].startswith("Der Klempner kommt am Mittwoch"), plumber
    assert plumber["access_count"] <= 4, plumber

    # The tuner comes on another day: the plan moves, it is not doubled.
    moved, _ = _say(
        german_home, "Merk dir, dass der Klavierstimmer übermorgen um 17 Uhr kommt"
    )
    assert moved.startswith("Aktualisiert: Der Klavierstimmer kommt am"), moved
    tuners = [
        m["content"]
        for m in _memories(german_home, "Klavierstimmer")
        if "Klavierstimmer" in m["content"]
    ]
    assert len(tuners) == 1, tuners
    bins, _ = _say(
        german_home,
        "Merk dir, dass die Mülltonnen jeden Dienstagabend rausgestellt werden",
    )
    assert bins.startswith("Aktualisiert: Die Mülltonnen werden jeden Dienstagabend"), (
        bins
    )

    # Any verb after "wann", "was hat … repariert": memory's, answered.
    for question, answer in (
        ("wann fliegen wir nach Lissabon", "Lissabon"),
        ("wann hatte Mia Fieber", "Fieber"),
        ("was hat Ben repariert", "Platten"),
        ("wann geht Noah zum Arzt", "Vorsorgeuntersuchung"),
    ):
        said, _ = _say(german_home, question)
        assert answer in said, (question, said)

    ids = {
        m["id"]
        for text in (*HOUSEHOLD_DE, "Klavierstimmer", "Mülltonnen")
        for m in _memories(german_home, text)
    }
    hass.call_service(DOMAIN, "forget", {"ids": sorted(ids)}, token=token).ok()


# A day the built-in agent puts for a relative one ("am Samstag, 21. November").
_DAY = r"am [A-Z][a-z]+, \d{1,2}\. [A-ZÄ][a-zä]+"


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        (
            (
                "Merk dir, dass wir heute mit den Kindern im Aquarium waren und die"
                " Pinguine gefüttert haben"
            ),
            (
                rf"Wir waren {_DAY} mit den Kindern im Aquarium und haben die"
                r" Pinguine gefüttert\."
            ),
        ),
        (
            "Merk dir, dass Tante Helga nächsten Sonntag 70 wird",
            rf"Tante Helga wird {_DAY} 70\.",
        ),
        (
            (
                "Merk dir, dass wir am Samstag, den 28. November, zur Hochzeit von"
                " Jonas und Lea nach Potsdam fahren"
            ),
            (
                r"Wir fahren am Samstag, den 28\. November, zur Hochzeit von Jonas"
                r" und Lea nach Potsdam\."
            ),
        ),
        (
            "Merk dir, dass der Kaminkehrer übermorgen vorbeikommt",
            rf"Der Kaminkehrer kommt {_DAY} vorbei\.",
        ),
        # Final review s19 F1: the clause before "…, weil …" moves alone,
        # its "ich" named; a person's second clause acts on its thing.
        (
            "Merk dir, dass ich den Dachboden aufgeräumt habe, weil er voll war",
            r"Anna hat den Dachboden aufgeräumt, weil er voll war\.",
        ),
        (
            "Merk dir, dass Lena anruft, sobald sie gelandet ist",
            r"Lena ruft an, sobald sie gelandet ist\.",
        ),
        (
            "Merk dir, dass der Dachdecker morgen kommt und die Regenrinne abdichtet",
            rf"Der Dachdecker kommt {_DAY} und dichtet die Regenrinne ab\.",
        ),
        # Said with the verb second already, kept as said (review s27: "Am
        # hungrig am Dienstag, 1. Dezember war die Katze sehr.").
        (
            "Merk dir, dass am Morgen war die Katze sehr hungrig",
            r"Am Morgen war die Katze sehr hungrig\.",
        ),
        (
            "Merk dir, dass am Wochenende schlafen wir meistens lange",
            r"Am Wochenende schlafen wir meistens lange\.",
        ),
    ],
)
def test_every_verb_of_a_dass_clause_comes_second(
    german_home: Household, said: str, stored: str
) -> None:
    """Found by the month review (s19 F5): "Merk dir, dass Oma Hilde nächsten
    Sonntag 90 wird" was stored and spoken "Oma Hilde am Sonntag, 22.
    November 90 wird.": only a perfect's "haben" moved. Any finite verb that
    ends the clause (or each clause "und" joins) comes second, a separable
    one leaving its prefix last."""
    told, _ = _say(german_home, said)
    assert told == "Okay, das merke ich mir.", told
    found = [m["content"] for m in _memories(german_home, said.split(", dass ")[1])]
    assert any(re.fullmatch(stored, text) for text in found), found


def test_what_someone_bought_is_not_all_they_did(german_home: Household) -> None:
    """ "Was hat Ben gekauft?" listed Ben's other deeds beside the one he
    bought (review s21 F7 in German): the memory saying "gekauft" shows
    the others to be other deeds. (The Hochbeet and the Kompost are this
    test's.)"""
    for fact in (
        "Merk dir, dass Ben ein neues Hochbeet gebaut hat",
        "Merk dir, dass Ben den Kompost umgesetzt hat",
        "Merk dir, dass Ben einen Rasenmäher gekauft hat",
    ):
        said, _ = _say(german_home, fact)
        assert said == "Okay, das merke ich mir.", said
    bought, _ = _say(german_home, "Was hat Ben gekauft?")
    assert "Rasenmäher" in bought, bought
    assert "Hochbeet" not in bought, bought
    assert "Kompost" not in bought, bought


def test_two_things_of_one_day_by_voice_are_two_memories(
    german_home: Household,
) -> None:
    """HIGH defect: "Merk dir, dass wir letzten Sonntag auf dem
    Weihnachtsmarkt waren" after Sunday's "… den Adventskranz gebunden
    haben" answered "Aktualisiert: …" and the wreath was gone. Two things
    of one day are two memories; the outing told with its town is the same
    outing, corrected. (The Adventskranz, the Weihnachtsmarkt and Köln are
    this test's.)"""
    day = "vorgestern"
    wreath = f"Merk dir, dass wir {day} den Adventskranz gebunden haben"
    said, _ = _say(german_home, wreath)
    assert said == "Okay, das merke ich mir.", said
    market = f"Merk dir, dass wir {day} auf dem Weihnachtsmarkt waren"
    said, _ = _say(german_home, market)
    assert said == "Okay, das merke ich mir.", said
    told = [
        m["content"]
        for m in _memories(german_home, "Adventskranz Weihnachtsmarkt")
        if re.search("Adventskranz|Weihnachtsmarkt", m["content"])
    ]
    assert any("Adventskranz gebunden" in text for text in told), told
    assert any("Weihnachtsmarkt." in text for text in told), told
    town = f"Merk dir, dass wir {day} auf dem Weihnachtsmarkt in Köln waren"
    said, _ = _say(german_home, town)
    assert said.startswith("Aktualisiert:"), said
    assert "Adventskranz" not in said, said


def test_german_clauses_keep_their_verb_second_and_a_habit_undated(
    german_home: Household,
) -> None:
    """Reviews s27 M3 and s27b M7, M8, M2 by voice: a "dass" clause ending
    "… und nicht am Donnerstag" or "…, sondern am Freitag kommt" gets its
    verb second; a separable verb leaves its prefix last; "nachts" and
    "gerne" tell a habit (no date); a correction's "ist" follows "Annas
    Yogakurs"; "Was hat Oma Rosa gebacken" is not her neighbour's cake."""
    said = {
        "Merk dir, dass der Nachbar am Freitag kommt und nicht am Donnerstag": (
            "Der Nachbar kommt am Freitag"
        ),
        "Merk dir, dass der Elektriker nicht morgen, sondern am Freitag kommt": (
            "Der Elektriker kommt nicht am"
        ),
        "Merk dir, dass unsere Katze nachts gerne draußen herumläuft": (
            "Unsere Katze läuft nachts gerne draußen herum."
        ),
        "Merk dir, dass die Kinder am Wochenende gerne lange schlafen": (
            "Die Kinder schlafen am Wochenende gerne lange."
        ),
        "Merk dir, dass der Handwerker nächste Woche wiederkommt": (
            "Der Handwerker kommt in der Woche vom"
        ),
        "Nein, eigentlich ist Annas Yogakurs am Freitag, nicht morgen": (
            "Annas Yogakurs ist am Freitag"
        ),
    }
    for text, stored in said.items():
        _say(german_home, text)
        subject = " ".join(stored.split()[:2])
        found = [
            m["content"]
            for m in _memories(german_home, subject)
            if m["content"].startswith(subject)
        ]
        assert any(content.startswith(stored) for content in found), (text, found)
    for text in (
        "Merk dir, dass Oma Rosa in Neapel wohnt",
        "Merk dir, dass Mia Plätzchen für das Schulfest gebacken hat",
        "Merk dir, dass Rosas Nachbarin einen Zitronenkuchen gebacken hat",
    ):
        _say(german_home, text)
    answer, _ = _say(german_home, "Was hat Oma Rosa gebacken")
    assert "Nachbarin" not in answer, answer
    assert "Plätzchen" not in answer, answer


def test_vergiss_es_with_nothing_talked_about_is_never_mind(
    german_home: Household,
) -> None:
    """ "Vergiss es" is Home Assistant's German "never mind": in a new
    conversation it asks nothing and says nothing (review s30 L1: "Ich bin
    nicht sicher, welche Erinnerung du meinst"); said right after a memory,
    it asks about that one."""
    spoken, _ = _say(german_home, "Vergiss es")
    assert spoken == ""
    _, conversation = _say(german_home, "Merk dir, dass der Gartenschlosscode 8142 ist")
    spoken, _ = _say(german_home, "Vergiss es", conversation)
    assert "8142" in spoken, spoken
    spoken, _ = _say(german_home, "nein", conversation)
    kept = _memories(german_home, "Gartenschlosscode")
    assert any("8142" in memory["content"] for memory in kept)


def test_heimgekommen_is_answered_by_the_arrival(german_home: Household) -> None:
    """Lotta leaves and comes home in one segment: "Wann ist Lotta zuletzt
    heimgekommen" reads the arrival, not the departure said first (review
    s30 M6)."""
    hass, anna = german_home.hass, german_home.anna
    _person_states(
        german_home, "person.lotta_heim", "Lotta", ("home", "not_home", "home")
    )
    hass.call_service(DOMAIN, "close_segment", {}, token=anna.token).ok()
    # The arrival is told "kam … nach Hause" or "war … wieder zu Hause".
    arrived = re.compile(r"Lotta (?:kam|war) [^.]*(?:nach|wieder zu) Hause")

    def told() -> list[str]:
        return [t for t in _observed(german_home) if arrived.search(t)]

    hass.wait_for(lambda: bool(told()), what="Lotta's arrival", timeout=30)
    spoken, _ = _say(german_home, "Wann ist Lotta zuletzt heimgekommen")
    assert arrived.search(spoken), (spoken, told())


def test_who_comes_in_german_is_answered_by_the_comings(
    german_home: Household,
) -> None:
    """Review s31 M5: "Wer kommt?" listed Ben's getting up beside the
    plans, and "Besucht uns morgen jemand?" was not understood. A memory
    that tells of no coming is no answer where one tells of a coming."""
    _say(german_home, "Merk dir, dass die Hebamme morgen kommt")
    _say(german_home, "Merk dir, dass Ben heute um halb sechs aufgestanden ist")
    for asked in ("Wer kommt?", "Besucht uns morgen jemand?"):
        spoken, _ = _say(german_home, asked)
        assert "kommt" in spoken, (asked, spoken)
        assert "aufgestanden" not in spoken, (asked, spoken)
    spoken, _ = _say(german_home, "Besucht uns morgen jemand?")
    assert "Hebamme" in spoken, spoken


def test_losgegangen_is_answered_by_the_departure(german_home: Household) -> None:
    """Jonas leaves, then comes home, two segments: "Wann ist Jonas
    losgegangen?" reads the departure first, not the return (session 32:
    outside a day's window, nothing lifted the moment asked)."""
    hass, anna = german_home.hass, german_home.anna
    left = re.compile(r"Jonas (?:brach|verließ|ging)[^.]*(?:auf|Haus)")

    def observed() -> list[str]:
        return [text for text in _observed(german_home) if "Jonas" in text]

    for states in (("home", "not_home"), ("home",)):
        before = len(observed())
        _person_states(german_home, "person.jonas_weg", "Jonas", states)
        hass.call_service(DOMAIN, "close_segment", {}, token=anna.token).ok()
        hass.wait_for(
            lambda seen=before: len(observed()) > seen, what="Jonas", timeout=30
        )
    assert any(left.search(text) for text in observed()), observed()
    spoken, _ = _say(german_home, "Wann ist Jonas losgegangen?")
    assert left.search(spoken.split("2:")[0]), (spoken, observed())


def test_two_leaving_together_take_the_plural_verb(german_home: Household) -> None:
    """Greta and Hugo leave together, then come home together: the home
    writes "Greta und Hugo gingen … aus dem Haus" and "… kamen … nach Hause"
    (the verbs were singular: "Anna, Ben und Lena ging …"; household replay
    of session 33)."""
    hass, anna = german_home.hass, german_home.anna
    pair = re.compile(r"(?:Greta und Hugo|Hugo und Greta) (\w+)")

    def observed() -> list[str]:
        return [text for text in _observed(german_home) if pair.search(text)]

    for states in (("home", "not_home"), ("home",)):
        before = len(observed())
        _person_states(german_home, "person.greta_paar", "Greta", states)
        _person_states(german_home, "person.hugo_paar", "Hugo", states)
        hass.call_service(DOMAIN, "close_segment", {}, token=anna.token).ok()
        hass.wait_for(
            lambda seen=before: len(observed()) > seen, what="the pair", timeout=30
        )
    verbs = {match.group(1) for text in observed() for match in pair.finditer(text)}
    assert verbs, observed()
    assert verbs <= {"gingen", "brachen", "kamen", "waren"}, observed()


def test_a_name_s_night_is_no_answer_of_another_name(german_home: Household) -> None:
    """Review s32 M2: with "Zoe ist letzte Nacht aufgestanden" told (Zoe no
    one of the household), "Ist Max letzte Nacht aufgestanden?" read "Zoe
    ist … aufgestanden", and Anna's question listed it too. A capitalised
    word before its auxiliary and participle, of no family the German
    tables know, is someone's name: Zoe's night answers Zoe alone."""
    _say(german_home, "Merk dir, dass Zoe letzte Nacht aufgestanden ist")
    for name in ("Max", "Anna"):
        spoken, _ = _say(german_home, f"Ist {name} letzte Nacht aufgestanden?")
        assert "Zoe" not in spoken, (name, spoken)
    spoken, _ = _say(german_home, "Ist Zoe letzte Nacht aufgestanden?")
    assert "Zoe ist" in spoken, spoken


def test_das_war_another_time_re_dates_the_memory_just_told(
    german_home: Household,
) -> None:
    """Review s32 M7: "Nein, eigentlich war das letzten Frühling" right
    after a memory of last summer re-dates it (the birdhouse is this
    test's)."""
    _, conversation = _say(
        german_home, "Merk dir, dass wir letzten Sommer das Vogelhaus gestrichen haben"
    )
    spoken, _ = _say(
        german_home, "Nein, eigentlich war das letzten Frühling", conversation
    )
    assert spoken.startswith("Aktualisiert:"), spoken
    told = [
        m["content"]
        for m in _memories(german_home, "Vogelhaus")
        if "Vogelhaus" in m["content"]
    ]
    assert len(told) == 1, told
    assert "Frühling" in told[0], told
    assert "Sommer" not in told[0], told


def test_who_got_up_is_asked_of_memory_not_of_the_people(
    german_home: Household,
) -> None:
    """Review s35 M3: "Wer ist heute Morgen aufgestanden?" was Home
    Assistant's "Keins", its people's state: the trigger for it named a
    rule (`<went>`) Home Assistant's triggers do not have. Ilse is this
    test's; yesterday keeps it off the clock of this morning."""
    _say(german_home, "Merk dir, dass Ilse gestern um sechs aufgestanden ist")
    spoken, _ = _say(german_home, "Wer ist gestern aufgestanden?")
    assert "Ilse" in spoken, spoken
    assert "aufgestanden" in spoken, spoken


def test_a_verb_first_question_of_this_morning_is_answered(
    german_home: Household,
) -> None:
    """ "Ist heute Morgen jemand aufgestanden" got "Entschuldigung, das habe
    ich nicht verstanden" (review s29 M8): memory answers it from the
    morning's getting up, told before now. Last in this file, after the
    other tests' memories of this morning: at 06:16 local (CI of session
    32) Lotte's was not among the nine answered, her simple past read as
    no past and left out as a habit (docs/time.md, "German past")."""
    hass, anna = german_home.hass, german_home.anna
    config = hass.request("GET", "/api/config", token=anna.token).ok()
    zone = ZoneInfo(config["time_zone"])
    now = datetime.now(zone)
    # The home's zone has its morning begun (hass_instance.home_zone).
    moment = max(
        datetime.combine(now.date(), time(5, 1), tzinfo=zone),
        min(
            datetime.combine(now.date(), time(7, 15), tzinfo=zone),
            now - timedelta(minutes=2),
        ),
    )
    if moment >= now:
        pytest.skip("the home's morning has not begun yet")
    remember_event(
        hass,
        anna,
        "Lotte wachte auf und stand auf, um Kaffee zu kochen.",
        moment.isoformat(),
    )
    for asked in (
        "Ist heute Morgen jemand aufgestanden",
        # Lotte is this test's: the shared home's Ben did more this morning.
        "Ist Lotte heute Morgen aufgestanden",
    ):
        said, _ = _say(german_home, asked)
        assert "Kaffee" in said, (asked, said)
    # The shared home's Ben did more this morning: his getting up is read
    # first all the same (CI, commit 9ce43dc).
    remember_event(
        hass,
        anna,
        "Ben wachte auf und stand auf, um den Hund auszuführen.",
        moment.isoformat(),
    )
    said, _ = _say(german_home, "Ist Ben heute Morgen aufgestanden")
    assert "Hund" in said.split("2:")[0], said
