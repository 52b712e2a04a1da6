"""The default model's files: their checksums, and how a file's is computed."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from custom_components.home_memory.memory.embedding.model_files import (
    MODEL_FILES,
    MODEL_FILES_BY_NAME,
    sha256_of,
)

if TYPE_CHECKING:
    from pathlib import Path


def test_sha256_of_reads_files_larger_than_one_chunk(tmp_path: Path) -> None:
    """The chunked digest equals the whole file's."""
    data = bytes(range(256)) * 10_000  # 2.5 MB, more than two 1 MiB chunks
    path = tmp_path / "model.onnx"
    path.write_bytes(data)
    assert sha256_of(path) == hashlib.sha256(data).hexdigest()


def test_the_model_needs_a_tokenizer_and_config_and_one_weights_file() -> None:
    """Tokenizer and config are required; the two weight formats are optional."""
    required = {file.name for file in MODEL_FILES if file.required}
    assert required == {"tokenizer.json", "config.json"}
    assert set(MODEL_FILES_BY_NAME) == {file.name for file in MODEL_FILES}
    assert all(len(file.sha256) == 64 for file in MODEL_FILES)
