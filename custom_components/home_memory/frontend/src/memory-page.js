// One memory: what it says and where it came from, how important it still is,
// its earlier versions (undo), edit in place, forget / restore / purge.

import { LitElement, html, css, nothing } from "lit";
import * as api from "./api.js";
import { shared } from "./styles.js";
import { KINDS, WEIGHT_CLASSES, addsToText, bar, kindSelect, textFields } from "./render.js";
import { formatDateTime, formatNumber, formatPercent, formatRange, formatState, formatTime } from "./format.js";


// Observed changes listed before "Show all": a segment holds up to 50.
const EVENTS_SHOWN = 8;

// What an edit conflict shows of the newer version beside the text.
const CONFLICT_FIELDS = ["summary", "kind", "weight_class", "importance", "people", "tags", "location", "visibility"];

const isGone = (err) => err?.code === "not_found" || err?.translation_key === "memory_not_found";

const splitList = (text) =>
  text.split(",").map((item) => item.trim()).filter(Boolean);

/** "2026-11-24T18:00:00+01:00" -> "2026-11-24T18:00" for <input type=datetime-local>. */
function localInput(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

class MemoryPage extends LitElement {
  static properties = {
    t: { attribute: false },
    info: { attribute: false },
    live: { attribute: false },
    prefix: {},
    memoryId: {},
    _data: { state: true },
    _loading: { state: true },
    _error: { state: true },
    _editing: { state: true },
    _busy: { state: true },
    _notice: { state: true },
    _actionError: { state: true },
    _confirm: { state: true },
    _gone: { state: true },
    _conflict: { state: true },
    _audit: { state: true },
    _allEvents: { state: true },
  };

  constructor() {
    super();
    this._loading = true;
  }

  updated(changed) {
    if (changed.has("memoryId") && this.memoryId) {
      this._editing = false;
      this._notice = undefined;
      this._actionError = undefined;
      this._gone = undefined;
      this._conflict = undefined;
      this._allEvents = false;
      this._load();
    }
    if (changed.has("live") && this.live) this._onLive(this.live);
    if (changed.has("_confirm") && this._confirm) {
      this.renderRoot.querySelector("dialog")?.showModal();
    }
    if (changed.has("_editing") && this._editing) {
      this.renderRoot.querySelector("#edit-content")?.focus();
    }
  }

  async _load() {
    const id = this.memoryId;
    this._loading = true;
    this._error = undefined;
    try {
      const data = await api.get(this.hass, id);
      if (id !== this.memoryId) return;
      this._data = data;
      if (this._isAdmin) this._loadAudit(id);
    } catch (err) {
      if (id !== this.memoryId) return;
      this._error = err;
      this._data = undefined;
    } finally {
      if (id === this.memoryId) this._loading = false;
    }
  }

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
    if (!this._isAdmin || !this._audit) return nothing;
    return html`<section class="card" aria-labelledby="audit-title">
      <h3 id="audit-title">${t("memory.audit")}</h3>
      ${this._audit.length
        ? html`<ol class="audit">
            ${this._audit.map(
              (entry) => html`<li>
                <span class="secondary">${formatDateTime(this.hass, entry.at)}</span>
                ${t.label("operation", entry.operation)}
                ${entry.actor_name ? html`<span class="secondary">· ${entry.actor_name}</span>` : nothing}
              </li>`
            )}
          </ol>`
        : html`<p class="secondary">${t("memory.audit_empty")}</p>`}
    </section>`;
  }

  _onLive(event) {
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
    if (event.type === "updated" && known && event.memory?.version <= known.version) {
      return; // Already shown (our own edit, told back to us).
    }
    if (this._editing) {
      // What the person typed stays; the newer version shows beside it.
      if (event.memory && event.memory.version > (this._conflict?.version ?? 0)) {
        this._conflict = event.memory;
      }
      return;
    }
    this._load();
  }

  get _canWrite() {
    return Boolean(this.info?.user?.can_write ?? !this.hass?.user?.is_read_only);
  }

  get _isAdmin() {
    return Boolean(this.info?.user?.is_admin ?? this.hass?.user?.is_admin);
  }

  /** Whether this person may restore and purge the memory shown: the server
   * says so (`may_manage`, also for an owner's private memory); a server that
   * does not say it yet lets administrators only. */
  get _mayManage() {
    return Boolean(this._data?.may_manage ?? this._isAdmin);
  }

  get _isPrivate() {
    return this._data?.memory?.visibility === "private";
  }

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

  /** A save that failed because the memory moved on: handled here (true). */
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

  async _save(ev) {
    ev.preventDefault();
    const memory = this._data.memory;
    const form = new FormData(ev.target);
    const changes = {};
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
    if (!Object.keys(changes).length) {
      this._cancelEdit();
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
      this.renderRoot.querySelector("#edit-button")?.focus();
    }
  }

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

  _closeDialog() {
    this.renderRoot.querySelector("dialog")?.close();
    this._confirm = undefined;
  }

  _renderDialog() {
    const t = this.t;
    const kind = this._confirm;
    if (!kind) return nothing;
    return html`<dialog
      aria-labelledby="confirm-title"
      @close=${() => (this._confirm = undefined)}
      @cancel=${() => (this._confirm = undefined)}
    >
      <h3 id="confirm-title">${t(`memory.confirm_${kind}_title`)}</h3>
      <p>${t(kind === "forget" && this._isPrivate ? "memory.confirm_forget_body_private" : `memory.confirm_${kind}_body`)}</p>
      <div class="row end">
        <button @click=${this._closeDialog} autofocus>${t("action.cancel")}</button>
        <button class="danger primary" @click=${this._confirmed}>
          ${t(`action.${kind}`)}
        </button>
      </div>
    </dialog>`;
  }

  _renderEdit(memory) {
    const t = this.t;
    const isOwner = memory.owner && memory.owner === this.info?.user?.id;
    return html`<form class="card edit" @submit=${this._save}>
      ${textFields(t, memory, { rows: 4, contentId: "edit-content" })}
      <div class="grid">
        ${kindSelect(t, this.info?.kinds || KINDS, memory.kind)}
        <label>
          ${t("field.weight_class")}
          <select name="weight_class">
            ${(this.info?.weight_classes || WEIGHT_CLASSES).map((k) => html`<option value=${k} ?selected=${k === memory.weight_class}>${t.label("weight_class", k)}</option>`)}
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
        <button type="button" @click=${this._cancelEdit}>${t("action.cancel")}</button>
        <button type="submit" class="primary" ?disabled=${this._busy}>${t("action.save")}</button>
      </div>
    </form>`;
  }

  _renderProvenance(provenance) {
    const t = this.t;
    if (!provenance) return nothing;
    const conversation = provenance.conversation;
    const events = provenance.events || [];
    const eventIds = provenance.event_ids || [];
    return html`
      ${conversation
        ? html`<div class="provenance">
            <h4>${t("memory.from_conversation")}</h4>
            ${conversation.turns?.length
              ? html`<ol class="turns">
                  ${conversation.turns.map(
                    (turn) => html`<li class=${turn.role}>
                      <span class="secondary">${t(`memory.role_${turn.role}`)} · ${formatTime(this.hass, turn.at)}</span>
                      <div>${turn.text}</div>
                    </li>`
                  )}
                </ol>`
              : html`<p class="secondary">${this._noTurnsText()}</p>`}
          </div>`
        : nothing}
      ${events.length
        ? this._renderEvents(events)
        : eventIds.length
          ? html`<div class="provenance">
              <h4>${t("memory.from_events")}</h4>
              <p class="secondary">${t("memory.from_event_ids", { count: eventIds.length })}</p>
            </div>`
          : nothing}
    `;
  }

  // `get` sends no turns of another person's conversation, nor any once they
  // are no longer kept (docs/websocket-api.md): the one who said it tells which.
  _noTurnsText() {
    const memory = this._data?.memory;
    const me = this.info?.user?.id ?? this.hass?.user?.id;
    if (memory?.speaker && me && memory.speaker !== me) return this.t("memory.conversation_not_yours");
    return this.t("memory.conversation_trimmed");
  }

  _renderConflict(memory) {
    const t = this.t;
    const newer = this._conflict;
    if (!newer) return nothing;
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

  _renderEvents(events) {
    const t = this.t;
    const shown = this._allEvents ? events : events.slice(0, EVENTS_SHOWN);
    // Changes a moment apart read as one time unless the seconds are shown.
    const minutes = shown.map((e) => Math.floor(Date.parse(e.at) / 60000));
    const seconds = new Set(minutes).size < minutes.length;
    return html`<div class="provenance">
      <h4 id="events-title">${t("memory.from_events")}</h4>
      <ol class="events" aria-labelledby="events-title">
        ${shown.map(
          (e) => html`<li>
            <time class="secondary" datetime=${e.at}>${formatTime(this.hass, e.at, seconds)}</time>
            <span>
              ${t("today.event", {
                name: e.name || e.entity_id,
                old: formatState(this.hass, e, e.old_state),
                new: formatState(this.hass, e, e.new_state),
              })}
              ${e.area ? html`<span class="secondary">· ${e.area}</span>` : nothing}
            </span>
          </li>`
        )}
      </ol>
      ${events.length > EVENTS_SHOWN
        ? html`<button class="more" @click=${() => (this._allEvents = !this._allEvents)}
            aria-expanded=${this._allEvents ? "true" : "false"}>
            ${this._allEvents ? t("memory.events_fewer") : t("memory.events_all", { count: events.length })}
          </button>`
        : nothing}
    </div>`;
  }

  _renderHistory(history, memory) {
    const t = this.t;
    if (!history?.length) {
      return html`<p class="secondary">${t("memory.no_history")}</p>`;
    }
    const canUndo = this._canWrite && memory.tier === "active";
    return html`<ol class="history">
      ${history.map(
        (old) => html`<li class="card">
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
    const canWrite = this._canWrite;
    const row = (label, value) =>
      value === undefined || value === null || value === "" || (Array.isArray(value) && !value.length)
        ? nothing
        : html`<div class="field"><dt>${label}</dt><dd>${Array.isArray(value) ? value.join(", ") : value}</dd></div>`;
    const when = [
      memory.segment_start ? formatRange(this.hass, memory.segment_start, memory.segment_end, true) : "",
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
      ${this._editing ? this._renderConflict(memory) : nothing}
      ${this._editing ? this._renderEdit(memory) : nothing}
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
          ${row(t("field.time"), when)}
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
        ${this._renderProvenance(provenance)}
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
      h4 {
        margin: 16px 0 8px;
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
      .spread {
        justify-content: space-between;
      }
      ol.history,
      ol.audit,
      ol.turns,
      ol.events {
        list-style: none;
        padding: 0;
        margin: 0;
        display: flex;
        flex-direction: column;
        gap: 8px;
      }
      ol.events li {
        display: grid;
        grid-template-columns: minmax(3.5em, max-content) 1fr;
        gap: 8px;
        overflow-wrap: anywhere;
      }
      ol.events time {
        font-variant-numeric: tabular-nums;
      }
      button.more {
        margin-top: 8px;
      }
      .conflict {
        border-left: 4px solid var(--warning-color, #ffa600);
      }
      .conflict p.newer {
        font-size: 1.1em;
        margin: 8px 0;
      }
      ol.turns li {
        padding: 8px 12px;
        border-radius: 8px;
        background: var(--secondary-background-color, #f5f5f5);
      }
      ol.turns li.user {
        border-left: 3px solid var(--primary-color, #03a9f4);
      }
      p.text {
        white-space: pre-line;
        overflow-wrap: anywhere;
      }
      dialog {
        border: none;
        border-radius: var(--ha-dialog-border-radius, 24px);
        background: var(--card-background-color, #fff);
        color: var(--primary-text-color, #212121);
        padding: 24px;
        max-width: min(90vw, 440px);
      }
      dialog::backdrop {
        background: rgba(0, 0, 0, 0.4);
      }
      dialog h3 {
        font-size: 1.3em;
        font-weight: 400;
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
