import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api';
import { renderWithProviders } from '../../../../tests/utils/render';
import { PasswordInput } from '../password-input';
import { FormModal, FormModalBody, bannerMessage } from './form-modal';

interface Values {
  name: string;
  password: string;
}

/** A page with a button that opens a two-field form, saved by `save`. */
function Harness({ save = () => Promise.resolve() }: { save?: (values: Values) => Promise<void> }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Abrir
      </button>
      <span>{opened ? 'abierto' : 'cerrado'}</span>
      <FormModal opened={opened} onClose={() => setOpened(false)} title="Nuevo Sponsor">
        {opened ? <Form save={save} onDone={() => setOpened(false)} /> : null}
      </FormModal>
    </>
  );
}

function Form({ save, onDone }: { save: (values: Values) => Promise<void>; onDone: () => void }) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', password: '' },
    validate: {
      name: (value) => (value.trim() ? null : 'El nombre es obligatorio'),
      password: (value) => (value.length >= 8 ? null : 'Al menos 8 caracteres'),
    },
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  return (
    <FormModalBody
      onSubmit={form.onSubmit(async (values) => {
        setBusy(true);
        try {
          await save(values);
          onDone();
        } catch (error) {
          if (error instanceof ApiError) form.setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0]])));
          setFailure(error);
        } finally {
          setBusy(false);
        }
      })}
      onCancel={onDone}
      busy={busy}
      submitLabel="Crear Sponsor"
      busyLabel="Creando…"
      dirty={form.isDirty()}
      failure={failure}
      error={failure instanceof ApiError && Object.keys(failure.fieldErrors).length === 0 ? failure.message : null}
    >
      <TextInput label="Nombre" data-autofocus {...form.getInputProps('name')} />
      <PasswordInput label="Contraseña" {...form.getInputProps('password')} />
    </FormModalBody>
  );
}

const open = async () => {
  const rendered = renderWithProviders(<Harness />);
  await rendered.user.click(screen.getByRole('button', { name: 'Abrir' }));
  const dialog = await screen.findByRole('dialog', { name: 'Nuevo Sponsor' });
  return { ...rendered, dialog };
};

describe('FormModal: no lost work', () => {
  it('closes at once, without asking, when nothing changed', async () => {
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('cerrado')).toBeInTheDocument();
    expect(screen.queryByText('Tienes cambios sin guardar. ¿Descartarlos?')).not.toBeInTheDocument();
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof renderWithProviders>['user']) => user.keyboard('{Escape}')],
    ['the X', async (user: ReturnType<typeof renderWithProviders>['user']) => user.click(screen.getByRole('button', { name: 'Cerrar' }))],
    ['Cancelar', async (user: ReturnType<typeof renderWithProviders>['user']) => user.click(screen.getByRole('button', { name: 'Cancelar' }))],
  ])('asks before closing with changes by %s; Seguir editando keeps what was typed', async (_how, close) => {
    const { user, dialog } = await open();
    await user.type(within(dialog).getByLabelText('Nombre'), 'Acme');
    await close(user);

    expect(await screen.findByText('Tienes cambios sin guardar. ¿Descartarlos?')).toBeInTheDocument();
    expect(screen.getByText('abierto')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Seguir editando' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Seguir editando' }));
    expect(screen.queryByText('Tienes cambios sin guardar. ¿Descartarlos?')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Acme');
    expect(screen.getByText('abierto')).toBeInTheDocument();
  });

  it('closes after Descartar, and the next opening starts empty', async () => {
    const { user, dialog } = await open();
    await user.type(within(dialog).getByLabelText('Nombre'), 'Acme');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(await screen.findByText('cerrado')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByLabelText('Nombre')).toHaveValue('');
  });

  it('does not ask after a successful save', async () => {
    const { user, dialog } = await open();
    await user.type(within(dialog).getByLabelText('Nombre'), 'Acme');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'Clave12345');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Sponsor' }));
    expect(await screen.findByText('cerrado')).toBeInTheDocument();
    expect(screen.queryByText('Tienes cambios sin guardar. ¿Descartarlos?')).not.toBeInTheDocument();
  });
});

describe('FormModalBody: fixing what is wrong', () => {
  it('focuses the first field on opening', async () => {
    await open();
    await waitFor(() => expect(screen.getByLabelText('Nombre')).toHaveFocus());
  });

  it('moves focus to the first invalid field and links every message to its field, PasswordInput included', async () => {
    const { user, dialog } = await open();
    await user.type(within(dialog).getByLabelText('Contraseña'), 'corta');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Sponsor' }));

    const name = within(dialog).getByLabelText('Nombre');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('El nombre es obligatorio');
    const password = within(dialog).getByLabelText('Contraseña');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Al menos 8 caracteres');
  });

  it('after a refused save, focuses the field the server named', async () => {
    const save = vi.fn(() => Promise.reject(new ApiError('Los datos no son válidos', 422, { password: ['Esa contraseña es demasiado común'] })));
    const { user } = renderWithProviders(<Harness save={save} />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Sponsor' });
    await user.type(within(dialog).getByLabelText('Nombre'), 'Acme');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'password1');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Sponsor' }));

    const password = within(dialog).getByLabelText('Contraseña');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription('Esa contraseña es demasiado común');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('after a refusal that names no field, focuses the banner with the message', async () => {
    const save = vi.fn(() => Promise.reject(new ApiError('No se pudo crear el sponsor', 500)));
    const { user } = renderWithProviders(<Harness save={save} />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Sponsor' });
    await user.type(within(dialog).getByLabelText('Nombre'), 'Acme');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'Clave12345');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Sponsor' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo crear el sponsor');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
  });

  it('says why the submit is off', async () => {
    renderWithProviders(
      <FormModal opened onClose={() => undefined} title="Nueva Campaña">
        <FormModalBody
          onSubmit={(event) => event.preventDefault()}
          onCancel={() => undefined}
          busy={false}
          submitLabel="Crear Campaña"
          busyLabel="Creando…"
          submitDisabled
          submitDisabledReason="Escribe el nombre de la campaña para guardarla."
        >
          <TextInput label="Nombre" />
        </FormModalBody>
      </FormModal>,
    );
    const submit = await screen.findByRole('button', { name: 'Crear Campaña' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Escribe el nombre de la campaña para guardarla.');
  });
});

describe('bannerMessage', () => {
  const refusal = new ApiError('Los datos no son válidos', 422, { email: ['El email ya está registrado'] });

  it('leaves the banner empty when every named field shows its own message', () => {
    expect(bannerMessage(refusal, 'No se pudo guardar', { email: 'El email ya está registrado' }, ['name', 'email'])).toBeNull();
  });

  it('shows the message when a named field is not in the form, or none was named', () => {
    expect(bannerMessage(refusal, 'No se pudo guardar', { email: 'El email ya está registrado' }, ['name'])).toBe('Los datos no son válidos');
    expect(bannerMessage(new ApiError('Sin conexión', 0), 'No se pudo guardar', {}, ['name'])).toBe('Sin conexión');
    expect(bannerMessage(null, 'No se pudo guardar', {}, ['name'])).toBeNull();
  });
});
