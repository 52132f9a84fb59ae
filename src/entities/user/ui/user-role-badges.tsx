import { Badge, Group, Text } from '@mantine/core';
import type { User } from '../api/user.api';

/** Dark shades, so white text on them passes the 4.5:1 contrast rule. */
const ROLE_COLORS: Record<string, string> = {
  SUPER_ADMIN: 'grape.9',
  ADMIN: 'indigo.9',
  BUSINESS_LEADER: 'blue.9',
  OPERATOR: 'cyan.9',
};

/** One badge per role; 'Sin rol' when there is none. */
export function UserRoleBadges({ roles }: { roles: User['roles'] }) {
  if (roles.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Sin rol
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge key={role.id} color={ROLE_COLORS[role.slug] ?? 'gray.7'} variant="filled" autoContrast radius="sm" tt="none">
          {role.name}
        </Badge>
      ))}
    </Group>
  );
}
