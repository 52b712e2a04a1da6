"""The integration's layout shows its architecture, and imports keep to it.

Layers, from the bottom: the engine (`memory/`), `runtime/` (bringing the
entry up), `operations/` (what every surface calls), `assist/` and
`background/`, and Home Assistant's platform files at the top. A module may
import from its own layer or below, never above; `const` is shared by all.

The engine has layers of its own: role folders from `common/` (value types,
errors) and `text/` (text rules) up to `storage/` (the file's parts), the
front `store.py` (MemoryStore, which composes them), and above it the folders
that take a MemoryStore (`search/`, `observation/`, ...). An engine module may
import its own folder or a lower one; folders sharing a layer are independent.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

from custom_components.home_memory.memory.store import MemoryStore

PACKAGE = Path(__file__).parents[2] / "custom_components" / "home_memory"
ROOT_NAME = "custom_components.home_memory"

# Home Assistant's platform and conventional files: the only modules at the top.
TOP_FILES = {
    "__init__.py",
    "backup.py",
    "config_flow.py",
    "const.py",
    "coordinator.py",
    "diagnostics.py",
    "entity.py",
    "llm.py",
    "repairs.py",
    "sensor.py",
    "services.py",
    "system_health.py",
    "websocket_api.py",
}
METADATA = {
    "manifest.json",
    "strings.json",
    "services.yaml",
    "icons.json",
    "quality_scale.yaml",
}
FOLDERS = {
    "memory",
    "runtime",
    "operations",
    "assist",
    "background",
    "translations",
    "sentences",
    "brand",
    "frontend",
}

# Higher numbers may import lower ones.
LAYER = {
    "memory": 0,
    "runtime": 1,
    "operations": 2,
    "assist": 3,
    "background": 3,
}
TOP_LAYER = 4

ENGINE = PACKAGE / "memory"
ENGINE_NAME = f"{ROOT_NAME}.memory"
# The engine's role folders and its front (`store`: memory/store.py), from the
# bottom. Higher numbers may import lower ones; equal ones not each other.
ENGINE_LAYER = {
    "common": 0,  # value types, errors, tunables, malloc_trim
    "text": 1,  # validation, quoting, FTS queries, statements
    "time": 1,  # time words read as windows, event times said in words
    "embedding": 2,  # the model: text into vectors
    "vectors": 2,  # the vector index and HNSW graph
    "scoring": 2,  # decay formulas and the score table
    "storage": 3,  # the SQLite file: rows, reads, writes, versions, tiers
    "upkeep": 4,  # maintenance, merging, re-embedding
    "transfer": 4,  # export, import, serialisation
    "store": 5,  # the front: MemoryStore composes the parts below
    "search": 6,  # retrieval over a MemoryStore
    "observation": 6,  # event buffer, segmentation, narration
    "consolidation": 6,  # nightly merging and superseding
    "conversation": 7,  # sessions and proposals (sessions use search)
}
# The only modules at the engine's top: the package and the front.
ENGINE_TOP_FILES = {"__init__.py", "store.py"}


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join((ROOT_NAME, *parts))] = path
    return found


def _all_imports(module: str, path: Path) -> set[str]:
    """Every module `module` imports, relative ones resolved, TYPE_CHECKING too."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            targets.add(name)
            targets.update(f"{name}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
    return targets


def _imports(module: str, path: Path) -> set[str]:
    """Every module of ours that `module` imports, TYPE_CHECKING ones too."""
    return {name for name in _all_imports(module, path) if name.startswith(ROOT_NAME)}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {
        name: {target for target in _imports(name, path) if target in modules} - {name}
        for name, path in modules.items()
    }


def _layer(module: str) -> int | None:
    parts = module.split(".")[2:]
    if not parts or parts == ["const"]:
        return None  # the package itself and const: shared by every layer
    if parts[0] in LAYER:
        return LAYER[parts[0]]
    return TOP_LAYER


def test_top_holds_only_platform_files_and_role_folders() -> None:
    """Only Home Assistant's platform files and role folders sit at the top."""
    unexpected = [
        entry.name
        for entry in PACKAGE.iterdir()
        if entry.name != "__pycache__"
        and entry.name not in (FOLDERS if entry.is_dir() else TOP_FILES | METADATA)
    ]
    assert unexpected == []


def test_imports_never_run_up_a_layer() -> None:
    """No module imports from a layer above its own."""
    upward = [
        f"{source} -> {target}"
        for source, targets in _graph().items()
        for target in targets
        if (low := _layer(source)) is not None
        and (high := _layer(target)) is not None
        and high > low
    ]
    assert upward == []


def test_the_engine_imports_nothing_of_home_assistant_or_the_integration() -> None:
    """memory/ imports neither homeassistant nor anything outside memory/."""
    offenders = [
        f"{module}: {name}"
        for module, path in _modules().items()
        if module.startswith(ENGINE_NAME)
        for name in _all_imports(module, path)
        if name.startswith("homeassistant")
        or (
            name.startswith(ROOT_NAME)
            and name != ENGINE_NAME
            and not name.startswith(ENGINE_NAME + ".")
        )
    ]
    assert offenders == []


def _engine_folder(module: str) -> str | None:
    """The engine folder (or `store`, the front) a module belongs to."""
    if not module.startswith(ENGINE_NAME + "."):
        return None  # outside the engine, or the engine package itself
    return module.removeprefix(ENGINE_NAME + ".").split(".")[0]


def test_every_engine_module_lives_in_a_role_folder() -> None:
    """memory/ holds the front and role folders only; each folder a package."""
    unexpected = [
        entry.name
        for entry in ENGINE.iterdir()
        if entry.name != "__pycache__"
        and not (
            entry.name in ENGINE_LAYER
            if entry.is_dir()
            else entry.name in ENGINE_TOP_FILES
        )
    ]
    assert unexpected == []
    assert [
        folder
        for folder in ENGINE_LAYER
        if folder != "store"
        if not (ENGINE / folder / "__init__.py").is_file()
    ] == []
    nested = [
        str(entry.relative_to(ENGINE))
        for folder in ENGINE_LAYER
        if (ENGINE / folder).is_dir()
        for entry in (ENGINE / folder).iterdir()
        if entry.is_dir() and entry.name != "__pycache__"
    ]
    assert nested == []


def test_engine_imports_point_down_between_folders() -> None:
    """An engine module imports its own folder or a lower one, never a higher
    one nor a folder sharing its layer: the folders have no circles."""
    wrong = [
        f"{source} -> {target}"
        for source, targets in _graph().items()
        for target in targets
        if (low := _engine_folder(source)) is not None
        and (high := _engine_folder(target)) is not None
        and low != high
        and ENGINE_LAYER[high] >= ENGINE_LAYER[low]
    ]
    assert wrong == []


def test_the_store_is_composed_not_stacked() -> None:
    """MemoryStore is a front holding its parts: no base but object, and no
    engine class builds on another one (except errors and abstract bases), so
    finding a method never means walking a class hierarchy."""
    assert MemoryStore.__bases__ == (object,)
    stacked = [
        f"{cls.__module__}.{cls.__qualname__}({base.__qualname__})"
        for module in _modules()
        if module.startswith(ENGINE_NAME + ".")
        for _, cls in inspect.getmembers(
            importlib.import_module(module), inspect.isclass
        )
        if cls.__module__ == module
        for base in cls.__bases__
        if base.__module__.startswith(ENGINE_NAME + ".")
        and not issubclass(base, Exception)
        and not inspect.isabstract(base)
    ]
    assert stacked == []


def _is_error(node: ast.ClassDef) -> bool:
    names = [node.name] + [ast.unparse(base) for base in node.bases]
    return any(name.endswith(("Error", "Exception", "Unauthorized")) for name in names)


def test_exceptions_live_in_one_errors_module_a_layer() -> None:
    """Every exception class sits in its folder's errors.py (the engine's in
    memory/common/errors.py, each a MemoryEngineError), so a reader finds
    what can go wrong in one place a layer."""
    misplaced = [
        f"{module}.{node.name}"
        for module, path in _modules().items()
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if isinstance(node, ast.ClassDef) and _is_error(node)
        if not module.endswith(".errors")
        or (module.startswith(ENGINE_NAME) and module != f"{ENGINE_NAME}.common.errors")
    ]
    assert misplaced == []
    engine_errors = importlib.import_module(f"{ENGINE_NAME}.common.errors")
    outside_family = [
        name
        for name, cls in inspect.getmembers(engine_errors, inspect.isclass)
        if issubclass(cls, BaseException)
        and not issubclass(cls, engine_errors.MemoryEngineError)
    ]
    assert outside_family == []


def test_no_import_circles() -> None:
    """The import graph (TYPE_CHECKING imports included) has no cycle."""
    graph = _graph()
    # A package's __init__ importing its own modules is not a circle of design.
    for name in graph:
        graph[name] = {t for t in graph[name] if not name.startswith(t + ".")}
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                cycles.append([*trail[trail.index(target) :], target])
            elif target not in state:
                visit(target, [*trail, target])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert cycles == []


def test_no_module_exceeds_1000_lines() -> None:
    """Every module stays readable: at most 1,000 lines."""
    long = {
        str(path.relative_to(PACKAGE)): lines
        for path in PACKAGE.rglob("*.py")
        if (lines := len(path.read_text("utf-8").splitlines())) > 1000
    }
    assert long == {}


TESTS = Path(__file__).parents[1]

# Engine modules without a test file of their own name, and why: they hold
# data, constants or re-exports only, which the tests of the modules using
# them exercise.
UNTESTED_ENGINE_MODULES = {
    # Tunable parameters and their defaults (a frozen dataclass, no logic).
    "common/config.py",
}


def test_every_engine_module_has_a_test_file_of_its_name() -> None:
    """memory/<role>/<name>.py is tested in tests/core/<role>/test_<name>.py."""
    missing = sorted(
        str(relative)
        for path in ENGINE.rglob("*.py")
        if path.name != "__init__.py"
        and (relative := path.relative_to(ENGINE)).as_posix()
        not in UNTESTED_ENGINE_MODULES
        and not (TESTS / "core" / relative.parent / f"test_{path.name}").is_file()
    )
    assert missing == []
    stale = sorted(
        name for name in UNTESTED_ENGINE_MODULES if not (ENGINE / name).is_file()
    )
    assert stale == []


INTEGRATION_TESTS = TESTS / "integration"
# Integration folders whose modules each have tests/integration/<folder>/
# test_<name>.py, and the modules exempt, with why. Not listed: assist/ and
# runtime/, whose tests follow behaviours across several modules (a whole
# Assist turn, the LLM tools on both APIs; the entry's lifecycle, the model's
# download and choice), so a file per module would split one behaviour.
TESTED_FOLDERS: dict[str, dict[str, str]] = {
    "operations": {
        # The package's docstring only: what the layer is.
        "__init__.py": "no code",
    },
    "background": {
        "__init__.py": "no code",
        # Two error classes, raised and caught in test_ai_generation.py and
        # test_maintenance.py.
        "errors.py": "exercised by test_ai_generation.py and test_maintenance.py",
        # The chat-log listener and its store of turns: what capture does with
        # them is test_conversation_capture.py's and test_capture_placeholders.py's.
        "chat_turns.py": "tested in test_conversation_capture.py",
        "watched_conversations.py": "tested in test_conversation_capture.py",
        # The observer's AI Task narration, driven through the observer.
        "observed_ai.py": "tested in test_observer.py (AI Task)",
    },
}


def test_every_operations_and_background_module_has_a_test_file_of_its_name() -> None:
    """custom_components/home_memory/<folder>/<name>.py is tested in
    tests/integration/<folder>/test_<name>.py, unless exempt above."""
    missing = sorted(
        f"{folder}/{path.name}"
        for folder, exempt in TESTED_FOLDERS.items()
        for path in (PACKAGE / folder).glob("*.py")
        if path.name not in exempt
        and not (INTEGRATION_TESTS / folder / f"test_{path.name}").is_file()
    )
    assert missing == []
    stale = sorted(
        f"{folder}/{name}"
        for folder, exempt in TESTED_FOLDERS.items()
        for name in exempt
        if not (PACKAGE / folder / name).is_file()
        or (INTEGRATION_TESTS / folder / f"test_{name}").is_file()
    )
    assert stale == []


def test_integration_tests_sit_in_a_folder_of_the_role_they_test() -> None:
    """tests/integration/ mirrors the integration: a package per role folder
    (and every_surface/ for properties held on every surface at once), the
    platform files' tests at the top."""
    folders = {
        entry.name
        for entry in INTEGRATION_TESTS.iterdir()
        if entry.is_dir() and entry.name not in {"__pycache__", "__snapshots__"}
    }
    assert folders == set(LAYER) - {"memory"} | {"every_surface"}
    assert [
        f for f in folders if not (INTEGRATION_TESTS / f / "__init__.py").is_file()
    ] == []


def test_module_docstrings_say_what_and_why_in_a_few_lines() -> None:
    """No module docstring under custom_components exceeds 15 lines: what a
    module is and why fits in a few; specifications and measurements belong
    in docs/ (each long one moved to its file's "Module notes")."""
    long = {
        str(path.relative_to(PACKAGE)): len(docstring.splitlines())
        for path in PACKAGE.rglob("*.py")
        if (docstring := ast.get_docstring(ast.parse(path.read_text("utf-8")), False))
        and len(docstring.splitlines()) > 15
    }
    assert long == {}
