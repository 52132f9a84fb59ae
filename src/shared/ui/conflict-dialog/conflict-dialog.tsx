import { Button, Group, Stack, Text } from '@mantine/core';
import { STALE_VERSION } from '@contract/messages';
import type { ConflictRow } from '@/shared/lib/record-conflict';
import { Modal } from '../modal';

export const CONFLICT_TITLE = 'Este registro cambió';

export interface ConflictDialogProps {
  opened: boolean;
  /** The fields that differ between the record as it is now and what the person was saving. */
  rows: readonly ConflictRow[];
  /** 'Recargar': drop the edits, show the record as it is now. */
  onReload: () => void;
  /** 'Guardar mis cambios': the person's edits over the record as it is now. */
  onSaveMine: () => void;
  /** Escape, the X: back to the form as the person left it. */
  onCancel: () => void;
}

/**
 * Asked when a save is refused because someone else changed the record since the form opened:
 * each field that differs, as it is now and as the person had it, and what to do about it.
 */
export function ConflictDialog({ opened, rows, onReload, onSaveMine, onCancel }: ConflictDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={CONFLICT_TITLE} size="lg" centered closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack gap="md">
        <Text>{STALE_VERSION}</Text>
        {rows.length === 0 ? (
          <Text c="dimmed">Ninguno de los campos de este formulario cambió.</Text>
        ) : (
          <Stack gap="sm" component="dl" m={0}>
            {rows.map((row) => (
              <div key={row.field}>
                <Text component="dt" fw={600}>
                  {row.label}
                </Text>
                <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                  <Text component="span" c="dimmed">
                    Ahora:
                  </Text>{' '}
                  {row.now}
                </Text>
                <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                  <Text component="span" c="dimmed">
                    Tuyo:
                  </Text>{' '}
                  {row.yours}
                  {row.changedByYou ? null : (
                    <Text component="span" size="sm" c="dimmed">
                      {' '}
                      (no lo cambiaste: se queda el de ahora)
                    </Text>
                  )}
                </Text>
              </div>
            ))}
          </Stack>
        )}
        {/* Both fit on one row at 390 px; a longer label wraps onto the next, still to the right. */}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onReload}>
            Recargar
          </Button>
          <Button onClick={onSaveMine} data-autofocus>
            Guardar mis cambios
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
