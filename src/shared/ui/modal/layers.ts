/**
 * The dialogs open now, in the order they opened. Mantine's modals each close on an Escape heard
 * anywhere in the window, so with a form open over the DSP configuration one Escape would close
 * both, and the form's work (or an API secret shown once) would vanish with its parent. Only the
 * topmost dialog may act on Escape.
 */
const open: string[] = [];

export const openLayer = (id: string) => {
  if (!open.includes(id)) open.push(id);
};

export const closeLayer = (id: string) => {
  const index = open.indexOf(id);
  if (index !== -1) open.splice(index, 1);
};

export const isTopLayer = (id: string) => open[open.length - 1] === id;

/** The dialog under the topmost one, or null when the topmost one was opened from the page. */
export const layerBelowTop = (): string | null => open[open.length - 2] ?? null;

/** The topmost open dialog, or null when none is open. */
export const topLayer = (): string | null => open[open.length - 1] ?? null;

