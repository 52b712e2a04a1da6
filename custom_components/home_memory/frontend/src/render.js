// Pieces of markup the views share.
import { html, nothing } from "lit";
import { formatDateTime, formatHappened, formatPercent } from "./format.js";

// The values the server knows, for when `info` has not said them yet.
export const KINDS = ["fact", "preference", "decision", "event", "person", "project", "meeting", "journal", "routine", "observation"];
export const WEIGHT_CLASSES = ["significant", "preference", "routine", "observation", "transient"];
export const ORIGINS = ["voice", "action", "observed", "extracted", "imported"];

/** A small bar for a 0..1 value shown beside its number (so hidden from readers). */
export const bar = (value) =>
  html`<span class="bar" aria-hidden="true"
    ><span style=${`width:${Math.round(Math.max(0, Math.min(1, value)) * 100)}%`}></span
  ></span>`;

/** Whether a summary says more than the start of the text (else it is not shown). */
export function addsToText(summary, content) {
  if (!summary) return false;
  const start = summary.replace(/(\.\.\.|…|\.)\s*$/, "").trim();
  return !String(content || "").startsWith(start);
}

/**
 * The text and summary fields of an edit form (a memory's page and a
 * proposal's edit share them).
 * @param {any} t
 * @param {any} item
 * @param {{ rows?: number, contentId?: string }} [options]
 */
export function textFields(t, item, { rows = 3, contentId } = {}) {
  return html`<label>
      ${t("field.content")}
      <textarea id=${contentId ?? nothing} name="content" rows=${rows} maxlength="8000" required .value=${item.content || item.summary || ""}></textarea>
    </label>
    <label>
      ${t("field.summary")}
      <input name="summary" maxlength="500" .value=${item.summary || ""} />
    </label>`;
}

/** The kind select of an edit form, with `current` chosen. */
export function kindSelect(t, kinds, current) {
  return html`<label>
    ${t("field.kind")}
    <select name="kind">
      ${kinds.map((k) => html`<option value=${k} ?selected=${k === current}>${t.label("kind", k)}</option>`)}
    </select>
  </label>`;
}

export const memoryHref = (prefix, id) => `${prefix}/m/${encodeURIComponent(id)}`;

/** One memory in a list: its text links to its page; what it is, beneath. */
export function memoryRow(memory, { t, hass, prefix, scored = false }) {
  const relevance = scored && typeof memory.relevance === "number" ? memory.relevance : null;
  return html`<li class="memory">
    <div class="memory-main">
      <a class="memory-link" href=${memoryHref(prefix, memory.id)}>${memory.content}</a>
      ${addsToText(memory.summary, memory.content)
        ? html`<div class="secondary summary">${memory.summary}</div>`
        : nothing}
      <div class="meta row">
        <span class="chip">${t.label("kind", memory.kind)}</span>
        ${memory.origin && !(memory.origin === "observed" && memory.kind === "observation")
          ? html`<span class="chip">${t.label("origin", memory.origin)}</span>`
          : nothing /* "Observation" already says it was observed */}
        ${memory.visibility === "private"
          ? html`<span class="chip private">${t("visibility.private")}</span>`
          : nothing}
        ${memory.tier && memory.tier !== "active"
          ? html`<span class="chip tier">${t.label("tier", memory.tier)}</span>`
          : nothing}
        ${(memory.people || []).length
          ? html`<span class="secondary">${memory.people.join(", ")}</span>`
          : nothing}
        <span class="secondary">${formatHappened(hass, memory) || formatDateTime(hass, memory.created_at)}</span>
      </div>
    </div>
    ${relevance !== null
      ? html`<div class="relevance" title=${t("list.relevance_hint")}>
          <span class="secondary">${t("list.relevance")}</span>
          <strong>${formatPercent(hass, relevance)}</strong>
          ${bar(relevance)}
        </div>`
      : nothing}
  </li>`;
}
