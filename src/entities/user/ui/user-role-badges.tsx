import { ROLE_NAMES } from '@contract/role.constants';
import { Badge, Group, Text } from '@mantine/core';

/** Dark shades, so white text on them passes the 4.5:1 contrast rule. */
const ROLE_COLORS: Record<string, string> = {
  SUPER_ADMIN: 'grape.9',
  ADMIN: 'indigo.9',
  BUSINESS_LEADER: 'blue.9',
  OPERATOR: 'cyan.9',
};
/** Lists that carry only role names (the profile, a DSP's staff) find the colour by the name. */
const SLUG_OF_NAME = new Map<string, string>(Object.entries(ROLE_NAMES).map(([slug, name]) => [name, slug]));

/** A role as lists carry it: by slug and name, or by name alone. */
export interface RoleRef {
  name: string;
  slug?: string;
}

/** One badge per role, in that role's colour on every screen; 'Sin rol' when there is none. */
export function UserRoleBadges({ roles }: { roles: readonly RoleRef[] }) {
  if (roles.length === 0) {
    return (
      <Text size="sm" c="dimmed" span>
        Sin rol
      </Text>
    );
  }
  return (
    <Group component="span" gap={4}>
      {roles.map((role) => (
        <Badge key={role.slug ?? role.name} color={ROLE_COLORS[role.slug ?? SLUG_OF_NAME.get(role.name) ?? ''] ?? 'gray.7'} variant="filled" autoContrast radius="sm" tt="none">
          {role.name}
        </Badge>
      ))}
    </Group>
  );
}
