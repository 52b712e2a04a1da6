"""One step, no questions."""

from __future__ import annotations

from typing import Any

from homeassistant.config_entries import ConfigFlow, ConfigFlowResult


class AcceptanceLLMFlow(ConfigFlow, domain="acceptance_llm"):
    """Create the single entry."""

    VERSION = 1

    async def async_step_user(
        self, user_input: dict[str, Any] | None = None
    ) -> ConfigFlowResult:
        """Create it straight away."""
        return self.async_create_entry(title="Acceptance LLM", data={})
