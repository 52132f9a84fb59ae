import { Drawer as MantineDrawer, Modal as MantineModal, type DrawerProps, type ModalProps } from '@mantine/core';
import { useEffect, useId } from 'react';
import { focusPageHeading } from '../page-header';
import { closeLayer, isTopLayer, layerBelowTop, openLayer, topLayer } from './layers';

/** Registers the dialog while it is open and gives it an onClose that only the topmost one runs. */
function useLayer(opened: boolean, onClose: () => void) {
  const id = useId();
  useEffect(() => {
    if (!opened) return;
    openLayer(id);
    return () => closeLayer(id);
  }, [opened, id]);
  // Escape reaches every open dialog; the close button and the overlay belong to the top one anyway.
  const closeIfTop = () => {
    if (isTopLayer(id)) onClose();
  };
  return { id, onClose: closeIfTop };
}

const dialogOf = (layerId: string) => document.getElementById(layerId)?.querySelector<HTMLElement>('[role="dialog"]') ?? null;
const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Focus is always inside the top dialog: once one has faded in, focus that is still outside it
 * (given back by a dialog that closed as this one opened, say) moves to its first field. And a
 * dialog that closed on a button that is gone leaves focus to the dialog under it or the page's h1.
 */
function useDialogFocus(id: string, { onEnterTransitionEnd, onExitTransitionEnd }: Pick<ModalProps, 'onEnterTransitionEnd' | 'onExitTransitionEnd'>) {
  return {
    onEnterTransitionEnd: () => {
      onEnterTransitionEnd?.();
      const dialog = dialogOf(id);
      if (!dialog || !isTopLayer(id) || dialog.contains(document.activeElement)) return;
      const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href], [tabindex="0"]');
      (first ?? dialog).focus({ preventScroll: true });
    },
    onExitTransitionEnd: () => {
      onExitTransitionEnd?.();
      // Mantine gives focus back to the opener before this; only when that opener is gone is it lost.
      if (!focusLost()) return;
      const top = topLayer();
      const below = top ? dialogOf(top) : null;
      if (below) below.focus({ preventScroll: true });
      else focusPageHeading();
    },
  };
}

/** Mantine's Modal, stacked: a dialog opened over another takes Escape for itself alone. */
export function Modal({ opened, onClose, onEnterTransitionEnd, onExitTransitionEnd, ...props }: ModalProps) {
  const layer = useLayer(opened, onClose);
  return <MantineModal {...props} opened={opened} {...layer} {...useDialogFocus(layer.id, { onEnterTransitionEnd, onExitTransitionEnd })} />;
}

/** Mantine's Drawer, stacked like `Modal`. */
export function Drawer({ opened, onClose, onEnterTransitionEnd, onExitTransitionEnd, ...props }: DrawerProps) {
  const layer = useLayer(opened, onClose);
  return <MantineDrawer {...props} opened={opened} {...layer} {...useDialogFocus(layer.id, { onEnterTransitionEnd, onExitTransitionEnd })} />;
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
