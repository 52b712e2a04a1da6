// The base of the panel's views (list, memory page, inbox, today): what each
// is given by the panel (words, rights, live events, the route prefix) and
// the one load each runs, with its loading and error state.

import { LitElement, html, nothing } from "lit";
import * as api from "./api.js";

/**
 * @typedef {(key: string, values?: Record<string, unknown>) => string} Words
 * @typedef {{ type: string, memory?: { id: string, [key: string]: any }, memory_id?: string, at?: number }} LiveEvent
 * @typedef {{ user?: { id?: string, is_admin?: boolean, can_write?: boolean }, [key: string]: any }} Info
 */

export class HmView extends LitElement {
  static properties = {
    t: { attribute: false },
    info: { attribute: false },
    live: { attribute: false },
    prefix: {},
    _loading: { state: true },
    _error: { state: true },
  };

  constructor() {
    super();
    /** @type {(Words & { label: (group: string, key: string) => string }) | undefined} */
    this.t = undefined;
    /** @type {Info | undefined} */
    this.info = undefined;
    /** @type {LiveEvent | undefined} */
    this.live = undefined;
    // `prefix` (the route's prefix, for links) is set by the panel.
    /** The panel's `hass`, set on every change in the home (not reactive:
     * a view re-renders for its own state, not for each state change). @type {any} */
    this.hass = undefined;
    this._loading = true;
    /** @type {any} */
    this._error = undefined;
    this._loads = 0;
    /** Whether a load has ended once (later loads keep what is shown). */
    this._settled = false;
  }

  /** @param {Map<string, unknown>} changed */
  updated(changed) {
    if (changed.has("live") && this.live) this.onLive(this.live);
  }

  /** A live event from the panel's one subscription; views override it.
   * @param {LiveEvent} _event */
  onLive(_event) {}

  /** Whether the person may change memories (the server says; else `hass.user`). */
  get canWrite() {
    return Boolean(this.info?.user?.can_write ?? !this.hass?.user?.is_read_only);
  }

  /** Whether the person is an administrator (the server says; else `hass.user`). */
  get isAdmin() {
    return Boolean(this.info?.user?.is_admin ?? this.hass?.user?.is_admin);
  }

  /**
   * Runs `fetch` as this view's load: loading while it runs, its error kept
   * (the last one cleared first unless `keepError`), and `apply` given the
   * answer before loading ends, so no render sees neither. A load overtaken
   * by a newer one applies nothing (`current` false): a slow answer never
   * replaces a newer one.
   * @template T
   * @param {() => Promise<T>} fetch
   * @param {(answer: T) => void} apply
   * @param {{ keepError?: boolean }} [options]
   * @returns {Promise<{ current: boolean, failed: boolean }>}
   */
  async track(fetch, apply, { keepError = false } = {}) {
    const load = ++this._loads;
    this._loading = true;
    if (!keepError) this._error = undefined;
    try {
      const answer = await fetch();
      if (load === this._loads) apply(answer);
      return { current: load === this._loads, failed: false };
    } catch (err) {
      if (load === this._loads) this._error = err;
      return { current: load === this._loads, failed: true };
    } finally {
      if (load === this._loads) {
        this._loading = false;
        this._settled = true;
      }
    }
  }

  /** Whether the first load is still awaited (later ones keep what is shown). */
  get firstLoading() {
    return this._loading && !this._settled;
  }

  /** "Loading…" while the first answer is awaited. */
  renderLoading() {
    return this.firstLoading ? html`<p class="secondary" role="status">${this.t?.("list.loading")}</p>` : nothing;
  }

  /**
   * The load's error with a retry button, or nothing.
   * @param {() => unknown} retry
   */
  renderError(retry) {
    const t = this.t;
    if (!this._error || !t) return nothing;
    return html`<div class="notice error" role="alert">
      ${api.errorText(this._error, t)}
      <div><button @click=${() => retry()}>${t("action.retry")}</button></div>
    </div>`;
  }
}
