"""Questions as people ask them, to a real Home Assistant's built-in agent.

Over /api/conversation/process only: "where is …" reaches memory where Home
Assistant has no answer of its own, in English and German; a person or area
by that name, and commands, stay Home Assistant's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .test_household import service

if TYPE_CHECKING:
    from .conftest import Household

REMEMBERED = "Okay, I'll remember that."
GEMERKT = "Okay, das merke ich mir."


def ask(home: Household, text: str, language: str = "en") -> dict[str, Any]:
    """One built-in-agent turn as Anna; the conversation result."""
    return home.hass.conversation_process(
        text, token=home.anna.token, language=language
    )


def said(result: dict[str, Any]) -> str:
    """What the result speaks."""
    return str(result["response"]["speech"]["plain"]["speech"])


def test_where_when_who_reach_memory(household: Household) -> None:
    """English questions with no answer in Home Assistant are answered from memory.

    (The household is shared: each fact here is about something no other
    test remembers, or it would be told as a correction.)
    """
    for fact in (
        "remember that the tyre inflator is in the attic crate",
        "remember that the window cleaner comes on the third of March",
        "remember that Ben's shoe size is 44",
    ):
        assert said(ask(household, fact)) == REMEMBERED

    pump = ask(household, "Where is the tyre inflator?")
    assert "attic crate" in said(pump)
    assert pump["response"]["response_type"] == "query_answer"
    assert "March" in said(ask(household, "when does the window cleaner come"))
    assert "44" in said(ask(household, "what is Ben's shoe size"))
    assert "attic crate" in said(ask(household, "did anyone see the tyre inflator"))


def test_german_questions_and_sentences_answer_in_german(household: Household) -> None:
    """Merken, fragen und vergessen auf Deutsch, mit deutschen Antworten."""
    stored = ask(household, "Merk dir, dass die Gießkanne im Keller steht", "de")
    assert said(stored) == GEMERKT
    assert "Keller" in said(ask(household, "Wo ist die Gießkanne?", "de"))
    assert "Keller" in said(ask(household, "Was weißt du über die Gießkanne?", "de"))
    # An English question in a German conversation is Home Assistant's.
    assert "Keller" not in said(ask(household, "where is the watering can", "de"))


def test_a_person_or_area_by_that_name_and_commands_stay_home_assistants(
    household: Household,
) -> None:
    """Memory answers until Home Assistant has something by that name."""
    hass, token = household.hass, household.anna.token
    assert said(ask(household, "remember that the workshop is behind the barn")) == (
        REMEMBERED
    )
    assert said(ask(household, "remember that Anna is at choir practice")) == REMEMBERED
    assert "barn" in said(ask(household, "where is the workshop"))

    hass.ws_command(token, "config/area_registry/create", name="Workshop")
    hass.ws_command(
        token,
        "homeassistant/expose_entity",
        assistants=["conversation"],
        entity_ids=["person.anna"],
        should_expose=True,
    )
    workshop = said(ask(household, "where is the workshop"))
    assert "barn" not in workshop
    anna = said(ask(household, "where is Anna"))
    assert "choir" not in anna
    assert "Anna" in anna

    hass.call_service(
        "input_boolean",
        "turn_off",
        {"entity_id": "input_boolean.kitchen_light_power"},
        token=token,
        return_response=False,
    ).ok()
    light = ask(household, "turn on the kitchen light")
    assert light["response"]["response_type"] == "action_done"
    state = hass.get_state("input_boolean.kitchen_light_power", token=token).ok()
    assert state["state"] == "on"


def test_a_question_about_the_tv_never_switches_it_on(household: Household) -> None:
    """ "who watched TV on Thursday" is a question: Home Assistant's gazetteer
    read it as "turn on the TV" and switched it on (month review s19)."""
    hass, token = household.hass, household.anna.token
    hass.call_service(
        "input_boolean",
        "turn_off",
        {"entity_id": "input_boolean.tv_power"},
        token=token,
        return_response=False,
    ).ok()
    for question in (
        "who watched TV on Thursday",
        "who turned on the TV yesterday",
        # Yes/no questions about the past: memory's (final review s19).
        "was the TV on today",
        "did Ben turn on the TV",
    ):
        answer = ask(household, question)
        assert answer["response"]["response_type"] != "action_done", answer
        state = hass.get_state("input_boolean.tv_power", token=token).ok()
        assert state["state"] == "off", question


def test_a_past_yes_no_question_is_answered_from_memory(household: Household) -> None:
    """ "was the TV on on Thursday", "did Ben turn on the TV": memory's answer
    (Home Assistant said "Sorry, …" though memory held it, final review s19
    item 2), what the home saw too, "I don't know" without anything relevant;
    the TV stays off. "is the TV on" and "turn on the TV" stay Home
    Assistant's."""
    hass, anna = household.hass, household.anna
    told = "remember that Ben watched the snooker final on TV on Thursday"
    assert said(ask(household, told)) == REMEMBERED
    # The home sees the TV and the kitchen light go on (a lone change is
    # no memory), then both off again.
    before = [m["content"] for m in _observations(household)]
    hass.set_state("input_boolean.tv_power", "on", token=anna.token)
    hass.set_state("input_boolean.kitchen_light_power", "on", token=anna.token)
    hass.wait_for(
        lambda: _state(household, "media_player.living_room_tv") == "on",
        what="the TV on",
    )
    service(hass, anna, "close_segment")
    hass.wait_for(
        lambda: any(
            "TV" in m["content"] and m["content"] not in before
            for m in _observations(household)
        ),
        what="the TV's observed memory",
        timeout=30,
    )
    hass.set_state("input_boolean.tv_power", "off", token=anna.token)
    hass.set_state("input_boolean.kitchen_light_power", "off", token=anna.token)

    thursday = ask(household, "was the TV on on Thursday")
    assert thursday["response"]["response_type"] == "query_answer", thursday
    assert "snooker" in said(thursday), said(thursday)
    for question in ("did Ben turn on the TV", "was the TV on today"):
        answer = ask(household, question)
        assert answer["response"]["response_type"] == "query_answer", answer
        assert "TV" in said(answer), (question, said(answer))
    # Nothing relevant: no memory that merely shares a word.
    told = "remember that Ben hid the glue gun in the summerhouse drawer"
    assert said(ask(household, told)) == REMEMBERED
    for question in (
        "was the greenhouse vent open last night",
        "was the summerhouse light on",
    ):
        nothing = said(ask(household, question))
        assert nothing == "I don't know; I don't remember anything about that.", (
            question,
            nothing,
        )
    assert _state(household, "switch.tv") == "off"

    # Home Assistant's state now, of its TV (memory's answers name none).
    now = ask(household, "is the TV on")
    assert now["response"]["data"]["success"] == [
        {"name": "TV", "type": "entity", "id": "switch.tv"}
    ], now
    assert "snooker" not in said(now), now
    command = ask(household, "turn on the TV")
    assert command["response"]["response_type"] == "action_done", command
    assert _state(household, "switch.tv") == "on"
    hass.set_state("input_boolean.tv_power", "off", token=anna.token)


def _observations(home: Household) -> list[dict[str, Any]]:
    """Every observed memory, as Anna lists them."""
    listed = service(home.hass, home.anna, "list", kinds=["observation"], limit=100)
    memories: list[dict[str, Any]] = listed["memories"]
    return memories


def _state(home: Household, entity_id: str) -> str:
    """An entity's state, as Anna reads it."""
    return str(home.hass.get_state(entity_id, token=home.anna.token).ok()["state"])


def test_hostile_questions_are_answered_or_refused_aloud(household: Household) -> None:
    """Hidden characters are refused in words; query syntax is plain text."""
    refused = said(ask(household, "where is the \u202etyre inflator\u200b"))
    assert "characters I don't accept" in refused
    plain = ask(household, 'who put "the inflator" OR crate* NEAR(a b) -- ;')
    assert plain["response"]["response_type"] == "query_answer"


def test_what_is_the_thing_reaches_memory_unless_home_assistant_knows_it(
    household: Household,
) -> None:
    """ "what is the ferry booking reference" / "wie lautet die Fährbuchungsnummer"
    are answered from memory; "what is the kitchen light" (a light there is)
    and "what is the temperature in the attic" (no such area) stay Home
    Assistant's."""
    told = "remember that the ferry booking reference is marigold seven"
    assert said(ask(household, told)) == REMEMBERED
    for question in (
        "what is the ferry booking reference?",
        "what's the ferry booking reference?",
    ):
        answer = ask(household, question)
        assert "marigold seven" in said(answer), said(answer)
        assert answer["response"]["response_type"] == "query_answer"
    gemerkt = "Merk dir, dass die Fährbuchungsnummer Ringelblume sieben ist"
    assert said(ask(household, gemerkt, "de")) == GEMERKT
    german = said(ask(household, "Wie lautet die Fährbuchungsnummer?", "de"))
    assert "Ringelblume" in german, german

    assert said(ask(household, "remember that the attic is always warm")) == REMEMBERED
    light = ask(household, "what is the kitchen light")
    assert "Kitchen light" in said(light), said(light)
    attic = said(ask(household, "what is the temperature in the attic"))
    assert "warm" not in attic, attic


def test_private_words_said_last_keep_the_memory_to_the_speaker(
    household: Household,
) -> None:
    """ "…, but keep it private", "… just for me", "… and don't tell Ben",
    "…, aber nur für mich", "… und sag es Ben nicht": Anna's own, stored
    without those words; Ben finds none of them."""
    hass = household.hass
    for number, (text, language, answer) in enumerate(
        (
            (
                "remember that my locker{n} code is 1111, but keep it private",
                "en",
                "Okay, I'll remember that, just for you.",
            ),
            (
                "remember that my locker{n} code is 1111 just for me",
                "en",
                "Okay, I'll remember that, just for you.",
            ),
            (
                "remember that my locker{n} code is 1111 and don't tell Ben",
                "en",
                "Okay, I'll remember that, just for you.",
            ),
            (
                "merk dir, dass mein Spind{n} Code 1111 ist, aber nur für mich",
                "de",
                "Okay, das merke ich mir, nur für dich.",
            ),
            (
                "merke dir dass mein Spind{n} Code 1111 ist und sag es Ben nicht",
                "de",
                "Okay, das merke ich mir, nur für dich.",
            ),
        ),
        start=71,
    ):
        assert said(ask(household, text.format(n=number), language)) == answer
    ben = hass.ws_command(
        household.ben.token, "home_memory/search", query="locker Spind 1111"
    )
    assert not [m for m in ben["memories"] if "1111" in m["content"]], ben
    anna = hass.ws_command(
        household.anna.token, "home_memory/search", query="locker Spind 1111"
    )
    mine = sorted(m["content"] for m in anna["memories"] if "1111" in m["content"])
    assert mine == [
        "Mein Spind74 Code ist 1111.",
        "Mein Spind75 Code ist 1111.",
        "My locker71 code is 1111.",
        "My locker72 code is 1111.",
        "My locker73 code is 1111.",
    ], mine


def test_private_tags_said_last_keep_the_memory_to_the_speaker(
    household: Household,
) -> None:
    """Review s16: "… - private", "… (private)", "…, just for me please",
    "…, but that's between us", "…, privat", "… (en dash) das bleibt unter uns",
    "…, aber sag es nicht Ben" were stored for everyone, words and all.
    Now Anna's own, stored without the words or what set them off; Ben
    finds none of them. "The cake is just for me" stays the household's."""
    hass = household.hass
    mine = "Okay, I'll remember that, just for you."
    meins = "Okay, das merke ich mir, nur für dich."
    for number, (text, language, answer) in enumerate(
        (
            ("remember that my gym locker{n} is 4242 - private", "en", mine),
            ("remember that my gym locker{n} is 4242 (private)", "en", mine),
            ("remember that my gym locker{n} is 4242, just for me please", "en", mine),
            (
                "remember that my gym locker{n} is 4242, but that's between us",
                "en",
                mine,
            ),
            ("remember that my gym locker{n} is 4242 -- just for me", "en", mine),
            ("merk dir, dass mein Turnspind{n} 4242 ist, privat", "de", meins),
            (
                "merk dir, dass mein Turnspind{n} 4242 ist \u2013 das bleibt unter uns",
                "de",
                meins,
            ),
            (
                "merk dir, dass mein Turnspind{n} 4242 ist, aber sag es nicht Ben",
                "de",
                meins,
            ),
        ),
        start=81,
    ):
        assert said(ask(household, text.format(n=number), language)) == answer, text
    ben = hass.ws_command(
        household.ben.token, "home_memory/search", query="gym locker Turnspind 4242"
    )
    assert not [m for m in ben["memories"] if "4242" in m["content"]], ben
    anna = hass.ws_command(
        household.anna.token,
        "home_memory/search",
        query="gym locker Turnspind 4242",
        limit=20,
    )
    kept = sorted(m["content"] for m in anna["memories"] if "4242" in m["content"])
    assert kept == [
        "Mein Turnspind86 ist 4242.",
        "Mein Turnspind87 ist 4242.",
        "Mein Turnspind88 ist 4242.",
        *(f"My gym locker{n} is 4242." for n in range(81, 86)),
    ], kept
    cake = "remember that the last piece of lemon cake is just for me"
    assert said(ask(household, cake)) == REMEMBERED


def test_private_asides_keep_the_memory_to_the_speaker(household: Household) -> None:
    """ "Remember, just between us, that …" and "Nur für mich: merk dir, dass …"
    are Anna's own: Ben is not told, Anna is."""
    hass = household.hass
    for text, language, answer in (
        (
            "Remember, just between us, that the birthday present is in the wardrobe",
            "en",
            "Okay, I'll remember that, just for you.",
        ),
        (
            "Nur für mich: merk dir, dass der Tresorcode 4711 ist",
            "de",
            "Okay, das merke ich mir, nur für dich.",
        ),
        (
            "Merk dir ganz privat, dass die Geschenkliste im Schreibtisch liegt",
            "de",
            "Okay, das merke ich mir, nur für dich.",
        ),
    ):
        assert said(ask(household, text, language)) == answer
    for question, language, secret in (
        ("where is the birthday present?", "en", "wardrobe"),
        ("Was weißt du über den Tresorcode?", "de", "4711"),
        ("Wo ist die Geschenkliste?", "de", "Schreibtisch"),
    ):
        ben = hass.conversation_process(
            question, token=household.ben.token, language=language
        )
        assert secret not in said(ben), said(ben)
        anna = said(ask(household, question, language))
        assert secret in anna, anna
        assert "between us" not in anna.casefold()
        assert "privat" not in anna.casefold()


def test_a_correction_of_a_private_memory_stays_private(
    household: Household,
) -> None:
    """Anna's private safe code corrected by voice without privacy words
    ("actually …", "correction: …") is her private memory updated: before,
    the new code was a household memory Ben could hear (final review)."""
    hass = household.hass
    kept = "remember that the hideaway safe code is plum-42, but keep it private"
    assert said(ask(household, kept, "en")).endswith("just for you.")
    corrected = said(
        ask(household, "correction: the hideaway safe code is kiwi-19", "en")
    )
    assert corrected.startswith("Updated: "), corrected
    ben = hass.ws_command(
        household.ben.token, "home_memory/search", query="hideaway safe code"
    )
    assert not [m for m in ben["memories"] if "hideaway" in m["content"]], ben
    anna = hass.ws_command(
        household.anna.token, "home_memory/search", query="hideaway safe code"
    )
    mine = [m for m in anna["memories"] if "hideaway" in m["content"]]
    assert [(m["content"], m["visibility"]) for m in mine] == [
        ("The hideaway safe code is kiwi-19.", "private")
    ], mine
