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

/**
 * A translate function over the loaded resources: t("list.count", {count: 3}).
 * `{name}` is replaced by the value; `{count, plural, one {# memory} other {#
 * memories}}` (ICU's plural form, as Home Assistant's own strings write it)
 * picks the branch for the number in `language` (`=0` before the categories;
 * `#` is the number).
 */
export function translator(resources, language = "en") {
  let rules;
  try {
    rules = new Intl.PluralRules(language);
  } catch {
    rules = new Intl.PluralRules("en");
  }
  const t = (key, values) => {
    const text = resources[key.startsWith("component.") ? key : PREFIX + key];
    if (text === undefined) return key;
    return values ? fill(text, values, rules) : text;
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

// The text between the `{` at `open` and its matching `}` (nested braces
// included), and the index after that `}`; null when it is not closed.
function braced(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return [text.slice(open + 1, i), i + 1];
  }
  return null;
}

const PLURAL = /^\s*(\w+)\s*,\s*plural\s*,/;

function fill(text, values, rules, number) {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === "#" && number !== undefined) {
      out += number;
      i++;
      continue;
    }
    const found = char === "{" ? braced(text, i) : null;
    if (!found) {
      out += char;
      i++;
      continue;
    }
    const [inside, next] = found;
    const plural = PLURAL.exec(inside);
    if (plural && plural[1] in values) {
      out += pluralBranch(inside.slice(plural[0].length), Number(values[plural[1]]), values, rules);
    } else if (/^\w+$/.test(inside) && inside in values) {
      out += String(values[inside]);
    } else {
      out += text.slice(i, next);
    }
    i = next;
  }
  return out;
}

function pluralBranch(options, count, values, rules) {
  const branches = {};
  const pattern = /\s*(=\d+|\w+)\s*(?=\{)/y;
  let at = 0;
  for (;;) {
    pattern.lastIndex = at;
    const selector = pattern.exec(options);
    if (!selector) break;
    const found = braced(options, pattern.lastIndex);
    if (!found) break;
    branches[selector[1]] = found[0];
    at = found[1];
  }
  const chosen = branches[`=${count}`] ?? branches[rules.select(count)] ?? branches.other ?? "";
  return fill(chosen, values, rules, count.toLocaleString(rules.resolvedOptions().locale));
}
