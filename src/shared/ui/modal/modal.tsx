import { Drawer as MantineDrawer, Modal as MantineModal, type DrawerProps, type ModalProps } from '@mantine/core';
import { useEffect, useId } from 'react';
import { focusPageHeading } from '../page-header';
import { closeLayer, isTopLayer, layerBelowTop, openLayer } from './layers';

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

/** Mantine's Modal, stacked: a dialog opened over another takes Escape for itself alone. */
export function Modal({ opened, onClose, ...props }: ModalProps) {
  return <MantineModal {...props} opened={opened} {...useLayer(opened, onClose)} />;
}

/** Mantine's Drawer, stacked like `Modal`. */
export function Drawer({ opened, onClose, ...props }: DrawerProps) {
  return <MantineDrawer {...props} opened={opened} {...useLayer(opened, onClose)} />;
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
