import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { useState } from 'react';
import type { HistoryResource } from '@/entities/audit';
import { IconHistory } from '@/shared/ui/icons';
import { lazyModal } from '@/shared/ui/lazy-modal';

// The history and its labels (the audit vocabulary and schemas) load when a drawer first opens.
const HistoryDrawer = lazyModal(() => import('./history-drawer').then((module) => module.HistoryDrawer));

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
  const open = () => setOpened(true);
  return (
    <>
      {compact ? (
        <Tooltip label="Historial">
          <ActionIcon variant="subtle" color="gray" aria-label={`Historial de ${name}`} onClick={open}>
            <IconHistory />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button variant="default" leftSection={<IconHistory size={16} />} onClick={open}>
          Historial
        </Button>
      )}
      <HistoryDrawer opened={opened} onClose={() => setOpened(false)} resource={resource} id={id} name={name} />
    </>
  );
}
