import { Badge } from '@mantine/core';

/** 'ACTIVO' or 'INACTIVO', in shades that keep the text readable (4.5:1). */
export function UserStatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge color={isActive ? 'teal.9' : 'gray.7'} variant="filled" autoContrast radius="sm">
      {isActive ? 'ACTIVO' : 'INACTIVO'}
    </Badge>
  );
}
