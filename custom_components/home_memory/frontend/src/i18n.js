// The panel's words come from the integration's translations (strings.json,
// category "panel"), fetched over the websocket like Home Assistant's own
// panels fetch an integration's strings. A missing key shows itself, so a gap
// is visible instead of silently blank.

const PREFIX = "component.home_memory.panel.";

export async function loadStrings(hass) {
  // The panel's words, and the integration's error messages (to say what
  // went wrong in the person's language).
  const fetch = (category) =>
    hass.connection.sendMessagePromise({
      type: "frontend/get_translations",
      language: hass.language || "en",
      category,
      integration: ["home_memory"],
    });
  const [panel, exceptions] = await Promise.all([
    fetch("panel"),
    fetch("exceptions").catch(() => ({ resources: {} })),
  ]);
  return { ...exceptions.resources, ...panel.resources };
}

/** A translate function over the loaded resources: t("list.count", {count: 3}). */
export function translator(resources) {
  const t = (key, values) => {
    let text = resources[key.startsWith("component.") ? key : PREFIX + key];
    if (text === undefined) return key;
    if (values) {
      text = text.replace(/\{(\w+)\}/g, (whole, name) =>
        name in values ? String(values[name]) : whole
      );
    }
    return text;
  };
  // A value's label ("kind", "fact" -> "Fact"); a value the panel has no
  // word for (free text such as a time of day typed in an action) shows as is.
  t.label = (group, value) => {
    const key = `${group}.${value}`;
    const text = t(key);
    return text === key ? String(value) : text;
  };
  return t;
}
