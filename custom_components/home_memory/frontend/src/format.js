// Dates and numbers in the user's language and time zone settings.

export function locale(hass) {
  return (hass && (hass.locale?.language || hass.language)) || "en";
}

function timeZone(hass) {
  // "server" (the default) shows the home's time; "local" the browser's.
  return hass?.locale?.time_zone === "local" ? undefined : hass?.config?.time_zone;
}

export function formatDateTime(hass, iso) {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return new Intl.DateTimeFormat(locale(hass), {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: timeZone(hass),
  }).format(date);
}

/** A time of day; `seconds` for changes that happened within one minute. */
export function formatTime(hass, iso, seconds = false) {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return new Intl.DateTimeFormat(locale(hass), {
    timeStyle: seconds ? "medium" : "short",
    timeZone: timeZone(hass),
  }).format(date);
}

/**
 * A period from `start` to `end` as one range ("2:42 – 2:50 AM"); ends in the
 * same minute read as one time ("2:42 AM"). `withDate` puts the day in front.
 */
export function formatRange(hass, start, end, withDate = false) {
  const from = new Date(start);
  const to = new Date(end || start);
  if (Number.isNaN(from.getTime())) return String(start ?? "");
  const format = new Intl.DateTimeFormat(locale(hass), {
    ...(withDate ? { dateStyle: "medium" } : {}),
    timeStyle: "short",
    timeZone: timeZone(hass),
  });
  if (Number.isNaN(to.getTime()) || to < from) return format.format(from);
  return format.formatRange(from, to);
}

export function formatPercent(hass, value) {
  if (value === null || value === undefined || Number.isNaN(Number(value))) return "";
  return new Intl.NumberFormat(locale(hass), {
    style: "percent",
    maximumFractionDigits: 0,
  }).format(Number(value));
}

export function formatNumber(hass, value, digits = 2) {
  if (value === null || value === undefined) return "";
  return new Intl.NumberFormat(locale(hass), {
    maximumFractionDigits: digits,
  }).format(Number(value));
}

/** Today's date (YYYY-MM-DD) in the home's time zone. */
export function today(hass) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: timeZone(hass),
  }).format(new Date());
  return parts;
}

/**
 * An observed state in the person's language, as Home Assistant shows it
 * ("on" of a door: "Open"). The entity's current state object lends its
 * attributes; one that is gone is shown from what was recorded (its device
 * class), and a state Home Assistant cannot format is shown as it is.
 */
export function formatState(hass, event, state) {
  if (state === null || state === undefined || state === "") return "—";
  if (typeof hass?.formatEntityState !== "function") return String(state);
  const current = hass.states?.[event.entity_id];
  const stateObj = current || {
    entity_id: event.entity_id,
    state,
    attributes: event.device_class ? { device_class: event.device_class } : {},
  };
  try {
    return hass.formatEntityState(stateObj, state) || String(state);
  } catch {
    return String(state);
  }
}
