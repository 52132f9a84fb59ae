import { Button, Stack, Tabs } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { UserFormModal } from '@/features/manage-user';
import type { User } from '@/entities/user';
import { SavedViewsMenu } from '@/features/saved-views';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { IconPlus } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { ExportButton } from '@/shared/ui/export-button';
import { usersListParams, type UsersSearch } from '../model/search';
import { RolesTab } from './roles-tab';
import { UsersTab } from './users-tab';

const route = getRouteApi('/protected/users');

/** 'Gestión de Usuarios': staff and, for who manages roles, a 'Roles' tab. The route lets in only 'users.manage'. */
export function UsersPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const user = useSessionStore((state) => state.user);
  const canManageRoles = hasPermission(user, 'roles.manage');
  const tab = search.tab === 'roles' && canManageRoles ? 'roles' : 'users';

  // The form edits `editing`, or creates a user when it is null; it keeps it while closing.
  const [formOpened, setFormOpened] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const openCreate = useCallback(() => {
    setEditing(null);
    setFormOpened(true);
  }, []);
  const openEdit = useCallback((target: User) => {
    setEditing(target);
    setFormOpened(true);
  }, []);

  const usersTab = (
    <UsersTab search={search} currentUserId={user?.id} onCreate={openCreate} onEdit={openEdit} />
  );

  return (
    <Stack gap="md">
      <PageHeader
        title="Gestión de Usuarios"
        description="Administra el personal, sus roles y su estado"
        actions={
          tab === 'users' ? (
            <>
              <SavedViewsMenu list="users" />
              <ExportButton list="v1/users" params={usersListParams(search)} />
              <Button leftSection={<IconPlus size={16} />} onClick={openCreate} data-shortcut="new">
                Nuevo Usuario
              </Button>
            </>
          ) : null
        }
      />
      {canManageRoles ? (
        <Tabs
          value={tab}
          onChange={(value) => void navigate({ to: '.', search: (old: UsersSearch) => ({ ...old, tab: value === 'roles' ? 'roles' : undefined }) })}
        >
          <Tabs.List>
            <Tabs.Tab value="users">Usuarios</Tabs.Tab>
            <Tabs.Tab value="roles">Roles</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="users" pt="md">
            {usersTab}
          </Tabs.Panel>
          <Tabs.Panel value="roles" pt="md">
            <RolesTab />
          </Tabs.Panel>
        </Tabs>
      ) : (
        usersTab
      )}
      <UserFormModal opened={formOpened} onClose={() => setFormOpened(false)} user={editing} currentUserId={user?.id} />
    </Stack>
  );
}
