"""The time tables compiled per language (time/tables.py)."""

from __future__ import annotations

import pytest

from custom_components.home_memory.memory.time.tables import alternatives, compiled


def test_alternatives_try_the_longest_word_first() -> None:
    """ "tues" is tried before "tue", so a longer word is never cut short."""
    assert alternatives(["tue", "tues", "tue"]) == "tues|tue"


@pytest.mark.parametrize(
    ("language", "said", "kind"),
    [("en", "last week", "week"), ("de", "letzte woche", "week")],
)
def test_a_language_s_rules_are_compiled_from_its_table(
    language: str, said: str, kind: str
) -> None:
    """Each rule of the JSON table becomes a whole-word pattern of its kind."""
    table = compiled(language)
    kinds = {kind for kind, pattern, _ in table.rules if pattern.fullmatch(said)}
    assert kind in kinds
    assert table.months["november"] == 11
    assert compiled(language) is table


def test_words_join_a_range_only_where_the_language_has_them() -> None:
    """ "from … to …" is English's span; its "to" matches alone."""
    words = compiled("en").range
    assert words is not None
    assert words.to.fullmatch(" to ")
    assert not words.to.fullmatch(" and ")
