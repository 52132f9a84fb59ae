import { SUPER_ADMIN_ROLE } from '@contract/role.constants';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { SYNC_PERMISSIONS_FALLBACK, roleQueries, syncRolePermissions, type PermissionInfo, type RoleWithPermissions } from '@/entities/role';
import { errorMessage } from '@/shared/api';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { ConflictDialog } from '@/shared/ui/conflict-dialog';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { useConflictDialog } from '@/shared/ui/form-modal';
import { UnsavedChangesDialog } from '@/shared/ui/unsaved-changes';

export interface RolePermissionsFormProps {
  role: RoleWithPermissions;
  /** The permission catalogue (GET /api/v1/permissions). */
  catalogue: PermissionInfo[];
}

/** The catalogue grouped by area, in catalogue order. */
const byArea = (catalogue: PermissionInfo[]) => {
  const areas = new Map<string, PermissionInfo[]>();
  for (const permission of catalogue) areas.set(permission.area, [...(areas.get(permission.area) ?? []), permission]);
  return [...areas.entries()];
};

const sameSet = (a: ReadonlySet<string>, b: readonly string[]) => a.size === b.length && b.every((name) => a.has(name));

/** One role's permissions as checkboxes grouped by area, saved together with sync-permission. */
export function RolePermissionsForm({ role, catalogue }: RolePermissionsFormProps) {
  const locked = role.slug === SUPER_ADMIN_ROLE;
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(role.permissions));
  // When the saved role changes (a save, a reload), the boxes follow it.
  const [saved, setSaved] = useState(role.permissions);
  if (!sameSet(new Set(saved), role.permissions)) {
    setSaved(role.permissions);
    setSelected(new Set(role.permissions));
  }
  const areas = useMemo(() => byArea(catalogue), [catalogue]);

  const save = useSaveMutation({
    record: role,
    mutationFn: (permissions: string[], version) => syncRolePermissions(role.id, permissions, version),
    detailKey: () => roleQueries.detail(role.id).queryKey,
    invalidate: [roleQueries.lists()],
    successMessage: `Permisos de ${role.name} actualizados.`,
  });

  /** The area's boxes changed: its permissions are now exactly `checked`. */
  const setArea = (area: PermissionInfo[], checked: string[]) => {
    save.reset();
    setSelected((current) => {
      const next = new Set(current);
      for (const permission of area) next.delete(permission.name);
      for (const name of checked) next.add(name);
      return next;
    });
  };

  const unchanged = sameSet(selected, role.permissions);
  const busy = save.isPending;
  const unchangedHintId = useId();

  // Leaving the page, switching tab or closing the browser with unsaved ticks asks first.
  const blocker = useBlocker({ shouldBlockFn: () => !unchanged, enableBeforeUnload: () => !unchanged, withResolver: true });
  // Kept in catalogue order, as the server lists them.
  const send = (ticked: (name: string) => boolean) => save.mutate(catalogue.map((permission) => permission.name).filter(ticked));
  const submit = () => send((name) => selected.has(name));

  // For the conflict dialog, each permission is a field (ticked or not): the person's own ticks go
  // over someone else's, permission by permission.
  const ticks = (permissions: Iterable<string>): Record<string, boolean> => {
    const on = new Set(permissions);
    return Object.fromEntries(catalogue.map((permission) => [permission.name, on.has(permission.name)]));
  };
  const conflict = useConflictDialog(
    {
      values: ticks(selected),
      isDirty: (name) => (name === undefined ? !unchanged : selected.has(name) !== role.permissions.includes(name)),
      setValues: (next) => {
        setSelected(new Set(Object.keys(next).filter((name) => next[name])));
        // The role as it is now is about to arrive: the boxes keep these ticks instead of following it.
        if (save.stale) setSaved(save.stale.permissions);
      },
      setInitialValues: () => {},
      resetDirty: () => {},
    },
    save,
    {
      values: (current) => ticks(current.permissions),
      fields: Object.fromEntries(catalogue.map((permission) => [permission.name, `${permission.area}: ${permission.label}`])),
    },
    (edited) => send((name) => edited[name] === true),
  );

  return (
    <Stack gap="md">
      <ConflictDialog {...conflict} />
      <UnsavedChangesDialog
        opened={blocker.status === 'blocked'}
        title={`Permisos de ${role.name}`}
        onKeepEditing={() => blocker.reset?.()}
        onDiscard={() => blocker.proceed?.()}
      />
      {locked ? (
        <Alert color="gray" variant="light" title="Solo lectura">
          Los permisos de Super Admin no se pueden modificar: así siempre hay alguien que puede gestionar usuarios, roles y
          configuración.
        </Alert>
      ) : null}
      {save.error ? <ErrorAlert error={save.error} message={errorMessage(save.error, SYNC_PERMISSIONS_FALLBACK)} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {areas.map(([area, permissions]) => (
          <Checkbox.Group
            key={area}
            label={area}
            value={permissions.map((permission) => permission.name).filter((name) => selected.has(name))}
            onChange={(checked) => setArea(permissions, checked)}
            readOnly={locked}
          >
            <Stack gap={6} mt={6}>
              {permissions.map((permission) => (
                <Checkbox
                  key={permission.name}
                  value={permission.name}
                  label={permission.label}
                  description={permission.name}
                  // 24 px: a comfortable target for a click or a tap.
                  size="md"
                  disabled={locked || busy}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        ))}
      </SimpleGrid>
      {locked ? null : (
        <Group justify="space-between">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {`${selected.size} de ${catalogue.length} permisos`}
            </Text>
            {unchanged ? (
              <Text size="xs" c="dimmed" id={unchangedHintId}>
                Sin cambios: marca o desmarca un permiso para guardar.
              </Text>
            ) : null}
          </Stack>
          <Group gap="sm">
            <Button
              variant="default"
              disabled={unchanged || busy}
              onClick={() => {
                save.reset();
                setSelected(new Set(role.permissions));
              }}
            >
              Descartar cambios
            </Button>
            <Button onClick={submit} disabled={unchanged || busy} aria-describedby={unchanged ? unchangedHintId : undefined}>
              {busy ? 'Guardando…' : `Guardar permisos de ${role.name}`}
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
