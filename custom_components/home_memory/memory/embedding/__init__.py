"""The embedding model: text into vectors.

`embedder` runs all-MiniLM-L6-v2 on onnxruntime or plain numpy; `onnx_graph`
keeps the int8 tables int8 inside onnxruntime; `model_files` lists the model's
files and checksums. Re-embedding a store after a model switch is in
`upkeep/reembedding`.
"""

from ..common.errors import GraphFormatError, ModelError
from .embedder import (
    Embedder,
    NumpyEmbedder,
    OnnxEmbedder,
    TransformerEmbedder,
    default_model_dir,
    load_embedder,
    onnxruntime_available,
    read_safetensors,
    verify_model_dir,
)
from .model_files import ModelFile, sha256_of
from .onnx_graph import model_to_load, rewrite_file

__all__ = [
    "Embedder",
    "GraphFormatError",
    "ModelError",
    "ModelFile",
    "NumpyEmbedder",
    "OnnxEmbedder",
    "TransformerEmbedder",
    "default_model_dir",
    "load_embedder",
    "model_to_load",
    "onnxruntime_available",
    "read_safetensors",
    "rewrite_file",
    "sha256_of",
    "verify_model_dir",
]
