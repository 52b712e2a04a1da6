// Home Memory's websocket commands (docs/websocket-api.md), over the
// connection Home Assistant hands every panel. Nothing else talks to the server.

const call = (hass, type, payload = {}) =>
  hass.connection.sendMessagePromise({ type: `home_memory/${type}`, ...payload });

export const info = (hass) => call(hass, "info");

/** Filters as the panel holds them -> request fields (empty ones left out). */
export function filterFields(filters) {
  const fields = {};
  for (const name of ["kinds", "weight_classes", "people", "tags", "origins"]) {
    if (filters[name] && filters[name].length) fields[name] = filters[name];
  }
  if (filters.visibility) fields.visibility = filters.visibility;
  if (filters.tier && filters.tier !== "active") fields.tier = filters.tier;
  if (filters.created_after) fields.created_after = filters.created_after;
  if (filters.created_before) fields.created_before = filters.created_before;
  return fields;
}

// A page of the list. The panel's first screen asks for FIRST_PAGE only (it
// shows about ten rows): less to read, send and lay out before anything is
// on screen; the list then tops it up to a full PAGE at once.
export const PAGE = 50;
export const FIRST_PAGE = 20;

export const list = (hass, filters, cursor, limit = PAGE) =>
  call(hass, "list", {
    limit,
    ...filterFields(filters),
    ...(cursor ? { cursor } : {}),
  });

/**
 * One page of a hybrid search, `offset` results in.
 * @param {any} hass @param {string} query @param {any} filters
 * @param {number | string | null} [offset] @param {number} [limit]
 */
export const search = (hass, query, filters, offset = 0, limit = 20) =>
  call(hass, "search", {
    query,
    limit,
    ...filterFields(filters),
    ...(offset ? { offset } : {}),
  });

export const get = (hass, memoryId) => call(hass, "get", { memory_id: memoryId });

export const update = (hass, memoryId, version, changes) =>
  call(hass, "update", { memory_id: memoryId, expected_version: version, ...changes });

export const revert = (hass, memoryId, version, expectedVersion) =>
  call(hass, "revert", {
    memory_id: memoryId,
    version,
    expected_version: expectedVersion,
  });

export const forget = (hass, memoryId, version) =>
  call(hass, "forget", {
    memory_ids: [memoryId],
    ...(version ? { expected_versions: { [memoryId]: version } } : {}),
  });

export const restore = (hass, memoryId) =>
  call(hass, "restore", { memory_ids: [memoryId] });

/** Purge; `tier` (the tier the page showed) makes the server refuse if it
 * moved meanwhile, e.g. restored in another tab. Left out for a server that
 * does not know it yet. */
export const purge = (hass, memoryId, tier) =>
  call(hass, "purge", { memory_ids: [memoryId], ...(tier ? { tier } : {}) });

export const proposals = (hass) => call(hass, "proposals");

export const answerProposals = (hass, confirm, reject) =>
  call(hass, "proposals/answer", { confirm, reject });

export const editProposal = (hass, proposalId, changes) =>
  call(hass, "proposals/edit", { proposal_id: proposalId, ...changes });

export const pending = (hass, limit = 50) => call(hass, "pending", { limit });

/** Live changes; resolves to the function that ends the subscription. */
export const subscribe = (hass, onEvent) =>
  hass.connection.subscribeMessage(onEvent, { type: "home_memory/subscribe" });

/** What to tell the person about a failed command (Home Assistant's words). */
export function errorText(err, t) {
  if (!err) return "";
  // The server's words name the memory by its id: the panel's say "this memory".
  if (err.translation_key === "memory_changed") return t("error.changed_meanwhile");
  if (err.translation_key) {
    const key = `component.home_memory.exceptions.${err.translation_key}.message`;
    const text = t(key, err.translation_placeholders || {});
    if (text !== key) return text;
  }
  if (err.code === "unknown_command" || err.translation_key === "not_loaded") {
    return t("error.not_loaded");
  }
  if (err.message) return err.message;
  if (err.code === 3 || err.code === "connection_lost") return t("error.connection");
  return t("error.unknown");
}

export const auditLog = (hass, memoryId, limit = 50) =>
  call(hass, "audit_log", { memory_id: memoryId, limit });

/** Everything the user may see, as the export action's JSON lines. */
export async function exportLines(hass) {
  const lines = [];
  let cursor;
  do {
    const page = await call(hass, "export", { limit: 2000, ...(cursor ? { cursor } : {}) });
    lines.push(...page.lines);
    cursor = page.next_cursor;
  } while (cursor);
  return lines;
}
