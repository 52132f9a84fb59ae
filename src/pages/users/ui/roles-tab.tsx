import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RolePermissionsForm } from '@/features/edit-role-permissions';
import { PERMISSIONS_FALLBACK, ROLES_FALLBACK, roleQueries } from '@/entities/role';
import { errorMessage } from '@/shared/api';
import { SKELETON_CARDS } from '@/shared/config';
import { ErrorAlert } from '@/shared/ui/error-alert';

/** The roles screen the spec lacks: each role's permissions, by area, saved per role. */
export function RolesTab() {
  const roles = useQuery(roleQueries.list());
  const catalogue = useQuery(roleQueries.permissions());

  if (roles.isPending || catalogue.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <VisuallyHidden role="status">Cargando roles...</VisuallyHidden>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <Skeleton key={index} height={180} radius="md" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  if (roles.isError || catalogue.isError) {
    const message = roles.isError ? errorMessage(roles.error, ROLES_FALLBACK) : errorMessage(catalogue.error, PERMISSIONS_FALLBACK);
    return (
      <ErrorAlert
        message={message}
        error={roles.error ?? catalogue.error}
        onRetry={() => {
          void roles.refetch();
          void catalogue.refetch();
        }}
      />
    );
  }

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Marca lo que puede hacer cada rol y guarda. El cambio vale desde la siguiente acción de cada persona con ese rol.
      </Text>
      {roles.data.data.map((role) => (
        <Card key={role.id} withBorder padding="lg" radius="md" component="section" aria-labelledby={`role-${role.id}`}>
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h4" id={`role-${role.id}`}>
                {role.name}
              </Title>
              <Text size="xs" c="dimmed" ff="monospace">
                {role.slug}
              </Text>
            </Group>
            <RolePermissionsForm role={role} catalogue={catalogue.data} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
