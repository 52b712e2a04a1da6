"""Config flow: one entry, options in sections, and the model folder."""

from __future__ import annotations

from datetime import timedelta
import re
from typing import TYPE_CHECKING, Any

from homeassistant.config_entries import (
    ConfigFlow,
    ConfigFlowResult,
    OptionsFlow,
    OptionsFlowWithReload,
)
from homeassistant.core import callback, valid_entity_id
from homeassistant.data_entry_flow import section
from homeassistant.helpers.event import async_track_time_interval
from homeassistant.helpers.selector import (
    AreaSelector,
    AreaSelectorConfig,
    BooleanSelector,
    DeviceSelector,
    DeviceSelectorConfig,
    EntityFilterSelectorConfig,
    EntitySelector,
    EntitySelectorConfig,
    EntityWithDeviceFilterSelectorConfig,
    NumberSelector,
    NumberSelectorConfig,
    NumberSelectorMode,
    ObjectSelector,
    ObjectSelectorConfig,
    SelectSelector,
    SelectSelectorConfig,
    SelectSelectorMode,
    TextSelector,
    TimeSelector,
)
from homeassistant.helpers.translation import async_get_translations
import probatio

from .const import (
    CONF_AI_TASK_ENTITY,
    CONF_ARCHIVE_THRESHOLD,
    CONF_CONSOLIDATION_THRESHOLD,
    CONF_CONTEXT_ENABLED,
    CONF_CONTEXT_MAX_MEMORIES,
    CONF_CONTEXT_MIN_RELEVANCE,
    CONF_CONTEXT_TOKEN_BUDGET,
    CONF_CONVERSATION_CAPTURE,
    CONF_DEDUP_THRESHOLD,
    CONF_EMBEDDING_MODEL,
    CONF_EXTRACTION_MODE,
    CONF_HALF_LIFE_DAYS,
    CONF_LOG_RETENTION_DAYS,
    CONF_MAINTENANCE_TIME,
    CONF_MODEL_DIR,
    CONF_OBSERVE_NUMERIC_SENSORS,
    CONF_OBSERVED_AREAS,
    CONF_OBSERVED_DOMAINS,
    CONF_OBSERVED_ENTITIES,
    CONF_PANEL_ADMIN_ONLY,
    CONF_PERSONA_NAME,
    CONF_PURGE_ARCHIVED_DAYS,
    CONF_SATELLITE_PEOPLE,
    CONF_SEARCH_MIN_RELEVANCE,
    CONF_SIGNIFICANT_ENTITIES,
    CONF_WEIGHT_ACCESS,
    CONF_WEIGHT_IMPORTANCE,
    CONF_WEIGHT_RECENCY,
    CONF_WEIGHT_RELEVANCE,
    CONFIG_MINOR_VERSION,
    CONFIG_VERSION,
    DEFAULT_PERSONA_NAME,
    DEFAULT_TITLE,
    DOMAIN,
    LOGGER,
    MAX_PERSONA_NAME,
    MIN_DEDUP_THRESHOLD,
    SATELLITE_DEVICE,
    SATELLITE_PERSON,
    SECTION_CAPTURE,
    SECTION_CONTEXT,
    SECTION_DECAY,
    SECTION_OBSERVATION,
    SECTION_PANEL,
    SECTION_PERSONA,
    SECTION_RETENTION,
    SECTION_SCORING,
    SECTION_SPEAKERS,
    SUGGESTED_OBSERVED_DOMAINS,
    TRANSLATIONS_COMMON,
    EmbeddingModelChoice,
    ExtractionMode,
)
from .memory.common.values import Caller
from .memory.text.validation import text_problem
from .operations import set_aside
from .operations.access import Actor
from .operations.errors import OperationError
from .runtime.download import (
    async_bytes_to_download,
    async_download_model,
    managed_model_dir,
)
from .runtime.errors import DownloadError, ModelDirError
from .runtime.model import check_model_dir, resolve_model_dir
from .runtime.options import HomeMemoryOptions

if TYPE_CHECKING:
    import asyncio
    from collections.abc import Callable
    from datetime import datetime

    from homeassistant.core import HomeAssistant

    from .runtime.data import HomeMemoryConfigEntry

_DOMAIN_NAME = re.compile(r"^[a-z0-9_]+$")
# How often, and how many times, the frontend is told again that the download
# is over (see HomeMemoryConfigFlow._async_remind_frontend).
OUTCOME_REMINDER_INTERVAL = timedelta(seconds=2)
OUTCOME_REMINDERS = 30
_DEFAULTS = HomeMemoryOptions().as_sections()


def _number(
    minimum: float,
    maximum: float,
    step: float,
    unit: str | None = None,
    *,
    slider: bool = False,
) -> NumberSelector:
    config = NumberSelectorConfig(
        min=minimum,
        max=maximum,
        step=step,
        mode=NumberSelectorMode.SLIDER if slider else NumberSelectorMode.BOX,
    )
    if unit is not None:
        config["unit_of_measurement"] = unit
    return NumberSelector(config)


def _field(section_name: str, key: str) -> probatio.Marker:
    """A field of a section with the section's default."""
    return probatio.Required(key, default=_DEFAULTS[section_name][key])


def _optional(key: str) -> probatio.Marker:
    """A field that may stay empty: no default, so the form marks it optional.

    A `Required` marker, even with a default, makes the frontend show a *;
    the stored value comes back as a suggested value (as in Home Assistant's
    own options flows), and `_clean_options` stores an empty list when the
    field was left empty.
    """
    return probatio.Optional(key)


_PERSONA_NAME_FIELD = {
    probatio.Required(CONF_PERSONA_NAME, default=DEFAULT_PERSONA_NAME): TextSelector()
}


def _user_schema(persona_name: str) -> probatio.Schema:
    """The first form: the persona's name, `persona_name` unless changed."""
    return probatio.Schema(
        {probatio.Required(CONF_PERSONA_NAME, default=persona_name): TextSelector()}
    )


async def _async_default_persona_name(hass: HomeAssistant) -> str:
    """The name a new assistant starts with, in Home Assistant's language
    ("Assistent" in German; the translations' "common" name_assistant): a German setup
    offered the English "Assistant" (review s37)."""
    strings = await async_get_translations(
        hass, hass.config.language, TRANSLATIONS_COMMON, [DOMAIN]
    )
    key = f"component.{DOMAIN}.{TRANSLATIONS_COMMON}.name_assistant"
    return strings.get(key) or DEFAULT_PERSONA_NAME


_WEIGHT = _number(0, 1, 0.01, slider=True)
_DAYS = _number(1, 3650, 1, "d")

OPTIONS_SCHEMA = probatio.Schema(
    {
        probatio.Required(SECTION_PERSONA): section(
            probatio.Schema(_PERSONA_NAME_FIELD)
        ),
        probatio.Required(SECTION_CAPTURE): section(
            probatio.Schema(
                {
                    _field(SECTION_CAPTURE, CONF_CONVERSATION_CAPTURE): (
                        BooleanSelector()
                    ),
                    _field(SECTION_CAPTURE, CONF_EXTRACTION_MODE): SelectSelector(
                        SelectSelectorConfig(
                            options=[mode.value for mode in ExtractionMode],
                            mode=SelectSelectorMode.LIST,
                            translation_key=CONF_EXTRACTION_MODE,
                        )
                    ),
                    # No default: empty means the AI Task entity preferred in
                    # the AI Task settings.
                    probatio.Optional(CONF_AI_TASK_ENTITY): EntitySelector(
                        EntitySelectorConfig(
                            filter=EntityWithDeviceFilterSelectorConfig(
                                domain="ai_task",
                                supported_features=[
                                    "ai_task.AITaskEntityFeature.GENERATE_DATA"
                                ],
                            )
                        )
                    ),
                    _field(SECTION_CAPTURE, CONF_DEDUP_THRESHOLD): _number(
                        MIN_DEDUP_THRESHOLD, 1, 0.01, slider=True
                    ),
                }
            ),
            {"collapsed": True},
        ),
        probatio.Required(SECTION_OBSERVATION): section(
            probatio.Schema(
                {
                    _optional(CONF_OBSERVED_ENTITIES): (
                        EntitySelector(EntitySelectorConfig(multiple=True))
                    ),
                    _optional(CONF_SIGNIFICANT_ENTITIES): (
                        EntitySelector(EntitySelectorConfig(multiple=True))
                    ),
                    _field(SECTION_OBSERVATION, CONF_OBSERVED_DOMAINS): SelectSelector(
                        SelectSelectorConfig(
                            options=list(SUGGESTED_OBSERVED_DOMAINS),
                            multiple=True,
                            custom_value=True,
                            sort=True,
                            translation_key=CONF_OBSERVED_DOMAINS,
                        )
                    ),
                    _optional(CONF_OBSERVED_AREAS): AreaSelector(
                        AreaSelectorConfig(multiple=True)
                    ),
                    _field(SECTION_OBSERVATION, CONF_OBSERVE_NUMERIC_SENSORS): (
                        BooleanSelector()
                    ),
                }
            ),
            {"collapsed": True},
        ),
        probatio.Required(SECTION_SPEAKERS): section(
            probatio.Schema(
                {
                    # A list of {"device": <satellite device id>,
                    # "person": "person.x"}: who usually speaks at a satellite.
                    _optional(CONF_SATELLITE_PEOPLE): ObjectSelector(
                        ObjectSelectorConfig(
                            fields={
                                SATELLITE_DEVICE: {
                                    "selector": DeviceSelector(
                                        DeviceSelectorConfig(
                                            entity=EntityFilterSelectorConfig(
                                                domain="assist_satellite"
                                            )
                                        )
                                    ),
                                    "required": True,
                                },
                                SATELLITE_PERSON: {
                                    "selector": EntitySelector(
                                        EntitySelectorConfig(domain="person")
                                    ),
                                    "required": True,
                                },
                            },
                            multiple=True,
                            label_field=SATELLITE_PERSON,
                            translation_key=CONF_SATELLITE_PEOPLE,
                        )
                    ),
                }
            ),
            {"collapsed": True},
        ),
        probatio.Required(SECTION_CONTEXT): section(
            probatio.Schema(
                {
                    _field(SECTION_CONTEXT, CONF_CONTEXT_ENABLED): BooleanSelector(),
                    _field(SECTION_CONTEXT, CONF_CONTEXT_MAX_MEMORIES): _number(
                        1, 10, 1, slider=True
                    ),
                    _field(SECTION_CONTEXT, CONF_CONTEXT_TOKEN_BUDGET): _number(
                        50, 2000, 10
                    ),
                    _field(SECTION_CONTEXT, CONF_CONTEXT_MIN_RELEVANCE): _number(
                        0, 1, 0.01, slider=True
                    ),
                    _field(SECTION_CONTEXT, CONF_SEARCH_MIN_RELEVANCE): _number(
                        0, 1, 0.01, slider=True
                    ),
                    _field(SECTION_CONTEXT, CONF_EMBEDDING_MODEL): SelectSelector(
                        SelectSelectorConfig(
                            options=[choice.value for choice in EmbeddingModelChoice],
                            mode=SelectSelectorMode.LIST,
                            translation_key=CONF_EMBEDDING_MODEL,
                        )
                    ),
                }
            ),
            {"collapsed": True},
        ),
        probatio.Required(SECTION_SCORING): section(
            probatio.Schema(
                {
                    _field(SECTION_SCORING, CONF_WEIGHT_RELEVANCE): _WEIGHT,
                    _field(SECTION_SCORING, CONF_WEIGHT_IMPORTANCE): _WEIGHT,
                    _field(SECTION_SCORING, CONF_WEIGHT_RECENCY): _WEIGHT,
                    _field(SECTION_SCORING, CONF_WEIGHT_ACCESS): _WEIGHT,
                }
            ),
            {"collapsed": True},
        ),
        probatio.Required(SECTION_DECAY): section(
            probatio.Schema(
                {
                    _field(SECTION_DECAY, CONF_HALF_LIFE_DAYS): _DAYS,
                    _field(SECTION_DECAY, CONF_ARCHIVE_THRESHOLD): _number(
                        0, 1, 0.01, slider=True
                    ),
                }
            ),
            {"collapsed": True},
        ),
        probatio.Required(SECTION_RETENTION): section(
            probatio.Schema(
                {
                    _field(SECTION_RETENTION, CONF_LOG_RETENTION_DAYS): _DAYS,
                    _field(SECTION_RETENTION, CONF_PURGE_ARCHIVED_DAYS): _DAYS,
                    _field(SECTION_RETENTION, CONF_MAINTENANCE_TIME): TimeSelector(),
                    _field(SECTION_RETENTION, CONF_CONSOLIDATION_THRESHOLD): _number(
                        0.7, 1, 0.01, slider=True
                    ),
                }
            ),
            {"collapsed": True},
        ),
        probatio.Required(SECTION_PANEL): section(
            probatio.Schema(
                {_field(SECTION_PANEL, CONF_PANEL_ADMIN_ONLY): BooleanSelector()}
            ),
            {"collapsed": True},
        ),
    }
)

CONF_CONFIRM_ERASE = "confirm_erase"
ERASE_SCHEMA = probatio.Schema(
    {probatio.Required(CONF_CONFIRM_ERASE, default=False): BooleanSelector()}
)

RECONFIGURE_SCHEMA = probatio.Schema(
    {probatio.Optional(CONF_MODEL_DIR, default=""): TextSelector()}
)


def _persona_name_error(name: str) -> str | None:
    # The name goes into every prompt: one line of plain text (the check all
    # text from outside gets), so it cannot start a prompt line of its own.
    if not name.strip() or text_problem(name, MAX_PERSONA_NAME) is not None:
        return "invalid_persona_name"
    return None


def _options_errors(options: dict[str, Any]) -> dict[str, str]:
    """Checks across fields that the selectors cannot make."""
    errors: dict[str, str] = {}
    if error := _persona_name_error(options[SECTION_PERSONA][CONF_PERSONA_NAME]):
        errors[SECTION_PERSONA] = error
    domains = options[SECTION_OBSERVATION][CONF_OBSERVED_DOMAINS]
    if not all(_DOMAIN_NAME.match(domain) for domain in domains):
        errors[SECTION_OBSERVATION] = "invalid_domain"
    pairs = options[SECTION_SPEAKERS][CONF_SATELLITE_PEOPLE]
    devices = [pair[SATELLITE_DEVICE] for pair in pairs]
    if not all(
        valid_entity_id(pair[SATELLITE_PERSON])
        and pair[SATELLITE_PERSON].startswith("person.")
        for pair in pairs
    ):
        errors[SECTION_SPEAKERS] = "invalid_person"
    elif len(set(devices)) != len(devices):
        errors[SECTION_SPEAKERS] = "duplicate_satellite"
    # Selectors keep each weight within 0-1; all of them zero ranks nothing.
    if sum(options[SECTION_SCORING].values()) <= 0:
        errors[SECTION_SCORING] = "weights_all_zero"
    return errors


def _clean_options(options: dict[str, Any]) -> dict[str, Any]:
    """Trim text and normalise lists so the stored options are canonical."""
    cleaned = {name: dict(values) for name, values in options.items()}
    cleaned[SECTION_PERSONA][CONF_PERSONA_NAME] = options[SECTION_PERSONA][
        CONF_PERSONA_NAME
    ].strip()
    observation = cleaned[SECTION_OBSERVATION]
    observation[CONF_OBSERVED_DOMAINS] = sorted(
        {domain.strip().lower() for domain in observation[CONF_OBSERVED_DOMAINS]}
    )
    # Optional fields left empty are absent from the submission.
    observation.setdefault(CONF_OBSERVED_ENTITIES, [])
    observation.setdefault(CONF_SIGNIFICANT_ENTITIES, [])
    observation.setdefault(CONF_OBSERVED_AREAS, [])
    cleaned[SECTION_SPEAKERS].setdefault(CONF_SATELLITE_PEOPLE, [])
    return cleaned


def _checked_options(options: dict[str, Any] | None) -> dict[str, Any] | None:
    """Options from outside the flow (kept with a set-aside database), checked
    as the options form checks a submission; None when any of it fails."""
    if options is None:
        return None
    try:
        cleaned = _clean_options(OPTIONS_SCHEMA(options))
        errors = _options_errors(cleaned)
    except Exception:  # noqa: BLE001 - a hand-edited file may fail anywhere
        errors = {"base": "invalid"}
    if errors:
        LOGGER.info("The restored options are not used: %s", errors)
        return None
    return cleaned


def _megabytes(size: int) -> str:
    """91,000,000 bytes as "91.0 MB" (decimal megabytes, as download tools say)."""
    return f"{size / 1_000_000:.1f} MB"


class HomeMemoryConfigFlow(ConfigFlow, domain=DOMAIN):
    """Create the single Home Memory entry."""

    VERSION = CONFIG_VERSION
    MINOR_VERSION = CONFIG_MINOR_VERSION

    def __init__(self) -> None:
        """Nothing chosen yet."""
        self._persona_name = DEFAULT_PERSONA_NAME
        self._model_dir = ""
        self._download_task: asyncio.Task[None] | None = None
        self._download_error: DownloadError | None = None
        self._download_size = ""
        self._stop_reminders: Callable[[], None] | None = None
        self._reminders_left = 0
        # What to do with databases set aside by an earlier removal.
        self._set_aside_decided = False
        self._restore = False
        # The options kept with the database to restore (None: the defaults).
        self._restored_options: dict[str, Any] | None = None

    async def async_step_user(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Ask only for a persona name; every other option starts at its default.

        Without a model folder the model is downloaded first (with progress).
        """
        if user_input is None and not self._set_aside_decided:
            self._set_aside_decided = True
            if await set_aside.async_restorable(self.hass):
                return await self.async_step_set_aside()
        errors: dict[str, str] = {}
        if user_input is not None:
            name = user_input[CONF_PERSONA_NAME].strip()
            if error := _persona_name_error(name):
                errors[CONF_PERSONA_NAME] = error
            else:
                self._persona_name = name
                if not await self._model_dir_usable():
                    return await self.async_step_download()
                return await self.async_step_finish()
        if user_input is None:
            self._persona_name = await _async_default_persona_name(self.hass)
        suggested = user_input
        if suggested is None and self._restore and self._restored_options:
            # The persona the restored memories knew, for the person to keep.
            suggested = self._restored_options.get(SECTION_PERSONA)
        return self.async_show_form(
            step_id="user",
            data_schema=self.add_suggested_values_to_schema(
                _user_schema(self._persona_name), suggested
            ),
            errors=errors,
        )

    async def async_step_set_aside(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Memories from an earlier installation: restore, start fresh or erase."""
        found = await set_aside.async_restorable(self.hass)
        if not found:
            return await self.async_step_user()
        newest = found[0]
        return self.async_show_menu(
            step_id="set_aside",
            menu_options=["restore", "fresh", "erase"],
            description_placeholders={
                "newest": newest.name,
                "size": _megabytes(newest.size),
                "count": str(len(found)),
                "folder": str(newest.path.parent),
            },
        )

    async def async_step_restore(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Restore the newest set-aside database (moved into place at the end),
        with the options it was kept with."""
        self._restore = True
        self._restored_options = _checked_options(
            await set_aside.async_newest_options(self.hass)
        )
        return await self.async_step_user()

    async def async_step_fresh(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Start with an empty memory; the set-aside databases stay."""
        self._restore = False
        self._restored_options = None
        return await self.async_step_user()

    async def async_step_erase(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Delete the set-aside databases for good, once the box is ticked."""
        errors: dict[str, str] = {}
        found = await set_aside.async_list(self.hass)
        if user_input is not None:
            # Adding an integration is for administrators only.
            admin = Actor(Caller(user_id=None, is_admin=True))
            try:
                await set_aside.async_erase(
                    self.hass, admin, confirmed=user_input[CONF_CONFIRM_ERASE]
                )
            except OperationError as err:
                errors["base"] = err.translation_key
            else:
                self._restore = False
                self._restored_options = None
                return await self.async_step_user()
        return self.async_show_form(
            step_id="erase",
            data_schema=ERASE_SCHEMA,
            errors=errors,
            description_placeholders={
                "count": str(len(found)),
                "names": ", ".join(database.name for database in found),
            },
        )

    async def _model_dir_usable(self) -> bool:
        """Whether the default folder holds a complete, verified model."""
        model_dir = await self.hass.async_add_executor_job(
            resolve_model_dir, None, self.hass.config.config_dir
        )
        if model_dir is None:
            return False
        try:
            await self.hass.async_add_executor_job(check_model_dir, model_dir)
        except ModelDirError:
            return False
        return True

    async def async_step_download(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Download all-MiniLM-L6-v2 into the folder Home Memory manages.

        The progress ring shows the share downloaded; the description says how
        many megabytes the download is.
        """
        if self._download_task is None:
            # Two setups downloading at once would write the same file: one
            # that finds another already downloading ends here.
            if any(
                flow["flow_id"] != self.flow_id and flow.get("step_id") == "download"
                for flow in self._async_in_progress()
            ):
                return self.async_abort(reason="already_in_progress")
            self._async_stop_reminders()
            folder = managed_model_dir(self.hass.config.config_dir)
            to_fetch = await async_bytes_to_download(self.hass, folder)
            self._download_size = _megabytes(to_fetch)
            self._download_task = self.hass.async_create_task(
                async_download_model(
                    self.hass, folder, progress=self.async_update_progress
                ),
                f"{DOMAIN} download model",
                eager_start=False,
            )
        if not self._download_task.done():
            return self.async_show_progress(
                step_id="download",
                progress_action="download_model",
                progress_task=self._download_task,
                description_placeholders={"size": self._download_size},
            )
        task, self._download_task = self._download_task, None
        self._async_remind_frontend()
        try:
            task.result()
        except DownloadError as err:
            self._download_error = err
            return self.async_show_progress_done(next_step_id="download_failed")
        return self.async_show_progress_done(next_step_id="finish")

    @callback
    def _async_remind_frontend(self) -> None:
        """Tell the frontend again, every 2 s, that the download is over.

        Home Assistant announces the end of a progress step once, when its
        task ends. The 2026.10 frontend subscribes to that announcement only
        after it has drawn the progress step, so a download that fails at once
        (no network: the name does not resolve) ends before anyone listens and
        the dialog spins for ever. The reminders stop as soon as a client
        fetches the outcome (the next step runs), when the flow goes away, or
        after a minute.
        """
        self._async_stop_reminders()
        self._reminders_left = OUTCOME_REMINDERS
        self._stop_reminders = async_track_time_interval(
            self.hass,
            self._async_remind_once,
            OUTCOME_REMINDER_INTERVAL,
            cancel_on_shutdown=True,
        )

    @callback
    def _async_remind_once(self, _now: datetime) -> None:
        self._reminders_left -= 1
        if self._reminders_left < 0:
            self._async_stop_reminders()
            return
        self.async_notify_flow_changed()

    @callback
    def _async_stop_reminders(self) -> None:
        if self._stop_reminders is not None:
            self._stop_reminders()
            self._stop_reminders = None

    @callback
    def async_remove(self) -> None:
        """The flow is closed or done: no more reminders, no download."""
        self._async_stop_reminders()
        if self._download_task is not None:
            self._download_task.cancel()

    async def async_step_download_failed(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Offer to try again, to name a folder, or to go on keyword-only."""
        self._async_stop_reminders()
        err = self._download_error
        assert err is not None
        return self.async_show_menu(
            step_id="download_failed",
            menu_options=["download", "model_folder", "finish"],
            description_placeholders={
                "file": err.file,
                "error": err.detail or err.reason,
                "folder": str(managed_model_dir(self.hass.config.config_dir)),
            },
        )

    async def async_step_model_folder(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """An offline installation: the model files are in a folder already."""
        errors: dict[str, str] = {}
        placeholders = {"file": ""}
        if user_input is not None:
            raw = user_input.get(CONF_MODEL_DIR, "").strip()
            model_dir = resolve_model_dir(raw, self.hass.config.config_dir)
            if not raw or model_dir is None:
                errors[CONF_MODEL_DIR] = "model_dir_not_found"
            else:
                try:
                    await self.hass.async_add_executor_job(check_model_dir, model_dir)
                except ModelDirError as err:
                    errors[CONF_MODEL_DIR] = err.reason
                    placeholders["file"] = err.file
                else:
                    self._model_dir = raw
                    return await self.async_step_finish()
        return self.async_show_form(
            step_id="model_folder",
            data_schema=self.add_suggested_values_to_schema(
                RECONFIGURE_SCHEMA, user_input
            ),
            errors=errors,
            description_placeholders=placeholders,
        )

    async def async_step_finish(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Create the entry (without a model, search is keyword-only until one).

        A restore chosen at the start moves the set-aside database into place
        first, so the entry opens it.
        """
        self._async_stop_reminders()
        options: dict[str, Any] = {}
        if self._restore:
            try:
                await set_aside.async_restore_newest(self.hass)
            except OperationError as err:
                return self.async_abort(reason=err.translation_key)
            options = dict(self._restored_options or {})
        options[SECTION_PERSONA] = {CONF_PERSONA_NAME: self._persona_name}
        return self.async_create_entry(
            title=DEFAULT_TITLE,
            data={CONF_MODEL_DIR: self._model_dir} if self._model_dir else {},
            options=options,
        )

    async def async_step_reconfigure(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Point the entry at a model folder (empty: the default folder)."""
        entry = self._get_reconfigure_entry()
        errors: dict[str, str] = {}
        placeholders = {"file": "", "default_dir": await self._default_model_dir()}
        if user_input is not None:
            raw = user_input.get(CONF_MODEL_DIR, "").strip()
            if raw:
                model_dir = resolve_model_dir(raw, self.hass.config.config_dir)
                assert model_dir is not None  # a configured folder always resolves
                try:
                    await self.hass.async_add_executor_job(check_model_dir, model_dir)
                except ModelDirError as err:
                    errors[CONF_MODEL_DIR] = err.reason
                    placeholders["file"] = err.file
            if not errors:
                return self.async_update_reload_and_abort(
                    entry, data_updates={CONF_MODEL_DIR: raw}
                )
        return self.async_show_form(
            step_id="reconfigure",
            data_schema=self.add_suggested_values_to_schema(
                RECONFIGURE_SCHEMA, user_input or entry.data
            ),
            errors=errors,
            description_placeholders=placeholders,
        )

    async def _default_model_dir(self) -> str:
        folder = await self.hass.async_add_executor_job(
            resolve_model_dir, None, self.hass.config.config_dir
        )
        return str(folder) if folder is not None else "-"

    @staticmethod
    @callback
    def async_get_options_flow(config_entry: HomeMemoryConfigEntry) -> OptionsFlow:
        """Options live in their own flow; saving them reloads the entry."""
        return HomeMemoryOptionsFlow()


class HomeMemoryOptionsFlow(OptionsFlowWithReload):
    """All options on one form, grouped in sections."""

    async def async_step_init(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Show the options; save them when they are consistent."""
        errors: dict[str, str] = {}
        if user_input is not None:
            cleaned = _clean_options(user_input)
            if not (errors := _options_errors(cleaned)):
                return self.async_create_entry(data=cleaned)
        return self.async_show_form(
            step_id="init",
            data_schema=self.add_suggested_values_to_schema(
                OPTIONS_SCHEMA,
                user_input if user_input is not None else self.config_entry.options,
            ),
            errors=errors,
        )
