import { Badge } from '@mantine/core';

/** Activo or Inactivo. */
export function ApiClientEnabledBadge({ enabled }: { enabled: boolean }) {
  return (
    <Badge color={enabled ? 'teal.9' : 'gray.7'} variant="filled" autoContrast radius="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
      {enabled ? 'Activo' : 'Inactivo'}
    </Badge>
  );
}
