/** A screen reached with `g` and then its letter. */
export interface GoToShortcut {
  /** The letter after `g`. */
  key: string;
  /** The screen's name, as its menu entry says it. */
  label: string;
  to: string;
}

/** How long after `g` its second letter still counts. */
export const SEQUENCE_TIMEOUT_MS = 1500;
