import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { SelectionBar, useListSelection } from '@/features/act-on-many';
import { ColumnsButton, useTableColumns } from '@/features/choose-columns';
import { DeleteWithConfirmation } from '@/features/delete-with-confirmation';
import { roleQueries } from '@/entities/role';
import { USER_FALLBACKS, userDeletion, userQueries, type User } from '@/entities/user';
import { formatTotal } from '@/shared/lib';
import { useDeferredList, usePagedSearch } from '@/shared/lib/paged-search';
import { ListState } from '@/shared/ui/list-state';
import { IconPlus } from '@/shared/ui/icons';
import { LoadingState } from '@/shared/ui/loading-state';
import { ListFooter } from '@/shared/ui/list-footer';
import { SearchInput } from '@/shared/ui/search-input';
import { activeLabel } from '@/shared/ui/status-badge';
import { Select } from '@/shared/ui/select';
import { ActiveFilters, filterChips, optionLabel, searchChip } from '@/shared/ui/active-filters';
import { USER_STATUSES, usersListParams, type UserStatusFilter, type UsersSearch } from '../model/search';
import { USERS_COLUMN_LABELS, UsersTable } from './users-table';

const ALL = 'all';
const STATUS_LABELS: Record<UserStatusFilter, string> = { active: activeLabel(true), inactive: activeLabel(false) };
const STATUS_FILTER = [{ value: ALL, label: 'Todos los estados' }, ...USER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))];

interface UsersTabProps {
  search: UsersSearch;
  currentUserId: number | undefined;
  onCreate: () => void;
  onEdit: (user: User) => void;
}

/** Search, filters, counter, table and pager of the staff list. */
export function UsersTab({ search, currentUserId, onCreate, onEdit }: UsersTabProps) {
  const params = usersListParams(search);
  const users = useDeferredList(useQuery(userQueries.list(params)));
  const selection = useListSelection('users', users.data, (user) => user.name, params);
  const { setFilters, setSearchText, setPage, stepBackAfterDelete } = usePagedSearch(search, users);
  const [deleting, setDeleting] = useState<User | null>(null);
  const answer = users.data;
  const roles = useQuery(roleQueries.list());
  const columns = useTableColumns('users', search.columns);

  // Every role there is, Operador included (the spec lists Super Admin, Admin and Business Leader).
  const roleFilter = useMemo(
    () => [{ value: ALL, label: 'Todos los roles' }, ...(roles.data?.data ?? []).map((role) => ({ value: role.slug, label: role.name }))],
    [roles.data],
  );

  // A role that no role has (an old or mistyped link) is dropped once the roles are known.
  const unknownRole = Boolean(search.role && roles.data && !roles.data.data.some((role) => role.slug === search.role));
  useEffect(() => {
    if (unknownRole) setFilters({ role: undefined });
  }, [unknownRole, setFilters]);

  const closeDelete = useCallback(() => setDeleting(null), []);
  const chips = filterChips(
    searchChip(search.q),
    search.role && { keys: ['role'], label: `Rol: ${optionLabel(roleFilter, search.role)}` },
    search.status && { keys: ['status'], label: `Estado: ${optionLabel(STATUS_FILTER, search.status)}` },
  );

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <div style={{ flex: '1 1 280px' }}>
          <SearchInput
            label="Buscar usuarios"
            placeholder="Buscar por nombre, email o DNI..."
            value={search.q}
            onSearch={setSearchText}
          />
        </div>
        <Select
          aria-label="Filtrar por rol"
          data={roleFilter}
          // Until the roles arrive, a role from the URL shows as its slug.
          value={search.role && !roles.data ? null : (search.role ?? ALL)}
          placeholder={search.role}
          allowDeselect={false}
          onChange={(value) => setFilters({ role: value && value !== ALL ? value : undefined })}
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          aria-label="Filtrar por estado"
          data={STATUS_FILTER}
          value={search.status ?? ALL}
          allowDeselect={false}
          onChange={(value) => setFilters({ status: value && value !== ALL ? (value as UserStatusFilter) : undefined })}
          w={{ base: '100%', xs: 180 }}
        />
      </Group>
      <ActiveFilters filters={chips} onChange={setFilters} />
      <Group justify="space-between" gap="sm">
        {answer ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            {`${answer.data.length} de ${formatTotal(answer.total, answer.total_is_estimate)} usuarios`}
          </Text>
        ) : (
          <span />
        )}
        <ColumnsButton choice={columns} labels={USERS_COLUMN_LABELS} />
      </Group>
      <SelectionBar
        selection={selection}
        target={{ list: 'users', path: 'v1/users', filter: params.filter, noun: { one: 'usuario', many: 'usuarios' }, invalidate: [userQueries.lists()] }}
      />
      <ListState
        list={users}
        loading={<LoadingState label="Cargando usuarios..." />}
        errorFallback={USER_FALLBACKS.list}
        filtered={Boolean(search.q || search.role || search.status)}
        empty={{
          title: 'No hay usuarios',
          text: 'Comienza creando el primer usuario del personal.',
          action: (
            <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
              Nuevo Usuario
            </Button>
          ),
        }}
        emptyFiltered={{ title: 'No se encontraron usuarios con los filtros aplicados', text: 'Prueba con otra búsqueda o quita los filtros.' }}
      >
        {(rows) => (
          <Stack gap="md">
            <UsersTable users={rows} currentUserId={currentUserId} onEdit={onEdit} onDelete={setDeleting} stale={users.isPlaceholderData} shownColumns={columns.shown} selection={selection} />
            <ListFooter list={users} noun="usuarios" onChange={setPage} />
          </Stack>
        )}
      </ListState>
      <DeleteWithConfirmation target={deleting} deletion={userDeletion} onClose={closeDelete} onDeleted={stepBackAfterDelete} />
    </Stack>
  );
}
