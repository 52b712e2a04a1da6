"""The in-memory vector index that finds a query's nearest memories.

`vector_index` holds every active memory's vector (binary first pass, exact
cosine rescoring); `hnsw_graph` is the optional usearch graph that answers
large stores without a scan.
"""

from .hnsw_graph import HnswGraph, remove_graph_files, usearch_version
from .vector_index import VectorIndex

__all__ = ["HnswGraph", "VectorIndex", "remove_graph_files", "usearch_version"]
