/**
 * The marks the keyboard shortcuts look for on a screen, so each page opts in with one attribute
 * instead of registering handlers: the shared search box carries `data-shortcut="search"` (`/`
 * focuses it) and a page's primary 'Nuevo …' button `data-shortcut="new"` (`n` clicks it).
 */
export const SHORTCUT_TARGET = { search: 'search', create: 'new' } as const;

type ShortcutTarget = (typeof SHORTCUT_TARGET)[keyof typeof SHORTCUT_TARGET];

/** The first marked element a person can see and use: not hidden, not disabled, not in a folded menu. */
function visibleTarget(target: ShortcutTarget): HTMLElement | null {
  const marked = document.querySelectorAll<HTMLElement>(`[data-shortcut="${target}"]`);
  return [...marked].find((element) => !element.closest('[inert], [hidden], [aria-hidden="true"]') && !element.matches(':disabled')) ?? null;
}

/** Focuses the screen's search box; false when the screen has none. */
export function focusPageSearch(): boolean {
  const box = visibleTarget(SHORTCUT_TARGET.search);
  if (!box) return false;
  box.focus();
  if (box instanceof HTMLInputElement) box.select();
  return true;
}

/** Clicks the screen's 'Nuevo …' button; false when the screen has none. */
export function openNewRecordForm(): boolean {
  const button = visibleTarget(SHORTCUT_TARGET.create);
  if (!button) return false;
  button.click();
  return true;
}

/** How long a screen just navigated to may take to draw its 'Nuevo …' button (its chunk, its data). */
const NEW_BUTTON_WAIT_MS = 5_000;

/** As `openNewRecordForm`, once the screen has drawn the button: after a navigation to a list. */
export function openNewRecordFormWhenShown(): void {
  if (openNewRecordForm()) return;
  const observer = new MutationObserver(() => {
    if (openNewRecordForm()) stop();
  });
  const timeout = window.setTimeout(() => stop(), NEW_BUTTON_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timeout);
  };
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'data-shortcut'] });
}

/** Whether a dialog (a form, a confirmation, the palette) is open: it keeps the keys to itself. */
export const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
