import { CUSTOMER_MESSAGES } from '@contract/customer';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiUrl } from '../../../../tests/msw/envelope';
import { customersDb } from '../../../../tests/msw/handlers/customers';
import { server } from '../../../../tests/msw/server';
import { chooseOption, listboxOf } from '../../../../tests/utils/choose-option';
import { fillIn } from '../../../../tests/utils/fill-in';
import { renderWithProviders } from '../../../../tests/utils/render';
import type { Customer } from '@/entities/customer';
import { CustomerFormModal } from './customer-form-modal';

const PLANS = [
  { id: 31, name: 'Plan Hogar' },
  { id: 32, name: 'Plan Auto' },
];

const open = async (customer: Customer | null = null, onClose = vi.fn()) => {
  if (!customersDb.dsps.has(7)) customersDb.addDsp(7, 'Andes Ventas', PLANS);
  const rendered = renderWithProviders(<CustomerFormModal opened dspId={7} customer={customer} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: customer ? 'Editar Cliente' : 'Nuevo Cliente' });
  // The DSP's plans are offered once loaded.
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Planes/ })).toBeEnabled());
  return { ...rendered, dialog, onClose };
};

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label);
const submit = (user: UserEvent, dialog: HTMLElement, name = 'Crear Cliente') => user.click(within(dialog).getByRole('button', { name }));

const fillNew = async (user: UserEvent, dialog: HTMLElement, { password = 'Clave-Segura-1', confirmation = 'Clave-Segura-1', plan = 'Plan Auto' } = {}) => {
  await fillIn(user, field(dialog, /^DNI/), ' 52123456 ');
  await fillIn(user, field(dialog, /Nombre completo/), 'Laura Ríos');
  await fillIn(user, field(dialog, /^Email/), 'Laura@Correo.test');
  await fillIn(user, field(dialog, /Teléfono/), '+57 300 555 0101');
  await fillIn(user, field(dialog, /Dirección/), 'Calle 10 # 5-20');
  await fillIn(user, field(dialog, /Ciudad/), 'Bogotá');
  if (plan) await chooseOption(user, /Planes/, plan);
  if (password) await fillIn(user, field(dialog, /^Contraseña/), password);
  if (confirmation) await fillIn(user, field(dialog, /Confirmar contraseña/), confirmation);
};

describe('Customer form: creating', () => {
  it('sends every field, the chosen plans, the password with its confirmation, and closes', async () => {
    const { user, dialog, onClose } = await open();
    await fillNew(user, dialog);
    await submit(user, dialog);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(customersDb.requests).toEqual([
      {
        method: 'create',
        id: 7,
        body: {
          dni: '52123456',
          name: 'Laura Ríos',
          email: 'Laura@Correo.test',
          phone: '+57 300 555 0101',
          meta: { address: 'Calle 10 # 5-20', city: 'Bogotá' },
          plan_id: [32],
          password: 'Clave-Segura-1',
          password_confirmation: 'Clave-Segura-1',
        },
      },
    ]);
    expect(customersDb.customers.map((item) => [item.name, item.plan_id])).toEqual([['Laura Ríos', [32]]]);
  });

  it('offers only the DSP’s plans', async () => {
    const { user, dialog } = await open();
    const box = within(dialog).getByRole('combobox', { name: /Planes/ });
    await user.click(box);
    const listbox = listboxOf(box)!;
    expect(within(listbox).getAllByRole('option', { hidden: true }).map((option) => option.textContent)).toEqual(['Plan Hogar', 'Plan Auto']);
  });

  it('refuses to send without DNI, name, e-mail, password and confirmation, with the form’s notice and each field’s message', async () => {
    const { user, dialog } = await open();
    await submit(user, dialog);
    expect(await within(dialog).findByText(CUSTOMER_MESSAGES.createIncomplete)).toBeInTheDocument();
    expect(within(dialog).getByText(CUSTOMER_MESSAGES.dniRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CUSTOMER_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CUSTOMER_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CUSTOMER_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CUSTOMER_MESSAGES.plansRequired)).toBeInTheDocument();
    expect(customersDb.requests).toEqual([]);
  });

  it('needs at least one plan, and a password equal to its confirmation', async () => {
    const { user, dialog } = await open();
    await fillNew(user, dialog, { confirmation: 'Otra-Clave-2', plan: '' });
    await submit(user, dialog);
    expect(await within(dialog).findByText(CUSTOMER_MESSAGES.passwordsDiffer)).toBeInTheDocument();
    expect(within(dialog).getByText(CUSTOMER_MESSAGES.plansRequired)).toBeInTheDocument();
    expect(within(dialog).queryByText(CUSTOMER_MESSAGES.createIncomplete)).not.toBeInTheDocument();
    expect(customersDb.requests).toEqual([]);
  });

  it('puts the server’s refusal under its field: a DNI already taken in this DSP', async () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    customersDb.add({ dsp_id: 7, dni: '52123456', email: 'otra@correo.test' });
    const { user, dialog, onClose } = await open();
    await fillNew(user, dialog);
    await submit(user, dialog);
    const dni = field(dialog, /^DNI/);
    await waitFor(() => expect(dni).toHaveAccessibleDescription(CUSTOMER_MESSAGES.dniTaken));
    expect(dni).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the busy label while saving', async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(apiUrl('v1/dsps/:dspId/customers'), async () => {
        await released;
        return undefined;
      }),
    );
    const { user, dialog, onClose } = await open();
    await fillNew(user, dialog);
    await submit(user, dialog);
    expect(await within(dialog).findByRole('button', { name: 'Guardando…' })).toBeDisabled();
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('asks before closing with typed changes, and keeps them on Seguir editando', async () => {
    const { user, dialog, onClose } = await open();
    await user.type(field(dialog, /^DNI/), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await user.click(await screen.findByRole('button', { name: 'Seguir editando' }));
    expect(field(dialog, /^DNI/)).toHaveValue('123');
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('Customer form: editing', () => {
  const existing = () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    return customersDb.add(
      { dsp_id: 7, name: 'Laura Ríos', dni: '52123456', email: 'laura@correo.test', phone: '+57 300 555 0101', meta: { address: 'Calle 10', city: 'Bogotá' } },
      [31],
    );
  };

  it('starts from the customer’s values and, without a password, sends none', async () => {
    const customer = existing();
    const { user, dialog, onClose } = await open(customer);
    expect(field(dialog, /Ciudad/)).toHaveValue('Bogotá');
    expect(within(dialog).getByText('Plan Hogar')).toBeInTheDocument();
    await user.clear(field(dialog, /Teléfono/));
    await fillIn(user, field(dialog, /Teléfono/), '+57 311 000 0000');
    await user.clear(field(dialog, /Dirección/));
    await submit(user, dialog, 'Actualizar Cliente');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(customersDb.requests.at(-1)).toEqual({
      method: 'update',
      id: customer.id,
      body: {
        dni: '52123456',
        name: 'Laura Ríos',
        email: 'laura@correo.test',
        phone: '+57 311 000 0000',
        meta: { address: null, city: 'Bogotá' },
        plan_id: [31],
      },
    });
  });

  it('takes an optional new password only when its confirmation matches', async () => {
    const customer = existing();
    const { user, dialog, onClose } = await open(customer);
    await fillIn(user, field(dialog, /^Contraseña/), 'Nueva-Clave-1');
    await submit(user, dialog, 'Actualizar Cliente');
    expect(await within(dialog).findByText(CUSTOMER_MESSAGES.confirmationRequired)).toBeInTheDocument();
    await fillIn(user, field(dialog, /Confirmar contraseña/), 'Nueva-Clave-2');
    await submit(user, dialog, 'Actualizar Cliente');
    expect(await within(dialog).findByText(CUSTOMER_MESSAGES.passwordsDiffer)).toBeInTheDocument();
    expect(customersDb.requests).toEqual([]);
    await user.clear(field(dialog, /Confirmar contraseña/));
    await fillIn(user, field(dialog, /Confirmar contraseña/), 'Nueva-Clave-1');
    await submit(user, dialog, 'Actualizar Cliente');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(customersDb.requests.at(-1)?.body).toMatchObject({ password: 'Nueva-Clave-1', password_confirmation: 'Nueva-Clave-1' });
  });

  it('keeps DNI, name and e-mail required', async () => {
    const customer = existing();
    const { user, dialog } = await open(customer);
    await user.clear(field(dialog, /Nombre completo/));
    await submit(user, dialog, 'Actualizar Cliente');
    expect(await within(dialog).findByText('Por favor completa los campos obligatorios.')).toBeInTheDocument();
    expect(within(dialog).getByText(CUSTOMER_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(customersDb.requests).toEqual([]);
  });
});
