// The Memory sidebar panel. Home Assistant creates <home-memory-panel> and
// sets `hass`, `narrow`, `route` and `panel` on it, as for its own custom
// panels; everything goes over `hass.connection`.

import { LitElement, html, css, nothing } from "lit";

import * as api from "./api.js";
import { loadStrings, translator } from "./i18n.js";
import { shared } from "./styles.js";
import { navigate } from "./nav.js";
import "./hm-memory-list.js";
import "./hm-memory-page.js";
import "./hm-inbox.js";
import "./hm-today.js";

// benchmarks/panel.py: the panel's own share of the time to first results.
performance.mark("home-memory-module");

const MENU_ICON = "M3,6H21V8H3V6M3,11H21V13H3V11M3,16H21V18H3V16Z";

class HomeMemoryPanel extends LitElement {
  static properties = {
    narrow: { type: Boolean },
    route: { attribute: false },
    panel: { attribute: false },
    _t: { state: true },
    _info: { state: true },
    _error: { state: true },
    _live: { state: true },
    _proposalCount: { state: true },
  };

  constructor() {
    super();
    this._hass = undefined;
    this._t = undefined;
    this._live = undefined;
    this._language = undefined;
    this.narrow = false;
    /** Where in the panel we are: `prefix` ("/memory") and `path`. @type {{ prefix: string, path: string } | undefined} */
    this.route = undefined;
    /** @type {any} */
    this.panel = undefined;
  }

  // `hass` changes with every state change in the home: the panel only
  // re-renders for what it shows (language, user, connection), not for each.
  get hass() {
    return this._hass;
  }

  set hass(hass) {
    const first = !this._hass;
    this._hass = hass;
    if (first || hass.language !== this._language) {
      this._language = hass.language;
      this._start();
    }
    for (const view of this.renderRoot?.querySelectorAll?.("[data-view]") || []) {
      /** @type {any} */ (view).hass = hass;
    }
  }

  async _start() {
    const hass = this._hass;
    // The first page of memories is asked for at once, beside the words: no
    // round trip waits for another.
    if (!this._firstPage && this._view().name === "list") {
      this._firstPage = api.list(hass, {}, null, api.FIRST_PAGE);
      this._firstPage.catch(() => {});
    }
    // The user's rights and the counts are asked for after the first page:
    // nothing on it needs them (the filters have defaults), and their counting
    // shares the store's one reader with the page's (the page took about twice
    // as long beside them at 10,000 memories).
    const firstPage = Promise.resolve(this._firstPage).catch(() => {});
    const info = firstPage.then(() => api.info(hass)).then(
      (answer) => {
        this._info = answer;
        this._proposalCount = answer.counts?.proposals ?? 0;
      },
      // Without it the views fall back to hass.user; their own requests say
      // what is wrong (Home Memory not set up, no connection).
      (err) => console.warn("Home Memory: info unavailable", err)
    );
    try {
      this._t = translator(await loadStrings(hass), hass.language || "en");
      this._error = undefined;
    } catch (err) {
      this._t = this._t || translator({});
      this._error = err;
    }
    await info;
    this._subscribe();
  }

  async _subscribe() {
    if (this._subscribing || this._unsubscribe || !this.isConnected) return;
    this._subscribing = true;
    try {
      this._unsubscribe = await api.subscribe(this._hass, (event) => this._onLive(event));
    } catch (err) {
      // Live updates are a convenience: the views still load on their own.
      console.warn("Home Memory: live updates unavailable", err);
    } finally {
      this._subscribing = false;
    }
    if (!this.isConnected) this._stopLive();
  }

  _onLive(event) {
    this._live = { ...event, at: performance.now() };
    if (event.type === "proposals") this._refreshInfo();
  }

  async _refreshInfo() {
    try {
      this._info = await api.info(this._hass);
      this._proposalCount = this._info.counts?.proposals ?? 0;
    } catch {
      // The count in the tab stays as it was.
    }
  }

  connectedCallback() {
    super.connectedCallback();
    if (this._hass && this._t) this._subscribe();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this._stopLive();
  }

  _stopLive() {
    const unsubscribe = this._unsubscribe;
    this._unsubscribe = undefined;
    if (unsubscribe) Promise.resolve(unsubscribe()).catch(() => {});
  }

  get _prefix() {
    return this.route?.prefix || "/memory";
  }

  _view() {
    const path = this.route?.path || "";
    const parts = path.split("/").filter(Boolean);
    if (!parts.length) return { name: "list" };
    if (parts[0] === "m" && parts.length === 2) {
      try {
        return { name: "memory", id: decodeURIComponent(parts[1]) };
      } catch {
        return { name: "unknown" }; // A broken %-escape names no memory.
      }
    }
    if (parts.length === 1 && parts[0] === "inbox") return { name: "inbox" };
    if (parts.length === 1 && parts[0] === "today") return { name: "today" };
    // A mistyped or outdated link says so instead of quietly showing the list.
    return { name: "unknown" };
  }

  _onClick(ev) {
    // Links inside the panel move within Home Assistant without a page load.
    if (ev.defaultPrevented || ev.button !== 0) return;
    if (ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
    const anchor = ev.composedPath().find((node) => node.tagName === "A");
    if (!anchor || anchor.target || !anchor.href) return;
    const url = new URL(anchor.href);
    if (url.origin !== location.origin || !url.pathname.startsWith(this._prefix)) return;
    ev.preventDefault();
    navigate(url.pathname + url.search);
  }

  _toggleMenu() {
    this.dispatchEvent(new Event("hass-toggle-menu", { bubbles: true, composed: true }));
  }

  render() {
    const t = this._t;
    if (!t) return html`<div class="loading" role="status">…</div>`;
    const view = this._view();
    const prefix = this._prefix;
    const tab = (name, href, label) => html`<a
      href=${href}
      class="tab"
      aria-current=${view.name === name || (name === "list" && view.name === "memory") ? "page" : "false"}
      >${label}</a
    >`;
    const count = this._proposalCount;
    return html`
      <div class="page" @click=${this._onClick}>
        <header>
          <div class="toolbar">
            ${this.narrow || this._hass.dockedSidebar === "always_hidden"
              ? html`<button class="menu" @click=${this._toggleMenu}
                  aria-label=${this._hass.localize?.("ui.sidebar.sidebar_toggle") || t("sidebar")}>
                  <svg viewBox="0 0 24 24" aria-hidden="true"><path d=${MENU_ICON}></path></svg>
                </button>`
              : nothing}
            <h1>${t("title")}</h1>
          </div>
          <nav aria-label=${t("nav.label")}>
            ${tab("list", prefix, t("nav.memories"))}
            ${tab("inbox", `${prefix}/inbox`, count ? t("nav.inbox_count", { count }) : t("nav.inbox"))}
            ${tab("today", `${prefix}/today`, t("nav.today"))}
          </nav>
        </header>
        <main>
          ${this._error
            ? html`<div class="notice error" role="alert">
                <strong>${t("error.start")}</strong>
                <p>${api.errorText(this._error, t)}</p>
                <button @click=${() => this._start()}>${t("action.retry")}</button>
              </div>`
            : nothing}
          <hm-memory-list
            data-view
            .hass=${this._hass}
            .t=${t}
            .info=${this._info}
            .live=${this._live}
            .prefix=${prefix}
            .firstPage=${this._firstPage}
            ?hidden=${view.name !== "list"}
            .active=${view.name === "list"}
          ></hm-memory-list>
          ${view.name === "unknown"
            ? html`<div class="empty unknown" role="status">
                <strong>${t("unknown.title")}</strong>
                ${t("unknown.body")}
                <div><a href=${prefix}>${t("memory.back")}</a></div>
              </div>`
            : nothing}
          ${view.name === "memory"
            ? html`<hm-memory-page
                data-view
                .hass=${this._hass}
                .t=${t}
                .info=${this._info}
                .live=${this._live}
                .prefix=${prefix}
                .memoryId=${view.id}
              ></hm-memory-page>`
            : nothing}
          ${view.name === "inbox"
            ? html`<hm-inbox
                data-view
                .hass=${this._hass}
                .t=${t}
                .info=${this._info}
                .live=${this._live}
                .prefix=${prefix}
              ></hm-inbox>`
            : nothing}
          ${view.name === "today"
            ? html`<hm-today
                data-view
                .hass=${this._hass}
                .t=${t}
                .info=${this._info}
                .live=${this._live}
                .prefix=${prefix}
              ></hm-today>`
            : nothing}
        </main>
      </div>
    `;
  }

  static styles = [
    shared,
    css`
      :host {
        display: block;
        min-height: 100vh;
        background: var(--primary-background-color, #fafafa);
      }
      header {
        position: sticky;
        top: 0;
        z-index: 2;
        background: var(--app-header-background-color, var(--primary-color, #03a9f4));
        color: var(--app-header-text-color, var(--text-primary-color, #fff));
        border-bottom: var(--app-header-border-bottom, none);
        padding-top: var(--safe-area-inset-top, 0);
      }
      .toolbar {
        display: flex;
        align-items: center;
        gap: 8px;
        min-height: 56px;
        padding: 0 16px;
      }
      h1 {
        margin: 0;
        font-size: var(--ha-font-size-xl, 20px);
        font-weight: 400;
      }
      button.menu {
        border: none;
        background: transparent;
        color: inherit;
        padding: 8px;
        min-height: 40px;
        border-radius: 50%;
      }
      button.menu svg {
        width: 24px;
        height: 24px;
        fill: currentColor;
      }
      button.menu:focus-visible {
        outline-color: currentColor;
      }
      nav {
        display: flex;
        gap: 4px;
        padding: 0 8px;
        overflow-x: auto;
      }
      .tab {
        color: inherit;
        text-decoration: none;
        padding: 12px 12px 10px;
        border-bottom: 3px solid transparent;
        white-space: nowrap;
        opacity: 0.85;
      }
      .tab[aria-current="page"] {
        border-bottom-color: currentColor;
        opacity: 1;
        font-weight: 500;
      }
      .tab:focus-visible {
        outline-color: currentColor;
        outline-offset: -4px;
      }
      main {
        max-width: 960px;
        margin: 0 auto;
        padding: 16px;
      }
      [hidden] {
        display: none !important;
      }
      .unknown div {
        margin-top: 12px;
      }
      .loading {
        padding: 32px;
        text-align: center;
      }
      @media (max-width: 600px) {
        main {
          padding: 8px;
        }
      }
    `,
  ];
}

if (!customElements.get("home-memory-panel")) {
  customElements.define("home-memory-panel", HomeMemoryPanel);
}
