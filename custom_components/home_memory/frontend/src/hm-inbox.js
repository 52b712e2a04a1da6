// The proposals inbox: what conversations suggested remembering, to confirm,
// edit (then confirm) or reject.

import { html, css, nothing } from "lit";
import * as api from "./api.js";
import { HmView } from "./hm-view.js";
import { shared } from "./styles.js";
import { formatDateTime } from "./format.js";
import { KINDS, kindSelect, memoryHref, textFields } from "./render.js";

// "Remembered: {summary}." — without the summary's own full stop.
const bare = (text) => String(text || "").replace(/[.!?]+\s*$/, "");


class Inbox extends HmView {
  static properties = {
    ...HmView.properties,
    _proposals: { state: true },
    _editing: { state: true },
    _busy: { state: true },
    _done: { state: true },
    _actionError: { state: true },
  };

  constructor() {
    super();
    /** @type {any[]} */
    this._proposals = [];
    /** @type {any[]} */
    this._done = [];
  }

  firstUpdated() {
    this._load();
  }

  /** @param {import("./hm-view.js").LiveEvent} event */
  onLive(event) {
    if (event.type === "proposals" && !this._busy) this._load();
  }

  async _load() {
    await this.track(
      () => api.proposals(this.hass),
      (answer) => (this._proposals = answer.proposals || [])
    );
  }

  async _act(proposal, action) {
    this._busy = proposal.id;
    this._actionError = undefined;
    try {
      if (action === "confirm") {
        const answer = await api.answerProposals(this.hass, [proposal.id], []);
        const memory = (answer.memories || [])[0];
        this._done = [{ summary: proposal.summary, memory, action: "confirmed" }, ...this._done];
      } else {
        await api.answerProposals(this.hass, [], [proposal.id]);
        this._done = [{ summary: proposal.summary, action: "rejected" }, ...this._done];
      }
      this._proposals = this._proposals.filter((p) => p.id !== proposal.id);
    } catch (err) {
      this._actionError = err;
      if (err?.code === "not_found") this._load();
    } finally {
      this._busy = undefined;
    }
  }

  async _saveEdit(ev, proposal) {
    ev.preventDefault();
    const form = new FormData(ev.target);
    const text = (name) => String(form.get(name) ?? "").trim();
    const changes = {};
    if (text("content") !== proposal.content) changes.content = text("content");
    if (text("summary") !== proposal.summary) changes.summary = text("summary");
    if (text("kind") !== proposal.kind) changes.kind = text("kind");
    if (text("visibility") !== proposal.visibility) changes.visibility = text("visibility");
    this._busy = proposal.id;
    this._actionError = undefined;
    try {
      const answer = await api.editProposal(this.hass, proposal.id, changes);
      this._done = [{ summary: answer.memory?.content || proposal.summary, memory: answer.memory, action: "confirmed" }, ...this._done];
      this._proposals = this._proposals.filter((p) => p.id !== proposal.id);
      this._editing = undefined;
    } catch (err) {
      this._actionError = err;
    } finally {
      this._busy = undefined;
    }
  }

  _renderEdit(proposal) {
    const t = this.t;
    return html`<form class="edit" @submit=${(ev) => this._saveEdit(ev, proposal)}>
      ${textFields(t, proposal)}
      <div class="row">
        ${kindSelect(t, this.info?.kinds || KINDS, proposal.kind)}
        <label>
          ${t("field.visibility")}
          <select name="visibility">
            <option value="household" ?selected=${proposal.visibility === "household"}>${t("visibility.household")}</option>
            <option value="private" ?selected=${proposal.visibility === "private"}>${t("visibility.private_mine")}</option>
          </select>
        </label>
      </div>
      <div class="row end">
        <button type="button" @click=${() => (this._editing = undefined)}>${t("action.cancel")}</button>
        <button type="submit" class="primary" ?disabled=${Boolean(this._busy)}>${t("inbox.save_and_confirm")}</button>
      </div>
    </form>`;
  }

  _renderProposal(proposal) {
    const t = this.t;
    const busy = this._busy === proposal.id;
    const editing = this._editing === proposal.id;
    return html`<li class="card proposal">
      <h3 class="summary">${proposal.summary}</h3>
      ${proposal.content && proposal.content !== proposal.summary
        ? html`<p class="content">${proposal.content}</p>`
        : nothing}
      <div class="row meta">
        <span class="chip">${t.label("kind", proposal.kind)}</span>
        <span class="chip">${proposal.visibility === "private" ? t("visibility.private") : t("visibility.household")}</span>
        <span class="secondary">${formatDateTime(this.hass, proposal.created_at)}</span>
      </div>
      ${editing
        ? this._renderEdit(proposal)
        : this.canWrite
          ? html`<div class="row actions">
              <button class="primary" ?disabled=${busy} @click=${() => this._act(proposal, "confirm")}
                aria-label=${t("inbox.confirm_label", { summary: proposal.summary })}>${t("inbox.confirm")}</button>
              <button ?disabled=${busy} @click=${() => (this._editing = proposal.id)}
                aria-label=${t("inbox.edit_label", { summary: proposal.summary })}>${t("action.edit")}</button>
              <button class="danger" ?disabled=${busy} @click=${() => this._act(proposal, "reject")}
                aria-label=${t("inbox.reject_label", { summary: proposal.summary })}>${t("inbox.reject")}</button>
            </div>`
          : nothing}
    </li>`;
  }

  render() {
    const t = this.t;
    if (!t) return nothing;
    return html`
      <h2>${t("inbox.title")}</h2>
      <p class="secondary intro">${t("inbox.intro")}</p>
      ${this._actionError
        ? html`<div class="notice error" role="alert">${api.errorText(this._actionError, t)}</div>`
        : nothing}
      <div role="status" aria-live="polite" class="done">
        ${this._done.slice(0, 3).map(
          (item) => html`<div class="notice">
            ${item.action === "confirmed"
              ? html`${t("inbox.confirmed", { summary: bare(item.summary) })}
                  ${item.memory ? html`<a href=${memoryHref(this.prefix, item.memory.id)}>${t("inbox.open_memory")}</a>` : nothing}`
              : t("inbox.rejected", { summary: bare(item.summary) })}
          </div>`
        )}
      </div>
      ${this.renderLoading()}
      ${this.renderError(() => this._load())}
      ${!this.firstLoading && !this._error && !this._proposals.length
        ? html`<div class="empty" role="status">
            <strong>${t("inbox.empty_title")}</strong>
            ${t("inbox.empty_body")}
          </div>`
        : nothing}
      ${this._proposals.length
        ? html`<ul class="proposals">${this._proposals.map((p) => this._renderProposal(p))}</ul>`
        : nothing}
    `;
  }

  static styles = [
    shared,
    css`
      :host {
        display: flex;
        flex-direction: column;
        gap: 12px;
      }
      h2 {
        margin: 8px 0 0;
        font-size: 1.3em;
        font-weight: 400;
      }
      .intro {
        margin: 0;
      }
      ul.proposals {
        list-style: none;
        padding: 0;
        margin: 0;
        display: flex;
        flex-direction: column;
        gap: 8px;
      }
      h3.summary {
        margin: 0 0 6px;
        font-size: 1.1em;
        font-weight: 500;
        overflow-wrap: anywhere;
      }
      .content {
        margin: 0 0 8px;
        white-space: pre-line;
        overflow-wrap: anywhere;
      }
      .meta {
        font-size: 0.9em;
        margin-bottom: 12px;
      }
      .done {
        display: flex;
        flex-direction: column;
        gap: 8px;
      }
      .done a {
        margin-left: 8px;
      }
      .edit {
        display: flex;
        flex-direction: column;
        gap: 12px;
      }
      .end {
        justify-content: flex-end;
      }
    `,
  ];
}

if (!customElements.get("hm-inbox")) customElements.define("hm-inbox", Inbox);
