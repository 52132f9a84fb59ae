import { customer as customerSchema, CUSTOMER_NOT_FOUND, type Customer } from '@contract/customer';
import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answer, apiUrl, fail } from '../../../../tests/msw/envelope';
import { entitlementsDb } from '../../../../tests/msw/handlers/entitlements';
import { server } from '../../../../tests/msw/server';
import { fillIn } from '../../../../tests/utils/fill-in';
import { renderWithProviders } from '../../../../tests/utils/render';
import { SubscriptionsModal } from './subscriptions-modal';

const DSP_ID = 3;
const GOLD = { id: 71, name: 'Plan Oro' };
const SILVER = { id: 72, name: 'Plan Plata' };
const at = '2025-03-01T10:00:00.000Z';

const buildCustomer = (overrides: Partial<Customer> = {}): Customer => ({
  id: 40,
  dsp_id: DSP_ID,
  dni: '1020304050',
  name: 'Carla Gómez',
  email: 'carla@example.com',
  phone: null,
  meta: { address: null, city: null },
  plan_id: [],
  created_at: at,
  updated_at: at, version: 1,
  ...overrides,
});

/**
 * The customer detail the page's own handlers will answer, from a small store here: the customer
 * with their subscriptions as `entitlementsDb` holds them, and how many times it was read.
 */
function serveCustomer(customer: Customer) {
  const reads = { count: 0 };
  entitlementsDb.customers.set(customer.id, customer.dsp_id);
  server.use(
    http.get(apiUrl('v1/customers/:id'), ({ params }) => {
      if (Number(params.id) !== customer.id) return fail(404, CUSTOMER_NOT_FOUND);
      reads.count += 1;
      const entitlements = entitlementsDb.ofCustomer(customer.id);
      const plans = entitlements.filter((item) => item.status !== 'CANCELLED').map((item) => item.plan_id);
      return answer(customerSchema, { ...customer, plan_id: plans, entitlements });
    }),
  );
  return reads;
}

/** A customer of the DSP holding Plan Oro, active, with its open period and its first history row. */
function seed() {
  const customer = buildCustomer();
  entitlementsDb.dspPlans.set(DSP_ID, [GOLD, SILVER]);
  const gold = entitlementsDb.add({ customer_id: customer.id, dsp_id: DSP_ID, plan_id: GOLD.id, plan: GOLD });
  const reads = serveCustomer(customer);
  return { customer, gold, reads };
}

function renderModal(customer: Customer | null, { plans, onClose = vi.fn() }: { plans?: { id: number; name: string }[]; onClose?: () => void } = {}) {
  return {
    onClose,
    ...renderWithProviders(
      <>
        <Notifications />
        <SubscriptionsModal customer={customer} dspId={DSP_ID} onClose={onClose} plans={plans} />
      </>,
    ),
  };
}

const card = (plan: string) => within(screen.getByRole('region', { name: plan }));
const statusSelect = (plan: string) => card(plan).getByRole('combobox', { name: 'Estado' });

/** A promise the test resolves when it lets a held answer go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('SubscriptionsModal', () => {
  it('shows each subscription with its plan, status, periods and history', async () => {
    const { customer } = seed();
    renderModal(customer);

    expect(await screen.findByRole('dialog', { name: 'Suscripciones de Carla Gómez' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Plan Oro' })).toBeInTheDocument();
    expect(statusSelect('Plan Oro')).toHaveValue('ACTIVE');
    expect(card('Plan Oro').getByText('Activo', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(card('Plan Oro').getByText('1 de marzo de 2025 – 1 de marzo de 2026')).toBeInTheDocument();
    expect(card('Plan Oro').getByText('Abierto')).toBeInTheDocument();
    expect(card('Plan Oro').getByText('Alta: Activo')).toBeInTheDocument();
  });

  it('says when the customer has no subscriptions', async () => {
    const customer = buildCustomer();
    serveCustomer(customer);
    renderModal(customer);
    expect(await screen.findByText('Sin suscripciones')).toBeInTheDocument();
  });

  it('shows a failed load with the server’s message and loads again on Reintentar', async () => {
    const { customer } = seed();
    let refuse = true;
    server.use(http.get(apiUrl('v1/customers/:id'), () => (refuse ? fail(500, 'No se pudo obtener el detalle') : undefined)));
    const { user } = renderModal(customer);

    expect(await screen.findByText('No se pudo obtener el detalle')).toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Plan Oro' })).toBeInTheDocument();
  });

  it('offers only the statuses the rule allows from the current one', async () => {
    const { customer } = seed();
    entitlementsDb.add({ customer_id: customer.id, dsp_id: DSP_ID, plan_id: SILVER.id, plan: SILVER, status: 'CANCELLED' });
    renderModal(customer);

    await screen.findByRole('region', { name: 'Plan Oro' });
    const select = statusSelect('Plan Oro');
    const option = (name: string) => within(select).getByRole('option', { name });
    expect(option('Pendiente')).toBeDisabled();
    for (const name of ['Suspendido', 'Cancelado', 'Expirado']) expect(option(name)).toBeEnabled();
    expect(select).toHaveAccessibleDescription('Desde Activo puede pasar a Suspendido, Cancelado o Expirado.');

    expect(statusSelect('Plan Plata')).toBeDisabled();
    expect(statusSelect('Plan Plata')).toHaveAccessibleDescription('Una suscripción cancelada no puede cambiar de estado.');
    expect(card('Plan Plata').getByRole('button', { name: 'Cambiar estado' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the new status at once, sends the reason, and adds the history row when the server agrees', async () => {
    const { customer, gold } = seed();
    const held = gate();
    server.use(
      http.patch(apiUrl('v1/entitlements/:id/status'), async () => {
        await held.opened;
        return undefined;
      }),
    );
    const { user } = renderModal(customer);
    await screen.findByRole('region', { name: 'Plan Oro' });

    await user.selectOptions(statusSelect('Plan Oro'), 'Suspendido');
    await fillIn(user, card('Plan Oro').getByRole('textbox', { name: 'Motivo (opcional)' }), 'Falta de pago');
    await user.click(card('Plan Oro').getByRole('button', { name: 'Cambiar estado' }));

    // Before the server answers.
    const busy = await card('Plan Oro').findByRole('button', { name: 'Cambiando…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    expect(statusSelect('Plan Oro')).toHaveValue('SUSPENDED');
    expect(card('Plan Oro').getByText('Suspendido', { selector: '.mantine-Badge-label' })).toBeInTheDocument();

    held.open();
    expect(await card('Plan Oro').findByText('Activo → Suspendido')).toBeInTheDocument();
    expect(card('Plan Oro').getByText('Motivo: Falta de pago')).toBeInTheDocument();
    expect(card('Plan Oro').getByRole('button', { name: 'Cambiar estado' })).toHaveFocus();
    expect(card('Plan Oro').getByText(/^Ana Admin · /)).toBeInTheDocument();
    expect(card('Plan Oro').getByText('Cerrado')).toBeInTheDocument();
    expect(statusSelect('Plan Oro')).toHaveValue('SUSPENDED');
    expect(card('Plan Oro').getByRole('textbox', { name: 'Motivo (opcional)' })).toHaveValue('');
    expect(entitlementsDb.requests).toEqual([{ method: 'status', id: gold.id, body: { status: 'SUSPENDED', reason: 'Falta de pago' } }]);
    expect(await screen.findByText('Estado actualizado correctamente.')).toBeInTheDocument();
  });

  it('puts the previous status back in the select when the server refuses, shows why, and reloads the customer', async () => {
    const { customer, reads } = seed();
    const refusal = 'La suscripción tiene reservas en curso y no puede suspenderse.';
    server.use(http.patch(apiUrl('v1/entitlements/:id/status'), () => fail(422, refusal, { status: [refusal] })));
    const { user } = renderModal(customer);
    await screen.findByRole('region', { name: 'Plan Oro' });
    const readsBefore = reads.count;

    // The reload after the refusal is held, so what shows meanwhile is the rollback's doing alone.
    const reload = gate();
    let reloadAsked = false;
    server.use(
      http.get(apiUrl('v1/customers/:id'), async () => {
        reloadAsked = true;
        await reload.opened;
        return undefined;
      }),
    );

    await user.selectOptions(statusSelect('Plan Oro'), 'Suspendido');
    await user.click(card('Plan Oro').getByRole('button', { name: 'Cambiar estado' }));

    expect(await card('Plan Oro').findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(reloadAsked).toBe(true));
    expect(statusSelect('Plan Oro')).toHaveValue('ACTIVE');
    expect(card('Plan Oro').getByText('Activo', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(card('Plan Oro').queryByText('Activo → Suspendido')).not.toBeInTheDocument();

    reload.open();
    await waitFor(() => expect(reads.count).toBeGreaterThan(readsBefore));
    expect(statusSelect('Plan Oro')).toHaveValue('ACTIVE');
    expect(card('Plan Oro').getByRole('button', { name: 'Cambiar estado' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows what the server holds after refusing a change made on stale data', async () => {
    const { customer, gold } = seed();
    const { user } = renderModal(customer);
    await screen.findByRole('region', { name: 'Plan Oro' });
    // Someone else cancels it meanwhile.
    entitlementsDb.entitlements = entitlementsDb.entitlements.map((item) => (item.id === gold.id ? { ...item, status: 'CANCELLED' } : item));

    await user.selectOptions(statusSelect('Plan Oro'), 'Suspendido');
    await user.click(card('Plan Oro').getByRole('button', { name: 'Cambiar estado' }));

    expect(await card('Plan Oro').findByRole('alert')).toHaveTextContent('Una suscripción cancelada no puede cambiar de estado.');
    await waitFor(() => expect(statusSelect('Plan Oro')).toHaveValue('CANCELLED'));
    expect(statusSelect('Plan Oro')).toBeDisabled();
  });

  it('shows the status someone else gave it meanwhile, with the message, when its version is stale', async () => {
    const { customer, gold } = seed();
    const { user } = renderModal(customer);
    await screen.findByRole('region', { name: 'Plan Oro' });
    // Someone else suspends it meanwhile: its version moves on.
    entitlementsDb.entitlements = entitlementsDb.entitlements.map((item) => (item.id === gold.id ? { ...item, status: 'SUSPENDED', version: item.version + 1 } : item));

    await user.selectOptions(statusSelect('Plan Oro'), 'Cancelado');
    await user.click(card('Plan Oro').getByRole('button', { name: 'Cambiar estado' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancelar la suscripción' })).getByRole('button', { name: 'Sí, cancelar' }));

    expect(await card('Plan Oro').findByRole('alert')).toHaveTextContent('Otra persona cambió este registro mientras lo editabas.');
    await waitFor(() => expect(statusSelect('Plan Oro')).toHaveValue('SUSPENDED'));
    expect(screen.queryByRole('dialog', { name: 'Este registro cambió' })).not.toBeInTheDocument();
    expect(entitlementsDb.entitlements.find((item) => item.id === gold.id)?.status).toBe('SUSPENDED');
  });

  it.each([
    ['Cancelado', 'CANCELLED', 'Cancelar la suscripción', '¿Cancelar la suscripción de Carla Gómez al Plan Oro? No se podrá reactivar.', 'Sí, cancelar'],
    [
      'Expirado',
      'EXPIRED',
      'Dar por expirada la suscripción',
      '¿Dar por expirada la suscripción de Carla Gómez al Plan Oro? No se podrá reactivar: solo renovar, con un periodo nuevo.',
      'Sí, dar por expirada',
    ],
  ])('asks before %s, naming the customer and the plan, with Volver focused', async (label, status, title, question, yes) => {
    const { customer, gold } = seed();
    const { user } = renderModal(customer);
    await screen.findByRole('region', { name: 'Plan Oro' });

    await user.selectOptions(statusSelect('Plan Oro'), label);
    await user.click(card('Plan Oro').getByRole('button', { name: 'Cambiar estado' }));
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByText(question)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Volver' })).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: yes })).not.toHaveFocus();

    // Enter on what has the focus is Volver: nothing is sent, the pick stays on the select.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument());
    expect(entitlementsDb.requests).toEqual([]);
    expect(statusSelect('Plan Oro')).toHaveValue(status);
    expect(card('Plan Oro').getByText('Activo', { selector: '.mantine-Badge-label' })).toBeInTheDocument();

    await user.click(card('Plan Oro').getByRole('button', { name: 'Cambiar estado' }));
    await user.click(within(await screen.findByRole('dialog', { name: title })).getByRole('button', { name: yes }));
    await waitFor(() => expect(entitlementsDb.requests).toEqual([{ method: 'status', id: gold.id, body: { status } }]));
    expect(await screen.findByText('Estado actualizado correctamente.')).toBeInTheDocument();
  });

  it('sends a status that is not final without asking', async () => {
    const { customer } = seed();
    const { user } = renderModal(customer);
    await screen.findByRole('region', { name: 'Plan Oro' });

    await user.selectOptions(statusSelect('Plan Oro'), 'Suspendido');
    await user.click(card('Plan Oro').getByRole('button', { name: 'Cambiar estado' }));
    await waitFor(() => expect(entitlementsDb.requests).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Volver' })).not.toBeInTheDocument();
  });

  it('turns Agregar suscripción off, saying why, when the customer holds every plan', async () => {
    const { customer } = seed();
    entitlementsDb.add({ customer_id: customer.id, dsp_id: DSP_ID, plan_id: SILVER.id, plan: SILVER });
    const { user } = renderModal(customer, { plans: [GOLD, SILVER] });
    await screen.findByRole('region', { name: 'Plan Plata' });

    const add = screen.getByRole('button', { name: 'Agregar suscripción' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('El cliente ya tiene todos los planes de esta DSP.');
    expect(screen.getByText('El cliente ya tiene todos los planes de esta DSP.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Plan' })).toBeDisabled();
    await user.click(add);
    expect(screen.queryByText('Debes indicar un Plan ID.')).not.toBeInTheDocument();
    expect(entitlementsDb.requests).toEqual([]);
  });

  it('offers Agregar suscripción again once a plan is free', async () => {
    const { customer } = seed();
    renderModal(customer, { plans: [GOLD, SILVER] });
    await screen.findByRole('region', { name: 'Plan Oro' });
    const add = screen.getByRole('button', { name: 'Agregar suscripción' });
    expect(add).toBeEnabled();
    expect(add).not.toHaveAccessibleDescription();
  });

  it('asks for a plan before subscribing, and sends nothing', async () => {
    const { customer } = seed();
    const { user } = renderModal(customer, { plans: [GOLD, SILVER] });
    await screen.findByRole('region', { name: 'Plan Oro' });

    await user.click(screen.getByRole('button', { name: 'Agregar suscripción' }));
    expect(await screen.findByText('Debes indicar un Plan ID.')).toBeInTheDocument();
    expect(entitlementsDb.requests).toEqual([]);
  });

  it('subscribes the customer to a plan they do not hold and shows the new subscription', async () => {
    const { customer } = seed();
    const { user } = renderModal(customer, { plans: [GOLD, SILVER] });
    await screen.findByRole('region', { name: 'Plan Oro' });
    const plan = screen.getByRole('combobox', { name: 'Plan' });
    expect(within(plan).queryByRole('option', { name: 'Plan Oro' })).not.toBeInTheDocument();

    await user.selectOptions(plan, 'Plan Plata');
    await user.click(screen.getByRole('button', { name: 'Agregar suscripción' }));

    expect(await screen.findByRole('region', { name: 'Plan Plata' })).toBeInTheDocument();
    expect(statusSelect('Plan Plata')).toHaveValue('ACTIVE');
    expect(entitlementsDb.requests).toEqual([{ method: 'create', id: null, body: { dsp_id: String(DSP_ID), customer_id: String(customer.id), plan_id: String(SILVER.id) } }]);
    expect(await screen.findByText('Suscripción creada correctamente.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Plan' })).queryByRole('option', { name: 'Plan Plata' })).not.toBeInTheDocument());
  });

  it('shows the server’s refusal under the plan when the customer already holds it', async () => {
    const { customer } = seed();
    const { user } = renderModal(customer, { plans: [GOLD, SILVER] });
    await screen.findByRole('region', { name: 'Plan Oro' });
    // Another person subscribed the customer to it meanwhile.
    entitlementsDb.add({ customer_id: customer.id, dsp_id: DSP_ID, plan_id: SILVER.id, plan: SILVER });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'Plan Plata');
    await user.click(screen.getByRole('button', { name: 'Agregar suscripción' }));

    expect(await screen.findByText('El cliente ya tiene una suscripción de este plan.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Plan' })).toHaveAccessibleDescription(/El cliente ya tiene una suscripción de este plan\./);
  });

  it('shows what the server says about the customer above the plan', async () => {
    const { customer } = seed();
    const { user } = renderModal(customer, { plans: [GOLD, SILVER] });
    await screen.findByRole('region', { name: 'Plan Oro' });
    // The customer moved to another DSP meanwhile.
    entitlementsDb.customers.set(customer.id, DSP_ID + 1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'Plan Plata');
    await user.click(screen.getByRole('button', { name: 'Agregar suscripción' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('El cliente no es de esta DSP.');
    expect(screen.queryByRole('region', { name: 'Plan Plata' })).not.toBeInTheDocument();
  });

  it('asks before closing with a status picked and not sent', async () => {
    const { customer } = seed();
    const { user, onClose } = renderModal(customer);
    await screen.findByRole('region', { name: 'Plan Oro' });

    await user.selectOptions(statusSelect('Plan Oro'), 'Expirado');
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(await screen.findByText('Tienes cambios sin guardar. ¿Descartarlos?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Seguir editando' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(statusSelect('Plan Oro')).toHaveValue('EXPIRED');

    await user.click(screen.getAllByRole('button', { name: 'Cerrar' })[0]!);
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('the entitlements mock', () => {
  it('changes a status sent as a form POST with _method=PATCH, and refuses a POST naming no method', async () => {
    const { gold } = seed();
    const url = apiUrl(`v1/entitlements/${gold.id}/status`);
    const refused = await fetch(url, { method: 'POST', body: new URLSearchParams({ status: 'SUSPENDED' }) });
    expect(refused.status).toBe(400);

    const changed = await fetch(url, { method: 'POST', body: new URLSearchParams({ _method: 'PATCH', status: 'SUSPENDED', reason: 'Viaje' }) });
    expect(changed.status).toBe(200);
    expect(entitlementsDb.entitlements[0]).toMatchObject({ status: 'SUSPENDED', status_histories: [{ old_status: 'ACTIVE', new_status: 'SUSPENDED', reason: 'Viaje' }, {}] });

    const again = await fetch(url, { method: 'PATCH', body: new URLSearchParams({ status: 'EXPIRED' }) });
    expect(again.status).toBe(422);
    expect(((await again.json()) as { message: string }).message).toBe('Una suscripción en estado Suspendido no puede pasar a Expirado; solo a Activo o Cancelado.');
  });
});
