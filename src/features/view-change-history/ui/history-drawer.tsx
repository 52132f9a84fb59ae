import { Button, Group, Stack, Text, Timeline } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AUDIT_FALLBACKS, auditQueries, describeAuditEntry, type AuditEntry, type HistoryResource } from '@/entities/audit';
import { ListState } from '@/shared/ui/list-state';
import { LoadingState } from '@/shared/ui/loading-state';
import { Drawer } from '@/shared/ui/modal';
import { RestoreEntryButton } from './restore-entry-button';

export interface HistoryDrawerProps {
  opened: boolean;
  onClose: () => void;
  resource: HistoryResource;
  id: number;
  /** The record's name, for the title: 'Historial de Acme'. */
  name: string;
}

/** A record's changes, newest first, 'Cargar más' for older ones. */
export function HistoryDrawer({ opened, onClose, resource, id, name }: HistoryDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={`Historial de ${name}`}
      closeButtonProps={{ 'aria-label': 'Cerrar historial' }}
    >
      {/* The list mounts only while open, so a closed drawer asks the server for nothing. */}
      {opened ? <HistoryList resource={resource} id={id} /> : null}
    </Drawer>
  );
}

function HistoryList({ resource, id }: { resource: HistoryResource; id: number }) {
  const history = useInfiniteQuery(auditQueries.history(resource, id));
  const entries = useMemo(() => history.data?.pages.flatMap((page) => page.data), [history.data]);
  const total = history.data?.pages.at(-1)?.total ?? 0;

  return (
    <ListState
      list={{ ...history, data: entries ? { data: entries } : undefined }}
      loading={<LoadingState label="Cargando historial..." />}
      errorFallback={AUDIT_FALLBACKS.list}
      filtered={false}
      empty={{ title: 'Sin cambios registrados', text: 'Los cambios de este registro aparecerán aquí.' }}
      emptyFiltered={{ title: 'Sin cambios registrados' }}
    >
      {(items) => (
        <Stack gap="md">
          <Timeline bulletSize={12} lineWidth={2} role="list" aria-label="Cambios, del más reciente al más antiguo">
            {items.map((entry) => (
              <Timeline.Item key={entry.id} role="listitem">
                <HistoryEntry entry={entry} />
              </Timeline.Item>
            ))}
          </Timeline>
          {history.hasNextPage ? (
            <Button variant="default" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
              {`Cargar más (${items.length} de ${total})`}
            </Button>
          ) : null}
        </Stack>
      )}
    </ListState>
  );
}

function HistoryEntry({ entry }: { entry: AuditEntry }) {
  const { sentences, when } = describeAuditEntry(entry);
  return (
    <Stack gap={2}>
      {sentences.map((sentence) => (
        <Text key={sentence} size="sm">
          {sentence}
        </Text>
      ))}
      <Text size="xs" c="dimmed" component="time" dateTime={entry.created_at} title={new Date(entry.created_at).toLocaleString('es')}>
        {when}
      </Text>
      <Group>
        <RestoreEntryButton entry={entry} />
      </Group>
    </Stack>
  );
}
