import { Badge } from '@mantine/core';

/** Activo or Inactivo. */
export function ServiceActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'teal.9' : 'gray.7'} variant="filled" autoContrast radius="sm" style={{ flexShrink: 0, overflow: 'visible' }}>
      {active ? 'Activo' : 'Inactivo'}
    </Badge>
  );
}
