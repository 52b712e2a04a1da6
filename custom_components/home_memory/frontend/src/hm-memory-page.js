// One memory: what it says and where it came from, how important it still is,
// its earlier versions (undo), edit in place, forget / restore / purge.

import { html, css, nothing } from "lit";
import * as api from "./api.js";
import { shared } from "./styles.js";
import { HmView } from "./hm-view.js";
import { addsToText, bar } from "./render.js";
import { formatDateTime, formatHappened, formatNumber, formatPercent } from "./format.js";
import "./hm-confirm-dialog.js";
import "./hm-memory-edit-form.js";
import "./hm-memory-provenance.js";

/** @param {any} err */
const isGone = (err) => err?.code === "not_found" || err?.translation_key === "memory_not_found";

class MemoryPage extends HmView {
  static properties = {
    ...HmView.properties,
    memoryId: {},
    _data: { state: true },
    _editing: { state: true },
    _busy: { state: true },
    _notice: { state: true },
    _actionError: { state: true },
    _confirm: { state: true },
    _gone: { state: true },
    _conflict: { state: true },
    _audit: { state: true },
  };

  constructor() {
    super();
    /** @type {string | undefined} */
    this.memoryId = undefined;
    /** What `home_memory/get` answered: memory, decay, provenance, history. @type {any} */
    this._data = undefined;
    this._editing = false;
    this._busy = false;
    /** @type {string | undefined} */
    this._notice = undefined;
    /** @type {any} */
    this._actionError = undefined;
    /** @type {"forget" | "purge" | undefined} */
    this._confirm = undefined;
    /** @type {string | undefined} */
    this._gone = undefined;
    /** @type {any} */
    this._conflict = undefined;
    /** Whether the newer version came live and no Save has answered it yet. */
    this._conflictUnanswered = false;
    /** @type {any[] | undefined} */
    this._audit = undefined;
  }

  /** @param {Map<string, unknown>} changed */
  updated(changed) {
    if (changed.has("memoryId") && this.memoryId) {
      this._editing = false;
      this._notice = undefined;
      this._actionError = undefined;
      this._gone = undefined;
      this._conflict = undefined;
      this._load();
    }
    super.updated(changed);
  }

  async _load() {
    const id = this.memoryId;
    const { current, failed } = await this.track(
      () => api.get(this.hass, id),
      (answer) => (this._data = answer)
    );
    if (!current || id !== this.memoryId) return;
    if (failed) this._data = undefined;
    else if (this.isAdmin) this._loadAudit(id);
  }

  /** @param {string | undefined} id */
  async _loadAudit(id) {
    try {
      const answer = await api.auditLog(this.hass, id);
      if (id === this.memoryId) this._audit = answer.entries || [];
    } catch {
      // The audit log is extra for administrators: the page stands without it.
      this._audit = undefined;
    }
  }

  _renderAudit() {
    const t = this.t;
    if (!this.isAdmin || !this._audit) return nothing;
    return html`<section class="card" aria-labelledby="audit-title">
      <h3 id="audit-title">${t("memory.audit")}</h3>
      ${this._audit.length
        ? html`<ol class="audit">
            ${this._audit.map(
              (/** @type {any} */ entry) => html`<li>
                <span class="secondary">${formatDateTime(this.hass, entry.at)}</span>
                ${t.label("operation", entry.operation)}
                ${entry.actor_name ? html`<span class="secondary">· ${entry.actor_name}</span>` : nothing}
              </li>`
            )}
          </ol>`
        : html`<p class="secondary">${t("memory.audit_empty")}</p>`}
    </section>`;
  }

  /** @param {import("./hm-view.js").LiveEvent} event */
  onLive(event) {
    const id = event.memory?.id || event.memory_id;
    if (id !== this.memoryId) return;
    if (event.type === "purged" || event.type === "hidden") {
      this._gone = event.type;
      return;
    }
    if (this._busy) return; // Our own change: its answer updates the page.
    if (event.type === "forgotten") {
      // Forgotten elsewhere: an open form could only save into nothing.
      this._editing = false;
      this._conflict = undefined;
      this._notice = undefined;
      if (this._mayManage) this._load();
      else this._gone = "forgotten";
      return;
    }
    const known = this._data?.memory;
    if (event.type === "updated" && known && (event.memory?.version ?? 0) <= known.version) {
      return; // Already shown (our own edit, told back to us).
    }
    if (this._editing) {
      // What the person typed stays; the newer version shows beside it.
      if (event.memory && event.memory.version > (this._conflict?.version ?? 0)) {
        this._conflict = event.memory;
        // A Save clicked as it appears must not go over it unread.
        this._conflictUnanswered = true;
      }
      return;
    }
    this._load();
  }

  /** Whether this person may restore and purge the memory shown: the server
   * says so (`may_manage`, also for an owner's private memory); a server that
   * does not say it yet lets administrators only. */
  get _mayManage() {
    return Boolean(this._data?.may_manage ?? this.isAdmin);
  }

  get _isPrivate() {
    return this._data?.memory?.visibility === "private";
  }

  /**
   * Runs a change the person asked for: busy while it runs, its error shown
   * unless `failed` handles it (true).
   * @template T
   * @param {() => Promise<T>} action
   * @param {string} [notice]
   * @param {(err: any) => Promise<boolean>} [failed]
   * @returns {Promise<T | undefined>}
   */
  async _run(action, notice, failed) {
    this._busy = true;
    this._actionError = undefined;
    this._notice = undefined;
    try {
      const answer = await action();
      if (notice) this._notice = notice;
      return answer;
    } catch (err) {
      if (failed && (await failed(err))) return undefined;
      this._actionError = err;
      if (err?.translation_key === "memory_changed") this._load();
      return undefined;
    } finally {
      this._busy = false;
    }
  }

  /** A save that failed because the memory moved on: handled here (true).
   * @param {any} err */
  async _saveFailed(err) {
    const changed = err?.translation_key === "memory_changed";
    if (!changed && !isGone(err)) return false;
    let latest;
    try {
      latest = await api.get(this.hass, this.memoryId);
    } catch (getErr) {
      if (!isGone(getErr)) return false;
    }
    if (!latest || latest.memory.tier !== "active") {
      // Forgotten (or deleted) meanwhile: nothing was saved, nothing to save into.
      this._editing = false;
      this._conflict = undefined;
      if (latest) {
        this._data = latest;
        this._notice = this.t("memory.not_saved_forgotten");
      } else {
        this._gone = "missing";
      }
      return true;
    }
    // Changed meanwhile: the form keeps what was typed, the newer version shows above it.
    this._conflict = latest.memory;
    this._conflictUnanswered = false;
    this._notice = this.t("memory.conflict_not_saved");
    return true;
  }

  _cancelEdit() {
    this._editing = false;
    if (this._conflict) {
      this._conflict = undefined;
      this._notice = undefined;
      this._load();
    }
  }

  /** @param {CustomEvent<{ changes: Record<string, unknown> }>} ev */
  async _save(ev) {
    const memory = this._data.memory;
    const changes = ev.detail.changes;
    if (!Object.keys(changes).length) {
      this._cancelEdit();
      return;
    }
    if (this._conflict && this._conflictUnanswered) {
      // The newer version arrived while the person typed, perhaps a moment
      // before this click (new-user review s18): say so once, as the server
      // does for a save that lost the race, and save on the next click.
      this._conflictUnanswered = false;
      this._notice = this.t("memory.conflict_not_saved");
      return;
    }
    // After a conflict the changes (against what the form was opened with)
    // go onto the newer version: fields not touched keep the other edit.
    const expected = this._conflict?.version ?? memory.version;
    const answer = await this._run(
      async () => {
        const saved = await api.update(this.hass, memory.id, expected, changes);
        // Known before the live event of this very edit is looked at.
        this._data = { ...this._data, memory: saved.memory };
        this._editing = false;
        this._conflict = undefined;
        return saved;
      },
      this.t("memory.saved"),
      (err) => this._saveFailed(err)
    );
    if (answer) {
      await this._load();
      /** @type {HTMLElement | null} */ (this.renderRoot.querySelector("#edit-button"))?.focus();
    }
  }

  /** @param {number} version */
  async _revert(version) {
    const memory = this._data.memory;
    const answer = await this._run(async () => {
      const reverted = await api.revert(this.hass, memory.id, version, memory.version);
      this._data = { ...this._data, memory: reverted.memory };
      return reverted;
    }, this.t("memory.reverted", { version }));
    if (answer) await this._load();
  }

  async _confirmed() {
    const kind = this._confirm;
    this._confirm = undefined;
    const memory = this._data.memory;
    if (kind === "forget") {
      // Whoever may restore it stays on the page: its banner says it was forgotten.
      const answer = await this._run(() => api.forget(this.hass, memory.id, memory.version));
      if (answer) {
        if (this._mayManage) await this._load();
        else this._gone = "forgotten";
      }
    } else if (kind === "purge") {
      // The tier shown goes along (a server that knows `may_manage` takes it):
      // a memory restored elsewhere meanwhile is not purged.
      const tier = this._data.may_manage === undefined ? undefined : memory.tier;
      const answer = await this._run(() => api.purge(this.hass, memory.id, tier));
      if (answer) this._gone = "purged";
    }
  }

  async _restore() {
    const memory = this._data.memory;
    const answer = await this._run(
      () => api.restore(this.hass, memory.id),
      this.t("memory.restored_notice")
    );
    if (answer) await this._load();
  }

  _renderDialog() {
    const t = this.t;
    const kind = this._confirm;
    if (!kind || !t) return nothing;
    const body = kind === "forget" && this._isPrivate ? "memory.confirm_forget_body_private" : `memory.confirm_${kind}_body`;
    return html`<hm-confirm-dialog
      .heading=${t(`memory.confirm_${kind}_title`)}
      .body=${t(body)}
      .confirmLabel=${t(`action.${kind}`)}
      .cancelLabel=${t("action.cancel")}
      @hm-confirm=${this._confirmed}
      @hm-cancel=${() => (this._confirm = undefined)}
    ></hm-confirm-dialog>`;
  }

  // `get` sends no turns of another person's conversation, nor any once they
  // are no longer kept (docs/websocket-api.md): the one who said it tells which.
  _noTurnsText() {
    const memory = this._data?.memory;
    const me = this.info?.user?.id ?? this.hass?.user?.id;
    if (memory?.speaker && me && memory.speaker !== me) {
      const name = this._data?.provenance?.conversation?.speaker_name;
      return name ? this.t("memory.conversation_not_yours_named", { name }) : this.t("memory.conversation_not_yours");
    }
    return this.t("memory.conversation_trimmed");
  }

  /** @param {any[]} history @param {any} memory */
  _renderHistory(history, memory) {
    const t = this.t;
    if (!history?.length) {
      return html`<p class="secondary">${t("memory.no_history")}</p>`;
    }
    const canUndo = this.canWrite && memory.tier === "active";
    return html`<ol class="history">
      ${history.map(
        (/** @type {any} */ old) => html`<li class="card">
          <div class="row spread">
            <strong>${t("memory.version", { version: old.version })}</strong>
            <span class="secondary">${t("memory.replaced_at", { when: formatDateTime(this.hass, old.replaced_at) })}</span>
          </div>
          <p class="text">${old.content}</p>
          ${old.importance !== memory.importance || old.kind !== memory.kind
            ? html`<p class="secondary">${t.label("kind", old.kind)} · ${t("field.importance")} ${formatNumber(this.hass, old.importance)}</p>`
            : nothing}
          ${canUndo
            ? html`<button @click=${() => this._revert(old.version)} ?disabled=${this._busy}
                aria-label=${t("memory.undo_to_label", { version: old.version })}>
                ${t("memory.undo_to", { version: old.version })}
              </button>`
            : nothing}
        </li>`
      )}
    </ol>`;
  }

  render() {
    const t = this.t;
    if (!t) return nothing;
    const back = html`<a class="back" href=${this.prefix}>← ${t("memory.back")}</a>`;
    if (this._gone) {
      return html`${back}
        <div class="empty" role="status">
          <strong>${t(this._gone === "forgotten" && this._isPrivate ? "memory.gone_forgotten_private" : `memory.gone_${this._gone}`)}</strong>
          <a href=${this.prefix}>${t("memory.back")}</a>
        </div>`;
    }
    if (this._loading && !this._data) {
      return html`${back}<p class="secondary" role="status">${t("list.loading")}</p>`;
    }
    if (this._error) {
      const notFound = this._error.code === "not_found";
      return html`${back}
        <div class="notice error" role="alert">
          <strong>${notFound ? t("memory.not_found_title") : t("error.load")}</strong>
          <p>${notFound ? t("memory.not_found_body") : api.errorText(this._error, t)}</p>
          ${notFound ? nothing : html`<button @click=${this._load}>${t("action.retry")}</button>`}
        </div>`;
    }
    const { memory, decay, provenance, history } = this._data;
    const active = memory.tier === "active";
    const canWrite = this.canWrite;
    /** @param {string} label @param {any} value */
    const row = (label, value) =>
      value === undefined || value === null || value === "" || (Array.isArray(value) && !value.length)
        ? nothing
        : html`<div class="field"><dt>${label}</dt><dd>${Array.isArray(value) ? value.join(", ") : value}</dd></div>`;
    const when = [
      formatHappened(this.hass, memory),
      memory.time_of_day ? t.label("time_of_day", memory.time_of_day) : "",
      memory.day_type ? t.label("day_type", memory.day_type) : "",
    ].filter(Boolean).join(" · ");
    return html`
      ${back}
      ${!active
        ? html`<div class="notice error tier-banner" role="status">
            ${memory.tier === "deleted"
              ? t("memory.deleted_banner", { when: formatDateTime(this.hass, memory.deleted_at) })
              : t("memory.archived_banner", { when: formatDateTime(this.hass, memory.archived_at) })}
          </div>`
        : nothing}
      ${this._notice ? html`<div class="notice" role="status">${this._notice}</div>` : nothing}
      ${this._actionError
        ? html`<div class="notice error" role="alert">${api.errorText(this._actionError, t)}</div>`
        : nothing}
      <section class="card main" aria-labelledby="memory-text">
        <h2 id="memory-text" class="text">${memory.content}</h2>
        ${addsToText(memory.summary, memory.content)
          ? html`<p class="secondary">${memory.summary}</p>`
          : nothing}
        <div class="row chips">
          <span class="chip">${t.label("kind", memory.kind)}</span>
          ${t.label("weight_class", memory.weight_class) !== t.label("kind", memory.kind)
            ? html`<span class="chip">${t.label("weight_class", memory.weight_class)}</span>`
            : nothing}
          <span class="chip">${memory.visibility === "private" ? t("visibility.private") : t("visibility.household")}</span>
          ${!active ? html`<span class="chip">${t.label("tier", memory.tier)}</span>` : nothing}
        </div>
        <div class="row actions">
          ${canWrite && active && !this._editing
            ? html`<button id="edit-button" @click=${() => (this._editing = true)}>${t("action.edit")}</button>
                <button class="danger" @click=${() => (this._confirm = "forget")} ?disabled=${this._busy}>${t("action.forget")}</button>`
            : nothing}
          ${this._mayManage && !active
            ? html`<button class="primary" @click=${this._restore} ?disabled=${this._busy}>${t("action.restore")}</button>`
            : nothing}
          ${this._mayManage
            ? html`<button class="danger" @click=${() => (this._confirm = "purge")} ?disabled=${this._busy}>${t("action.purge")}</button>`
            : nothing}
        </div>
      </section>
      ${this._editing
        ? html`<hm-memory-edit-form
            .t=${t}
            .info=${this.info}
            .hass=${this.hass}
            .memory=${memory}
            .conflict=${this._conflict}
            ?busy=${this._busy}
            @hm-save=${this._save}
            @hm-cancel=${this._cancelEdit}
          ></hm-memory-edit-form>`
        : nothing}
      <section class="card" aria-labelledby="details-title">
        <h3 id="details-title">${t("memory.details")}</h3>
        <dl>
          ${row(t("field.importance"), formatPercent(this.hass, memory.importance))}
          ${decay
            ? html`<div class="field">
                <dt>${t("field.effective_importance")}</dt>
                <dd>
                  <strong>${formatPercent(this.hass, decay.effective_importance_now ?? memory.effective_importance)}</strong>
                  ${bar(decay.effective_importance_now ?? memory.effective_importance)}
                  <div class="secondary">
                    ${t("memory.decay_explained", {
                      importance: formatPercent(this.hass, memory.importance),
                      bonus: formatNumber(this.hass, decay.reinforcement ?? 1),
                      factor: formatNumber(this.hass, decay.factor),
                      half_life: formatNumber(this.hass, decay.half_life_days, 0),
                    })}
                    ${t(memory.access_count ? "memory.last_used" : "memory.unused_since", {
                      count: Math.round(decay.days_since_access),
                    })}
                  </div>
                </dd>
              </div>`
            : row(t("field.effective_importance"), formatPercent(this.hass, memory.effective_importance))}
          ${row(t("field.people"), memory.people)}
          ${row(t("field.place"), memory.location)}
          ${row(t("field.happened"), when)}
          ${row(t("field.created"), formatDateTime(this.hass, memory.created_at))}
          ${memory.updated_at !== memory.created_at ? row(t("field.updated"), formatDateTime(this.hass, memory.updated_at)) : nothing}
          ${row(t("field.expires"), memory.expires_at ? formatDateTime(this.hass, memory.expires_at) : t("memory.never"))}
          ${row(t("field.owner"), memory.visibility === "private" ? memory.owner_name || t("visibility.private_mine") : t("visibility.household"))}
          ${row(t("field.tags"), memory.tags)}
          ${row(t("field.emotion"), memory.emotion)}
          ${row(t("field.source"), memory.origin ? t.label("origin", memory.origin) : memory.source)}
          ${row(t("field.used"), t("memory.used", { count: memory.access_count ?? 0 }))}
          ${row(t("field.version"), String(memory.version))}
        </dl>
        <hm-memory-provenance
          .t=${t}
          .hass=${this.hass}
          .provenance=${provenance}
          .memoryId=${this.memoryId}
          .noTurnsText=${this._noTurnsText()}
        ></hm-memory-provenance>
      </section>
      <section class="card" aria-labelledby="history-title">
        <h3 id="history-title">${t("memory.history")}</h3>
        ${this._renderHistory(history, memory)}
      </section>
      ${this._renderAudit()}
      ${this._renderDialog()}
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
      a.back {
        align-self: flex-start;
        padding: 8px 0;
        text-decoration: none;
      }
      h2.text {
        margin: 0 0 8px;
        font-size: 1.3em;
        font-weight: 400;
        white-space: pre-line;
        overflow-wrap: anywhere;
      }
      h3 {
        margin: 0 0 12px;
        font-size: 1.1em;
        font-weight: 500;
      }
      .chips {
        margin-bottom: 12px;
      }
      .actions {
        margin-top: 8px;
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
      dd .bar {
        width: 120px;
        margin-left: 8px;
      }
      .spread {
        justify-content: space-between;
      }
      ol.history,
      ol.audit {
        list-style: none;
        padding: 0;
        margin: 0;
        display: flex;
        flex-direction: column;
        gap: 8px;
      }
      p.text {
        white-space: pre-line;
        overflow-wrap: anywhere;
      }
      @media (max-width: 600px) {
        dl {
          grid-template-columns: 1fr;
          gap: 2px;
        }
        dd {
          margin-bottom: 8px;
        }
      }
    `,
  ];
}

if (!customElements.get("hm-memory-page")) customElements.define("hm-memory-page", MemoryPage);
