import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { useState } from 'react';
import type { HistoryResource } from '@/entities/audit';
import type { HistoryDrawer as HistoryDrawerOfChunk } from './history-drawer';
import { useWhenScreenSettled } from '@/shared/lib/use-screen-settled';
import { IconHistory } from '@/shared/ui/icons';
import { lazyModal } from '@/shared/ui/lazy-modal';

// The history and its labels (the audit vocabulary and schemas) are their own chunk, asked for once:
// every button of a list prefetches it, and each dynamic import() walks the chunk's preload links again.
let historyDrawer: Promise<typeof HistoryDrawerOfChunk> | undefined;
const loadHistoryDrawer = () => (historyDrawer ??= import('./history-drawer').then((module) => module.HistoryDrawer));
const HistoryDrawer = lazyModal(loadHistoryDrawer);

export interface HistoryButtonProps {
  resource: HistoryResource;
  id: number;
  /** The record's name: the drawer's title, and the icon's label in a table row. */
  name: string;
  /** An icon for a table row instead of a labelled button. */
  compact?: boolean;
}

/**
 * 'Historial' and the drawer it opens. Closing it (Escape, the close button, outside) puts the
 * focus back on the button, so a keyboard user goes on where they were.
 */
export function HistoryButton({ resource, id, name, compact = false }: HistoryButtonProps) {
  const [opened, setOpened] = useState(false);
  // A list shows a button per record: building a closed drawer (a portal and its focus handling)
  // for each in the list's first render cost more than the rows. The drawer mounts, closed, when
  // the pointer or the focus reaches its button, before the click opens it; its code (the audit
  // vocabulary and schemas) is fetched once the screen has settled.
  const [approached, setApproached] = useState(false);
  useWhenScreenSettled(() => void loadHistoryDrawer());
  const approach = () => setApproached(true);
  const open = () => {
    setApproached(true);
    setOpened(true);
  };
  const buttonProps = { onClick: open, onPointerEnter: approach, onPointerDown: approach, onFocus: approach };
  return (
    <>
      {compact ? (
        <Tooltip label="Historial">
          <ActionIcon variant="subtle" color="gray" aria-label={`Historial de ${name}`} {...buttonProps}>
            <IconHistory />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button variant="default" leftSection={<IconHistory size={16} />} {...buttonProps}>
          Historial
        </Button>
      )}
      {approached ? <HistoryDrawer opened={opened} onClose={() => setOpened(false)} resource={resource} id={id} name={name} /> : null}
    </>
  );
}
