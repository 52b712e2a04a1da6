// Browse and search: a search box (hybrid search, relevance shown), filters,
// the newest memories first, "show more" paging and live additions.

import { html, css, nothing } from "lit";
import * as api from "./api.js";
import { HmView } from "./hm-view.js";
import { shared } from "./styles.js";
import { listStyles } from "./list-styles.js";
import { KINDS, ORIGINS, WEIGHT_CLASSES, memoryRow } from "./render.js";

const SEARCH_DELAY_MS = 300;

const emptyFilters = () => ({
  kinds: [],
  weight_classes: [],
  people: [],
  tags: [],
  origins: [],
  visibility: "",
  tier: "active",
  created_after: "",
  created_before: "",
});

/** Whether a memory that just appeared belongs in the list as filtered. */
export function matches(memory, filters) {
  const within = (values, value) => !values.length || values.includes(value);
  if (!within(filters.kinds, memory.kind)) return false;
  if (!within(filters.weight_classes, memory.weight_class)) return false;
  if (!within(filters.origins, memory.origin)) return false;
  if (filters.visibility && memory.visibility !== filters.visibility) return false;
  if ((memory.tier || "active") !== (filters.tier || "active")) return false;
  const lower = (items) => (items || []).map((item) => String(item).toLowerCase());
  if (filters.people.length && !lower(filters.people).some((p) => lower(memory.people).includes(p))) return false;
  if (filters.tags.length && !lower(filters.tags).some((p) => lower(memory.tags).includes(p))) return false;
  const created = memory.created_at ? memory.created_at.slice(0, 10) : "";
  if (filters.created_after && created < filters.created_after) return false;
  if (filters.created_before && created > filters.created_before) return false;
  return true;
}

class MemoryList extends HmView {
  static properties = {
    ...HmView.properties,
    active: { type: Boolean },
    firstPage: { attribute: false },
    _query: { state: true },
    _filters: { state: true },
    _items: { state: true },
    _total: { state: true },
    _next: { state: true },
    _searched: { state: true },
    _retrieval: { state: true },
  };

  constructor() {
    super();
    this._query = "";
    this._filters = emptyFilters();
    this._items = [];
    this._total = 0;
    /** @type {string | number | null} */
    this._next = null;
    this._loading = false;
    this._searched = "";
    this._painted = false;
    this.active = false;
    /** The first page, asked for by the panel before this view existed. @type {Promise<any> | undefined} */
    this.firstPage = undefined;
    /** @type {string | undefined} */
    this._retrieval = undefined;
    this._exporting = false;
    this._filtersOpen = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this._timer = undefined;
  }

  firstUpdated() {
    this._load();
  }

  get _filterCount() {
    const f = this._filters;
    return (
      f.kinds.length + f.weight_classes.length + f.people.length + f.tags.length +
      f.origins.length + (f.visibility ? 1 : 0) + (f.tier !== "active" ? 1 : 0) +
      (f.created_after ? 1 : 0) + (f.created_before ? 1 : 0)
    );
  }

  /**
   * The first page (or, with `more`, the next one) of the list or search.
   * @param {boolean} [more]
   * @param {number} [limit]
   */
  async _load(more = false, limit = api.PAGE) {
    const query = this._query.trim();
    const prefetched = this.firstPage;
    this.firstPage = undefined;
    const { current, failed } = await this.track(
      () => {
        if (prefetched && !more && !query && !this._filterCount) return prefetched;
        if (query) return api.search(this.hass, query, this._filters, more ? this._next : 0);
        return api.list(this.hass, this._filters, more ? this._next : null, limit);
      },
      (answer) => {
        this._items = more ? [...this._items, ...answer.memories] : answer.memories;
        // Later pages of a list carry no total (counting is the first page's).
        if (typeof answer.total === "number") this._total = answer.total;
        else if (!more) this._total = this._items.length;
        this._next = query ? answer.next_offset ?? null : answer.next_cursor ?? null;
        this._searched = query;
        this._retrieval = answer.retrieval_mode;
      },
      { keepError: more }
    );
    if (!current) return;
    const load = this._loads;
    if (failed && !more) this._items = [];
    await this.updateComplete;
    if (!this._painted && !this._error) {
      this._painted = true;
      // The bench (benchmarks/panel.py) reads this: first page of results on screen.
      performance.mark("home-memory-first-results");
    }
    // A short first page (api.FIRST_PAGE) is topped up to a full one, so
    // "show more" still comes after api.PAGE rows.
    const short = this._items.length < api.PAGE && this._next !== null;
    if (!more && !query && short && load === this._loads && !this._error) {
      this._load(true, api.PAGE - this._items.length);
    }
  }

  _onInput(ev) {
    this._query = ev.target.value;
    clearTimeout(this._timer);
    this._timer = setTimeout(() => this._load(), SEARCH_DELAY_MS);
  }

  _onSearchKey(ev) {
    if (ev.key === "Enter") {
      clearTimeout(this._timer);
      this._load();
    }
  }

  _setFilter(name, value) {
    this._filters = { ...this._filters, [name]: value };
    this._load();
  }

  _clearFilters() {
    this._filters = emptyFilters();
    this._load();
  }

  /** @param {import("./hm-view.js").LiveEvent} event */
  onLive(event) {
    const id = event.memory?.id || event.memory_id;
    if (!id) return;
    const index = this._items.findIndex((m) => m.id === id);
    const searching = Boolean(this._searched);
    if (event.type === "purged" || event.type === "hidden") {
      if (index >= 0) this._remove(index);
      return;
    }
    const memory = event.memory;
    if (index >= 0) {
      if (memory && matches(memory, this._filters)) {
        const items = [...this._items];
        // A search keeps its scores; the text and details are the new ones.
        items[index] = { ...items[index], ...memory };
        this._items = items;
      } else {
        this._remove(index);
      }
      return;
    }
    if (!searching && memory && ["created", "restored", "forgotten"].includes(event.type) && matches(memory, this._filters)) {
      this._items = [memory, ...this._items];
      this._total += 1;
    }
  }

  async _export() {
    this._exporting = true;
    this.requestUpdate();
    try {
      const lines = await api.exportLines(this.hass);
      const blob = new Blob([lines.join("\n") + (lines.length ? "\n" : "")], {
        type: "application/x-ndjson",
      });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = `home-memory-${new Date().toISOString().slice(0, 10)}.jsonl`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (err) {
      this._error = err;
    } finally {
      this._exporting = false;
      this.requestUpdate();
    }
  }

  _remove(index) {
    this._items = this._items.filter((_, i) => i !== index);
    this._total = Math.max(0, this._total - 1);
  }

  _select(name, label, values, current, labelOf) {
    return html`<label>
      ${label}
      <select
        name=${name}
        @change=${(ev) => this._setFilter(name, ev.target.value ? [ev.target.value] : [])}
      >
        <option value="" ?selected=${!current.length}>${this.t("filter.any")}</option>
        ${values.map(
          (value) => html`<option value=${value} ?selected=${current[0] === value}>${labelOf(value)}</option>`
        )}
      </select>
    </label>`;
  }

  _renderFilters() {
    const t = this.t;
    const f = this._filters;
    const info = this.info || {};
    const isAdmin = info.user?.is_admin ?? this.hass?.user?.is_admin;
    const tiers = info.tiers || ["active"];
    // Names as memories write them: the server lists labels casefolded (its
    // filter compares them so); a name seen in the list shows as written there.
    const written = new Map();
    for (const item of this._items) {
      for (const name of item.people || []) written.set(String(name).toLowerCase(), name);
    }
    const personName = (name) => written.get(String(name).toLowerCase()) ?? name;
    // Open while filters are set or since the person opened it: clearing the
    // last filter must not shut the box they are working in.
    return html`<details
      class="filters"
      ?open=${this._filtersOpen || this._filterCount > 0}
      @toggle=${(e) => (this._filtersOpen = e.target.open)}
    >
      <summary>
        ${this._filterCount ? t("filter.title_count", { count: this._filterCount }) : t("filter.title")}
      </summary>
      <div class="filter-grid">
        ${this._select("kinds", t("filter.kind"), info.kinds || KINDS, f.kinds, (v) => t.label("kind", v))}
        ${this._select("weight_classes", t("filter.weight_class"), info.weight_classes || WEIGHT_CLASSES, f.weight_classes, (v) => t.label("weight_class", v))}
        ${this._select("people", t("filter.person"), info.people || [], f.people, personName)}
        ${this._select("origins", t("filter.source"), info.origins || ORIGINS, f.origins, (v) => t.label("origin", v))}
        <label>
          ${t("filter.visibility")}
          <select name="visibility" @change=${(ev) => this._setFilter("visibility", ev.target.value)}>
            <option value="" ?selected=${!f.visibility}>${t("filter.any")}</option>
            <option value="household" ?selected=${f.visibility === "household"}>${t("visibility.household")}</option>
            <option value="private" ?selected=${f.visibility === "private"}>${t("visibility.private_mine")}</option>
          </select>
        </label>
        ${tiers.length > 1
          ? html`<label>
              ${t("filter.tier")}
              <select name="tier" @change=${(ev) => this._setFilter("tier", ev.target.value)}
                aria-describedby=${!isAdmin && f.tier !== "active" ? "tier-hint" : nothing}>
                ${tiers.map((tier) => html`<option value=${tier} ?selected=${f.tier === tier}>${t.label("tier", tier)}</option>`)}
              </select>
            </label>`
          : nothing}
        <label>
          ${t("filter.tags")}
          <input
            name="tags"
            type="text"
            .value=${f.tags.join(", ")}
            placeholder=${t("filter.tags_placeholder")}
            @change=${(ev) =>
              this._setFilter("tags", ev.target.value.split(",").map((s) => s.trim()).filter(Boolean))}
          />
        </label>
        <label>
          ${t("filter.from")}
          <input name="created_after" type="date" .value=${f.created_after}
            @change=${(ev) => this._setFilter("created_after", ev.target.value)} />
        </label>
        <label>
          ${t("filter.until")}
          <input name="created_before" type="date" .value=${f.created_before}
            @change=${(ev) => this._setFilter("created_before", ev.target.value)} />
        </label>
      </div>
      ${!isAdmin && f.tier !== "active"
        ? html`<p id="tier-hint" class="secondary hint">${t("filter.tier_own_private")}</p>`
        : nothing}
      ${this._filterCount
        ? html`<button class="clear" @click=${this._clearFilters}>${t("filter.clear")}</button>`
        : nothing}
    </details>`;
  }

  _renderEmpty() {
    const t = this.t;
    if (this._searched) {
      return html`<div class="empty" role="status">
        <strong>${t("list.no_results_title", { query: this._searched })}</strong>
        ${t("list.no_results_body")}
      </div>`;
    }
    if (this._filterCount) {
      return html`<div class="empty" role="status">
        <strong>${t("list.no_match_title")}</strong>
        ${t("list.no_match_body")}
        <div><button @click=${this._clearFilters}>${t("filter.clear")}</button></div>
      </div>`;
    }
    // Someone who may only read cannot tell Assist to remember: their text
    // says what will show here instead of what they cannot do.
    const canWrite = this.info?.user?.can_write ?? !this.hass?.user?.is_read_only;
    return html`<div class="empty" role="status">
      <strong>${t("list.empty_title")}</strong>
      ${canWrite ? t("list.empty_body") : t("list.empty_body_read_only")}
    </div>`;
  }

  render() {
    const t = this.t;
    if (!t) return nothing;
    const items = this._items;
    return html`
      <h2 class="visually-hidden">${t("nav.memories")}</h2>
      <div class="search">
        <label class="search-label">
          <span class="visually-hidden">${t("list.search_label")}</span>
          <input
            type="search"
            name="query"
            autocomplete="off"
            placeholder=${t("list.search_placeholder")}
            .value=${this._query}
            @input=${this._onInput}
            @keydown=${this._onSearchKey}
          />
        </label>
      </div>
      ${this._renderFilters()}
      <div class="status row spread">
        <span role="status" aria-live="polite">
        ${this._loading && !items.length
          ? html`<span class="secondary">${t("list.loading")}</span>`
          : this._error
            ? nothing
            : html`<span class="secondary count">
                ${this._searched
                  ? t("list.results_count", { count: this._total, query: this._searched })
                  : t("list.count", { count: this._total })}
              </span>`}
        </span>
        <button class="export" @click=${this._export} ?disabled=${this._exporting}
          title=${t("list.export_hint")}>${t("list.export")}</button>
      </div>
      ${this.renderError(() => this._load())}
      ${!this._loading && !this._error && !items.length ? this._renderEmpty() : nothing}
      ${items.length
        ? html`<ul class="memories" aria-label=${t("nav.memories")}>
            ${items.map((memory) =>
              memoryRow(memory, { t, hass: this.hass, prefix: this.prefix, scored: Boolean(this._searched) })
            )}
          </ul>`
        : nothing}
      ${this._next !== null && this._next !== undefined && items.length
        ? html`<div class="more">
            <button @click=${() => this._load(true)} ?disabled=${this._loading}>
              ${t("list.more")}
            </button>
          </div>`
        : nothing}
    `;
  }

  static styles = [
    shared,
    listStyles,
    css`
      :host {
        display: flex;
        flex-direction: column;
        gap: 12px;
      }
      .search input {
        outline-offset: 0;
        width: 100%;
        min-height: 48px;
        font-size: 1.05em;
        border-radius: 24px;
        padding: 0 20px;
      }
      details.filters {
        background: var(--card-background-color, #fff);
        border: 1px solid var(--divider-color, #e0e0e0);
        border-radius: var(--ha-card-border-radius, 12px);
        padding: 8px 16px;
      }
      details.filters summary {
        cursor: pointer;
        min-height: 32px;
        display: flex;
        align-items: center;
        gap: 8px;
        font-weight: 500;
        list-style: none;
      }
      details.filters summary::-webkit-details-marker {
        display: none;
      }
      details.filters summary::before {
        content: "";
        width: 6px;
        height: 6px;
        border-right: 2px solid currentColor;
        border-bottom: 2px solid currentColor;
        transform: rotate(-45deg);
        transition: transform 0.15s;
      }
      details.filters[open] summary::before {
        transform: rotate(45deg);
      }
      .filter-grid {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
        gap: 12px;
        padding: 12px 0;
      }
      .filter-grid select,
      .filter-grid input {
        width: 100%;
      }
      button.clear {
        margin-bottom: 8px;
      }
      p.hint {
        margin: 0 0 12px;
      }
      .spread {
        justify-content: space-between;
      }
      button.export {
        min-height: 32px;
        font-size: 0.9em;
      }
      .more {
        display: flex;
        justify-content: center;
        padding: 8px;
      }
      @media (max-width: 600px) {
        .filter-grid {
          grid-template-columns: 1fr 1fr;
        }
      }
    `,
  ];
}

if (!customElements.get("hm-memory-list")) customElements.define("hm-memory-list", MemoryList);
