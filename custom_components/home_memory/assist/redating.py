"""A spoken correction that says only when "it" was ("no, actually it was
last spring", "Nein, das war am Dienstag"): the memory this conversation
just talked about is re-dated.

The memory is the conversation's "it", as "forget it" finds it
(`choosing.async_resolve`, the speaker's own conversation state: another
speaker in this conversation has none, so nothing changes; review s32 M7).
Its text is told again with the new time words in place of its own
(memory/text/redating.py) and written as an edit through the re-dating
every surface shares (operations/redating.py), which dates it as a
statement is dated and refuses a speaker who may not change it. A deed
told as done is not moved ahead of the telling, nor a plan behind it ("no,
it was tomorrow" of "we went to the zoo on Saturday", "no wait, it was
yesterday" of "the window cleaner is coming on Friday": nothing changes,
and the answer says so; reviews s35, s36 #13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from homeassistant.helpers.intent import IntentResponseErrorCode

from ..memory.common.values import MemoryPatch
from ..memory.time.spoken import say_when
from ..operations import memories
from ..operations.errors import InvalidRequestError
from ..operations.remembering import updated_speech
from ..operations.when import household_now
from .errors import RefusedError
from .tools import async_resolve

if TYPE_CHECKING:
    from .call import CallScope
    from .sentence_files import Wording

NO_VALID_TARGETS: Final = IntentResponseErrorCode.NO_VALID_TARGETS
# Refusals of a re-dating (operations/redating.py), said with the time words.
_REFUSED = frozenset({"redated_ahead", "redated_behind"})


async def async_redate(scope: CallScope, time_words: str, words: Wording) -> str:
    """Re-date the conversation's last memory to `time_words`, and say so
    as a correction says it ("Updated: We fixed the gutter in spring 2026
    (was: in summer 2026)."); "I already knew that" where nothing changes.
    NotFoundError `nothing_recent` where nothing was talked about; RefusedError
    where the new time is refused (a deed moved ahead, a plan behind)."""
    scope.require_write()
    memory = (await async_resolve(scope, that=True)).memory
    if memory is None:  # "it" is one memory; never a choice, but said so
        raise RefusedError(words.say("error_nothing_recent"), NO_VALID_TARGETS)
    try:
        # The one re-dating of every surface (operations/redating.py).
        outcome = await memories.async_update(
            scope.ops,
            memories.UpdateRequest(
                memory.id,
                MemoryPatch(expected_version=memory.version),
                happened_at=time_words,
                language=scope.language,
                spoken=True,
            ),
        )
    except InvalidRequestError as err:
        if err.translation_key not in _REFUSED:
            raise
        # Not done, and said why: an error response (review s40 D5).
        raise RefusedError(words.say(err.translation_key, time=time_words)) from err
    scope.state.last_memory_id = outcome.memory.id
    if not outcome.changed:
        return words.say("already_known")
    if outcome.memory.content == memory.content:
        # Moved, its text as it was (time words said in another language
        # than its text's: review s36 #17 spliced them in): the new time.
        moved = outcome.memory
        until = (
            None if moved.happened_until == moved.happened_at else moved.happened_until
        )
        now = household_now(scope.hass)
        when_said = say_when(
            moved.happened_at, until, now=now, language=words.language, relative=False
        )
        return words.say("redated_moved", memory=moved.content, time=when_said)
    return updated_speech(
        memory.content,
        outcome.memory.content,
        updated=words.responses["updated"],
        language=words.language,
    )
