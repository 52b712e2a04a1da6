"""The AI Task tells an observed segment: which entity, what is asked, the fallbacks.

The observer (background/observer.py) hands a closed segment here when an AI
Task entity is there. A failing entity (network, rate limit, gone), or an
answer still invalid after one retry, falls back to the template narrator:
what the home saw is never dropped for the way a model answered (an evening
of television was lost so, final review s16).
"""

from __future__ import annotations

from functools import partial
import logging
from typing import TYPE_CHECKING, Final

from homeassistant.helpers import selector
import probatio

from ..const import DOMAIN, LOGGER
from ..memory.common.values import WeightClass
from ..memory.observation.drain import narrate_and_write, write_memory
from ..memory.observation.narration import (
    EMOTIONS,
    from_generated,
    generation_instructions,
    parse_generated,
    segment_people,
)
from ..operations.events import async_memories_changed
from .ai_generation import (
    Generation,
    GenerationFailure,
    ai_task_target,
    async_generate_outcome,
)

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import tzinfo

    from homeassistant.core import HomeAssistant

    from ..memory.common.values import Memory
    from ..memory.observation.narration import GeneratedMemory
    from ..memory.observation.segmentation import Segment, SegmentationRules
    from ..memory.store import MemoryStore
    from ..runtime.options import HomeMemoryOptions

TASK_NAME: Final = f"{DOMAIN} observed memory"

GENERATION_STRUCTURE: Final = probatio.Schema(
    {
        probatio.Required(
            "content", description="The memory in your own words, first person."
        ): selector.TextSelector(selector.TextSelectorConfig(multiline=True)),
        probatio.Required(
            "memory_type", description="How much the memory matters in the long run."
        ): selector.SelectSelector(
            selector.SelectSelectorConfig(options=[str(c) for c in WeightClass])
        ),
        probatio.Required(
            "importance", description="0 trivial to 1 must never be forgotten."
        ): selector.NumberSelector(
            selector.NumberSelectorConfig(min=0, max=1, step=0.01)
        ),
        probatio.Required(
            "emotion", description="The feeling the memory carries."
        ): selector.SelectSelector(
            selector.SelectSelectorConfig(options=list(EMOTIONS))
        ),
        probatio.Required(
            "family_members", description="The people involved, by name."
        ): selector.TextSelector(selector.TextSelectorConfig(multiple=True)),
        probatio.Required(
            "tags", description="A few lowercase keywords."
        ): selector.TextSelector(selector.TextSelectorConfig(multiple=True)),
    }
)


def ai_task_entity(hass: HomeAssistant, options: HomeMemoryOptions) -> str | None:
    """The AI Task entity to narrate with, or None for the template narrator.

    The configured entity, else the user's preferred one; only while ai_task
    is loaded and the entity is there and available.
    """
    return ai_task_target(hass, options.ai_task_entity)


class AiNarrator:
    """Turns one closed segment into a memory with the AI Task, or falls back."""

    def __init__(
        self,
        hass: HomeAssistant,
        store: MemoryStore,
        options: HomeMemoryOptions,
        zone: Callable[[], tzinfo],
        rules: SegmentationRules,
    ) -> None:
        """Narrate into `store` (which also takes the segment's changes),
        in the time zone `zone` gives at each segment (Home Assistant's
        may change while it runs)."""
        self._hass = hass
        self._store = store
        self._options = options
        self._zone = zone
        self._rules = rules

    async def async_remember(self, segment: Segment, entity_id: str) -> Memory | None:
        """The segment's memory, told by `entity_id` or else by the template
        narrator; None when the template narrator told nothing.
        """
        hass = self._hass
        persona = self._options.persona_name
        tz = self._zone()
        outcome = await self._async_generate(segment, entity_id, persona, tz)
        generated = outcome.value
        if generated is not None:
            narration = from_generated(segment, generated, tz=tz, rules=self._rules)
            memory = await hass.async_add_executor_job(
                write_memory, self._store, segment, narration, tz
            )
        else:
            # The entity failed (network, rate limit, gone) or answered
            # invalid data twice: the template narrator tells the segment.
            LOGGER.log(
                logging.WARNING
                if outcome.failure is GenerationFailure.INVALID
                else logging.INFO,
                "The AI Task could not narrate %s observed changes (%s); the "
                "template narrator tells them instead",
                len(segment.events),
                outcome.failure,
            )
            memory = await hass.async_add_executor_job(
                partial(
                    narrate_and_write,
                    self._store,
                    segment,
                    persona,
                    tz,
                    self._rules,
                    language=hass.config.language,
                )
            )
        if memory is not None:
            async_memories_changed(hass, created=[memory])
        return memory

    async def _async_generate(
        self, segment: Segment, entity_id: str, persona: str, tz: tzinfo
    ) -> Generation[GeneratedMemory]:
        people = segment_people(segment, tz, self._rules)
        return await async_generate_outcome(
            self._hass,
            task_name=TASK_NAME,
            entity_id=entity_id,
            instructions=generation_instructions(
                segment,
                persona=persona,
                tz=tz,
                rules=self._rules,
                language=self._hass.config.language,
            ),
            structure=GENERATION_STRUCTURE,
            validate=partial(parse_generated, known_people=people),
        )
