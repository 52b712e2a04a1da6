import { css } from "lit";

// Home Assistant's theme variables, with fallbacks for a bare page; dark mode
// comes with the theme.
export const shared = css`
  :host {
    color: var(--primary-text-color, #212121);
    font-family: var(--ha-font-family-body, Roboto, Noto, sans-serif);
    font-size: var(--ha-font-size-m, 14px);
  }
  * {
    box-sizing: border-box;
  }
  a {
    color: var(--primary-color, #03a9f4);
  }
  button,
  .button {
    font: inherit;
    min-height: 40px;
    padding: 0 16px;
    border-radius: 20px;
    border: 1px solid var(--divider-color, #e0e0e0);
    background: var(--card-background-color, #fff);
    color: var(--primary-color, #03a9f4);
    cursor: pointer;
    font-weight: 500;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 6px;
    text-decoration: none;
  }
  button.primary {
    background: var(--primary-color, #03a9f4);
    border-color: var(--primary-color, #03a9f4);
    color: var(--text-primary-color, #fff);
  }
  button.danger {
    color: var(--error-color, #db4437);
    border-color: var(--error-color, #db4437);
  }
  button.danger.primary {
    background: var(--error-color, #db4437);
    color: var(--text-primary-color, #fff);
  }
  button:disabled {
    opacity: 0.5;
    cursor: default;
  }
  button:focus-visible,
  a:focus-visible,
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible,
  summary:focus-visible,
  [tabindex]:focus-visible {
    outline: 2px solid var(--primary-color, #03a9f4);
    outline-offset: 2px;
  }
  input,
  select,
  textarea {
    font: inherit;
    color: var(--primary-text-color, #212121);
    background: var(--input-fill-color, var(--secondary-background-color, #f5f5f5));
    border: 1px solid var(--input-idle-line-color, var(--divider-color, #ccc));
    border-radius: 8px;
    padding: 8px 10px;
    min-height: 40px;
    max-width: 100%;
  }
  textarea {
    width: 100%;
    resize: vertical;
  }
  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
    color: var(--secondary-text-color, #727272);
    font-size: 0.9em;
  }
  .card {
    background: var(--card-background-color, #fff);
    border-radius: var(--ha-card-border-radius, 12px);
    border: var(--ha-card-border-width, 1px) solid
      var(--ha-card-border-color, var(--divider-color, #e0e0e0));
    box-shadow: var(--ha-card-box-shadow, none);
    padding: 16px;
  }
  .chip {
    display: inline-block;
    padding: 2px 10px;
    border-radius: 12px;
    font-size: 0.85em;
    background: var(--secondary-background-color, #eee);
    color: var(--primary-text-color, #212121);
    border: 1px solid var(--divider-color, #e0e0e0);
    white-space: nowrap;
  }
  .secondary {
    color: var(--secondary-text-color, #727272);
  }
  .notice {
    padding: 12px 16px;
    border-radius: 8px;
    border-left: 4px solid var(--info-color, #039be5);
    background: var(--secondary-background-color, #f5f5f5);
  }
  .notice.error {
    border-left-color: var(--error-color, #db4437);
  }
  .empty {
    text-align: center;
    padding: 32px 16px;
    color: var(--secondary-text-color, #727272);
  }
  .empty strong {
    display: block;
    color: var(--primary-text-color, #212121);
    font-size: 1.1em;
    margin-bottom: 8px;
  }
  .row {
    display: flex;
    gap: 8px;
    flex-wrap: wrap;
    align-items: center;
  }
  .bar {
    display: inline-block;
    height: 6px;
    border-radius: 3px;
    background: var(--divider-color, #e0e0e0);
    overflow: hidden;
    vertical-align: middle;
  }
  .bar > span {
    display: block;
    height: 100%;
    background: var(--primary-color, #03a9f4);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
