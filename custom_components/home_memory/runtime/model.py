"""Finding, checking and loading the embedding model folder (blocking helpers)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..const import DB_FOLDER, EmbeddingModelChoice
from ..memory.common.errors import ModelError
from ..memory.common.languages import base_language
from ..memory.embedding.embedder import (
    default_model_dir,
    load_embedder,
    onnxruntime_available,
    verify_model_dir,
)
from ..memory.embedding.model_files import MODEL_ID
from ..memory.embedding.multilingual import (
    MultilingualEmbedder,
    load_multilingual_embedder,
)
from .errors import ModelDirError

if TYPE_CHECKING:
    from ..memory.embedding.embedder import Backend, Embedder

# Where a user can drop the model files without configuring anything.
MODEL_SUBFOLDER = ("models", MODEL_ID)


def resolve_model_dir(configured: str | None, config_dir: str) -> Path | None:
    """The folder to load the model from, or None when there is none at all.

    A configured folder wins (relative paths are taken from the config folder);
    then the engine's default (environment variable or development checkout);
    then <config>/home_memory/models/all-MiniLM-L6-v2 if it exists.
    """
    if configured:
        return Path(config_dir) / Path(configured).expanduser()
    if (engine_default := default_model_dir()) is not None:
        return engine_default
    fallback = Path(config_dir, DB_FOLDER, *MODEL_SUBFOLDER)
    return fallback if fallback.is_dir() else None


def check_model_dir(model_dir: Path) -> None:
    """Check the folder the way loading would, without loading the model.

    Raises ModelDirError. The backend is chosen as load_embedder("auto")
    chooses it, so the files checked are the files loading will read.
    """
    if not model_dir.is_dir():
        raise ModelDirError("model_dir_not_found")
    backend: Backend = (
        "onnxruntime"
        if (model_dir / "model.onnx").is_file() and onnxruntime_available()
        else "numpy"
    )
    try:
        verify_model_dir(model_dir, need=backend)
    except ModelError as err:
        if err.file is None:  # pragma: no cover - verify always names a file
            raise ModelDirError("model_unusable") from err
        if not (model_dir / err.file).is_file():
            raise ModelDirError("model_file_missing", err.file) from err
        raise ModelDirError("model_file_mismatch", err.file) from err


def load_model(model_dir: Path) -> Embedder:
    """Load (and warm up) the model; raises ModelError."""
    return load_embedder(model_dir)


def wants_multilingual(choice: EmbeddingModelChoice, language: str | None) -> bool:
    """Whether the multilingual model is the one to load.

    Following the language, only an English Home Assistant (en, en-GB, ...)
    keeps all-MiniLM-L6-v2, an English-only model; every other language gets
    multilingual-e5-small.
    """
    if choice is EmbeddingModelChoice.FOLLOW_LANGUAGE:
        primary = base_language(language, "en")
        return primary != "en"
    return choice is EmbeddingModelChoice.MULTILINGUAL


def load_multilingual_model() -> MultilingualEmbedder:
    """Load (and warm up) multilingual-e5-small; raises ModelError."""
    return load_multilingual_embedder()
