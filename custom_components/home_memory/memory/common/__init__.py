"""What every part of the engine shares: value types, errors, tunables.

`values` holds the value types (a memory, its kind, class, tier, filters and
results), `errors` the errors the engine raises, `config` its tunable
parameters, `malloc_trim` the call that gives freed heap pages back to the
system. Nothing here imports another engine folder.
"""

from .config import EngineConfig, ScoringWeights
from .errors import (
    DatabaseCorruptError,
    ImportFileError,
    InvalidMemoryError,
    MemoryChangedError,
    MemoryEngineError,
    MemoryNotFoundError,
    NothingToUndoError,
    SchemaTooNewError,
    StorageError,
    VisibilityChangeForbiddenError,
)
from .malloc_trim import release_freed_memory
from .values import (
    Caller,
    CreateAction,
    CreateResult,
    ListPosition,
    MaintenanceStats,
    Memory,
    MemoryFilter,
    MemoryKind,
    MemoryPatch,
    NewMemory,
    Origin,
    Page,
    ScoredMemory,
    Source,
    Tier,
    Visibility,
    WeightClass,
    default_weight_class,
    origin_of,
)

__all__ = [
    "Caller",
    "CreateAction",
    "CreateResult",
    "DatabaseCorruptError",
    "EngineConfig",
    "ImportFileError",
    "InvalidMemoryError",
    "ListPosition",
    "MaintenanceStats",
    "Memory",
    "MemoryChangedError",
    "MemoryEngineError",
    "MemoryFilter",
    "MemoryKind",
    "MemoryNotFoundError",
    "MemoryPatch",
    "NewMemory",
    "NothingToUndoError",
    "Origin",
    "Page",
    "SchemaTooNewError",
    "ScoredMemory",
    "ScoringWeights",
    "Source",
    "StorageError",
    "Tier",
    "Visibility",
    "VisibilityChangeForbiddenError",
    "WeightClass",
    "default_weight_class",
    "origin_of",
    "release_freed_memory",
]
