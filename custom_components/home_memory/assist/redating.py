"""A spoken correction that says only when "it" was ("no, actually it was
last spring", "Nein, das war am Dienstag"): the memory this conversation
just talked about is re-dated.

The memory is the conversation's "it", as "forget it" finds it
(`choosing.async_resolve`, the speaker's own conversation state: another
speaker in this conversation has none, so nothing changes; review s32 M7).
Its text is told again with the new time words in place of its own
(memory/text/redating.py) and written as an edit, which dates it as a
statement is dated and refuses a speaker who may not change it. A deed
told as done is not moved ahead of the telling ("no, it was tomorrow" of
"we went to the zoo on Saturday": nothing changes, and the answer says so;
review s35).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..memory.common.values import MemoryPatch
from ..memory.text.redating import redated
from ..memory.time.expressions import (
    day_parts,
    read_statement,
    speaks_of_past,
    time_spans,
)
from ..operations import memories
from ..operations.remembering import updated_speech
from ..operations.when import household_now
from .tools import async_resolve

if TYPE_CHECKING:
    from .call import CallScope
    from .sentence_files import Wording


async def async_redate(scope: CallScope, time_words: str, words: Wording) -> str:
    """Re-date the conversation's last memory to `time_words`, and say so
    as a correction says it ("Updated: We fixed the gutter in spring 2026
    (was: in summer 2026)."); "I already knew that" where nothing changes.
    NotFoundError `nothing_recent` where nothing was talked about."""
    scope.require_write()
    memory = (await async_resolve(scope, that=True)).memory
    if memory is None:  # "it" is one memory; never a choice, but said so
        return words.say("error_nothing_recent")
    content = redated(memory.content, time_words, words.language, time_spans, day_parts)
    if _done_then_ahead(memory.content, content, scope, words.language):
        return words.say("redated_ahead", time=time_words)
    outcome = await memories.async_update(
        scope.ops,
        memories.UpdateRequest(
            memory.id,
            MemoryPatch(content=content, expected_version=memory.version),
            language=scope.language,
        ),
    )
    scope.state.last_memory_id = outcome.memory.id
    if not outcome.changed:
        return words.say("already_known")
    return updated_speech(
        memory.content,
        outcome.memory.content,
        updated=words.responses["updated"],
        language=words.language,
    )


def _done_then_ahead(
    content: str, new: str, scope: CallScope, language: str | None
) -> bool:
    """Whether `content` tells a deed done and `new`, its re-dated text,
    names a time after now ("We went to the zoo on Saturday." and "…
    tomorrow."): a deed cannot be still to come, so no re-date."""
    if not speaks_of_past(content, language):
        return False
    now = household_now(scope.hass)
    window = read_statement(new, now=now, language=language)
    return window is not None and window.start > now
