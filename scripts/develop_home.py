"""The development home of scripts/develop: configuration, storage, HTTP settings.

`python scripts/develop_home.py CONFIG HOST PORT` writes a small demo home into
CONFIG if it has no configuration.yaml yet, makes automations, scripts and
scenes editable from the UI (also in a home an older version wrote) and sets
the HTTP settings. scripts/develop runs it before every start.
"""
# The demo YAML keeps each template action on one line.
# ruff: noqa: E501

from __future__ import annotations

from datetime import UTC, datetime
import json
from pathlib import Path
import re
import sys
from typing import Any
import uuid

# What Home Assistant's own default configuration includes, and what each
# file starts as: the UI's editors write these files and reload from them.
EDITABLE = (
    ("automation", "automations.yaml", "[]\n"),
    ("script", "scripts.yaml", ""),
    ("scene", "scenes.yaml", ""),
)


DEMO_CONFIGURATION = """\
# A small demo home for developing Home Memory (no packages beyond the venv).
homeassistant:
  name: Demo Home
  unit_system: metric
  time_zone: Europe/Berlin
  country: DE
  language: en
  latitude: 52.52
  longitude: 13.40
  elevation: 34
  currency: EUR

frontend:
config:
# The UI's editors save here (as in Home Assistant's default configuration).
automation: !include automations.yaml
script: !include scripts.yaml
scene: !include scenes.yaml
conversation:
system_health:
logger:
  default: warning
  logs:
    custom_components.home_memory: debug
    homeassistant.setup: info

person:
  - name: Anna
    id: anna
  - name: Ben
    id: ben

input_boolean:
  kitchen_light_power: {name: Kitchen light power}
  living_room_lamp_power: {name: Living room lamp power}
  front_door_open: {name: Front door open}
  back_door_open: {name: Back door open}
  heater_power: {name: Heater power}
  tv_power: {name: TV power}

input_number:
  living_room_temperature:
    name: Living room temperature
    min: 10
    max: 30
    step: 0.5
    initial: 19.5
    unit_of_measurement: "°C"

template:
  - light:
      - name: Kitchen light
        unique_id: demo_kitchen_light
        state: "{{ is_state('input_boolean.kitchen_light_power', 'on') }}"
        turn_on: {action: input_boolean.turn_on, target: {entity_id: input_boolean.kitchen_light_power}}
        turn_off: {action: input_boolean.turn_off, target: {entity_id: input_boolean.kitchen_light_power}}
      - name: Living room lamp
        unique_id: demo_living_room_lamp
        state: "{{ is_state('input_boolean.living_room_lamp_power', 'on') }}"
        turn_on: {action: input_boolean.turn_on, target: {entity_id: input_boolean.living_room_lamp_power}}
        turn_off: {action: input_boolean.turn_off, target: {entity_id: input_boolean.living_room_lamp_power}}
  - binary_sensor:
      - name: Front door
        unique_id: demo_front_door
        device_class: door
        state: "{{ is_state('input_boolean.front_door_open', 'on') }}"
      - name: Back door
        unique_id: demo_back_door
        device_class: door
        state: "{{ is_state('input_boolean.back_door_open', 'on') }}"
  - sensor:
      - name: Living room temperature
        unique_id: demo_living_room_temperature
        device_class: temperature
        unit_of_measurement: "°C"
        state: "{{ states('input_number.living_room_temperature') }}"
  - switch:
      - name: Heater
        unique_id: demo_heater
        state: "{{ is_state('input_boolean.heater_power', 'on') }}"
        turn_on: {action: input_boolean.turn_on, target: {entity_id: input_boolean.heater_power}}
        turn_off: {action: input_boolean.turn_off, target: {entity_id: input_boolean.heater_power}}
      - name: TV
        unique_id: demo_tv
        state: "{{ is_state('input_boolean.tv_power', 'on') }}"
        turn_on: {action: input_boolean.turn_on, target: {entity_id: input_boolean.tv_power}}
        turn_off: {action: input_boolean.turn_off, target: {entity_id: input_boolean.tv_power}}

climate:
  - platform: generic_thermostat
    name: Living room
    unique_id: demo_living_room_climate
    heater: switch.heater
    target_sensor: sensor.living_room_temperature
    target_temp: 21

media_player:
  - platform: universal
    name: Living room TV
    unique_id: demo_living_room_tv
    children: []
    state_template: "{{ 'on' if is_state('switch.tv', 'on') else 'off' }}"
    commands:
      turn_on: {action: switch.turn_on, target: {entity_id: switch.tv}}
      turn_off: {action: switch.turn_off, target: {entity_id: switch.tv}}
"""


def write_demo_home(config: Path) -> None:
    """The demo home's configuration.yaml and storage (a new home only)."""
    storage = config / ".storage"
    storage.mkdir(parents=True, exist_ok=True)
    now = datetime.now(UTC).isoformat()

    def store(key: str, data: Any, version: int = 1, minor: int = 1) -> None:
        (storage / key).write_text(
            json.dumps(
                {"version": version, "minor_version": minor, "key": key, "data": data},
                indent=2,
            )
        )

    (config / "configuration.yaml").write_text(DEMO_CONFIGURATION)

    # Onboarding done: the frontend goes straight to the login page.
    store(
        "onboarding",
        {"done": ["user", "core_config", "analytics", "integration"]},
        version=4,
    )
    # Rooms (older minor version: Home Assistant fills in the newer fields).
    store(
        "core.area_registry",
        {
            "areas": [
                {"id": area, "name": name, "aliases": [], "picture": None}
                for area, name in (
                    ("kitchen", "Kitchen"),
                    ("living_room", "Living room"),
                    ("hallway", "Hallway"),
                )
            ]
        },
    )
    # Home Memory already set up (persona "Jarvis"; options at their defaults).
    store(
        "core.config_entries",
        {
            "entries": [
                {
                    "created_at": now,
                    "modified_at": now,
                    "data": {},
                    "discovery_keys": {},
                    "disabled_by": None,
                    "domain": "home_memory",
                    "entry_id": uuid.uuid4().hex,
                    "minor_version": 1,
                    "version": 1,
                    "options": {"persona": {"persona_name": "Jarvis"}},
                    "pref_disable_new_entities": False,
                    "pref_disable_polling": False,
                    "source": "user",
                    "subentries": [],
                    "title": "Home Memory",
                    "unique_id": None,
                }
            ]
        },
        minor=5,
    )


def make_editable(config: Path) -> None:
    """Automations, scripts and scenes the UI's editors can save.

    Without `automation: !include automations.yaml` (and the same for scripts
    and scenes) an editor says "saved" but nothing exists. Added to a home
    that lacks them; the files are created empty, never overwritten.
    """
    yaml = config / "configuration.yaml"
    text = yaml.read_text()
    missing = [
        f"{domain}: !include {name}\n"
        for domain, name, _ in EDITABLE
        if not re.search(rf"(?m)^{domain}:", text)
    ]
    if missing:
        yaml.write_text(text.rstrip("\n") + "\n\n" + "".join(missing))
    for _, name, empty in EDITABLE:
        if not (path := config / name).exists():
            path.write_text(empty)


def write_http(config: Path, host: str, port: int) -> None:
    """The HTTP settings, where Home Assistant 2026.10 keeps them.

    It treats an `http:` block in YAML as a one-off migration: it starts it as
    an unconfirmed trial, reverts it after 5 minutes (restarting, and binding
    to every interface afterwards) and raises a repair. So the settings are
    written as a confirmed ("stable") configuration, and any `http:` block an
    older version of scripts/develop wrote is removed.
    """
    yaml = config / "configuration.yaml"
    text = yaml.read_text()
    without_http = re.sub(r"(?m)^http:\n(?:[ \t]+.*\n|\n)*", "", text)
    if without_http != text:
        yaml.write_text(without_http)
    stable = {
        "server_host": [host],
        "server_port": port,
        "cors_allowed_origins": ["https://cast.home-assistant.io"],
        "login_attempts_threshold": -1,
        "ip_ban_enabled": True,
        "ssl_profile": "modern",
        "use_x_frame_options": True,
        "created_at": datetime.now(UTC).isoformat(),
        "error": None,
        "error_message": None,
    }
    # Version 2.2 is the format of 2026.10; later releases migrate it on load.
    (config / ".storage" / "http").write_text(
        json.dumps(
            {
                "version": 2,
                "minor_version": 2,
                "key": "http",
                "data": {
                    "stable": stable,
                    "pending": None,
                    "yaml_migration_done": True,
                },
            },
            indent=2,
        )
    )


def main(argv: list[str]) -> None:
    """develop_home.py CONFIG HOST PORT."""
    config, host, port = Path(argv[1]), argv[2], int(argv[3])
    if not (config / "configuration.yaml").exists():
        write_demo_home(config)
    make_editable(config)
    write_http(config, host, port)


if __name__ == "__main__":
    main(sys.argv)
