"""Whether the memory holds something of a statement's subject, as its
speaker may see it.

A statement said after a bare "no" ("Nein, die Taschenlampe liegt im
Flur", "No, the torch is in the hall") corrects only where a memory tells
of the same subject ("Die Taschenlampe liegt in der Küche."); otherwise
the "no" may answer a question, and the sentence stays Home Assistant's
(review s40 #1). The subject is read as the statement tables read it
(memory/text/statements.subject_words): the content words of its noun
phrase, each the same word or its inflection in the memory's subject.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Final

from ..memory.common.values import MemoryFilter
from ..memory.text.statements import same_stem, shared_by, subject_words
from . import when
from .access import Access, require
from .errors import async_engine
from .persons import async_teller_name

if TYPE_CHECKING:
    from ..memory.common.values import Caller
    from ..memory.store import MemoryStore
    from .memories import OperationScope

# The memories holding the subject's words read for their own subject, best
# keyword matches first: a subject's memories are few beside its words'.
_READ: Final = 20


async def async_tells_of(
    scope: OperationScope, statement: str, language: str | None
) -> bool:
    """Whether a memory the caller may see has the subject of `statement`
    (said in `language`, the conversation's; None: the household's)."""
    require(scope.actor, Access.READ)
    spoken = when.statement_language(scope.hass, language)
    own = when.text_language(statement, spoken)
    # "No, my passport is in the safe": the speaker's own memory keeps "my"
    # (a private one), the household's says "Anna's passport" (session 41).
    subjects = [subject_words(statement, own)]
    name = await async_teller_name(scope.hass, scope.actor.caller.user_id)
    if name:
        subjects.append(subject_words(shared_by(statement, name, own), own))
    subjects = [subject for subject in dict.fromkeys(subjects) if subject]
    if not subjects:
        return False
    return await async_engine(
        scope.hass,
        partial(
            _tells_of, scope.data.store, scope.actor.caller, tuple(subjects), spoken
        ),
    )


def _tells_of(
    store: MemoryStore,
    caller: Caller,
    subjects: tuple[tuple[str, ...], ...],
    language: str,
) -> bool:
    for subject in subjects:
        found = store.candidates.keyword_candidates(
            " ".join(subject), caller, MemoryFilter(), _READ
        )
        memories = store.fetch([rowid for rowid, _ in found])
        if any(
            _same(
                subject,
                subject_words(
                    memory.content, when.text_language(memory.content, language)
                ),
            )
            for memory in memories.values()
        ):
            return True
    return False


def _same(said: tuple[str, ...], held: tuple[str, ...]) -> bool:
    """One subject: as many words, each the other's or its inflection."""
    return len(said) == len(held) and all(
        same_stem(one, other) for one, other in zip(said, held, strict=True)
    )
