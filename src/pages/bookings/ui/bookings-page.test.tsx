import { BOOKING_CONSUMED_LOCKED } from '@contract/booking.constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatBookingDate } from '@/entities/booking';
import type { SessionUser } from '@/shared/auth';
import { apiUrl, fail, ok } from '../../../../tests/msw/envelope';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { bookingsDb } from '../../../../tests/msw/handlers/bookings';
import { server } from '../../../../tests/msw/server';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

/** Staff who handle bookings all day: they read them and change their status. */
const operator: SessionUser = { ...signedInUser, permissions: ['operations.view', 'bookings.change-status'] };
/** Staff who only look. */
const viewer: SessionUser = { ...signedInUser, permissions: ['operations.view'] };

/** Every request to `path` the page made, as URLs. */
const recordRequests = (path: string | RegExp) => {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)) urls.push(url);
  });
  return urls;
};

const openBookings = async (path = '/agendamientos', as: SessionUser = operator) => {
  startSession(as);
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Agendamientos' });
  return view;
};

const rows = () => screen.getAllByRole('row').slice(1);
const rowOf = (code: string) => screen.getByRole('cell', { name: code }).closest('tr')!;

describe('/agendamientos', () => {
  it('picks the first DSP by itself, replacing the address, and shows its bookings with the counters', async () => {
    bookingsDb.addDsp({ name: 'Andes Reservas' });
    bookingsDb.addDsp({ name: 'Caribe Reservas' });
    bookingsDb.add({ scheduled_at: new Date().toISOString() });
    const old = bookingsDb.add({ scheduled_at: '2026-01-10T15:00:00.000Z' });
    bookingsDb.add({ dsp_id: 2 });
    const before = window.history.length;
    await openBookings();

    await waitFor(() => expect(currentLocation()).toBe('/agendamientos?dsp=1'));
    expect(window.history.length).toBe(before);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'DSP' })).toHaveValue('Andes Reservas'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Cód', 'Cliente', 'Plan', 'Fecha y Hora', 'Estado', 'Acciones']);
    expect(within(rowOf(old.code_ref)).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      old.code_ref,
      'Cliente 2300000002',
      'Plan HogarID 1',
      expect.stringMatching(/^10 ene 2026, \d\d:\d\d$/),
      'Pendiente',
      'Ver detalleCambiar estado',
    ]);
    expect(await screen.findByTestId('bookings-total')).toHaveTextContent('2');
    expect(screen.getByTestId('bookings-today')).toHaveTextContent('1');
    expect(await screen.findByText('En vivo')).toBeInTheDocument();
  });

  it('keeps the heading it painted while the DSPs were on their way (a phone’s largest paint, and maybe the focus)', async () => {
    bookingsDb.addDsp({ name: 'Andes Reservas' });
    bookingsDb.add({});
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(apiUrl('v1/booking-dsps'), async () => {
        await answered;
        return ok(bookingsDb.dsps);
      }),
    );
    await openBookings();
    const heading = screen.getByRole('heading', { level: 1, name: 'Agendamientos' });
    answer();

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(heading).toBeInTheDocument();
  });

  it('asks for the first DSP’s bookings once, as soon as the DSPs answer, before the page has drawn and named it in the address', async () => {
    bookingsDb.addDsp({ name: 'Andes Reservas' });
    bookingsDb.add({});
    const askedAt: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/v1/dsps/1/bookings') askedAt.push(currentLocation());
    });
    await openBookings();

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(currentLocation()).toBe('/agendamientos?dsp=1');
    expect(askedAt).toEqual(['/agendamientos']);
  });

  it('restores the DSP, search, day and page of a link, and opens the booking it names', async () => {
    bookingsDb.addDsp({ name: 'Andes Reservas' });
    bookingsDb.addDsp({ name: 'Caribe Reservas' });
    for (let index = 0; index < 13; index += 1) bookingsDb.add({ dsp_id: 2, scheduled_at: '2026-11-22T17:00:00.000Z' });
    const named = bookingsDb.add({
      dsp_id: 2,
      notes: 'Portón azul',
      meta: { country: 'Colombia', city: 'Medellín', phone: null, address: null, latitude: 6.2442, longitude: -75.5812 },
      evidence_file_url: 'http://localhost:3000/storage/evidencia.png',
    });
    const lists = recordRequests('/api/v1/dsps/2/bookings');
    const { user } = await openBookings(`/agendamientos?dsp=2&q=cliente&date=2026-11-22&page=2&booking=${named.id}`);

    const dialog = await screen.findByRole('dialog', { name: 'Detalle de Reservación' });
    expect(await within(dialog).findByText('Portón azul')).toBeInTheDocument();
    expect(within(dialog).getByText('Medellín')).toBeInTheDocument();
    expect(within(dialog).getByText('cliente14@correo.test')).toBeInTheDocument();
    const map = within(dialog).getByRole('link', { name: 'Ver en el mapa' });
    expect(map).toHaveAttribute('href', 'https://www.openstreetmap.org/?mlat=6.2442&mlon=-75.5812#map=17/6.2442/-75.5812');
    expect(map).toHaveAttribute('target', '_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
    expect(within(dialog).getByRole('link', { name: 'Ver evidencia' })).toHaveAttribute('href', 'http://localhost:3000/storage/evidencia.png');
    expect(within(dialog).getByText('Sin archivo')).toBeInTheDocument();
    expect(within(dialog).getByText('Creada como Pendiente')).toBeInTheDocument();
    // Related records by their names, the id after them.
    const fact = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(fact('DSP')).toHaveTextContent('Caribe Reservas · ID 2');
    expect(fact('Cliente')).toHaveTextContent(`Cliente ${named.id} · ID ${named.customer_id}`);
    expect(fact('Suscripción')).toHaveTextContent(`Plan Hogar · ID ${named.entitlement_id}`);
    expect(fact('Servicio')).toHaveTextContent('Cerrajería · ID 1');

    const last = lists.at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toMatchObject({
      'filter[q]': 'cliente',
      'filter[scheduled_at]': '2026-11-22',
      include: 'customer,plan',
      sort: '-scheduled_at',
      page: '2',
      limit: '12',
    });
    // The picker is there from the first paint; it names the DSP once the DSPs have answered.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'DSP' })).toHaveValue('Caribe Reservas'));
    expect(screen.getByRole('searchbox', { name: 'Buscar agendamientos' })).toHaveValue('cliente');
    expect(screen.getByRole('button', { name: 'Fecha' })).toHaveTextContent('22/11/2026');

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(currentLocation()).toBe('/agendamientos?dsp=2&q=cliente&date=2026-11-22&page=2'));
    expect(await screen.findByText('Página 2 de 2 • 13 en total')).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
  });

  it('opens a booking’s detail as a history entry, so Back closes it', async () => {
    bookingsDb.addDsp();
    const only = bookingsDb.add();
    const { user } = await openBookings('/agendamientos?dsp=1');
    await user.click(await screen.findByRole('button', { name: `Ver detalle de ${only.code_ref}` }));
    await waitFor(() => expect(currentLocation()).toBe(`/agendamientos?dsp=1&booking=${only.id}`));
    expect(await screen.findByRole('dialog', { name: 'Detalle de Reservación' })).toBeInTheDocument();
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Detalle de Reservación' })).not.toBeInTheDocument());
    expect(currentLocation()).toBe('/agendamientos?dsp=1');
  });

  it('pages 12 at a time and steps back from a page past the end', async () => {
    bookingsDb.addDsp();
    for (let index = 0; index < 13; index += 1) bookingsDb.add();
    const { user } = await openBookings('/agendamientos?dsp=1&page=5');
    await waitFor(() => expect(currentLocation()).toBe('/agendamientos?dsp=1&page=2'));
    expect(await screen.findByText('Página 2 de 2 • 13 en total')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    await waitFor(() => expect(currentLocation()).toBe('/agendamientos?dsp=1'));
    await waitFor(() => expect(rows()).toHaveLength(12));
  });

  it('shows the server’s message with a retry when the bookings cannot be read', async () => {
    bookingsDb.addDsp();
    server.use(http.get(apiUrl('v1/dsps/:dspId/bookings'), () => fail(400, 'Filtros no permitidos: color.')));
    await openBookings('/agendamientos?dsp=1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Filtros no permitidos: color.');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('exports the CSV of the DSP with the same search and day', async () => {
    bookingsDb.addDsp();
    bookingsDb.add();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = await openBookings('/agendamientos?dsp=1&q=ana&date=2026-11-22&page=2');
    // There from the first paint, it can export once the DSPs have answered.
    const exportButton = await screen.findByRole('button', { name: 'Exportar CSV' });
    await waitFor(() => expect(exportButton).toBeEnabled());
    await user.click(exportButton);
    await waitFor(() => expect(saved).toHaveBeenCalledOnce());
    expect(Object.fromEntries(bookingsDb.exports[0]!)).toMatchObject({ 'filter[q]': 'ana', 'filter[scheduled_at]': '2026-11-22' });
    expect(bookingsDb.exports[0]!.has('page')).toBe(false);
  });

  it('says when a DSP has no bookings yet', async () => {
    bookingsDb.addDsp();
    await openBookings('/agendamientos?dsp=1');
    expect(await screen.findByRole('heading', { name: 'No hay agendamientos' })).toBeInTheDocument();
    expect(screen.getByText('Esta DSP todavía no tiene agendamientos.')).toBeInTheDocument();
  });

  it('says when the search and day match no booking, and clears them on request', async () => {
    bookingsDb.addDsp();
    bookingsDb.add();
    const { user } = await openBookings('/agendamientos?dsp=1&q=nadie&date=2026-01-01');
    expect(await screen.findByRole('heading', { name: 'No hay agendamientos' })).toBeInTheDocument();
    expect(screen.getByText('Ningún agendamiento coincide con la búsqueda o la fecha elegidas.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(currentLocation()).toBe('/agendamientos?dsp=1'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('searchbox', { name: 'Buscar agendamientos' })).toHaveValue('');
  });

  it('says when no DSP with bookings is assigned to the person', async () => {
    await openBookings();
    expect(await screen.findByRole('heading', { name: 'No hay DSPs con agendamientos' })).toBeInTheDocument();
  });

  it('shows the fallback in a red alert when the DSPs cannot be read', async () => {
    // A refusal without words of its own (a 4xx is not retried).
    server.use(http.get(apiUrl('v1/booking-dsps'), () => fail(403, '')));
    await openBookings();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar la lista de DSP');
  });

  it('offers only the statuses the server accepts, and saves one: the dialog closes and the row shows it', async () => {
    bookingsDb.addDsp();
    const pending = bookingsDb.add();
    const { user } = await openBookings('/agendamientos?dsp=1');
    await user.click(await screen.findByRole('button', { name: `Cambiar estado de ${pending.code_ref}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar estado' });
    const select = within(dialog).getByRole('combobox', { name: 'Estado' });
    const offered = within(select)
      .getAllByRole('option')
      .filter((option) => !(option as HTMLOptionElement).disabled)
      .map((option) => option.textContent);
    expect(offered).toEqual(['Confirmado', 'Cancelado']);

    await user.selectOptions(select, 'CONFIRMED');
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Cliente confirmó por teléfono');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Estado actualizado correctamente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cambiar estado' })).not.toBeInTheDocument());
    await waitFor(() => expect(within(rowOf(pending.code_ref)).getByText('Confirmado')).toBeInTheDocument());
    expect(bookingsDb.bookings[0]!.status_histories![0]).toMatchObject({ old_status: 'PENDING', new_status: 'CONFIRMED', reason: 'Cliente confirmó por teléfono' });
  });

  it.each([
    ['PENDING', 'CANCELLED', 'Cancelar la reservación', 'Sí, cancelar', 'Cancelar la reservación', 'No se podrá deshacer: solo reabrirla como Pendiente.', 'Cancelado'],
    ['CONFIRMED', 'CONSUMED', 'Completar la reservación', 'Sí, completar', 'Marcar como completada la reservación', 'No se podrá deshacer: el servicio queda como prestado.', 'Completado'],
  ] as const)('asks before a %s booking becomes %s, naming it, with Volver focused', async (from, to, title, yes, verb, undone, label) => {
    bookingsDb.addDsp();
    const booking = bookingsDb.add({ status: from });
    const { user } = await openBookings('/agendamientos?dsp=1');
    await user.click(await screen.findByRole('button', { name: `Cambiar estado de ${booking.code_ref}` }));
    const form = await screen.findByRole('dialog', { name: 'Cambiar estado' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Estado' }), to);
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));

    const question = await screen.findByRole('dialog', { name: title });
    const when = formatBookingDate(booking.scheduled_at);
    expect(question).toHaveTextContent(`¿${verb} ${booking.code_ref} de Cliente 1 (Plan Hogar, ${when})? ${undone}`);
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Volver' })).toHaveFocus());
    expect(within(question).getByRole('button', { name: yes })).not.toHaveFocus();

    // Enter on what has the focus is Volver: the booking keeps its status, the choice stays in the form.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument());
    expect(bookingsDb.bookings[0]!.status).toBe(from);
    expect(within(form).getByRole('combobox', { name: 'Estado' })).toHaveValue(to);

    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await user.click(within(await screen.findByRole('dialog', { name: title })).getByRole('button', { name: yes }));
    expect(await screen.findByText('Estado actualizado correctamente.')).toBeInTheDocument();
    expect(bookingsDb.bookings[0]!.status).toBe(to);
    await waitFor(() => expect(within(rowOf(booking.code_ref)).getByText(label)).toBeInTheDocument());
  });

  it('keeps the dialog and what was chosen when the server refuses, showing its reason', async () => {
    bookingsDb.addDsp();
    const pending = bookingsDb.add();
    const { user } = await openBookings('/agendamientos?dsp=1');
    await user.click(await screen.findByRole('button', { name: `Cambiar estado de ${pending.code_ref}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar estado' });
    // Someone else cancelled it meanwhile.
    bookingsDb.bookings[0] = { ...bookingsDb.bookings[0]!, status: 'CANCELLED' };
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Estado' }), 'CONFIRMED');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Una reservación en estado Cancelado no puede pasar a Confirmado; solo a Pendiente.');
    expect(within(dialog).getByRole('combobox', { name: 'Estado' })).toHaveValue('CONFIRMED');
    // Behind the dialog, the list already shows what happened meanwhile.
    await waitFor(() => expect(screen.getByText(pending.code_ref).closest('tr')).toHaveTextContent('Cancelado'));

    // Closing with a choice made asks first.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Tienes cambios sin guardar. ¿Descartarlos?')).toBeInTheDocument();
  });

  it('refuses a change made on a booking someone else changed meanwhile, showing its status now and the message', async () => {
    bookingsDb.addDsp();
    const pending = bookingsDb.add();
    const { user } = await openBookings('/agendamientos?dsp=1');
    await user.click(await screen.findByRole('button', { name: `Cambiar estado de ${pending.code_ref}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar estado' });
    // Someone else confirmed it meanwhile: its version moved on.
    bookingsDb.bookings[0] = { ...bookingsDb.bookings[0]!, status: 'CONFIRMED', version: pending.version + 1 };
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Estado' }), 'CANCELLED');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancelar la reservación' })).getByRole('button', { name: 'Sí, cancelar' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Otra persona cambió este registro mientras lo editabas.');
    expect(bookingsDb.bookings[0]!.status).toBe('CONFIRMED');
    await waitFor(() => expect(within(dialog).getByText(/Estado actual/).parentElement).toHaveTextContent('Confirmado'));
    await waitFor(() => expect(rowOf(pending.code_ref)).toHaveTextContent('Confirmado'));

    // Cancelling is still possible from Confirmado: the choice stays, and now it is made knowing.
    expect(within(dialog).getByRole('combobox', { name: 'Estado' })).toHaveValue('CANCELLED');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancelar la reservación' })).getByRole('button', { name: 'Sí, cancelar' }));
    expect(await screen.findByText('Estado actualizado correctamente.')).toBeInTheDocument();
    expect(bookingsDb.bookings[0]!.status).toBe('CANCELLED');
  });

  it('locks the status of a consumed booking, saying why, and offers no change to who may only look', async () => {
    bookingsDb.addDsp();
    const consumed = bookingsDb.add({ status: 'CONSUMED', consumed_at: '2026-11-20T16:00:00.000Z' });
    const view = await openBookings('/agendamientos?dsp=1');
    const locked = await within(await waitFor(() => rowOf(consumed.code_ref))).findByRole('button', { name: 'Cambiar estado' });
    expect(locked).toHaveAttribute('aria-disabled', 'true');
    expect(locked).toHaveAccessibleDescription(BOOKING_CONSUMED_LOCKED);
    await view.user.click(locked);
    expect(screen.queryByRole('dialog', { name: 'Cambiar estado' })).not.toBeInTheDocument();
    view.unmount();

    await openBookings('/agendamientos?dsp=1', viewer);
    await screen.findByRole('button', { name: `Ver detalle de ${consumed.code_ref}` });
    expect(screen.queryByRole('button', { name: /Cambiar estado/ })).not.toBeInTheDocument();
  });

  it('opens the chart per day into the URL, with its figures as a table for screen readers', async () => {
    bookingsDb.addDsp();
    bookingsDb.add({ scheduled_at: new Date().toISOString(), status: 'CONFIRMED' });
    const { user } = await openBookings('/agendamientos?dsp=1');
    await user.click(await screen.findByRole('button', { name: 'Ver gráfico' }));
    await waitFor(() => expect(currentLocation()).toBe('/agendamientos?dsp=1&chart=1'));
    expect(await screen.findByRole('heading', { name: 'Agendamientos por día' })).toBeInTheDocument();
    const figures = await screen.findByRole('table', { name: 'Agendamientos por día y estado' });
    expect(within(figures).getAllByRole('row')).toHaveLength(31);
    await user.click(screen.getByRole('button', { name: 'Ocultar gráfico' }));
    await waitFor(() => expect(currentLocation()).toBe('/agendamientos?dsp=1'));
  });
});
