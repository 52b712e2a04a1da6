// "Today in the home": the day's observed memories as a timeline, and what
// the observer noticed but has not told yet.

import { html, css, nothing } from "lit";
import * as api from "./api.js";
import { HmView } from "./hm-view.js";
import { shared } from "./styles.js";
import { formatRange, formatState, formatTime, today } from "./format.js";
import { memoryHref } from "./render.js";

const REFRESH_DELAY_MS = 500;

class Today extends HmView {
  static properties = {
    ...HmView.properties,
    _memories: { state: true },
    _next: { state: true },
    _pending: { state: true },
    _pendingError: { state: true },
  };

  constructor() {
    super();
    /** @type {any[]} */
    this._memories = [];
    /** @type {string | null} */
    this._next = null;
    /** @type {any} */
    this._pending = undefined;
    /** @type {any} */
    this._pendingError = undefined;
    /** @type {Map<string, ReturnType<typeof setTimeout>>} */
    this._timers = new Map();
  }

  firstUpdated() {
    this._load();
    this._loadPending();
  }

  /** @param {import("./hm-view.js").LiveEvent} event */
  onLive(event) {
    if (event.type === "pending") this._soon("_loadPending");
    else if (event.memory?.origin === "observed" || event.memory_id) this._soon("_load");
  }

  /**
   * Runs `method` once a burst of live events has settled.
   * @param {"_load" | "_loadPending"} method
   */
  _soon(method) {
    clearTimeout(this._timers.get(method));
    this._timers.set(method, setTimeout(() => this[method](), REFRESH_DELAY_MS));
  }

  async _load(more = false) {
    await this.track(
      () =>
        api.list(
          this.hass,
          { origins: ["observed"], created_after: today(this.hass) },
          more ? this._next : null,
          200
        ),
      (answer) => {
        this._memories = more ? [...this._memories, ...answer.memories] : answer.memories;
        this._next = answer.next_cursor ?? null;
      }
    );
  }

  async _loadPending() {
    this._pendingError = undefined;
    try {
      this._pending = await api.pending(this.hass, 50);
    } catch (err) {
      this._pending = undefined;
      this._pendingError = err;
    }
  }

  _renderPending() {
    const t = this.t;
    if (this._pendingError) {
      if (this._pendingError.translation_key === "observer_not_running") {
        return html`<div class="notice">${t("today.observer_off")}</div>`;
      }
      return html`<div class="notice error" role="alert">
        ${api.errorText(this._pendingError, t)}
        <div><button @click=${this._loadPending}>${t("action.retry")}</button></div>
      </div>`;
    }
    const pending = this._pending;
    if (!pending) return html`<p class="secondary">${t("list.loading")}</p>`;
    if (!pending.events) {
      return html`<p class="secondary empty-line">${t("today.pending_none")}</p>`;
    }
    return html`
      <p class="secondary">
        ${t("today.pending_count", { count: pending.events, since: formatTime(this.hass, pending.oldest_event_at) })}
      </p>
      <ol class="timeline pending">
        ${(pending.items || []).map(
          (item) => html`<li>
            <time class="when">${formatTime(this.hass, item.at)}</time>
            <div class="what">
              ${t("today.event", {
                name: item.name || item.entity_id,
                old: formatState(this.hass, item, item.old_state),
                new: formatState(this.hass, item, item.new_state),
              })}
              ${item.area ? html`<span class="secondary">· ${item.area}</span>` : nothing}
            </div>
          </li>`
        )}
      </ol>
      ${pending.more ? html`<p class="secondary">${t("today.pending_more")}</p>` : nothing}
    `;
  }

  render() {
    const t = this.t;
    if (!t) return nothing;
    // Oldest first: the day reads from the morning down.
    const ordered = [...this._memories].sort((a, b) =>
      (a.segment_start || a.created_at).localeCompare(b.segment_start || b.created_at)
    );
    return html`
      <section aria-labelledby="today-title">
        <h2 id="today-title">${t("today.title")}</h2>
        ${this.renderLoading()}
        ${this.renderError(() => this._load())}
        ${!this.firstLoading && !this._error && !ordered.length
          ? html`<div class="empty" role="status">
              <strong>${t("today.empty_title")}</strong>
              ${t("today.empty_body")}
            </div>`
          : nothing}
        ${ordered.length
          ? html`<ol class="timeline">
              ${ordered.map(
                (memory) => html`<li>
                  <time class="when" datetime=${memory.segment_start || memory.created_at}>
                    ${formatRange(this.hass, memory.segment_start || memory.created_at, memory.segment_end)}
                  </time>
                  <div class="what">
                    <a href=${memoryHref(this.prefix, memory.id)}>${memory.content}</a>
                  </div>
                </li>`
              )}
            </ol>`
          : nothing}
        ${this._next ? html`<button @click=${() => this._load(true)}>${t("list.more")}</button>` : nothing}
      </section>
      <section aria-labelledby="pending-title" class="card">
        <h2 id="pending-title">${t("today.pending_title")}</h2>
        ${this._renderPending()}
      </section>
    `;
  }

  static styles = [
    shared,
    css`
      :host {
        display: flex;
        flex-direction: column;
        gap: 16px;
      }
      h2 {
        margin: 8px 0 12px;
        font-size: 1.3em;
        font-weight: 400;
      }
      ol.timeline {
        list-style: none;
        margin: 0;
        padding: 0 0 0 8px;
        border-left: 2px solid var(--primary-color, #03a9f4);
      }
      ol.timeline li {
        position: relative;
        display: flex;
        gap: 12px;
        padding: 8px 0 8px 16px;
      }
      ol.timeline li::before {
        content: "";
        position: absolute;
        left: -15px;
        top: 14px;
        width: 10px;
        height: 10px;
        border-radius: 50%;
        background: var(--primary-color, #03a9f4);
        border: 2px solid var(--primary-background-color, #fafafa);
      }
      ol.pending {
        border-left-style: dashed;
        border-left-color: var(--secondary-text-color, #727272);
      }
      ol.pending li::before {
        background: var(--secondary-text-color, #727272);
      }
      .when {
        min-width: 64px;
        flex: none;
        white-space: nowrap;
        font-variant-numeric: tabular-nums;
        color: var(--secondary-text-color, #727272);
      }
      .what {
        flex: 1;
        min-width: 0;
        overflow-wrap: anywhere;
      }
      /* At most three lines of a long memory; the whole text is on its page. */
      .what a {
        color: var(--primary-text-color, #212121);
        display: -webkit-box;
        -webkit-box-orient: vertical;
        -webkit-line-clamp: 3;
        line-clamp: 3;
        overflow: hidden;
      }
    `,
  ];
}

if (!customElements.get("hm-today")) customElements.define("hm-today", Today);
