import { Drawer as MantineDrawer, Modal as MantineModal, type DrawerProps, type ModalProps } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { focusPageHeading } from '../page-header';
import { closeLayer, isTopLayer, layerBelowTop, openLayer, topLayer } from './layers';

/** Registers the dialog while it is open and gives it an onClose that only the topmost one runs. */
function useLayer(opened: boolean, onClose: () => void) {
  const id = useId();
  useEffect(() => {
    if (!opened) return;
    openLayer(id);
    // Focus in an open dialog never falls to the body, with or without the app's shell around it.
    const release = keepFocusOnThePage();
    return () => {
      closeLayer(id);
      release();
    };
  }, [opened, id]);
  // Escape reaches every open dialog; the close button and the overlay belong to the top one anyway.
  const closeIfTop = () => {
    if (isTopLayer(id)) onClose();
  };
  return { id, onClose: closeIfTop };
}

const dialogOf = (layerId: string) => document.getElementById(layerId)?.querySelector<HTMLElement>('[role="dialog"]') ?? null;
const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/** Focus into a dialog: the field it marks (`data-autofocus`), else its first control, else itself. */
const focusInto = (dialog: HTMLElement) => {
  const first =
    dialog.querySelector<HTMLElement>('[data-autofocus]') ??
    dialog.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href], [tabindex="0"]');
  (first ?? dialog).focus({ preventScroll: true });
};

/**
 * Focus is always inside the top dialog: once one has faded in, focus that is still outside it
 * (given back by a dialog that closed as this one opened, say) moves to its first field. Once it
 * has closed, focus that fell to the body goes back to its opener, or, when that is gone, to the
 * dialog under it or the page's h1. (Mantine's own return runs on a timer that can come too late.)
 */
function useDialogFocus(
  id: string,
  opened: boolean,
  { onEnterTransitionEnd, onExitTransitionEnd }: Pick<ModalProps, 'onEnterTransitionEnd' | 'onExitTransitionEnd'>,
) {
  // What had focus as the dialog opened, read in the render that opens it: before any effect
  // (Mantine's focus trap among them) moves focus inside.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpened = useRef(false);
  if (opened && !wasOpened.current) opener.current = document.activeElement as HTMLElement | null;
  wasOpened.current = opened;
  return {
    onEnterTransitionEnd: () => {
      onEnterTransitionEnd?.();
      const dialog = dialogOf(id);
      if (!dialog || !isTopLayer(id) || dialog.contains(document.activeElement)) return;
      focusInto(dialog);
    },
    onExitTransitionEnd: () => {
      onExitTransitionEnd?.();
      // After the dialog's own nodes have gone from the page.
      window.setTimeout(() => {
        if (!focusLost()) return;
        const back = opener.current;
        if (back?.isConnected && !back.matches(':disabled')) return back.focus({ preventScroll: true });
        const top = topLayer();
        const below = top ? dialogOf(top) : null;
        if (below) below.focus({ preventScroll: true });
        else focusPageHeading();
      }, 0);
    },
  };
}

/** Mantine's Modal, stacked: a dialog opened over another takes Escape for itself alone. */
export function Modal({ opened, onClose, onEnterTransitionEnd, onExitTransitionEnd, ...props }: ModalProps) {
  const layer = useLayer(opened, onClose);
  return <MantineModal {...props} opened={opened} {...layer} {...useDialogFocus(layer.id, opened, { onEnterTransitionEnd, onExitTransitionEnd })} />;
}

/** Mantine's Drawer, stacked like `Modal`. */
export function Drawer({ opened, onClose, onEnterTransitionEnd, onExitTransitionEnd, ...props }: DrawerProps) {
  const layer = useLayer(opened, onClose);
  return <MantineDrawer {...props} opened={opened} {...layer} {...useDialogFocus(layer.id, opened, { onEnterTransitionEnd, onExitTransitionEnd })} />;
}

/**
 * Where focus goes when the top dialog closes on something that is gone (a deleted card): the
 * dialog under it, or the page's heading when it was opened from the page. Called while the top
 * dialog is still open.
 */
export function focusUnderTopDialog() {
  const below = layerBelowTop();
  setTimeout(() => {
    const dialog = below ? document.getElementById(below)?.querySelector<HTMLElement>('[role="dialog"]') : null;
    if (dialog) dialog.focus();
    else focusPageHeading();
  }, 0);
}

/** How long the dialogs' own hand-over (and Mantine's, on a 10 ms timer) gets before `keepFocusOnThePage` steps in. */
const HAND_OVER_MS = 50;

/** The one watch `keepFocusOnThePage` installs, and how many hold it (the app's shell, each open dialog). */
let keeper: { holders: number; stop: () => void } | null = null;

/**
 * Focus held by an element that then leaves the page (the empty list's 'Nueva Categoría' once the
 * first one arrives, a row a refresh dropped) would fall to the body, where the keyboard starts
 * again from the top: it goes into the top dialog, or to the page's h1. Focus a person sent to the
 * body (a click on the page's background) stays there: its element is still on the page. One watch
 * for the whole document, however many ask for it; answers a release.
 */
export function keepFocusOnThePage(): () => void {
  keeper ??= { holders: 0, stop: watchFocus() };
  keeper.holders += 1;
  let released = false;
  return () => {
    if (released || !keeper) return;
    released = true;
    keeper.holders -= 1;
    if (keeper.holders > 0) return;
    keeper.stop();
    keeper = null;
  };
}

function watchFocus(): () => void {
  let focused: Element | null = document.activeElement;
  let pending: number | undefined;
  const onFocusIn = (event: FocusEvent) => {
    focused = event.target as Element;
  };
  const observer = new MutationObserver(() => {
    if (pending !== undefined || !focused || focused.isConnected || !focusLost()) return;
    pending = window.setTimeout(() => {
      pending = undefined;
      if (!focusLost() || focused?.isConnected) return;
      const top = topLayer();
      const dialog = top ? dialogOf(top) : null;
      if (dialog) focusInto(dialog);
      else focusPageHeading();
    }, HAND_OVER_MS);
  });
  document.addEventListener('focusin', onFocusIn);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    document.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
    window.clearTimeout(pending);
  };
}
