"""What keeps the store in shape over time: store parts run by the schedule.

`maintenance` (decay, archive, purge), `merging` (a surviving memory takes
over others, for consolidation), `reembedding` (switching embedding models).
Which memories to merge is decided in `consolidation/`.
"""

from .maintenance import Upkeep
from .merging import MemoryMerge, Merging
from .reembedding import Reembedding

__all__ = ["MemoryMerge", "Merging", "Reembedding", "Upkeep"]
