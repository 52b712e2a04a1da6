"""The entry's options, read once into a typed value with every default filled in.

The options flow stores one dict per form section; everything else in the
integration reads `HomeMemoryOptions`, never the raw mapping. The engine's
`EngineConfig` is the single source of the numeric defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import time
from types import MappingProxyType
from typing import Any

from ..const import (
    CONF_AI_TASK_ENTITY,
    CONF_ARCHIVE_THRESHOLD,
    CONF_CONSOLIDATION_THRESHOLD,
    CONF_CONTEXT_ENABLED,
    CONF_CONTEXT_MAX_MEMORIES,
    CONF_CONTEXT_MIN_RELEVANCE,
    CONF_CONTEXT_TOKEN_BUDGET,
    CONF_CONVERSATION_CAPTURE,
    CONF_DEDUP_THRESHOLD,
    CONF_EMBEDDING_MODEL,
    CONF_EXTRACTION_MODE,
    CONF_HALF_LIFE_DAYS,
    CONF_LOG_RETENTION_DAYS,
    CONF_MAINTENANCE_TIME,
    CONF_OBSERVE_NUMERIC_SENSORS,
    CONF_OBSERVED_AREAS,
    CONF_OBSERVED_DOMAINS,
    CONF_OBSERVED_ENTITIES,
    CONF_PANEL_ADMIN_ONLY,
    CONF_PERSONA_NAME,
    CONF_PURGE_ARCHIVED_DAYS,
    CONF_SATELLITE_PEOPLE,
    CONF_SEARCH_MIN_RELEVANCE,
    CONF_SIGNIFICANT_ENTITIES,
    CONF_WEIGHT_ACCESS,
    CONF_WEIGHT_IMPORTANCE,
    CONF_WEIGHT_RECENCY,
    CONF_WEIGHT_RELEVANCE,
    DEFAULT_CONSOLIDATION_THRESHOLD,
    DEFAULT_OBSERVED_DOMAINS,
    DEFAULT_PERSONA_NAME,
    MAX_PERSONA_NAME,
    SATELLITE_DEVICE,
    SATELLITE_PERSON,
    SECTION_CAPTURE,
    SECTION_CONTEXT,
    SECTION_DECAY,
    SECTION_OBSERVATION,
    SECTION_PANEL,
    SECTION_PERSONA,
    SECTION_RETENTION,
    SECTION_SCORING,
    SECTION_SPEAKERS,
    EmbeddingModelChoice,
    ExtractionMode,
)
from ..memory.common.config import EngineConfig, ScoringWeights
from ..memory.text.validation import text_problem

_ENGINE = EngineConfig()
DEFAULT_MAINTENANCE_TIME = time(3, 0)


def _time_option(value: object, default: time) -> time:
    """A stored "HH:MM[:SS]" (the time selector's value) as a time."""
    if isinstance(value, str):
        try:
            return time.fromisoformat(value)
        except ValueError:
            pass
    return default


@dataclass(frozen=True, slots=True, kw_only=True)
class HomeMemoryOptions:
    """Every option of the entry, typed, with defaults for what is not set."""

    persona_name: str = DEFAULT_PERSONA_NAME
    conversation_capture: bool = True
    extraction_mode: ExtractionMode = ExtractionMode.ASK_FIRST
    # None: ai_task falls back to the user's preferred AI Task entity.
    ai_task_entity: str | None = None
    dedup_threshold: float = _ENGINE.dedup_threshold
    observed_entities: tuple[str, ...] = ()
    # Observed whatever their domain, and never dropped as trivial.
    significant_entities: tuple[str, ...] = ()
    observed_domains: tuple[str, ...] = DEFAULT_OBSERVED_DOMAINS
    observed_areas: tuple[str, ...] = ()
    observe_numeric_sensors: bool = False
    # Voice satellite device id -> person entity id of who usually speaks there.
    satellite_people: Mapping[str, str] = field(
        default_factory=lambda: MappingProxyType({})
    )
    context_enabled: bool = True
    context_max_memories: int = _ENGINE.context_max_memories
    context_token_budget: int = _ENGINE.context_token_budget
    context_min_relevance: float = _ENGINE.context_min_relevance
    search_min_relevance: float = _ENGINE.search_min_relevance
    embedding_model: EmbeddingModelChoice = EmbeddingModelChoice.FOLLOW_LANGUAGE
    weights: ScoringWeights = _ENGINE.weights
    half_life_days: float = _ENGINE.base_half_life_days
    archive_threshold: float = _ENGINE.archive_threshold
    log_retention_days: float = _ENGINE.log_retention_days
    purge_archived_after_days: float = _ENGINE.purge_archived_after_days
    maintenance_time: time = DEFAULT_MAINTENANCE_TIME
    consolidation_threshold: float = DEFAULT_CONSOLIDATION_THRESHOLD
    panel_admin_only: bool = False

    @classmethod
    def from_entry_options(cls, options: Mapping[str, Any]) -> HomeMemoryOptions:
        """Read the options flow's sections; anything missing keeps its default."""
        default = cls()

        def section(name: str) -> Mapping[str, Any]:
            value = options.get(name)
            return value if isinstance(value, Mapping) else {}

        return cls(
            **_capture_options(
                section(SECTION_PERSONA), section(SECTION_CAPTURE), default
            ),
            **_observation_options(
                section(SECTION_OBSERVATION), section(SECTION_SPEAKERS), default
            ),
            **_context_options(section(SECTION_CONTEXT), default),
            **_scoring_options(
                section(SECTION_SCORING), section(SECTION_DECAY), default
            ),
            **_retention_options(section(SECTION_RETENTION), default),
            panel_admin_only=bool(
                section(SECTION_PANEL).get(CONF_PANEL_ADMIN_ONLY, False)
            ),
        )

    def engine_config(self, language: str | None = None) -> EngineConfig:
        """The engine's parameters for these options in the household's
        `language` (Home Assistant's; None: English)."""
        return EngineConfig(
            language=language or "en",
            weights=self.weights,
            base_half_life_days=self.half_life_days,
            archive_threshold=self.archive_threshold,
            purge_archived_after_days=self.purge_archived_after_days,
            log_retention_days=self.log_retention_days,
            dedup_threshold=self.dedup_threshold,
            context_max_memories=self.context_max_memories,
            context_token_budget=self.context_token_budget,
            context_min_relevance=self.context_min_relevance,
            search_min_relevance=self.search_min_relevance,
        )

    def as_sections(self) -> dict[str, dict[str, Any]]:
        """The options in the flow's stored shape (the flow's defaults)."""
        capture: dict[str, Any] = {
            CONF_CONVERSATION_CAPTURE: self.conversation_capture,
            CONF_EXTRACTION_MODE: str(self.extraction_mode),
            CONF_DEDUP_THRESHOLD: self.dedup_threshold,
        }
        if self.ai_task_entity:
            capture[CONF_AI_TASK_ENTITY] = self.ai_task_entity
        return {
            SECTION_PERSONA: {CONF_PERSONA_NAME: self.persona_name},
            SECTION_CAPTURE: capture,
            SECTION_OBSERVATION: {
                CONF_OBSERVED_ENTITIES: list(self.observed_entities),
                CONF_SIGNIFICANT_ENTITIES: list(self.significant_entities),
                CONF_OBSERVED_DOMAINS: list(self.observed_domains),
                CONF_OBSERVED_AREAS: list(self.observed_areas),
                CONF_OBSERVE_NUMERIC_SENSORS: self.observe_numeric_sensors,
            },
            SECTION_SPEAKERS: {
                CONF_SATELLITE_PEOPLE: [
                    {SATELLITE_DEVICE: device, SATELLITE_PERSON: person}
                    for device, person in self.satellite_people.items()
                ]
            },
            SECTION_CONTEXT: {
                CONF_CONTEXT_ENABLED: self.context_enabled,
                CONF_CONTEXT_MAX_MEMORIES: self.context_max_memories,
                CONF_CONTEXT_TOKEN_BUDGET: self.context_token_budget,
                CONF_CONTEXT_MIN_RELEVANCE: self.context_min_relevance,
                CONF_SEARCH_MIN_RELEVANCE: self.search_min_relevance,
                CONF_EMBEDDING_MODEL: str(self.embedding_model),
            },
            SECTION_SCORING: {
                CONF_WEIGHT_RELEVANCE: self.weights.relevance,
                CONF_WEIGHT_IMPORTANCE: self.weights.importance,
                CONF_WEIGHT_RECENCY: self.weights.recency,
                CONF_WEIGHT_ACCESS: self.weights.access,
            },
            SECTION_DECAY: {
                CONF_HALF_LIFE_DAYS: self.half_life_days,
                CONF_ARCHIVE_THRESHOLD: self.archive_threshold,
            },
            SECTION_RETENTION: {
                CONF_LOG_RETENTION_DAYS: self.log_retention_days,
                CONF_PURGE_ARCHIVED_DAYS: self.purge_archived_after_days,
                CONF_MAINTENANCE_TIME: self.maintenance_time.isoformat(),
                CONF_CONSOLIDATION_THRESHOLD: self.consolidation_threshold,
            },
            SECTION_PANEL: {CONF_PANEL_ADMIN_ONLY: self.panel_admin_only},
        }


# -- one reader per group of sections (keyword arguments of HomeMemoryOptions) --


def _persona_name(value: object, default: HomeMemoryOptions) -> str:
    """The stored name, unless it is not one line of plain text.

    Options saved before the config flow checked it may hold a newline or a
    control character; the name goes into prompts, so those fall back.
    """
    if not isinstance(value, str) or not value.strip():
        return default.persona_name
    if text_problem(value, MAX_PERSONA_NAME) is not None:
        return default.persona_name
    return value


def _capture_options(
    persona: Mapping[str, Any], capture: Mapping[str, Any], default: HomeMemoryOptions
) -> dict[str, Any]:
    return {
        "persona_name": _persona_name(persona.get(CONF_PERSONA_NAME), default),
        "conversation_capture": bool(
            capture.get(CONF_CONVERSATION_CAPTURE, default.conversation_capture)
        ),
        "extraction_mode": ExtractionMode(
            capture.get(CONF_EXTRACTION_MODE, default.extraction_mode)
        ),
        "ai_task_entity": capture.get(CONF_AI_TASK_ENTITY) or None,
        "dedup_threshold": float(
            capture.get(CONF_DEDUP_THRESHOLD, default.dedup_threshold)
        ),
    }


def _observation_options(
    observation: Mapping[str, Any],
    speakers: Mapping[str, Any],
    default: HomeMemoryOptions,
) -> dict[str, Any]:
    return {
        "observed_entities": tuple(observation.get(CONF_OBSERVED_ENTITIES, ())),
        "significant_entities": tuple(observation.get(CONF_SIGNIFICANT_ENTITIES, ())),
        "observed_domains": tuple(
            observation.get(CONF_OBSERVED_DOMAINS, default.observed_domains)
        ),
        "observed_areas": tuple(observation.get(CONF_OBSERVED_AREAS, ())),
        "observe_numeric_sensors": bool(
            observation.get(CONF_OBSERVE_NUMERIC_SENSORS, False)
        ),
        "satellite_people": MappingProxyType(
            {
                item[SATELLITE_DEVICE]: item[SATELLITE_PERSON]
                for item in speakers.get(CONF_SATELLITE_PEOPLE, ())
            }
        ),
    }


def _context_options(
    context: Mapping[str, Any], default: HomeMemoryOptions
) -> dict[str, Any]:
    return {
        "context_enabled": bool(
            context.get(CONF_CONTEXT_ENABLED, default.context_enabled)
        ),
        "context_max_memories": int(
            context.get(CONF_CONTEXT_MAX_MEMORIES, default.context_max_memories)
        ),
        "context_token_budget": int(
            context.get(CONF_CONTEXT_TOKEN_BUDGET, default.context_token_budget)
        ),
        "context_min_relevance": float(
            context.get(CONF_CONTEXT_MIN_RELEVANCE, default.context_min_relevance)
        ),
        "search_min_relevance": float(
            context.get(CONF_SEARCH_MIN_RELEVANCE, default.search_min_relevance)
        ),
        "embedding_model": _embedding_model(context.get(CONF_EMBEDDING_MODEL)),
    }


def _embedding_model(value: object) -> EmbeddingModelChoice:
    try:
        return EmbeddingModelChoice(str(value))
    except ValueError:
        return EmbeddingModelChoice.FOLLOW_LANGUAGE


def _scoring_options(
    scoring: Mapping[str, Any], decay: Mapping[str, Any], default: HomeMemoryOptions
) -> dict[str, Any]:
    weights = default.weights
    return {
        "weights": ScoringWeights(
            relevance=float(scoring.get(CONF_WEIGHT_RELEVANCE, weights.relevance)),
            importance=float(scoring.get(CONF_WEIGHT_IMPORTANCE, weights.importance)),
            recency=float(scoring.get(CONF_WEIGHT_RECENCY, weights.recency)),
            access=float(scoring.get(CONF_WEIGHT_ACCESS, weights.access)),
        ),
        "half_life_days": float(decay.get(CONF_HALF_LIFE_DAYS, default.half_life_days)),
        "archive_threshold": float(
            decay.get(CONF_ARCHIVE_THRESHOLD, default.archive_threshold)
        ),
    }


def _retention_options(
    retention: Mapping[str, Any], default: HomeMemoryOptions
) -> dict[str, Any]:
    return {
        "log_retention_days": float(
            retention.get(CONF_LOG_RETENTION_DAYS, default.log_retention_days)
        ),
        "purge_archived_after_days": float(
            retention.get(CONF_PURGE_ARCHIVED_DAYS, default.purge_archived_after_days)
        ),
        "maintenance_time": _time_option(
            retention.get(CONF_MAINTENANCE_TIME), default.maintenance_time
        ),
        "consolidation_threshold": float(
            retention.get(CONF_CONSOLIDATION_THRESHOLD, default.consolidation_threshold)
        ),
    }
