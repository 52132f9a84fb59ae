import { Drawer as MantineDrawer, Modal as MantineModal, type DrawerProps, type ModalProps } from '@mantine/core';
import { useEffect, useId } from 'react';
import { closeLayer, isTopLayer, openLayer } from './layers';

/** Registers the dialog while it is open and gives it an onClose that only the topmost one runs. */
function useLayer(opened: boolean, onClose: () => void) {
  const id = useId();
  useEffect(() => {
    if (!opened) return;
    openLayer(id);
    return () => closeLayer(id);
  }, [opened, id]);
  // Escape reaches every open dialog; the close button and the overlay belong to the top one anyway.
  return () => {
    if (isTopLayer(id)) onClose();
  };
}

/** Mantine's Modal, stacked: a dialog opened over another takes Escape for itself alone. */
export function Modal({ opened, onClose, ...props }: ModalProps) {
  return <MantineModal opened={opened} onClose={useLayer(opened, onClose)} {...props} />;
}

/** Mantine's Drawer, stacked like `Modal`. */
export function Drawer({ opened, onClose, ...props }: DrawerProps) {
  return <MantineDrawer opened={opened} onClose={useLayer(opened, onClose)} {...props} />;
}
