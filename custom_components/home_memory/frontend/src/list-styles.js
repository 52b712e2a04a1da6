import { css } from "lit";

export const listStyles = css`
  ul.memories {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 8px;
  }
  li.memory {
    display: flex;
    gap: 12px;
    align-items: flex-start;
    background: var(--card-background-color, #fff);
    border: 1px solid var(--divider-color, #e0e0e0);
    border-radius: var(--ha-card-border-radius, 12px);
    padding: 12px 16px;
  }
  .memory-main {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
    gap: 6px;
  }
  /* At most three lines of a long memory; the whole text is on its page. */
  a.memory-link {
    color: var(--primary-text-color, #212121);
    text-decoration: none;
    font-size: 1.05em;
    overflow-wrap: anywhere;
    white-space: pre-line;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    line-clamp: 3;
    overflow: hidden;
  }
  a.memory-link:hover {
    text-decoration: underline;
  }
  .summary {
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
    overflow: hidden;
  }
  .meta {
    font-size: 0.9em;
    gap: 6px;
  }
  .chip.private {
    border-color: var(--warning-color, #ffa600);
  }
  .chip.tier {
    border-color: var(--error-color, #db4437);
  }
  .relevance {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    gap: 2px;
    min-width: 72px;
    font-size: 0.85em;
  }
  .relevance .bar {
    width: 72px;
  }
  @media (max-width: 600px) {
    li.memory {
      flex-direction: column;
      padding: 12px;
    }
    .relevance {
      flex-direction: row;
      align-items: center;
      gap: 6px;
    }
  }
`;
