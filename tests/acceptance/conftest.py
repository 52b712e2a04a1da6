"""One real Home Assistant for the acceptance tests: a household of three."""

from __future__ import annotations

from dataclasses import dataclass
import os
from typing import TYPE_CHECKING, Any

import pytest
import pytest_socket

from .hass_instance import REPO, HassInstance, User

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

SCREENSHOTS = REPO / ".cache" / "acceptance"

# A TV that reports on/off, so narration of a media player can be checked.
EXTRA_CONFIGURATION = """
media_player:
  - platform: universal
    name: Living room TV
    unique_id: acceptance_living_room_tv
    children: []
    state_template: "{{ 'on' if is_state('switch.tv', 'on') else 'off' }}"
    commands:
      turn_on: {action: switch.turn_on, target: {entity_id: switch.tv}}
      turn_off: {action: switch.turn_off, target: {entity_id: switch.tv}}
"""


@dataclass
class Household:
    """A running Home Assistant with Anna (owner), Ben and a read-only guest."""

    hass: HassInstance
    anna: User
    ben: User
    guest: User
    entry_id: str


def start_household(**kwargs: Any) -> Household:
    """Start hass, onboard Anna, add Ben and a guest, add Home Memory.

    `kwargs` go to HassInstance (e.g. more custom_components).
    """
    # The test plugin blocks sockets before each test; ours talk to 127.0.0.1.
    pytest_socket.enable_socket()
    hass = HassInstance(extra_configuration=EXTRA_CONFIGURATION, **kwargs)
    try:
        hass.start()
        anna = hass.onboard("Anna", "anna", "anna-pass")
        ben = hass.create_user(anna.token, "Ben", "ben", "ben-pass", "system-users")
        guest = hass.create_user(
            anna.token, "Guest", "guest", "guest-pass", "system-read-only"
        )
        entry_id = hass.add_home_memory(anna.token)
    except BaseException:
        print(hass.log_tail())
        hass.cleanup()
        raise
    return Household(hass, anna, ben, guest, entry_id)


def wait_for_the_model(home: Household) -> None:
    """Until the embedding model is loaded: before, memories are kept by
    their words alone (keyword-only), and only a word-for-word repeat folds
    into a memory; a correction needs the model."""

    def hybrid() -> bool:
        found = home.hass.ws_command(
            home.anna.token, "home_memory/search", query="anything", limit=1
        )
        return bool(found["retrieval_mode"] == "hybrid")

    home.hass.wait_for(hybrid, what="the embedding model", timeout=120)


@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(fixturedef: Any, request: Any) -> Any:
    """Sockets on before every fixture here: the test plugin blocks them before
    each test, and a module's fixture (a Home Assistant, a model hub) is set up
    at its first test, before the tests' own fixtures turn them back on (a
    whole-suite run failed there, a file alone did not)."""
    pytest_socket.enable_socket()
    return (yield)


@pytest.fixture(scope="session")
def _sockets() -> None:
    """Let the session fixtures talk to 127.0.0.1 (the test plugin blocks sockets)."""
    pytest_socket.enable_socket()


@pytest.fixture(autouse=True)
def _sockets_each_test(_sockets: None) -> None:
    """Each test again: the plugin blocks sockets before every test."""
    pytest_socket.enable_socket()


@pytest.fixture(scope="session")
def household(_sockets: None) -> Iterator[Household]:
    """One Home Assistant shared by the tests that do not restart it.

    At its end, Home Assistant must have detected no blocking call of Home
    Memory's on the event loop in all the suite did with it (new-user
    review s18: a word table read at the first answer)."""
    home = start_household()
    try:
        yield home
        blocking = [
            line
            for line in home.hass.log_text().splitlines()
            if "Detected blocking call" in line and "home_memory" in line
        ]
    finally:
        home.hass.cleanup()
    assert blocking == [], blocking


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """Where the browser tests write what they saw (looked at by people)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


def browser_optional() -> bool:
    """HOME_MEMORY_SKIP_BROWSER=1 lets a machine without Chromium skip the UI."""
    return os.environ.get("HOME_MEMORY_SKIP_BROWSER", "") not in ("", "0")
