// Where a memory came from: the conversation turns it was taken from, or the
// observed changes of the home it tells (the first few, then "show all").

import { LitElement, html, css, nothing } from "lit";
import { shared } from "./styles.js";
import { formatState, formatTime } from "./format.js";

// Observed changes listed before "Show all": a segment holds up to 50.
const EVENTS_SHOWN = 8;

class MemoryProvenance extends LitElement {
  static properties = {
    t: { attribute: false },
    provenance: { attribute: false },
    memoryId: {},
    noTurnsText: {},
    _allEvents: { state: true },
  };

  constructor() {
    super();
    /** @type {any} */
    this.t = undefined;
    /** @type {any} */
    this.provenance = undefined;
    /** @type {string | undefined} */
    this.memoryId = undefined;
    /** What stands where a conversation's turns are not sent. */
    this.noTurnsText = "";
    this._allEvents = false;
    /** @type {any} */
    this.hass = undefined;
  }

  /** @param {Map<string, unknown>} changed */
  willUpdate(changed) {
    if (changed.has("memoryId")) this._allEvents = false;
  }

  /** @param {any[]} events */
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

  /**
   * Who said a turn: the person by the name Home Assistant knows (the server
   * resolves it), the assistant by its role.
   * @param {any} turn @param {any} conversation
   */
  _who(turn, conversation) {
    if (turn.role === "user" && conversation.speaker_name) return conversation.speaker_name;
    return this.t(`memory.role_${turn.role}`);
  }

  render() {
    const t = this.t;
    const provenance = this.provenance;
    if (!t || !provenance) return nothing;
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
                    (/** @type {any} */ turn) => html`<li class=${turn.role}>
                      <span class="secondary">${this._who(turn, conversation)} · ${formatTime(this.hass, turn.at)}</span>
                      <div>${turn.text}</div>
                    </li>`
                  )}
                </ol>`
              : html`<p class="secondary">${this.noTurnsText}</p>`}
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

  static styles = [
    shared,
    css`
      :host {
        display: block;
      }
      h4 {
        margin: 16px 0 8px;
        font-weight: 500;
      }
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
      ol.turns li {
        padding: 8px 12px;
        border-radius: 8px;
        background: var(--secondary-background-color, #f5f5f5);
        overflow-wrap: anywhere;
      }
      ol.turns li.user {
        border-left: 3px solid var(--primary-color, #03a9f4);
      }
    `,
  ];
}

if (!customElements.get("hm-memory-provenance")) customElements.define("hm-memory-provenance", MemoryProvenance);
