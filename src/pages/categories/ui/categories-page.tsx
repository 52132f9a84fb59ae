import { Button, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { CATEGORY_FALLBACKS, CategoryCard, CategoryCardSkeleton, categoryDeletion, categoryQueries, type Category } from '@/entities/category';
import { SelectItem, SelectionBar, useListSelection } from '@/features/act-on-many';
import { DeleteWithConfirmation } from '@/features/delete-with-confirmation';
import { CategoryFormModal } from '@/features/edit-category';
import { HistoryButton } from '@/features/view-change-history';
import { SavedViewsMenu } from '@/features/saved-views';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { useDeferredList, usePagedSearch } from '@/shared/lib/paged-search';
import { ExportButton } from '@/shared/ui/export-button';
import { IconPlus } from '@/shared/ui/icons';
import { RecordActions } from '@/shared/ui/record-actions';
import { ListState, ListTotal } from '@/shared/ui/list-state';
import { PageHeader } from '@/shared/ui/page-header';
import { ListFooter } from '@/shared/ui/list-footer';
import { SearchInput } from '@/shared/ui/search-input';
import { SkeletonGrid } from '@/shared/ui/skeleton-grid';
import { categoriesListParams } from '../model/search';

const route = getRouteApi('/protected/categorias');

const GRID_COLS = { base: 1, sm: 2, lg: 3 };

/** The global catalogue at /categorias; search and page live in the URL. */
export function CategoriesPage() {
  const search = route.useSearch();
  const params = categoriesListParams(search);
  const list = useDeferredList(useQuery(categoryQueries.list(params)));
  const selection = useListSelection('categories', list.data, (category) => category.name, params);
  const { setSearchText, setPage, stepBackAfterDelete } = usePagedSearch(search, list);
  const canManage = useSessionStore((state) => hasPermission(state.user, 'categories.manage'));
  const canDelete = useSessionStore((state) => hasPermission(state.user, 'categories.delete'));
  const [form, setForm] = useState<{ opened: boolean; category: Category | null }>({ opened: false, category: null });
  const [deleting, setDeleting] = useState<Category | null>(null);

  const data = list.data;
  const openNew = () => setForm({ opened: true, category: null });
  const newButton = canManage ? (
    <Button leftSection={<IconPlus size={16} />} onClick={openNew} data-shortcut="new">
      Nueva Categoría
    </Button>
  ) : null;

  return (
    <Stack gap="md">
      <PageHeader title="Categorías" description="Gestiona el catálogo global de categorías y subcategorías" actions={<><SavedViewsMenu list="categories" /><ExportButton list="v1/categories" params={categoriesListParams(search)} />{newButton}</>} />
      <div style={{ maxWidth: 420 }}>
        <SearchInput
          label="Buscar categorías"
          placeholder="Buscar categorías..."
          value={search.q}
          onSearch={setSearchText}
        />
      </div>
      {data ? <ListTotal total={data.total} estimated={data.total_is_estimate} one="categoría" many="categorías" /> : null}
      <SelectionBar
        selection={selection}
        target={{ list: 'categories', path: 'v1/categories', filter: params.filter, noun: { one: 'categoría', many: 'categorías' }, invalidate: [categoryQueries.lists()] }}
      />
      <ListState
        list={list}
        loading={<SkeletonGrid label="Cargando categorías" skeleton={<CategoryCardSkeleton />} cols={GRID_COLS} />}
        errorFallback={CATEGORY_FALLBACKS.list}
        filtered={Boolean(search.q)}
        empty={{ title: 'No hay categorías', text: 'Comienza creando la primera categoría del catálogo.', action: newButton }}
        emptyFiltered={{ title: 'No hay categorías', text: 'No se encontraron categorías con ese criterio de búsqueda.' }}
      >
        {(categories) => (
          <SimpleGrid cols={GRID_COLS} spacing="md">
            {categories.map((category) => (
              <CategoryCard
                key={category.id}
                category={category}
                actions={
                  canManage || canDelete ? (
                    <>
                    <SelectItem selection={selection} item={{ id: category.id, label: category.name }} />
                    <RecordActions
                      onEdit={canManage ? () => setForm({ opened: true, category }) : undefined}
                      history={canManage ? <HistoryButton resource="category" id={category.id} name={category.name} compact /> : null}
                      // A category with subcategories cannot go: they would be left without a parent.
                      onDelete={canDelete && (category.subcategories ?? []).length === 0 ? () => setDeleting(category) : undefined}
                    />
                    </>
                  ) : null
                }
              />
            ))}
          </SimpleGrid>
        )}
      </ListState>
      <ListFooter list={list} onChange={setPage} />
      <CategoryFormModal opened={form.opened} category={form.category} onClose={() => setForm((current) => ({ ...current, opened: false }))} />
      <DeleteWithConfirmation target={deleting} deletion={categoryDeletion} onClose={() => setDeleting(null)} onDeleted={stepBackAfterDelete} />
    </Stack>
  );
}
