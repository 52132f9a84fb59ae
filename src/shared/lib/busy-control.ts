import type { SyntheticEvent } from 'react';

const ignore = (event: SyntheticEvent) => {
  event.preventDefault();
  event.stopPropagation();
};

/**
 * The props of a control that cannot act now (its own change is running, or there is nothing to
 * send): it reads and looks off but keeps focus, which a native `disabled` would drop to the page's
 * body, and it ignores clicks meanwhile. Mantine draws `data-disabled` as its disabled look.
 */
export const offButKeepsFocus = (off: boolean) =>
  off ? { 'aria-disabled': true as const, 'data-disabled': true as const, onClickCapture: ignore } : {};
