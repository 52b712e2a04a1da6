"""A household uses Home Memory through a real Home Assistant's public APIs only."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from .conftest import wait_for_the_model

if TYPE_CHECKING:
    from .conftest import Household
    from .hass_instance import HassInstance, User

DOMAIN = "home_memory"


def say(home: Household, user: User, text: str) -> str:
    """One built-in-agent turn over /api/conversation/process; the reply."""
    return home.hass.speech(home.hass.conversation_process(text, token=user.token))


def service(hass: HassInstance, user: User, name: str, **data: Any) -> Any:
    """A Home Memory action over REST with ?return_response; the response."""
    body = hass.call_service(DOMAIN, name, data, token=user.token).ok()
    return body["service_response"]


def remember_event(hass: HassInstance, user: User, content: str, moment: str) -> None:
    """`content` remembered by `user` as an event that happened at `moment`
    (ISO 8601): a real hass runs on the real clock, so past days are told."""
    service(hass, user, "remember", content=content, kind="event", happened_at=moment)


def search(home: Household, user: User, query: str, **data: Any) -> dict[str, Any]:
    """The `search` action as `user`."""
    result: dict[str, Any] = service(home.hass, user, "search", query=query, **data)
    return result


def contents(result: dict[str, Any]) -> list[str]:
    """The memory texts of a search/list response."""
    return [item["content"] for item in result["memories"]]


def test_remember_and_recall_by_voice(household: Household) -> None:
    """ "Remember that …" then "what do you remember about …" via the built-in agent."""
    reply = say(household, household.anna, "remember that the bike lock code is 4711")
    assert reply == "Okay, I'll remember that."
    reply = say(
        household, household.anna, "what do you remember about the bike lock code"
    )
    assert "4711" in reply


def test_remember_and_recall_through_the_assist_pipeline(household: Household) -> None:
    """The same sentences work as text turns of `assist_pipeline/run` (Ben)."""
    hass, ben = household.hass, household.ben
    run = hass.assist_text(
        "remember that the plumber comes on Thursday", token=ben.token
    )
    assert not run.errors
    assert run.speech == "Okay, I'll remember that."
    run = hass.assist_text("what do you remember about the plumber", token=ben.token)
    assert "Thursday" in run.speech


def voice_memory_page(home: Household, user: User, words: str) -> dict[str, Any]:
    """The websocket `get` answer (the memory's page) of the one memory whose
    text holds `words`, as `user`."""
    [memory_id] = [
        item["id"]
        for item in search(home, user, words)["memories"]
        if words in item["content"]
    ]
    page: dict[str, Any] = home.hass.ws_command(
        user.token, f"{DOMAIN}/get", memory_id=memory_id
    )
    return page


def turns_shown(page: dict[str, Any]) -> list[tuple[str, str]]:
    """(role, text) of the conversation turns a memory's page shows."""
    conversation = page["provenance"]["conversation"]
    return [(turn["role"], turn["text"]) for turn in conversation["turns"]]


def test_a_voice_memory_page_shows_the_turn_it_came_from(
    household: Household,
) -> None:
    """Said to the built-in agent over REST, the memory's page shows Anna's
    words and the reply at once, and not to Ben."""
    hass, anna, ben = household.hass, household.anna, household.ben
    text = "remember that the greenhouse key hangs on the brass hook"
    result = hass.conversation_process(text, token=anna.token)
    assert hass.speech(result) == "Okay, I'll remember that."
    page = voice_memory_page(household, anna, "greenhouse key")
    assert page["memory"]["origin"] == "voice"
    conversation = page["provenance"]["conversation"]
    assert conversation["conversation_id"] == result["conversation_id"]
    assert turns_shown(page) == [
        ("user", text),
        ("assistant", "Okay, I'll remember that."),
    ]
    theirs = voice_memory_page(household, ben, "greenhouse key")
    assert turns_shown(theirs) == []


def test_a_pipeline_voice_memory_page_shows_the_turn_it_came_from(
    household: Household,
) -> None:
    """The same through `assist_pipeline/run` (Ben); Anna gets none of it."""
    hass, anna, ben = household.hass, household.anna, household.ben
    text = "remember that the canoe paddles are behind the boathouse"
    run = hass.assist_text(text, token=ben.token)
    assert run.speech == "Okay, I'll remember that."
    page = voice_memory_page(household, ben, "boathouse")
    conversation = page["provenance"]["conversation"]
    assert conversation["conversation_id"] == run.conversation_id
    assert turns_shown(page) == [
        ("user", text),
        ("assistant", "Okay, I'll remember that."),
    ]
    assert turns_shown(voice_memory_page(household, anna, "boathouse")) == []


def test_forget_by_voice_asks_first_and_forgets_on_yes(household: Household) -> None:
    """ "Forget …" asks, "no" keeps, "yes" forgets: over the pipeline."""
    hass, anna = household.hass, household.anna
    assert say(household, anna, "remember that the pizza place is tulip garden") == (
        "Okay, I'll remember that."
    )
    question = hass.assist_text("forget the pizza place", token=anna.token).speech
    assert question.startswith("Do you want me to forget")
    assert "tulip garden" in question
    # Not forgotten until the yes.
    assert any(
        "tulip garden" in text
        for text in contents(search(household, anna, "pizza place"))
    )
    assert hass.assist_text("no", token=anna.token).speech == "Okay, I'll keep it."
    assert any(
        "tulip garden" in text
        for text in contents(search(household, anna, "pizza place"))
    )
    hass.assist_text("forget the pizza place", token=anna.token)
    assert (
        hass.assist_text("yes", token=anna.token).speech == "Okay, I've forgotten that."
    )
    assert not any(
        "tulip garden" in text
        for text in contents(search(household, anna, "pizza place"))
    )
    assert "tulip garden" not in say(
        household, anna, "what do you remember about the pizza place"
    )


def test_a_yes_answers_its_own_chats_question(household: Household) -> None:
    """Two REST chats of Anna's (no device): "forget the alpha umbrella?" in
    one, "forget the beta ladder?" in the other; "yes" in the first forgets
    the umbrella, never the ladder, and "no" in the second keeps it."""
    hass, anna = household.hass, household.anna
    for fact in (
        "remember that the alpha umbrella is in the camper van",
        "remember that the beta ladder is in the boat shed",
    ):
        assert say(household, anna, fact) == "Okay, I'll remember that."

    def turn(text: str, conversation_id: str | None = None) -> tuple[str, str]:
        result = hass.conversation_process(
            text, token=anna.token, conversation_id=conversation_id
        )
        return str(result["conversation_id"]), hass.speech(result)

    first, asked = turn("forget the alpha umbrella")
    assert "camper van" in asked, asked
    second, asked = turn("forget the beta ladder")
    assert "boat shed" in asked, asked
    assert first != second
    assert turn("yes", first)[1] == "Okay, I've forgotten that."
    assert turn("no", second)[1] == "Okay, I'll keep it."
    left = contents(search(household, anna, "alpha umbrella beta ladder"))
    assert not any("umbrella" in text for text in left), left
    assert any("beta ladder" in text for text in left), left


def test_a_code_with_digits_is_corrected_by_voice(household: Household) -> None:
    """ "The shed padlock code is orange-77", then "… lemon-11": one memory,
    updated (found by the attacker review with a wifi password: it made a second
    one; the shared household's other tests ask about the wifi password)."""
    anna = household.anna
    wait_for_the_model(household)  # a correction needs the model
    told = "remember that the shed padlock code is orange-77"
    assert say(household, anna, told) == "Okay, I'll remember that."
    told = "remember that the shed padlock code is lemon-11"
    assert say(household, anna, told) == (
        "Updated: The shed padlock code is lemon-11 (was: orange-77)."
    )
    found = contents(search(household, anna, "shed padlock code"))
    assert [text for text in found if "shed padlock" in text] == [
        "The shed padlock code is lemon-11."
    ], found


def test_remember_search_forget_through_services(household: Household) -> None:
    """An automation's path: remember, search, forget, restore over REST."""
    hass, anna = household.hass, household.anna
    created = service(
        hass,
        anna,
        "remember",
        content="The boiler was serviced in May 2026.",
        tags=["house"],
    )
    assert created["action"] == "created"
    memory_id = created["memory"]["id"]
    found = search(household, anna, "when was the boiler serviced")
    assert memory_id in [item["id"] for item in found["memories"]]
    assert service(hass, anna, "forget", ids=[memory_id]) == {"forgotten": [memory_id]}
    found = search(household, anna, "when was the boiler serviced")
    assert memory_id not in [item["id"] for item in found["memories"]]
    assert service(hass, anna, "restore", ids=[memory_id]) == {"restored": [memory_id]}
    found = search(household, anna, "when was the boiler serviced")
    assert memory_id in [item["id"] for item in found["memories"]]


def test_bad_input_is_a_clear_error_not_a_crash(household: Household) -> None:
    """Hostile text and unknown fields are refused with a 400, nothing written."""
    hass, anna = household.hass, household.anna
    response = hass.call_service(DOMAIN, "remember", {"text": "x"}, token=anna.token)
    assert response.status == 400
    response = hass.call_service(
        DOMAIN, "remember", {"content": "   "}, token=anna.token
    )
    assert response.status == 400
    # A lone surrogate cannot even be encoded as UTF-8 JSON; FTS syntax is just text.
    result = search(household, anna, 'spare" OR key* NEAR(')
    assert "memories" in result


def test_private_memory_never_reaches_the_other_person(household: Household) -> None:
    """Anna's private memory: not in Ben's search, recall, list or get."""
    hass, anna, ben = household.hass, household.anna, household.ben
    created = service(
        hass,
        anna,
        "remember",
        content="The birthday present for Ben is a red racing bicycle.",
        visibility="private",
    )
    memory_id = created["memory"]["id"]
    assert memory_id in [
        i["id"] for i in search(household, anna, "birthday present bicycle")["memories"]
    ]
    assert "bicycle" not in json.dumps(
        search(household, ben, "birthday present bicycle")
    )
    assert "bicycle" not in json.dumps(service(hass, ben, "list"))
    assert "bicycle" not in say(
        household, ben, "what do you remember about the birthday present"
    )
    response = hass.call_service(DOMAIN, "get", {"id": memory_id}, token=ben.token)
    assert response.status >= 400
    assert "bicycle" not in json.dumps(response.body)
    # Nor can Ben forget it.
    hass.call_service(DOMAIN, "forget", {"ids": [memory_id]}, token=ben.token)
    assert memory_id in [
        i["id"] for i in search(household, anna, "birthday present bicycle")["memories"]
    ]


def test_read_only_guest_can_ask_but_not_change(household: Household) -> None:
    """The guest hears household memories but cannot remember or forget."""
    hass, anna, guest = household.hass, household.anna, household.guest
    service(
        hass, anna, "remember", content="The recycling goes out on Tuesday evenings."
    )
    assert "Tuesday" in say(
        household, guest, "what do you remember about the recycling"
    )
    assert say(household, guest, "remember that the guest room is mine") == (
        "Sorry, you can ask what I remember but not change it."
    )
    response = hass.call_service(
        DOMAIN, "remember", {"content": "Guests rule."}, token=guest.token
    )
    assert response.status in (401, 403)
    assert "Guests rule" not in json.dumps(service(hass, anna, "list"))


def test_diagnostics_hold_no_memory_text(household: Household) -> None:
    """Diagnostics download: figures only, none of the household's words."""
    hass, anna = household.hass, household.anna
    secret = "The safe combination is seventeen left twenty-three right."
    service(hass, anna, "remember", content=secret)
    say(household, anna, "remember that the attic ladder squeaks")
    body = hass.diagnostics(anna.token, household.entry_id).ok()
    text = json.dumps(body)
    for words in (
        "seventeen",
        "twenty-three",
        "attic ladder",
        "4711",
        "bicycle",
        "Tuesday",
    ):
        assert words not in text, words
    assert body["data"]["memories"]["by_tier"]


def test_system_information_finishes_loading(household: Household) -> None:
    """`system_health/info` sends Home Memory's values (bug 10.2.1: a Future)."""
    info = household.hass.system_health(household.anna.token)
    ours = info[DOMAIN]
    assert ours["loaded"] is True
    assert isinstance(ours["schema_version"], int)
    assert ours["model"] == "ready"
    assert "Unable to serialize to JSON" not in household.hass.log_text()


# --- bugs fixed on other branches (10.2.3, 10.2.5, 10.2.7, 10.2.8, 10.2.4) ---


def test_a_correction_wins_and_the_reply_says_what_changed(
    household: Household,
) -> None:
    """10.2.3: "blue", then "red flower pot": recall says red, the reply says so."""
    anna = household.anna
    say(household, anna, "remember that the spare key is under the blue flower pot")
    reply = say(
        household, anna, "remember that the spare key is under the red flower pot"
    )
    assert reply != "Okay, I'll remember that."
    assert "red" in reply, reply
    assert "blue" in reply, reply
    recall = say(household, anna, "what do you remember about the spare key")
    assert "red flower pot" in recall
    assert "blue" not in recall
    # An exact repeat still reinforces.
    assert say(
        household, anna, "remember that the spare key is under the red flower pot"
    ) == ("I already knew that.")
    # Forgetting the key removes the newest statement only after a yes, and
    # never a statement the user did not mean.
    service(
        household.hass,
        anna,
        "remember",
        content="The spare car key is in the kitchen drawer.",
    )
    found = contents(search(household, anna, "spare key"))
    assert any("red flower pot" in text for text in found)
    assert not any("blue flower pot" in text for text in found)


def test_a_new_plain_value_or_place_supersedes_by_voice(household: Household) -> None:
    """A plain word as a slot's new value ("the wifi password is charlie")
    and a new place without "now" ("the ladder is in the garage") update the
    memory: recall says only the new one, the old one is in its history.
    The dog's state and its place stay two memories."""
    anna = household.anna
    say(household, anna, "remember that the wifi password is alpha")
    reply = say(household, anna, "remember that the wifi password is charlie")
    assert reply == "Updated: The wifi password is charlie (was: alpha).", reply
    recall = say(household, anna, "what do you remember about the wifi password")
    assert recall == "The wifi password is charlie.", recall
    [memory] = [
        m
        for m in search(household, anna, "wifi password")["memories"]
        if "wifi password" in m["content"]
    ]
    got = service(household.hass, anna, "get", id=memory["id"], include_history=True)
    assert [h["content"] for h in got["history"]] == ["The wifi password is alpha."]

    say(household, anna, "remember that the ladder is in the cellar")
    reply = say(household, anna, "remember that the ladder is in the garage")
    assert reply == "Updated: The ladder is in the garage (was: the cellar).", reply
    where = say(household, anna, "where is the ladder")
    assert "garage" in where, where
    assert "cellar" not in where, where
    # Told with a verb of position and a colour inside the place.
    say(household, anna, "remember that the torch lies under the blue bench")
    reply = say(household, anna, "remember that the torch is in the car now")
    assert reply == "Updated: The torch is in the car now (was: under the blue bench)."
    where = say(household, anna, "where is the torch")
    assert "car" in where, where
    assert "bench" not in where, where

    say(household, anna, "remember that the dog is hungry")
    say(household, anna, "remember that the dog is in the garden")
    dog = [t for t in contents(search(household, anna, "dog")) if "dog" in t]
    assert sorted(dog) == ["The dog is hungry.", "The dog is in the garden."], dog


def test_voice_memories_are_proper_sentences(household: Household) -> None:
    """10.2.5: stored and spoken as a sentence, not a lowercase fragment."""
    anna = household.anna
    say(household, anna, "remember that the garden hose is in the shed")
    found = search(household, anna, "garden hose")
    text = next(t for t in contents(found) if "garden hose" in t.casefold())
    assert text[0].isupper(), text
    assert text.endswith("."), text
    recall = say(household, anna, "what do you remember about the garden hose")
    assert recall[0].isupper(), recall
    assert not re.search(r"(^|\. )the garden hose", recall), recall


def test_search_has_a_relevance_floor(household: Household) -> None:
    """10.2.7: an unrelated memory is not returned, and the floor is reported."""
    hass, anna = household.hass, household.anna
    service(
        hass,
        anna,
        "remember",
        content="Anna's dentist appointment is on the ninth.",
        visibility="private",
    )
    service(
        hass,
        anna,
        "remember",
        content="The spare key for the shed hangs by the back door.",
    )
    found = search(household, anna, "where is the spare key?")
    assert not any("dentist" in text for text in contents(found)), contents(found)
    assert any(re.search("floor|min_relevance", key) for key in found), sorted(found)


def _observed(home: Household) -> list[str]:
    listed = service(home.hass, home.anna, "list", kinds=["observation"])
    return [m["content"] for m in listed["memories"]]


def test_observed_changes_become_a_first_person_memory(household: Household) -> None:
    """10.2.8: pending events show in diagnostics; close_segment makes the memory.

    Also 10.2.4: a TV turning on is never told as "went quiet".
    """
    hass, anna = household.hass, household.anna
    before = _observed(household)
    hass.set_state("input_boolean.front_door_open", "on", token=anna.token)
    hass.set_state("input_boolean.kitchen_light_power", "on", token=anna.token)
    hass.set_state("input_boolean.tv_power", "on", token=anna.token)
    hass.set_state("input_boolean.front_door_open", "off", token=anna.token)

    def waiting() -> int:
        body = hass.diagnostics(anna.token, household.entry_id).ok()["data"]
        # Changes not written to the buffer yet are counted here too (10.2.4).
        return int(body["observation"]["pending"]["events"])

    def sensor_count() -> int:
        states = hass.request("GET", "/api/states", token=anna.token).ok()
        return max(
            (
                int(s["attributes"]["pending_observations"])
                for s in states
                if "pending_observations" in s["attributes"]
            ),
            default=-1,
        )

    # What waits is visible: in diagnostics and as a sensor attribute.
    hass.wait_for(
        lambda: waiting() >= 3, what="pending observations in diagnostics", timeout=15
    )
    hass.wait_for(
        lambda: sensor_count() >= 1, what="the pending count on a sensor", timeout=15
    )
    service(hass, anna, "close_segment")
    hass.wait_for(
        lambda: len(_observed(household)) > len(before),
        what="an observed memory",
        timeout=30,
    )
    new = [text for text in _observed(household) if text not in before]
    text = " ".join(new)
    # First person: the assistant tells what it noticed ("I", "me", "my").
    assert re.search(r"\b(?:I|me|my)\b", text), text
    assert "quiet" not in text.casefold(), text
    assert "front door" in text.casefold() or "kitchen light" in text.casefold(), text


def test_optional_option_selectors_are_not_required(household: Household) -> None:
    """10.2.6: entity, area and satellite selectors are optional in the options form."""
    hass, anna = household.hass, household.anna
    flow = hass.request(
        "POST",
        "/api/config/config_entries/options/flow",
        token=anna.token,
        json_body={"handler": household.entry_id},
    ).ok()
    try:
        fields = {
            field["name"]: field
            for section in flow["data_schema"]
            for field in section.get("schema", [section])
        }
    finally:
        hass.request(
            "DELETE",
            f"/api/config/config_entries/options/flow/{flow['flow_id']}",
            token=anna.token,
        )
    for name in (
        "observed_entities",
        "observed_areas",
        "satellite_people",
        "ai_task_entity",
    ):
        assert fields[name].get("required") is not True, fields[name]


def test_the_logo_is_served(household: Household) -> None:
    """10.2.9: the brand images come from the integration folder, not a 404."""
    hass, anna = household.hass, household.anna
    for image in ("icon.png", "logo.png", "icon@2x.png", "dark_logo.png"):
        response = hass.request(
            "GET", f"/api/brands/integration/home_memory/{image}", token=anna.token
        )
        assert response.status == 200, image
        assert str(response.body).startswith("\ufffdPNG"), image
