// A modal question before something that cannot simply be taken back
// (forget, delete for good): it opens when it is placed on the page and says
// `hm-confirm` or `hm-cancel` (Escape, the cancel button).

import { LitElement, html, css } from "lit";
import { shared } from "./styles.js";

class ConfirmDialog extends LitElement {
  static properties = {
    heading: {},
    body: {},
    confirmLabel: {},
    cancelLabel: {},
  };

  constructor() {
    super();
    this.heading = "";
    this.body = "";
    this.confirmLabel = "";
    this.cancelLabel = "";
    this._answered = false;
  }

  firstUpdated() {
    this.renderRoot.querySelector("dialog")?.showModal();
  }

  /** @param {"hm-confirm" | "hm-cancel"} name */
  _answer(name) {
    if (this._answered) return;
    this._answered = true;
    this.renderRoot.querySelector("dialog")?.close();
    this.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true }));
  }

  render() {
    return html`<dialog
      aria-labelledby="confirm-title"
      @close=${() => this._answer("hm-cancel")}
      @cancel=${() => this._answer("hm-cancel")}
    >
      <h3 id="confirm-title">${this.heading}</h3>
      <p>${this.body}</p>
      <div class="row end">
        <button @click=${() => this._answer("hm-cancel")} autofocus>${this.cancelLabel}</button>
        <button class="danger primary" @click=${() => this._answer("hm-confirm")}>${this.confirmLabel}</button>
      </div>
    </dialog>`;
  }

  static styles = [
    shared,
    css`
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
      h3 {
        margin: 0 0 12px;
        font-size: 1.3em;
        font-weight: 400;
      }
      .end {
        justify-content: flex-end;
      }
    `,
  ];
}

if (!customElements.get("hm-confirm-dialog")) customElements.define("hm-confirm-dialog", ConfirmDialog);
