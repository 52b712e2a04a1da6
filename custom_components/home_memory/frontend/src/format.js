// Dates and numbers in the user's language and time zone settings.

/** @param {any} hass */
export function locale(hass) {
  return (hass && (hass.locale?.language || hass.language)) || "en";
}

/**
 * The zone times are shown in, as the person's profile chooses (Home
 * Assistant's "Time zone" setting): "server" the home's, "local" (Home
 * Assistant's default) the browser's (undefined); none said (an older
 * frontend) the home's.
 * @param {any} hass
 * @returns {string | undefined}
 */
function timeZone(hass) {
  return hass?.locale?.time_zone === "local" ? undefined : hass?.config?.time_zone;
}

/**
 * A zone's offsets from UTC now and in half a year ("GMT+01:00,GMT+02:00"):
 * two zone names with the same clock (Europe/Berlin, Europe/Rome) agree.
 * @param {string | undefined} zone
 */
function offsets(zone) {
  const now = Date.now();
  const format = new Intl.DateTimeFormat("en", { timeZone: zone, timeZoneName: "longOffset" });
  return [now, now + 182 * 86_400_000]
    .map((at) => format.formatToParts(at).find((part) => part.type === "timeZoneName")?.value)
    .join();
}

/**
 * Whether shown times need their zone said: they are in the browser's zone
 * and its clock is not the home's, while memories tell the home's time ("a
 * little after three"), so "2:18 AM" alone would seem to contradict them.
 * @param {any} hass
 */
export function zoneDiffers(hass) {
  const home = hass?.config?.time_zone;
  if (!home || timeZone(hass)) return false;
  let differs = zonesDiffer.get(home);
  if (differs === undefined) {
    try {
      differs = offsets(undefined) !== offsets(home);
    } catch {
      differs = false; // A zone name this browser does not know.
    }
    zonesDiffer.set(home, differs);
  }
  return differs;
}

/** Home zone -> whether the browser's clock differs (asked once per page). @type {Map<string, boolean>} */
const zonesDiffer = new Map();

/** Formatters by their locale and options: making one costs far more than
 * using it, and a list formats the same way for every row.
 * @type {Map<string, Intl.DateTimeFormat>} */
const formatters = new Map();

/**
 * @param {string} language
 * @param {Intl.DateTimeFormatOptions} options
 */
function formatter(language, options) {
  const key = `${language}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(language, options);
    formatters.set(key, made);
  }
  return made;
}

/**
 * A formatter of dates and/or times in the person's language and zone.
 * @param {any} hass
 * @param {{ date?: boolean, seconds?: boolean }} parts
 */
function dateTimeFormat(hass, { date = false, seconds = false }) {
  return formatter(locale(hass), {
    ...(date ? { dateStyle: "medium" } : {}),
    timeStyle: seconds ? "medium" : "short",
    timeZone: timeZone(hass),
  });
}

/**
 * `text` (a time shown) with its zone's short name after it ("8:18 PM EST")
 * when the zone is not the home's; as it is otherwise. Intl allows no zone
 * name beside a date or time style, so the name is formatted on its own.
 * @param {any} hass
 * @param {Date} at
 * @param {string} text
 */
function withZone(hass, at, text) {
  if (!zoneDiffers(hass)) return text;
  const name = formatter(locale(hass), { timeZoneName: "short", timeZone: timeZone(hass) })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  return name ? `${text} ${name}` : text;
}

/**
 * A date and time ("Nov 24, 2026, 6:00 PM").
 * @param {any} hass
 * @param {string | null | undefined} iso
 */
export function formatDateTime(hass, iso) {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return withZone(hass, date, dateTimeFormat(hass, { date: true }).format(date));
}

/**
 * A time of day; `seconds` for changes that happened within one minute.
 * @param {any} hass
 * @param {string | null | undefined} iso
 */
export function formatTime(hass, iso, seconds = false) {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return withZone(hass, date, dateTimeFormat(hass, { seconds }).format(date));
}

/**
 * A period from `start` to `end` as one range ("2:42 – 2:50 AM"); ends in the
 * same minute read as one time ("2:42 AM"). `withDate` puts the day in front.
 * @param {any} hass
 * @param {string} start
 * @param {string | null | undefined} end
 */
export function formatRange(hass, start, end, withDate = false) {
  const from = new Date(start);
  const to = new Date(end || start);
  if (Number.isNaN(from.getTime())) return String(start ?? "");
  const format = dateTimeFormat(hass, { date: withDate });
  if (Number.isNaN(to.getTime()) || to < from) return withZone(hass, from, format.format(from));
  return withZone(hass, from, format.formatRange(from, to));
}

/**
 * The home's calendar day and clock at `at` ({year, month, day, hour,
 * minute, second}), whatever zone the browser or profile shows.
 * @param {any} hass
 * @param {Date} at
 */
function homeClock(hass, at) {
  const parts = formatter("en-US", {
    year: "numeric", month: "numeric", day: "numeric",
    hour: "numeric", minute: "numeric", second: "numeric",
    hourCycle: "h23", timeZone: hass?.config?.time_zone,
  }).formatToParts(at);
  /** @param {string} type */
  const part = (type) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part("year"), month: part("month"), day: part("day"),
    hour: part("hour") % 24, minute: part("minute"), second: part("second"),
  };
}

/**
 * The one rule for "whole days" in the panel, the spoken answers' rule
 * (memory/time/spoken.py `_whole_days`; docs/time.md "Whole days"): a span
 * that starts and ends (exclusive) at midnight of the home's zone, the end
 * on a later day. Its first and last days as UTC noons (calendar dates that
 * format the same in every zone) and whether it is one whole month; null
 * for any other span.
 * @param {any} hass
 * @param {Date} from
 * @param {Date} to
 * @returns {{ first: Date, last: Date, month: boolean } | null}
 */
export function wholeDays(hass, from, to) {
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return null;
  const start = homeClock(hass, from);
  const end = homeClock(hass, to);
  if ([start, end].some((c) => c.hour || c.minute || c.second)) return null;
  const first = Date.UTC(start.year, start.month - 1, start.day, 12);
  const after = Date.UTC(end.year, end.month - 1, end.day, 12);
  if (after <= first) return null;
  const nextMonth = Date.UTC(start.year, start.month, 1, 12);
  return {
    first: new Date(first),
    last: new Date(after - 86_400_000),
    month: start.day === 1 && after === nextMonth,
  };
}

/**
 * Whole days as a person says them, in their language: one month
 * ("October 2026", "Oktober 2026"), one day with its weekday ("Sat, Nov 21,
 * 2026"), or the first to the last day ("Nov 21 – 22, 2026", "21.–22. Nov.
 * 2026"); the exclusive end's midnight is never shown.
 * @param {any} hass
 * @param {{ first: Date, last: Date, month: boolean }} days
 */
function formatDays(hass, { first, last, month }) {
  const language = locale(hass);
  if (month) return formatter(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(first);
  if (first.getTime() === last.getTime()) {
    return formatter(language, {
      weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC",
    }).format(first);
  }
  return formatter(language, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })
    .formatRange(first, last);
}

/**
 * When what a memory tells happened, with the day: its event time
 * (happened_at … happened_until; one time for a moment; whole days as
 * days, `wholeDays`), else the observed segment it was told from; "" when
 * it has neither.
 * @param {any} hass
 * @param {any} memory
 */
export function formatHappened(hass, memory) {
  const start = memory?.happened_at || memory?.segment_start;
  if (!start) return "";
  const end = memory.happened_at ? memory.happened_until : memory.segment_end;
  const days = end ? wholeDays(hass, new Date(start), new Date(end)) : null;
  if (days) return formatDays(hass, days);
  return formatRange(hass, start, end, true);
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

/**
 * Today's date (YYYY-MM-DD) in the home's time zone: the day memories tell.
 * @param {any} hass
 */
export function today(hass) {
  return new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: hass?.config?.time_zone,
  }).format(new Date());
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
