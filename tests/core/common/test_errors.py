"""The engine's errors: one family, each naming what went wrong and nothing private."""

from __future__ import annotations

import inspect

import pytest

from custom_components.home_memory.memory.common import errors
from custom_components.home_memory.memory.common.errors import (
    ImportFileError,
    InvalidDecisionError,
    InvalidMemoryError,
    InvalidProposalsError,
    MemoryEngineError,
    MemoryNotFoundError,
    ModelError,
    ProposalNotFoundError,
)


def test_every_engine_error_is_a_memory_engine_error() -> None:
    """Callers catch the engine's failures as one family."""
    classes = [
        value
        for _, value in inspect.getmembers(errors, inspect.isclass)
        if value.__module__ == errors.__name__
        # The reason an InvalidMemoryError carries is a value, not an error.
        and value is not errors.Problem
    ]
    assert len(classes) > 10
    assert [c for c in classes if not issubclass(c, MemoryEngineError)] == []


@pytest.mark.parametrize(
    "error", [InvalidDecisionError, InvalidProposalsError, errors.GraphFormatError]
)
def test_checks_of_outside_answers_are_value_errors(error: type[Exception]) -> None:
    """The AI Task glue and protobuf readers treat these as invalid values."""
    assert issubclass(error, ValueError)


def test_errors_keep_what_they_name() -> None:
    """Field, id and file are attributes, so surfaces can translate them."""
    invalid = InvalidMemoryError("content", "too long")
    assert (invalid.field, str(invalid)) == ("content", "content: too long")
    assert MemoryNotFoundError("m1").memory_id == "m1"
    assert ProposalNotFoundError("p1").proposal_id == "p1"
    assert ModelError("checksum mismatch", file="model.onnx").file == "model.onnx"
    assert ModelError("no backend").file is None


def test_an_import_error_keeps_every_line_and_says_the_first_five() -> None:
    """The message stays short; the whole list is kept for the caller."""
    lines = [f"line {n}: bad" for n in range(1, 9)]
    error = ImportFileError(lines)
    assert error.errors == lines
    assert str(error) == "; ".join(lines[:5])
