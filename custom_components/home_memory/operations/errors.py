"""The one error family of the operations layer.

Every operation raises an `OperationError` (or lets a programming error
escape). Each surface maps it once to its own form: actions to a translated
`ServiceValidationError` or `HomeAssistantError`, LLM tools to an error
result, sentences to speech, the websocket API to an error message. The
`translation_key` is a key of `exceptions` in strings.json; `placeholders`
fill its message.

The engine wraps its storage failures in `MemoryEngineError` (StorageError).
The files this layer opens itself (an export, an import, another app's
database) can also fail with `OSError` or `sqlite3.Error`: `ENGINE_FAILURES`
names the three once, here.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Final

from homeassistant.auth.permissions.const import POLICY_CONTROL
from homeassistant.exceptions import Unauthorized

from ..const import DOMAIN
from ..memory.common.errors import (
    ImportFileError,
    InvalidMemoryError,
    ListingExpiredError,
    MemoryChangedError,
    MemoryEngineError,
    MemoryNotFoundError,
    NothingToUndoError,
    Problem,
    ProposalNotFoundError,
    VisibilityChangeForbiddenError,
)
from ..memory.text.validation import NOTHING_TO_CHANGE

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from homeassistant.core import Context, HomeAssistant

    from ..memory.common.values import Memory
    from ..memory.time.readings import Window

# Failures of the engine or its file that an operation reports as they are.
ENGINE_FAILURES: Final = (MemoryEngineError, sqlite3.Error, OSError)


class OperationError(Exception):
    """An operation could not be done; nothing was written."""

    # Why a value was refused (its field is the `field` placeholder, its
    # English message `error`): every surface says it in the household's
    # language (operations/reasons.py), never as the English message.
    problem: Problem | None = None
    # An import file's bad lines: (line number, field, why), said alike.
    lines: tuple[tuple[int, str, Problem], ...] = ()
    # The time its `time` placeholder says by date: each surface says it in
    # its listener's language (operations/reasons.py), never in the
    # memory text's (review s40 D4: "… nicht in the week of Monday 7
    # December sein"). Time words someone said are quoted as said.
    window: Window | None = None

    def __init__(self, translation_key: str, **placeholders: str) -> None:
        """Carry the strings.json key and the values its message names."""
        super().__init__(translation_key, placeholders)
        self.translation_key = translation_key
        self.placeholders = placeholders

    def __str__(self) -> str:
        """The key and its values, for logs."""
        values = ", ".join(f"{k}={v}" for k, v in self.placeholders.items())
        return f"{self.translation_key}({values})" if values else self.translation_key


class NotFoundError(OperationError):
    """What the request names does not exist for this caller."""


class InvalidRequestError(OperationError):
    """The request is malformed or not allowed as given (bad input)."""


class ForbiddenError(OperationError):
    """This caller may not do this."""


class ConflictError(OperationError):
    """What the request was about changed since it was shown."""


class UnavailableError(OperationError):
    """Home Memory (or the feature asked for) is not running now."""


class EngineFailureError(OperationError):
    """The engine or its database file failed; `error` says how."""


class SearchExpiredError(NotFoundError):
    """The search a follow-up ("number two") continues has lapsed, made
    room for the person's newer ones, or is another person's."""

    def __init__(self) -> None:
        """Translated as `search_expired`."""
        super().__init__("search_expired")


class ForgetChangedError(ConflictError):
    """A confirmed forget found the memory changed since it was shown.

    Nothing was forgotten; `memory` is what it says now and `token` a new
    confirmation for exactly that version.
    """

    def __init__(self, memory: Memory, token: str) -> None:
        """Carry the memory as it is now and the token that may forget it."""
        super().__init__("memory_changed", id=memory.id)
        self.memory = memory
        self.token = token


class PathOutsideConfigError(Exception):
    """The path points outside the config folder."""


class ImportFileMissingError(Exception):
    """There is no file at the path."""


class ImportFileUnreadableError(Exception):
    """The file exists but cannot be read as UTF-8 text."""


class NotAiMemoryDatabaseError(Exception):
    """The file is not an ai_memory database."""


class _TranslatedUnauthorized(Unauthorized):
    """Unauthorized with a translated message (Unauthorized takes no key)."""

    translation_key_name: str

    def __init__(self, context: Context) -> None:
        super().__init__(context=context, permission=POLICY_CONTROL)
        self.translation_domain = DOMAIN
        self.translation_key = self.translation_key_name
        self.generate_message = True


class ReadOnlyUserError(_TranslatedUnauthorized):
    """A read-only user tried to change memories."""

    translation_key_name = "read_only_user"


class AdminRequiredError(_TranslatedUnauthorized):
    """A non-admin user called an admin action."""

    translation_key_name = "admin_required"


def refused(key: str, field: str, problem: Problem) -> InvalidRequestError:
    """A request refused for `problem` of `field` (`invalid_memory`,
    `invalid_field`): its placeholders `field` and `error`, said in words
    by operations/reasons.py."""
    err = InvalidRequestError(key, field=field, error=problem.message)
    err.problem = problem
    return err


def engine_failure(err: BaseException) -> EngineFailureError:
    """The operation error for an engine or storage failure."""
    return EngineFailureError("engine_error", error=str(err))


def from_engine(  # noqa: PLR0911, PLR0912 - one case per error named
    err: BaseException,
) -> OperationError:
    """The operation error for an exception the engine or a file reader raised.

    Anything else (a programming error) is not ours to translate: the caller
    re-raises it.
    """
    match err:
        case OperationError():
            return err
        case MemoryNotFoundError():
            return NotFoundError("memory_not_found", id=err.memory_id)
        case ListingExpiredError():
            return SearchExpiredError()
        case ProposalNotFoundError():
            return NotFoundError("proposal_not_found", id=err.proposal_id)
        case VisibilityChangeForbiddenError():
            return ForbiddenError("visibility_owner_only", id=err.memory_id)
        case InvalidMemoryError() if err.field == "visibility":
            # The engine's reason (e.g. the memory has no owner) rides along.
            return refused(
                "private_needs_owner",
                err.field,
                err.reason,
            )
        case InvalidMemoryError() if err.problem == NOTHING_TO_CHANGE.code:
            # An edit whose words change nothing, said as an empty update is.
            return InvalidRequestError("nothing_to_change")
        case InvalidMemoryError():
            return refused(
                "invalid_memory",
                err.field,
                err.reason,
            )
        case MemoryChangedError():
            return ConflictError("memory_changed", id=err.memory_id)
        case NothingToUndoError():
            return InvalidRequestError("nothing_to_undo", id=str(err.args[0]))
        case ImportFileError():
            bad_file = InvalidRequestError(
                "import_file_invalid", errors="; ".join(err.errors[:5])
            )
            bad_file.lines = err.lines[:5]
            return bad_file
        case PathOutsideConfigError():
            return InvalidRequestError("path_outside_config", path=str(err))
        case ImportFileMissingError():
            return InvalidRequestError("import_file_not_found", path=str(err))
        case ImportFileUnreadableError():
            return InvalidRequestError("import_file_unreadable", error=str(err))
        case NotAiMemoryDatabaseError():
            return InvalidRequestError("not_ai_memory_database", error=str(err))
        case MemoryEngineError() | sqlite3.Error() | OSError():
            return engine_failure(err)
    raise err


async def async_engine[T](hass: HomeAssistant, job: Callable[[], T]) -> T:
    """Run engine work in the executor; its failures become OperationErrors."""
    try:
        return await hass.async_add_executor_job(job)
    except OperationError:
        raise
    except (
        *ENGINE_FAILURES,
        PathOutsideConfigError,
        ImportFileMissingError,
        ImportFileUnreadableError,
        NotAiMemoryDatabaseError,
    ) as err:
        raise from_engine(err) from err


async def async_guard[T](work: Awaitable[T]) -> T:
    """Await work that reaches the engine itself; failures become OperationErrors."""
    try:
        return await work
    except OperationError:
        raise
    except ENGINE_FAILURES as err:
        raise from_engine(err) from err
