"""The integration's layout shows its architecture, and imports keep to it.

Layers, from the bottom: the engine (`memory/`), `runtime/` (bringing the
entry up), `operations/` (what every surface calls), `assist/` and
`background/`, and Home Assistant's platform files at the top. A module may
import from its own layer or below, never above; `const` is shared by all.
"""

from __future__ import annotations

import ast
from pathlib import Path

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


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join((ROOT_NAME, *parts))] = path
    return found


def _imports(module: str, path: Path) -> set[str]:
    """Every module of ours that `module` imports, TYPE_CHECKING ones too."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            if not name.startswith(ROOT_NAME):
                continue
            targets.add(name)
            targets.update(f"{name}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            targets.update(
                alias.name for alias in node.names if alias.name.startswith(ROOT_NAME)
            )
    return targets


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
    offenders = []
    for path in (PACKAGE / "memory").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            offenders += [
                f"{path.name}: {name}"
                for name in names
                if name.startswith(("homeassistant", "..", ROOT_NAME))
            ]
    assert offenders == []


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
