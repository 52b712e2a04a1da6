// The panel's words come from the integration's translations (strings.json,
// category "config_panel", the section hassfest takes for an integration's
// own panel), fetched over the websocket like Home Assistant's own
// panels fetch an integration's strings. A missing key shows itself, so a gap
// is visible instead of silently blank.

const PREFIX = "component.home_memory.config_panel.";

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
    fetch("config_panel"),
    fetch("exceptions").catch(() => ({ resources: {} })),
  ]);
  return { ...exceptions.resources, ...panel.resources };
}

/**
 * A translate function over the loaded resources: t("list.count", {count: 3}).
 * `{name}` is replaced by the value. A count's words are a group of plural
 * forms, one key each ("list.count.one", "list.count.other"; "none" for
 * zero where a language words it apart): `values.count` picks the form by
 * the language's plural rules, and is written as a number of that language.
 * (Home Assistant checks each translated string's `{placeholders}` with
 * Python's str.format parser, so ICU's nested plural syntax cannot be used.)
 */
export function translator(resources, language = "en") {
  let rules;
  try {
    rules = new Intl.PluralRules(language);
  } catch {
    rules = new Intl.PluralRules("en");
  }
  const t = (key, values) => {
    const full = key.startsWith("component.") ? key : PREFIX + key;
    let text = resources[full];
    if (text === undefined && typeof values?.count === "number") {
      const count = values.count;
      const form = count === 0 && `${full}.none` in resources ? "none" : rules.select(count);
      text = resources[`${full}.${form}`] ?? resources[`${full}.other`];
      values = { ...values, count: count.toLocaleString(rules.resolvedOptions().locale) };
    }
    if (text === undefined) return key;
    return values ? fill(text, values) : text;
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

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    name in values ? String(values[name]) : whole
  );
}
