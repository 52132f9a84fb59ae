import { PersonAvatar } from '@/shared/ui/person-avatar';
import { Group, Stack, Text } from '@mantine/core';
import { UserRoleBadges } from '@/entities/user';
import { useSessionStore } from '@/shared/auth';
import { Fact } from '@/shared/ui/fact';

/**
 * The signed-in person as the server last described them (the shell keeps the stored profile in
 * step with /api/auth/me): name, e-mail, phone and roles.
 */
export function ProfileCard() {
  const user = useSessionStore((state) => state.user);
  const name = user?.name.trim() || 'Usuario';
  const roles = user?.rol.filter(Boolean) ?? [];

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <PersonAvatar name={name} size="lg" />
        <Text fw={600} size="lg">
          {name}
        </Text>
      </Group>
      <Stack component="dl" gap="sm" m={0}>
        <Fact label="Email">{user?.email || '—'}</Fact>
        <Fact label="Teléfono">{user?.phone || 'Sin teléfono'}</Fact>
        <Fact label="Roles">
          <UserRoleBadges roles={roles.map((name) => ({ name }))} />
        </Fact>
      </Stack>
    </Stack>
  );
}
