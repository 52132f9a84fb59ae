import { CUSTOMER_DEFAULT_SORT } from '@contract/customer.constants';
import { PERMISSION_NAMES } from '@contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/shared/auth';
import { apiUrl } from '../../../../tests/msw/envelope';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { customersDb } from '../../../../tests/msw/handlers/customers';
import { server } from '../../../../tests/msw/server';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

const superAdmin: SessionUser = { ...signedInUser, permissions: [...PERMISSION_NAMES] };
/** Staff assigned to DSPs: they see those DSPs' customers but may not configure DSPs. */
const operator: SessionUser = { ...signedInUser, roles: ['OPERATOR'], permissions: ['bookings.manage'] };

const PLANS = [
  { id: 31, name: 'Plan Hogar', price: 49900 },
  { id: 32, name: 'Plan Auto', price: 69900 },
];

const openCustomers = async (path = '/customers/7', person: SessionUser = superAdmin) => {
  startSession(person);
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Clientes' });
  return view;
};

const card = (name: string) => screen.getByRole('article', { name });

/** Every customer list request of the grid. */
const recordListRequests = () => {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && /^\/api\/v1\/dsps\/\d+\/customers$/.test(url.pathname)) urls.push(url);
  });
  return urls;
};

describe('Customers page: the grid', () => {
  it('names the DSP and shows each customer with contact details, DNI, city, plans and actions', async () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    customersDb.add(
      { dsp_id: 7, name: 'Laura Ríos', dni: '52123456', email: 'laura@correo.test', phone: '+57 300 555 0101', meta: { address: 'Calle 10', city: 'Bogotá' } },
      [31, 32],
    );
    await openCustomers();
    const trail = await screen.findByRole('navigation', { name: 'Ruta de navegación' });
    await waitFor(() => expect(within(trail).getByRole('link', { name: 'Andes Ventas' })).toHaveAttribute('href', '/dsp-config?config=7'));
    expect(within(trail).getByRole('link', { name: 'DSP' })).toHaveAttribute('href', '/dsp-config');
    // The header names the DSP too.
    expect(screen.getAllByText('Andes Ventas').filter((element) => !trail.contains(element))).toHaveLength(1);
    const laura = await screen.findByRole('article', { name: 'Laura Ríos' });
    for (const text of ['52123456', 'laura@correo.test', '+57 300 555 0101', 'Bogotá']) expect(within(laura).getByText(text)).toBeInTheDocument();
    expect(within(within(laura).getByRole('list', { name: 'Planes' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Plan Hogar',
      'Plan Auto',
    ]);
    for (const action of ['Subscripciones', 'Editar', 'Eliminar', 'Historial de Laura Ríos']) {
      expect(within(laura).getByRole('button', { name: action })).toBeInTheDocument();
    }
    expect(screen.getByText('1 cliente')).toBeInTheDocument();
  });

  it('shows skeletons while loading, then the empty state that offers the first customer', async () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(apiUrl('v1/dsps/:dspId/customers'), async () => {
        await released;
        return undefined;
      }),
    );
    await openCustomers();
    expect(await screen.findByLabelText('Cargando clientes')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Esta DSP todavía no tiene clientes. Comienza creando el primero.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Nuevo Cliente' })).toHaveLength(2);
  });

  it('says when a search finds nobody', async () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    customersDb.add({ dsp_id: 7, name: 'Laura Ríos' });
    await openCustomers('/customers/7?q=zzz');
    expect(await screen.findByText('No se encontraron clientes con ese nombre, DNI, email o teléfono.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar clientes' })).toHaveValue('zzz');
  });

  it('shows why the list could not be loaded, with a retry that loads it', async () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    customersDb.add({ dsp_id: 7, name: 'Laura Ríos' });
    let failing = true;
    server.use(http.get(apiUrl('v1/dsps/:dspId/customers'), () => (failing ? new Response('boom', { status: 500 }) : undefined)));
    const { user } = await openCustomers();
    expect(await screen.findByText('No se pudieron cargar los clientes')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Laura Ríos' })).toBeInTheDocument();
  });

  it('Actualizar asks the server again and shows who was added meanwhile', async () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    const { user } = await openCustomers();
    await screen.findByText('Esta DSP todavía no tiene clientes. Comienza creando el primero.');
    customersDb.add({ dsp_id: 7, name: 'Pedro Gil' });
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByRole('article', { name: 'Pedro Gil' })).toBeInTheDocument();
  });
});

describe('Customers page: export', () => {
  it('downloads every customer the search selects as CSV, under the server’s file name', async () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(apiUrl('v1/dsps/:dspId/customers/export'), ({ request, params }) => {
        expect(params.dspId).toBe('7');
        asked.push(new URL(request.url).searchParams);
        return new Response('\uFEFFDNI,Nombre\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="clientes-andes.csv"' } });
      }),
    );
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = await openCustomers('/customers/7?q=gil');
    await user.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalledOnce());
    expect((saved.mock.contexts[0] as HTMLAnchorElement).download).toBe('clientes-andes.csv');
    // The list's search and its order, not its page.
    expect(Object.fromEntries(asked[0]!)).toEqual({ 'filter[q]': 'gil', sort: CUSTOMER_DEFAULT_SORT });
    saved.mockRestore();
  });
});

describe('Customers page: the DSP of the route', () => {
  it('says so when the route carries no valid DSP, asking the server nothing', async () => {
    const requests = recordListRequests();
    await openCustomers('/customers/abc');
    expect(screen.getByRole('alert')).toHaveTextContent('No se encontró el DSP en la ruta. Asegúrate de navegar desde una DSP.');
    expect(screen.getByRole('link', { name: 'Volver a DSP' })).toHaveAttribute('href', '/dsp-config');
    expect(requests).toHaveLength(0);
  });

  it('shows the server’s 404 for a DSP the person may not see, with a way home', async () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    await openCustomers('/customers/8', operator);
    expect(await screen.findByText('La DSP no existe.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Nuevo Cliente' })).not.toBeInTheDocument();
  });

  it('names the DSP for staff who cannot read the DSP itself, without calling the DSP endpoints', async () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    customersDb.add({ dsp_id: 7, name: 'Laura Ríos' }, [31]);
    const dspCalls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (/^\/api\/v1\/dsps(\/\d+)?$/.test(path)) dspCalls.push(path);
    });
    await openCustomers('/customers/7', operator);
    expect(await screen.findByText('Andes Ventas')).toBeInTheDocument();
    // No trail through the DSP screen, which they may not open.
    expect(screen.queryByRole('navigation', { name: 'Ruta de navegación' })).not.toBeInTheDocument();
    expect(within(await screen.findByRole('article', { name: 'Laura Ríos' })).getByText('Plan Hogar')).toBeInTheDocument();
    expect(dspCalls).toEqual([]);
  });
});

describe('Customers page: search and page live in the URL', () => {
  it('reopens the same view from a deep link, asking q, 12 a page, newest first, with the plans of the subscriptions', async () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    for (let index = 0; index < 15; index++) customersDb.add({ dsp_id: 7, name: `María ${String(index).padStart(2, '0')}` });
    const requests = recordListRequests();
    await openCustomers('/customers/7?q=mar&page=2');
    expect(await screen.findByText('Página 2 de 2 • 15 en total')).toBeInTheDocument();
    expect(Object.fromEntries(requests.at(-1)!.searchParams)).toEqual({
      'filter[q]': 'mar',
      sort: '-created_at',
      include: 'entitlements,entitlements.plan',
      limit: '12',
      page: '2',
    });
    expect(screen.getByRole('searchbox', { name: 'Buscar clientes' })).toHaveValue('mar');
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('puts the page and the debounced search (name, DNI, e-mail or phone) in the address', async () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    for (let index = 0; index < 14; index++) customersDb.add({ dsp_id: 7, name: `Cliente ${index}`, dni: `DNI-${index}` });
    const { user } = await openCustomers();
    await screen.findByText('Página 1 de 2 • 14 en total');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(currentLocation()).toBe('/customers/7?page=2'));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar clientes' }), 'dni-13');
    await waitFor(() => expect(currentLocation()).toBe('/customers/7?q=dni-13'));
    await waitFor(() => expect(screen.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual(['Cliente 13']));
  });
});

describe('Customers page: actions', () => {
  it('says why a customer cannot go, and deletes another once confirmar is typed', async () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    customersDb.add({ dsp_id: 7, name: 'Laura Ríos' });
    customersDb.add({ dsp_id: 7, name: 'Pedro Gil' });
    customersDb.deletionRefusal = 'No se puede eliminar: tiene 2 agendamientos';
    const { user } = await openCustomers();

    await user.click(within(await screen.findByRole('article', { name: 'Laura Ríos' })).getByRole('button', { name: 'Eliminar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminar cliente' });
    expect(await within(dialog).findByText('No se puede eliminar: tiene 2 agendamientos')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    customersDb.deletionRefusal = null;
    await user.click(within(card('Pedro Gil')).getByRole('button', { name: 'Eliminar' }));
    dialog = await screen.findByRole('dialog', { name: 'Eliminar cliente' });
    expect(within(dialog).getByText(/¿Eliminar este cliente\? Se eliminarán .* y sus suscripciones\. Se podrá restaurar desde el historial\./)).toBeInTheDocument();
    await user.type(await within(dialog).findByLabelText(/Escribe/), 'confirmar');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Pedro Gil' })).not.toBeInTheDocument());
    expect(customersDb.customers.map((item) => item.name)).toEqual(['Laura Ríos']);
  });

  it('steps back a page after deleting the last customer of a page', async () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    for (let index = 0; index < 13; index++) customersDb.add({ dsp_id: 7, name: `Cliente ${String(index).padStart(2, '0')}` });
    const { user } = await openCustomers('/customers/7?page=2');
    // Newest first: the first one added is alone on page 2.
    await user.click(within(await screen.findByRole('article', { name: 'Cliente 00' })).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar cliente' });
    await user.type(await within(dialog).findByLabelText(/Escribe/), 'confirmar');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(currentLocation()).toBe('/customers/7'));
    expect(await screen.findByRole('article', { name: 'Cliente 12' })).toBeInTheDocument();
  });

  it('opens the form with the customer’s values for Editar, and the subscriptions for Subscripciones', async () => {
    customersDb.addDsp(7, 'Andes Ventas', PLANS);
    customersDb.add({ dsp_id: 7, name: 'Laura Ríos', dni: '52123456' }, [31]);
    const { user } = await openCustomers();
    await user.click(within(await screen.findByRole('article', { name: 'Laura Ríos' })).getByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('dialog', { name: 'Editar Cliente' });
    expect(within(form).getByLabelText(/DNI/)).toHaveValue('52123456');
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(card('Laura Ríos')).getByRole('button', { name: 'Subscripciones' }));
    // The page hands the modal the customer, whose subscriptions it loads.
    const subscriptions = await screen.findByRole('dialog', { name: 'Suscripciones de Laura Ríos' });
    expect(await within(subscriptions).findByRole('region', { name: 'Plan Hogar' })).toBeInTheDocument();
  });
});
