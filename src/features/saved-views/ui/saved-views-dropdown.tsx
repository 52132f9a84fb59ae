import { ActionIcon, Anchor, Badge, Button, Divider, Group, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, type MouseEvent } from 'react';
import { savedViewQuery } from '@contract/saved-view-query';
import { SAVED_VIEW_FALLBACKS, savedViewQueries, updateSavedView, type SavedView, type SavedViewList } from '@/entities/saved-view';
import { errorMessage } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { IconMenu } from '@/shared/ui/icons';
import { viewHref, viewLink } from '../model/view-address';

export interface SavedViewsDropdownProps {
  views: UseQueryResult<SavedView[]>;
  /** The view the address names, if any. */
  currentId: number | undefined;
  list: SavedViewList;
  pathname: string;
  /** The address's search string: its filters, sort and columns are what 'Sobrescribir' saves. */
  search: string;
  onApplied: () => void;
  onSaveCurrent: () => void;
  onEdit: (view: SavedView) => void;
  onDelete: (view: SavedView) => void;
}

type RowProps = Omit<SavedViewsDropdownProps, 'views' | 'currentId' | 'onSaveCurrent'> & { view: SavedView; current: boolean; shared: boolean };

/** The views of the list, the person's own first, then those shared with them; and 'Guardar vista actual…'. */
export function SavedViewsDropdown({ views, currentId, onSaveCurrent, ...row }: SavedViewsDropdownProps) {
  const me = useSessionStore((state) => state.user?.id);
  const own = views.data?.filter((view) => view.owner.id === me) ?? [];
  const shared = views.data?.filter((view) => view.owner.id !== me) ?? [];
  const rowsOf = (group: SavedView[], isShared: boolean) =>
    group.map((view) => <ViewRow key={view.id} view={view} current={view.id === currentId} shared={isShared} {...row} />);

  return (
    <Stack gap="xs">
      {views.isPending ? (
        <Text size="sm" c="dimmed" role="status" p="xs">
          Cargando vistas…
        </Text>
      ) : views.isError ? (
        <ErrorAlert
          error={views.error}
          message={errorMessage(views.error, SAVED_VIEW_FALLBACKS.list)}
          onRetry={() => void views.refetch()}
          retrying={views.isFetching}
        />
      ) : (
        <>
          <ViewGroup title="Mis vistas">
            {own.length > 0 ? (
              rowsOf(own, false)
            ) : (
              <Text component="li" size="sm" c="dimmed" px="xs">
                Aún no has guardado vistas de esta lista.
              </Text>
            )}
          </ViewGroup>
          {shared.length > 0 ? <ViewGroup title="Compartidas conmigo">{rowsOf(shared, true)}</ViewGroup> : null}
        </>
      )}
      <Divider />
      <Button variant="light" fullWidth onClick={onSaveCurrent}>
        Guardar vista actual…
      </Button>
    </Stack>
  );
}

function ViewGroup({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Stack gap={2}>
      <Text id={id} size="xs" fw={700} c="dimmed" tt="uppercase" px="xs">
        {title}
      </Text>
      <Stack component="ul" aria-labelledby={id} gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
        {children}
      </Stack>
    </Stack>
  );
}

/** A modified click (new tab, new window) is the browser's; a plain one navigates inside the panel. */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function ViewRow({ view, current, shared, list, pathname, search, onApplied, onEdit, onDelete }: RowProps) {
  const navigate = useNavigate();
  const href = viewHref(pathname, view);
  return (
    <Group component="li" gap={4} wrap="nowrap" px="xs" py={2}>
      <Anchor
        href={href}
        aria-current={current ? 'true' : undefined}
        onClick={(event) => {
          if (!plainClick(event)) return;
          event.preventDefault();
          onApplied();
          void navigate({ href });
        }}
        c="var(--mantine-color-text)"
        style={{ flex: 1, minWidth: 0 }}
        underline="hover"
      >
        {/* The view the list shows now stands out by weight, readable in either theme. */}
        <Text size="sm" fw={current ? 700 : undefined} truncate>
          {current ? <span aria-hidden="true">✓ </span> : null}
          {view.name}
        </Text>
        {shared ? (
          <Text size="xs" c="dimmed" truncate>
            de {view.owner.name}
          </Text>
        ) : null}
      </Anchor>
      {view.is_default ? (
        <Badge size="xs" variant="light">
          Predeterminada
        </Badge>
      ) : null}
      <ViewActions view={view} list={list} pathname={pathname} search={search} onEdit={onEdit} onDelete={onDelete} />
    </Group>
  );
}

function ViewActions({ view, list, pathname, search, onEdit, onDelete }: Pick<RowProps, 'view' | 'list' | 'pathname' | 'search' | 'onEdit' | 'onDelete'>) {
  const navigate = useNavigate();
  const overwrite = useSaveMutation({
    // What a view saves of the address: the keys the list keeps (filters, sort, columns), as the server keeps them.
    mutationFn: () => updateSavedView(view.id, { query: savedViewQuery(list, search) }),
    invalidate: [savedViewQueries.lists()],
    successMessage: (saved) => `La vista ${saved.name} guarda ahora los filtros actuales.`,
    errorFallback: SAVED_VIEW_FALLBACKS.save,
    // The address shows the view it now matches.
    onSaved: (saved) => void navigate({ href: viewHref(pathname, saved), replace: true }),
  });
  const copyLink = () =>
    navigator.clipboard.writeText(viewLink(window.location.origin, pathname, view.id)).then(
      () => notifications.show({ color: 'green', message: 'Enlace copiado.' }),
      () => notifications.show({ color: 'red', title: 'Error', message: 'No se pudo copiar el enlace.' }),
    );

  return (
    // Inside the views' popover, so choosing an action is not a click outside it.
    <Menu withinPortal={false} position="bottom-end" shadow="md" hideDetached={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Acciones de la vista ${view.name}`}>
          <IconMenu size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {view.can_edit ? (
          <>
            <Menu.Item onClick={() => onEdit(view)}>Renombrar y compartir…</Menu.Item>
            <Menu.Item closeMenuOnClick={false} disabled={overwrite.isPending} onClick={() => overwrite.mutate()}>
              {overwrite.isPending ? 'Guardando…' : 'Sobrescribir con los filtros actuales'}
            </Menu.Item>
          </>
        ) : null}
        <Menu.Item onClick={() => void copyLink()}>Copiar enlace</Menu.Item>
        {view.can_edit ? (
          <>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => onDelete(view)}>
              Eliminar…
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
