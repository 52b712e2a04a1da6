"""How a recall is said aloud by the built-in agent: one memory, a numbered
listing, the last thing someone told, and what a roundup keeps back.

A voice satellite is heard by the room. A roundup (a question of a time
alone, no topic: "what's new since yesterday", "what did I tell you
today") does not read the asker's own private secrets aloud
(memory/text/secrets.py: a code, a PIN, a password); it says how many it
kept back ("And 1 private note of yours."); "number three" after it
does not read one either (live review s43 #4). Asked about the topic
("what is my gate code"), the owner hears it. The LLM tools return
what the asker may see, private memories marked private, as every surface
does: the model is the asker's.

The texts are the sentence files' responses (`sentences/<language>.yaml`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from homeassistant.util import dt as dt_util

from ..memory.common.values import Visibility
from ..memory.observation.phrases import lead_ins, without_opening
from ..memory.text.addressing import to_the_named, to_the_teller
from ..memory.text.answering import answering_part
from ..memory.text.moments import told_as
from ..memory.text.quoting import flatten
from ..memory.text.secrets import holds_secret
from ..operations import when
from .dating import Dating

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..memory.common.values import Memory, ScoredMemory
    from ..memory.search.retrieval import ProgressivePage
    from .sentence_files import Wording


def spoken(text: str) -> str:
    """A memory's text for speech: one line, without its closing punctuation
    (a part of it ends with its ";" or "," too: "… auf und wieder zu;")."""
    return flatten(text).rstrip(" .!?;,:")


def sentence(text: str) -> str:
    """A memory's text for speech as one sentence: one line, one full stop.

    A summary cut with "…" keeps it alone ("unlock the…", never "…."); a line
    break in a memory is read as a space, not as a new line of the answer.
    """
    said = spoken(text)
    return said if said.endswith("\u2026") else f"{said}."


def kept_back(items: Sequence[ScoredMemory], roundup: bool) -> frozenset[str]:
    """The ids of the memories a roundup does not read aloud: private ones
    (the asker's own: nobody hears another's) that hold a secret."""
    if not roundup:
        return frozenset()
    return frozenset(
        item.memory.id
        for item in items
        if item.memory.visibility is Visibility.PRIVATE
        and holds_secret(f"{item.memory.summary}\n{item.memory.content}")
    )


def private_notes(words: Wording, count: int) -> str:
    """ "And 1 private note of yours." for `count` kept back."""
    if count == 1:
        return words.say("private_kept_one")
    return words.say("private_kept", count=count)


@dataclass(frozen=True, slots=True)
class Whose:
    """Whom an answer names as a teller: `suffix`, its response's ("_you"
    for the one who asks, "" for another), and `name`."""

    suffix: str
    name: str


def dated(
    describe: Callable[[Memory], str],
    memory: Memory,
    words: Wording,
    *,
    dating: Dating | None = None,
) -> str:
    """A memory said with when it happened where that matters (an event, an
    observation, or the question asked when), unless its own words say it:
    "Yesterday evening, a little after six: ..."."""
    dating = dating or Dating()
    wanted = memory.id in dating.always or (
        memory.id not in dating.own and when.worth_saying(memory)
    )
    said = describe(memory) if wanted else ""
    told = answering_part(
        memory.summary,
        memory.content,
        dating.asked,
        dating.language,
        lead_ins(dating.language),
        told_as(dating.language),
    )
    if dating.listener is not None and memory.teller == dating.listener:
        told = to_the_teller(told)  # "My bank PIN …" to its teller: "Your …"
    if dating.listener_name is not None:
        # "Anna's birthday …" to Anna: "Your birthday …", as her own "my".
        told = to_the_named(told, dating.listener_name)
    if when.plan_over(memory, dt_util.utcnow(), words.language):
        # "Peter kommt am Samstag", its Saturday over (review s40 #3); when,
        # unless its own words say it.
        if not said:
            return words.say("past_plan_said", memory=sentence(told))
        return words.say("past_plan", when=said, memory=sentence(told))
    ago = None if dating.ago is None else dating.ago(memory)
    if not said and (ago is None or memory.id not in dating.own):
        return sentence(told)
    if said and str(memory.source) == "observed":
        # The header says its day: "This morning: I saw that Anna woke up …",
        # not "This morning: It was Tuesday morning, and I saw …".
        told = without_opening(told, dating.language)
    if ago is not None:
        # "How long ago was the boiler serviced?": "That was 3 weeks ago
        # (on Thursday 12 November): …" (live review s42).
        return words.say(
            "ago_memory" if said else "ago_memory_said",
            ago=ago[0],
            when=ago[1],
            memory=sentence(told),
        )
    return words.say(
        "dated_memory",
        when=f"{said[:1].upper()}{said[1:]}",
        memory=sentence(told),
    )


def listing(
    page: ProgressivePage,
    words: Wording,
    describe: Callable[[Memory], str],
    *,
    dating: Dating | None = None,
    kept: frozenset[str] = frozenset(),
    skip: int = 0,
) -> str:
    """The page's memories by number (but the first `skip`), those `kept`
    back said only by their count, and how many are left for "more", each
    dated as `dating` says (`dated`)."""
    numbered = list(zip(page.numbers, page.items, strict=True))[skip:]
    said = [
        words.say(
            "listing_item",
            number=number,
            memory=dated(describe, item.memory, words, dating=dating),
        )
        for number, item in numbered
        if item.memory.id not in kept
    ]
    if held := sum(1 for _, item in numbered if item.memory.id in kept):
        said.append(private_notes(words, held))
    if page.has_more and (rest := page.total - page.numbers[-1]) > 0:
        # One left is said apart: German counts "ein weiteres", not "1 weitere".
        key = "listing_more_one" if rest == 1 else "listing_more"
        said.append(words.say(key, rest=rest))
    return " ".join(said)


def last_told(
    page: ProgressivePage,
    words: Wording,
    describe: Callable[[Memory], str],
    whose: Whose,
    *,
    dating: Dating,
    kept: frozenset[str],
) -> str:
    """ "The last thing you told me: … Before that: 2: …": the page of
    someone's tellings, the last told first; one a roundup keeps back is
    said as "a private note of yours"."""
    first = page.items[0].memory
    if first.id in kept:
        said = words.say("told_last_private")
    else:
        memory = dated(describe, first, words, dating=dating)
        said = words.say(f"told_last{whose.suffix}", name=whose.name, memory=memory)
    rest = listing(page, words, describe, dating=dating, kept=kept, skip=1)
    return f"{said} {words.say('told_before', listing=rest)}" if rest else said
