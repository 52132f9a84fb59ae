import { PersonAvatar } from '@/shared/ui/person-avatar';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { TableColumn } from '@contract/preferences.constants';
import { memo, useMemo } from 'react';
import { SelectItem, type Selection } from '@/features/act-on-many';
import { HistoryButton } from '@/features/view-change-history';
import { UserRoleBadges, UserStatusBadge, type User } from '@/entities/user';
import { IconEdit, IconTrash } from '@/shared/ui/icons';
import { CellText, DataTable, type DataTableFeatures } from '@/shared/ui/data-table';

const helper = createColumnHelper<DataTableFeatures, User>();

/** The columns a person may show, hide and reorder, by id (contract's TABLE_COLUMNS). */
export const USERS_COLUMN_LABELS: Record<TableColumn<'users'>, string> = { user: 'Usuario', contact: 'Contacto', roles: 'Rol', is_active: 'Estado' };

interface UsersTableProps {
  users: User[];
  /** The signed-in person, who cannot delete themselves. */
  currentUserId: number | undefined;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** The next page is loading: the rows on screen are the previous ones. */
  stale?: boolean;
  /** The columns chosen, in order ('Acciones' always last). */
  shownColumns?: readonly string[];
  /** The users ticked for an action on many; each row's checkbox sits with its buttons. */
  selection?: Selection;
}

/**
 * Usuario, Contacto, Rol, Estado, Acciones. Drawn again only when its own props change, not each
 * time the page opens or closes a dialog: on a phone that rebuilt a whole page of rows first.
 */
export const UsersTable = memo(function UsersTable({ users, currentUserId, onEdit, onDelete, stale = false, shownColumns, selection }: UsersTableProps) {
  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: 'user',
          header: USERS_COLUMN_LABELS.user,
          cell: ({ row }) => (
            <Group gap="sm" wrap="nowrap">
              <PersonAvatar name={row.original.name} />
              <CellText weight={600} detail={row.original.dni ? `DNI ${row.original.dni}` : 'Sin DNI'}>
                {row.original.name}
              </CellText>
            </Group>
          ),
        }),
        helper.display({
          id: 'contact',
          header: USERS_COLUMN_LABELS.contact,
          cell: ({ row }) => <CellText detail={row.original.phone || '—'}>{row.original.email}</CellText>,
        }),
        helper.accessor('roles', { header: USERS_COLUMN_LABELS.roles, cell: (info) => <UserRoleBadges roles={info.getValue()} /> }),
        helper.accessor('is_active', { header: USERS_COLUMN_LABELS.is_active, cell: (info) => <UserStatusBadge isActive={info.getValue()} /> }),
        helper.display({
          id: 'actions',
          header: 'Acciones',
          cell: ({ row }) => {
            const user = row.original;
            return (
              <Group gap={4} wrap="nowrap">
                {selection ? <SelectItem selection={selection} item={{ id: user.id, label: user.name }} /> : null}
                {/* The page is only for who manages users, who may read each one's history. */}
                <HistoryButton resource="user" id={user.id} name={user.name} compact />
                <Tooltip label="Editar">
                  <ActionIcon variant="subtle" aria-label={`Editar a ${user.name}`} onClick={() => onEdit(user)}>
                    <IconEdit />
                  </ActionIcon>
                </Tooltip>
                {/* Nobody deletes their own account; the server would refuse it. */}
                {user.id === currentUserId ? null : (
                  <Tooltip label="Eliminar">
                    <ActionIcon variant="subtle" color="red" aria-label={`Eliminar a ${user.name}`} onClick={() => onDelete(user)}>
                      <IconTrash />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            );
          },
        }),
      ]),
    [currentUserId, onEdit, onDelete, selection],
  );

  return <DataTable columns={columns} data={users} getRowId={(user) => String(user.id)} stale={stale} cardTitle="user" cardActions="actions" shownColumns={shownColumns} />;
});
