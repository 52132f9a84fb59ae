import { SAVED_VIEW_ANSWERS, savedViewQuery } from '@contract/saved-view';
import { Checkbox, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { SAVED_VIEW_FALLBACKS, createSavedView, savedViewQueries, updateSavedView, type SavedView, type SavedViewList } from '@/entities/saved-view';
import { useSessionStore } from '@/shared/auth';
import { useSaveMutation } from '@/shared/lib/use-save-mutation';
import { FormModal, SaveFormBody } from '@/shared/ui/form-modal';
import { MultiSelect } from '@/shared/ui/multi-select';
import { viewHref } from '../model/view-address';
import { ROLE_OPTIONS, initialViewFormValues, viewFormErrors, viewFormSchema, type ViewFormValues } from '../model/view-form';

export interface SavedViewFormModalProps {
  opened: boolean;
  onClose: () => void;
  list: SavedViewList;
  /** The view to rename or share; null saves the current filters as a new one. */
  view: SavedView | null;
  /** The address's search string: its filters, sort and columns are what a new view saves. */
  search: string;
  pathname: string;
}

/** 'Guardar vista' / 'Editar vista' */
export function SavedViewFormModal({ opened, onClose, view, ...rest }: SavedViewFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={view ? 'Editar vista' : 'Guardar vista'}>
      <ViewForm key={view?.id ?? 'new'} view={view} onDone={onClose} {...rest} />
    </FormModal>
  );
}

function ViewForm({ view, list, search, pathname, onDone }: Omit<SavedViewFormModalProps, 'opened' | 'onClose'> & { onDone: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useSessionStore((state) => state.user?.id);
  // The default is the owner's own: a super admin editing someone else's view does not set it.
  const ownsIt = view === null || view.owner.id === me;
  const form = useForm<ViewFormValues>({
    mode: 'controlled',
    initialValues: initialViewFormValues(view),
    validate: schemaResolver(viewFormSchema, { sync: true }),
  });
  const save = useSaveMutation({
    mutationFn: (values: ViewFormValues) => {
      const changes = { name: values.name.trim(), shared_with_roles: values.shared_with_roles, ...(ownsIt ? { is_default: values.is_default } : {}) };
      return view ? updateSavedView(view.id, changes) : createSavedView({ list, query: savedViewQuery(list, search), ...changes });
    },
    invalidate: [savedViewQueries.lists()],
    successMessage: view ? SAVED_VIEW_ANSWERS.updated : SAVED_VIEW_ANSWERS.created,
    onSaved: (saved) => {
      onDone();
      if (view) return;
      // A new view is what the list shows now: the address names it, and the menu lists it at once.
      queryClient.setQueryData(savedViewQueries.list(list).queryKey, (views) => (views ? [...views, saved] : views));
      void navigate({ href: viewHref(pathname, saved), replace: true });
    },
    onFieldErrors: form.setErrors,
    fieldErrors: viewFormErrors,
  });
  const busy = save.isPending;
  // The query is not a field: its refusal (too long) goes in the banner.
  const queryError = viewFormErrors(save.error).query ?? null;

  return (
    <SaveFormBody
      form={form}
      save={save}
      onValid={(values) => save.mutate(values)}
      fallback={SAVED_VIEW_FALLBACKS.save}
      fieldErrors={viewFormErrors}
      notice={queryError}
      onCancel={onDone}
      submitLabel={view ? 'Guardar cambios' : 'Guardar vista'}
      busyLabel="Guardando…"
    >
      <TextInput label="Nombre" withAsterisk autoComplete="off" data-autofocus disabled={busy} {...form.getInputProps('name')} />
      <MultiSelect
        label="Compartir con roles"
        description="Quien tenga uno de estos roles verá la vista, con sus propios permisos. Sin roles, la vista es solo tuya."
        placeholder={form.values.shared_with_roles.length ? undefined : 'Solo para mí'}
        data={ROLE_OPTIONS}
        clearable
        disabled={busy}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('shared_with_roles')}
      />
      {ownsIt ? (
        <Checkbox
          label="Usar como vista predeterminada"
          description="Se aplica al abrir esta lista sin filtros."
          disabled={busy}
          {...form.getInputProps('is_default', { type: 'checkbox' })}
        />
      ) : null}
    </SaveFormBody>
  );
}
