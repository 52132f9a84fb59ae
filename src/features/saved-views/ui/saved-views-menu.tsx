import { Button, Popover, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, lazy, useState } from 'react';
import type { SavedView, SavedViewList } from '@/entities/saved-view';
import { lazyModal } from '@/shared/ui/lazy-modal';
import { hrefWithoutView } from '../model/view-address';
import { useViewFromAddress } from '../model/use-view-from-address';
import type { DeleteSavedViewDialogProps } from './delete-saved-view-dialog';
import type { SavedViewFormModalProps } from './saved-view-form-modal';

// The list of views and its actions, the form and the confirmation are chunks of their own, fetched
// when first opened: the list's first load carries the button and the request for the views only.
const loadDropdown = () => import('./saved-views-dropdown');
const SavedViewsDropdown = lazy(() => loadDropdown().then((module) => ({ default: module.SavedViewsDropdown })));
const SavedViewFormModal = lazyModal<SavedViewFormModalProps>(() => import('./saved-view-form-modal').then((module) => module.SavedViewFormModal), {
  prefetch: false,
});
const DeleteSavedViewDialog = lazyModal<DeleteSavedViewDialogProps>(() => import('./delete-saved-view-dialog').then((module) => module.DeleteSavedViewDialog), {
  prefetch: false,
});

const loading = (
  <Text size="sm" c="dimmed" role="status" p="xs">
    Cargando vistas…
  </Text>
);

export interface SavedViewsMenuProps {
  /** The list the screen shows, as saved views name it. */
  list: SavedViewList;
}

/**
 * 'Vistas': the person's saved views of this list and those shared with their roles; applying one
 * opens the list with its query. It also applies the default view and `?view=` links (see
 * useViewFromAddress), so every list screen gets both by rendering it in its header.
 */
export function SavedViewsMenu({ list }: SavedViewsMenuProps) {
  const { views, pathname, search, currentId } = useViewFromAddress(list);
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  // The form: null closed, `{ view: null }` saving the current filters as a new view.
  const [form, setForm] = useState<{ view: SavedView | null } | null>(null);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const current = views.data?.find((view) => view.id === currentId);

  return (
    <>
      {/* Shown even when its button looks detached, which jsdom (with no layout) always says it is. */}
      <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={340} trapFocus returnFocus hideDetached={false}>
        <Popover.Target>
          <Button
            variant="default"
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpened((open) => !open)}
            onPointerEnter={() => void loadDropdown()}
            onFocus={() => void loadDropdown()}
            maw={260}
          >
            {current ? `Vistas: ${current.name}` : 'Vistas'}
          </Button>
        </Popover.Target>
        <Popover.Dropdown maw="calc(100vw - 2rem)" p="xs">
          <Suspense fallback={loading}>
            <SavedViewsDropdown
              views={views}
              currentId={currentId}
              list={list}
              pathname={pathname}
              search={search}
              onApplied={() => setOpened(false)}
              onSaveCurrent={() => {
                setOpened(false);
                setForm({ view: null });
              }}
              onEdit={(view) => {
                setOpened(false);
                setForm({ view });
              }}
              onDelete={(view) => {
                setOpened(false);
                setDeleting(view);
              }}
            />
          </Suspense>
        </Popover.Dropdown>
      </Popover>
      <SavedViewFormModal
        opened={form !== null}
        onClose={() => setForm(null)}
        list={list}
        view={form?.view ?? null}
        search={search}
        pathname={pathname}
      />
      <DeleteSavedViewDialog
        opened={deleting !== null}
        view={deleting}
        onClose={() => setDeleting(null)}
        // The address no longer names a view that is gone.
        onDeleted={(view) => {
          if (view.id === currentId) void navigate({ href: hrefWithoutView(pathname, search), replace: true });
        }}
      />
    </>
  );
}
