// A memory's edit form, with the newer version beside it after an edit
// conflict. It says `hm-save` with only the fields the person changed
// (against the version the form was opened with) or `hm-cancel`.

import { LitElement, html, css, nothing } from "lit";
import { shared } from "./styles.js";
import { KINDS, WEIGHT_CLASSES, kindSelect, textFields } from "./render.js";
import { formatHappened, formatPercent } from "./format.js";

// What an edit conflict shows of the newer version beside the text.
const CONFLICT_FIELDS = ["summary", "kind", "weight_class", "importance", "people", "tags", "location", "visibility"];

/** @param {string} text */
const splitList = (text) =>
  text.split(",").map((item) => item.trim()).filter(Boolean);

/**
 * "2026-11-24T18:00:00+01:00" -> "2026-11-24T18:00" for <input type=datetime-local>.
 * @param {string | null | undefined} iso
 */
export function localInput(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  /** @param {number} n */
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The changes a submitted form makes to `memory` (empty when none).
 * @param {FormData} form
 * @param {any} memory
 * @returns {Record<string, unknown>}
 */
export function formChanges(form, memory) {
  /** @type {Record<string, unknown>} */
  const changes = {};
  /** @param {string} name */
  const text = (name) => String(form.get(name) ?? "").trim();
  if (text("content") !== memory.content) changes.content = text("content");
  if (text("summary") !== (memory.summary || "")) changes.summary = text("summary");
  if (text("kind") !== memory.kind) changes.kind = text("kind");
  if (text("weight_class") !== memory.weight_class) changes.weight_class = text("weight_class");
  const importance = Number(text("importance"));
  if (!Number.isNaN(importance) && Math.abs(importance - memory.importance) > 1e-9) {
    changes.importance = importance;
  }
  const people = splitList(text("people"));
  if (people.join("\n") !== (memory.people || []).join("\n")) changes.people = people;
  const tags = splitList(text("tags"));
  if (tags.join("\n") !== (memory.tags || []).join("\n")) changes.tags = tags;
  if (text("location") !== (memory.location || "")) changes.location = text("location");
  if (form.has("visibility") && text("visibility") !== memory.visibility) {
    changes.visibility = text("visibility");
  }
  if (form.get("clear_expiry")) {
    if (memory.expires_at) changes.clear_expiry = true;
  } else if (text("expires_at") && text("expires_at") !== localInput(memory.expires_at)) {
    changes.expires_at = new Date(text("expires_at")).toISOString();
  }
  // A new time for what it tells, as typed ("2026-12-02", "on Wednesday
  // 2 December"): the server reads it as remember's happened_at.
  if (text("happened_at")) changes.happened_at = text("happened_at");
  return changes;
}

class MemoryEditForm extends LitElement {
  static properties = {
    t: { attribute: false },
    info: { attribute: false },
    memory: { attribute: false },
    conflict: { attribute: false },
    busy: { type: Boolean },
  };

  constructor() {
    super();
    /** @type {any} */
    this.t = undefined;
    /** @type {any} */
    this.info = undefined;
    /** @type {any} */
    this.memory = undefined;
    /** The newer version saved elsewhere while the form was open. @type {any} */
    this.conflict = undefined;
    this.busy = false;
    /** @type {any} */
    this.hass = undefined;
  }

  firstUpdated() {
    /** @type {HTMLElement | null} */ (this.renderRoot.querySelector("#edit-content"))?.focus();
  }

  /** @param {SubmitEvent} ev */
  _submit(ev) {
    ev.preventDefault();
    const form = new FormData(/** @type {HTMLFormElement} */ (ev.target));
    const changes = formChanges(form, this.memory);
    this.dispatchEvent(new CustomEvent("hm-save", { detail: { changes }, bubbles: true, composed: true }));
  }

  _cancel() {
    this.dispatchEvent(new CustomEvent("hm-cancel", { bubbles: true, composed: true }));
  }

  _renderConflict() {
    const t = this.t;
    const memory = this.memory;
    const newer = this.conflict;
    if (!newer) return nothing;
    /** @param {string} name @param {any} value */
    const shown = (name, value) => {
      if (value === null || value === undefined || value === "") return "—";
      if (Array.isArray(value)) return value.length ? value.join(", ") : "—";
      if (name === "kind") return t.label("kind", value);
      if (name === "weight_class") return t.label("weight_class", value);
      if (name === "importance") return formatPercent(this.hass, value);
      if (name === "visibility") return t(`visibility.${value}`);
      return String(value);
    };
    const differs = CONFLICT_FIELDS.filter(
      (name) => JSON.stringify(newer[name] ?? null) !== JSON.stringify(memory[name] ?? null)
    );
    /** @type {Record<string, string>} */
    const label = { weight_class: "field.weight_class", location: "field.place" };
    return html`<section class="card conflict" aria-labelledby="conflict-title">
      <h3 id="conflict-title">${t("memory.conflict_title", { version: newer.version })}</h3>
      <p class="secondary">${t("memory.conflict_body")}</p>
      <p class="text newer">${newer.content}</p>
      ${differs.length
        ? html`<dl>
            ${differs.map(
              (name) => html`<div class="field">
                <dt>${t(label[name] || `field.${name}`)}</dt>
                <dd>${shown(name, newer[name])}</dd>
              </div>`
            )}
          </dl>`
        : nothing}
    </section>`;
  }

  render() {
    const t = this.t;
    const memory = this.memory;
    if (!t || !memory) return nothing;
    const isOwner = memory.owner && memory.owner === this.info?.user?.id;
    return html`${this._renderConflict()}
      <form class="card edit" @submit=${this._submit}>
        ${textFields(t, memory, { rows: 4, contentId: "edit-content" })}
        <div class="grid">
          ${kindSelect(t, this.info?.kinds || KINDS, memory.kind)}
          <label>
            ${t("field.weight_class")}
            <select name="weight_class">
              ${(this.info?.weight_classes || WEIGHT_CLASSES).map(
                (/** @type {string} */ k) => html`<option value=${k} ?selected=${k === memory.weight_class}>${t.label("weight_class", k)}</option>`
              )}
            </select>
          </label>
          <label>
            ${t("field.importance")}
            <input name="importance" type="number" min="0" max="1" step="0.05" .value=${String(memory.importance)} />
          </label>
          <label>
            ${t("field.place")}
            <input name="location" maxlength="100" .value=${memory.location || ""} />
          </label>
          <label>
            ${t("field.people")}
            <input name="people" .value=${(memory.people || []).join(", ")} placeholder=${t("field.comma_separated")} />
          </label>
          <label>
            ${t("field.tags")}
            <input name="tags" .value=${(memory.tags || []).join(", ")} placeholder=${t("field.comma_separated")} />
          </label>
          <label>
            ${t("field.happened")}
            ${memory.happened_at
              ? html`<output class="fixed">${formatHappened(this.hass, memory)}</output>`
              : nothing}
            <input name="happened_at" maxlength="200" aria-describedby="happened-hint" placeholder=${t("field.happened_placeholder")} />
            <span id="happened-hint" class="secondary hint">${t("field.happened_hint")}</span>
          </label>
          <label>
            ${t("field.expires")}
            <input name="expires_at" type="datetime-local" .value=${localInput(memory.expires_at)} />
          </label>
          ${isOwner
            ? html`<label>
                ${t("field.visibility")}
                <select name="visibility">
                  <option value="household" ?selected=${memory.visibility === "household"}>${t("visibility.household")}</option>
                  <option value="private" ?selected=${memory.visibility === "private"}>${t("visibility.private_mine")}</option>
                </select>
              </label>`
            : nothing}
        </div>
        ${memory.expires_at
          ? html`<label class="check"><input type="checkbox" name="clear_expiry" /> ${t("field.clear_expiry")}</label>`
          : nothing}
        <div class="row end">
          <button type="button" @click=${this._cancel}>${t("action.cancel")}</button>
          <button type="submit" class="primary" ?disabled=${this.busy}>${t("action.save")}</button>
        </div>
      </form>`;
  }

  static styles = [
    shared,
    css`
      :host {
        display: flex;
        flex-direction: column;
        gap: 12px;
      }
      h3 {
        margin: 0 0 12px;
        font-size: 1.1em;
        font-weight: 500;
      }
      .edit {
        display: flex;
        flex-direction: column;
        gap: 12px;
      }
      .grid {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
        gap: 12px;
      }
      .grid input,
      .grid select {
        width: 100%;
      }
      output.fixed {
        min-height: 40px;
        padding: 8px 10px;
        border: 1px dashed var(--divider-color, #ccc);
        border-radius: 8px;
        color: var(--primary-text-color, #212121);
        font-size: 1.11em;
        overflow-wrap: anywhere;
      }
      .hint {
        font-size: 0.85em;
      }
      label.check {
        flex-direction: row;
        align-items: center;
        gap: 8px;
      }
      label.check input {
        min-height: auto;
      }
      .end {
        justify-content: flex-end;
      }
      .conflict {
        border-left: 4px solid var(--warning-color, #ffa600);
      }
      .conflict p.newer {
        font-size: 1.1em;
        margin: 8px 0;
        white-space: pre-line;
        overflow-wrap: anywhere;
      }
      dl {
        margin: 0;
        display: grid;
        grid-template-columns: minmax(120px, max-content) 1fr;
        gap: 8px 16px;
      }
      .field {
        display: contents;
      }
      dt {
        color: var(--secondary-text-color, #727272);
      }
      dd {
        margin: 0;
        overflow-wrap: anywhere;
      }
    `,
  ];
}

if (!customElements.get("hm-memory-edit-form")) customElements.define("hm-memory-edit-form", MemoryEditForm);
