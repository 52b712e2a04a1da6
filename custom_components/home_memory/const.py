"""Constants of the Home Memory integration."""

from __future__ import annotations

from enum import StrEnum
import logging
import re
from typing import Final

DOMAIN: Final = "home_memory"
LOGGER = logging.getLogger(__package__)

DEFAULT_TITLE: Final = "Home Memory"
# Config entry version; runtime/migration.py brings older entries up to it.
# 1.2: "Duplicate threshold" became the paraphrase-repeat threshold.
CONFIG_VERSION: Final = 1
CONFIG_MINOR_VERSION: Final = 2
# Lowest "Duplicate threshold" the options offer: below it a reworded
# correction ("... at 3 pm/4 pm" 0.971, memory/text/statements.py) with no detail
# word would pass for a repeat and the newest statement be dropped.
MIN_DEDUP_THRESHOLD: Final = 0.9

# Files live under <config>/home_memory/: included in backups, unlike .cache.
DB_FOLDER: Final = DOMAIN
DB_FILE: Final = "memory.db"
# The vector graph saved between runs: regenerable, so under <config>/.cache
# (not backed up).
GRAPH_FILE: Final = "vector_graph.usearch"
# SQLite keeps these next to the database in WAL mode.
DB_SIDE_SUFFIXES: Final = ("-wal", "-shm")
CORRUPT_SUFFIX_FORMAT: Final = ".corrupt-%Y%m%d%H%M%S"
# Removing the integration moves the database to <config>/home_memory/set_aside/
# memory-2026-11-28-061500Z.db, named in UTC (a counter after a second removal
# that second). Names without the Z were written before, in the home's local
# time: they are still found, and read in the home's time zone.
SET_ASIDE_FOLDER: Final = "set_aside"
# Beside a set-aside database: the removed entry's options (JSON).
SET_ASIDE_SETTINGS_SUFFIX: Final = ".settings.json"
SET_ASIDE_NAME_FORMAT: Final = "memory-%Y-%m-%d-%H%M%SZ"
SET_ASIDE_STAMP_FORMAT: Final = "%Y-%m-%d-%H%M%S"
# ASCII digits only. The newest is chosen by the time a name says (UTC, or the
# home's local time without the Z), not by how names sort: on the night the
# clocks go back, a local name can sort after a later one.
SET_ASIDE_PATTERN: Final = re.compile(
    r"memory-(?P<stamp>[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{6})(?P<utc>Z)?"
    r"(?:-(?P<counter>[0-9]+))?\.db",
    re.ASCII,
)
EXPORT_FOLDER: Final = "exports"
# Where ai_memory keeps its database by default (a path relative to the
# working directory of Home Assistant, which is the config folder).
AI_MEMORY_DEFAULT_FILE: Final = "ai_memory.db"

# Bus events for automations: ids and kinds only, never memory text (the
# recorder stores every event).
EVENT_MEMORY_CREATED: Final = f"{DOMAIN}_memory_created"
EVENT_MEMORY_UPDATED: Final = f"{DOMAIN}_memory_updated"
EVENT_MEMORY_FORGOTTEN: Final = f"{DOMAIN}_memory_forgotten"
# Dispatcher signals (in-process, not recorded), all of them.
# Memories changed: the entities refresh.
SIGNAL_MEMORIES_CHANGED: Final = f"{DOMAIN}_memories_changed"
# `tuple[MemoryChange, ...]` (operations/events.py), every change of one write.
SIGNAL_MEMORY_CHANGES: Final = f"{DOMAIN}_memory_changes"
# `frozenset[str | None]`, the owners (None: the household) whose pending
# proposals changed, for the memory browser.
SIGNAL_PROPOSALS_CHANGED: Final = f"{DOMAIN}_proposals_changed"
# `HomeObserver.pending` (background/observer.py) changed.
SIGNAL_PENDING_OBSERVATIONS: Final = f"{DOMAIN}_pending_observations"

# Entry data (set by the user step and the reconfigure step).
CONF_MODEL_DIR: Final = "model_dir"

# Options: one section each, and the fields inside.
SECTION_PERSONA: Final = "persona"
CONF_PERSONA_NAME: Final = "persona_name"

SECTION_CAPTURE: Final = "capture"
CONF_CONVERSATION_CAPTURE: Final = "conversation_capture"
CONF_EXTRACTION_MODE: Final = "extraction_mode"
CONF_AI_TASK_ENTITY: Final = "ai_task_entity"
CONF_DEDUP_THRESHOLD: Final = "dedup_threshold"

SECTION_OBSERVATION: Final = "observation"
CONF_OBSERVED_ENTITIES: Final = "observed_entities"
# Entities whose every change is worth a memory (never a trivial change).
CONF_SIGNIFICANT_ENTITIES: Final = "significant_entities"
CONF_OBSERVED_DOMAINS: Final = "observed_domains"
CONF_OBSERVED_AREAS: Final = "observed_areas"
CONF_OBSERVE_NUMERIC_SENSORS: Final = "observe_numeric_sensors"

SECTION_SPEAKERS: Final = "speakers"
CONF_SATELLITE_PEOPLE: Final = "satellite_people"
# Keys of one satellite_people item: {"device": <device id>, "person": "person.x"}.
SATELLITE_DEVICE: Final = "device"
SATELLITE_PERSON: Final = "person"

SECTION_CONTEXT: Final = "context"
CONF_CONTEXT_ENABLED: Final = "context_enabled"
CONF_CONTEXT_MAX_MEMORIES: Final = "context_max_memories"
CONF_CONTEXT_TOKEN_BUDGET: Final = "context_token_budget"  # noqa: S105 - a key
CONF_CONTEXT_MIN_RELEVANCE: Final = "context_min_relevance"
CONF_SEARCH_MIN_RELEVANCE: Final = "search_min_relevance"
# Which embedding model: follow Home Assistant's language, or a fixed one.
CONF_EMBEDDING_MODEL: Final = "embedding_model"

SECTION_SCORING: Final = "scoring"
CONF_WEIGHT_RELEVANCE: Final = "weight_relevance"
CONF_WEIGHT_IMPORTANCE: Final = "weight_importance"
CONF_WEIGHT_RECENCY: Final = "weight_recency"
CONF_WEIGHT_ACCESS: Final = "weight_access"

SECTION_DECAY: Final = "decay"
CONF_HALF_LIFE_DAYS: Final = "half_life_days"
CONF_ARCHIVE_THRESHOLD: Final = "archive_threshold"

SECTION_RETENTION: Final = "retention"
CONF_LOG_RETENTION_DAYS: Final = "log_retention_days"
CONF_PURGE_ARCHIVED_DAYS: Final = "purge_archived_after_days"
# Local time of the nightly run (maintenance, jobs, consolidation), "HH:MM:SS".
CONF_MAINTENANCE_TIME: Final = "maintenance_time"
CONF_CONSOLIDATION_THRESHOLD: Final = "consolidation_threshold"
# memory.consolidation.DEFAULT_MERGE_THRESHOLD (measured for MiniLM there);
# repeated here so that the options do not import the engine.
DEFAULT_CONSOLIDATION_THRESHOLD: Final = 0.88

# The translations' section of the integration's own words (hassfest takes
# no other top-level section for them): a reason's "problem_<code>", a field's
# "field_<name>", a name's "name_<what>".
TRANSLATIONS_COMMON: Final = "common"

SECTION_PANEL: Final = "panel"
# Whether only administrators see the Memory sidebar panel.
CONF_PANEL_ADMIN_ONLY: Final = "panel_admin_only"


class EmbeddingModelChoice(StrEnum):
    """The embedding model option (docs/languages.md)."""

    # English: all-MiniLM-L6-v2; any other language: multilingual-e5-small.
    FOLLOW_LANGUAGE = "follow_language"
    ENGLISH = "english"
    MULTILINGUAL = "multilingual"


class ExtractionMode(StrEnum):
    """What happens to facts the assistant picked up from a conversation."""

    # The assistant asks "shall I remember that?" before storing.
    ASK_FIRST = "ask_first"
    # Stored right away; the user can still review, undo or forget them.
    STORE_AUTOMATICALLY = "store_automatically"


DEFAULT_PERSONA_NAME: Final = "Assistant"
MAX_PERSONA_NAME: Final = 50
DEFAULT_OBSERVED_DOMAINS: Final = (
    "person",
    "lock",
    "binary_sensor",
    "light",
    "climate",
    "media_player",
)
# Offered in the domain picker; any other domain can be typed in.
SUGGESTED_OBSERVED_DOMAINS: Final = (
    *DEFAULT_OBSERVED_DOMAINS,
    "alarm_control_panel",
    "cover",
    "device_tracker",
    "fan",
    "input_boolean",
    "switch",
    "vacuum",
)

# The Memory sidebar panel (frontend/): its address, custom element and bundle.
PANEL_URL_PATH: Final = "memory"
PANEL_ELEMENT: Final = "home-memory-panel"
PANEL_ICON: Final = "mdi:brain"
PANEL_BUNDLE: Final = "home-memory-panel.js"
PANEL_STATIC_URL: Final = f"/{DOMAIN}_static/{PANEL_BUNDLE}"
