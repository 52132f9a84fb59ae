import { BOOKING_PAGE_SIZE } from '@contract/booking.constants';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/shared/auth';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { bookingsDb } from '../../../../tests/msw/handlers/bookings';
import { bulkDb } from '../../../../tests/msw/handlers/bulk';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

const operator: SessionUser = { ...signedInUser, permissions: ['operations.view', 'bookings.change-status'] };

/** A DSP with more bookings than one page holds, one of them already consumed. */
const seed = () => {
  bookingsDb.addDsp({ name: 'Andes Reservas' });
  for (let index = 0; index < BOOKING_PAGE_SIZE + 3; index += 1) bookingsDb.add({ notes: index === 0 ? 'consumida' : null });
};

const openBookings = async (path = '/agendamientos?dsp=1') => {
  startSession(operator);
  renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Agendamientos' });
  await waitFor(() => expect(screen.getAllByRole('checkbox', { name: /^Seleccionar AG-/ })).toHaveLength(BOOKING_PAGE_SIZE));
};

const bar = () => screen.getByRole('region', { name: 'Selección' });

describe('/agendamientos, acting on many', () => {
  it('selects the page, then every booking that matches: the call sends the list’s own filter, never the ids', async () => {
    seed();
    const user = userEvent.setup();
    await openBookings('/agendamientos?dsp=1&q=AG-TEST');

    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar esta página' }));
    expect(await within(bar()).findByText(`${BOOKING_PAGE_SIZE} seleccionados`)).toBeInTheDocument();
    await user.click(within(bar()).getByRole('button', { name: `Seleccionar los ${BOOKING_PAGE_SIZE + 3} que coinciden` }));
    expect(within(bar()).getByText(`${BOOKING_PAGE_SIZE + 3} seleccionados`)).toBeInTheDocument();

    bulkDb.answer = () => ({ done: BOOKING_PAGE_SIZE + 3, skipped: [], failed: [] });
    await user.click(within(bar()).getByRole('button', { name: 'Cambiar estado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar estado' });
    expect(within(dialog).getByText(`Se cambiará el estado de ${BOOKING_PAGE_SIZE + 3} agendamientos.`)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Nuevo estado' }), 'CONFIRMED');
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar estado' }));

    await waitFor(() => expect(bulkDb.calls).toHaveLength(1));
    expect(bulkDb.calls[0]).toEqual({ path: 'v1/dsps/1/bookings', body: { action: 'status', filter: { q: 'AG-TEST' }, status: 'CONFIRMED', reason: null } });
    expect(await screen.findByText(`${BOOKING_PAGE_SIZE + 3} hechos`)).toBeInTheDocument();
    // Done: the selection is empty again.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Seleccionar esta página' })).not.toBeChecked());
    expect(within(bar()).queryByText(/seleccionados/)).not.toBeInTheDocument();
  });

  it('sends the ids ticked and shows what was skipped, with the server’s reason, and what failed', async () => {
    seed();
    const user = userEvent.setup();
    await openBookings();
    const boxes = screen.getAllByRole('checkbox', { name: /^Seleccionar AG-/ });
    await user.click(boxes[0]!);
    await user.click(boxes[1]!);
    await user.click(boxes[2]!);
    expect(await within(bar()).findByText('3 seleccionados')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Seleccionar esta página' })).toHaveAttribute('data-indeterminate', 'true');

    const [first, second, third] = bulkDbIds(boxes.slice(0, 3));
    bulkDb.answer = () => ({
      done: 1,
      skipped: [{ id: first!, reason: 'La reservación ya fue consumida y no puede cambiar de estado.' }],
      failed: [{ id: second!, message: 'No se pudo guardar el cambio.' }],
    });
    await user.click(within(bar()).getByRole('button', { name: 'Cambiar estado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar estado' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Nuevo estado' }), 'CONFIRMED');
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Confirmadas por teléfono');
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar estado' }));

    const result = await screen.findByRole('dialog', { name: 'Resultado' });
    expect(bulkDb.calls[0]!.body).toEqual({ action: 'status', ids: [first, second, third], status: 'CONFIRMED', reason: 'Confirmadas por teléfono' });
    expect(within(result).getByText('1 hechos')).toBeInTheDocument();
    expect(within(result).getByText('1 omitidos')).toBeInTheDocument();
    const codeOf = (box: HTMLElement) => box.getAttribute('aria-label')!.replace('Seleccionar ', '');
    expect(within(result).getByRole('list', { name: 'Omitidos' })).toHaveTextContent(`${codeOf(boxes[0]!)}: La reservación ya fue consumida y no puede cambiar de estado.`);
    expect(within(result).getByRole('list', { name: 'Con error' })).toHaveTextContent(`${codeOf(boxes[1]!)}: No se pudo guardar el cambio.`);
    await user.click(within(result).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('empties the selection on Escape and when a filter or the page changes', async () => {
    seed();
    const user = userEvent.setup();
    await openBookings();
    const pageBox = screen.getByRole('checkbox', { name: 'Seleccionar esta página' });

    await user.click(pageBox);
    expect(await within(bar()).findByText(`${BOOKING_PAGE_SIZE} seleccionados`)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(pageBox).not.toBeChecked();
    expect(within(bar()).queryByText(/seleccionados/)).not.toBeInTheDocument();

    await user.click(pageBox);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(currentLocation()).toContain('page=2'));
    await waitFor(() => expect(screen.getAllByRole('checkbox', { name: /^Seleccionar AG-/ })).toHaveLength(3));
    expect(screen.getAllByRole('checkbox', { name: /^Seleccionar AG-/ }).every((box) => !(box as HTMLInputElement).checked)).toBe(true);
    expect(within(bar()).queryByText(/seleccionados/)).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('checkbox', { name: /^Seleccionar AG-/ })[0]!);
    expect(await within(bar()).findByText('1 seleccionados')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar agendamientos' }), 'AG-TEST');
    await waitFor(() => expect(currentLocation()).toContain('q=AG-TEST'));
    await waitFor(() => expect(within(bar()).queryByText(/seleccionados/)).not.toBeInTheDocument());
  });
});

/** The booking ids behind checkboxes, by their code in the store. */
function bulkDbIds(boxes: HTMLElement[]) {
  return boxes.map((box) => bookingsDb.bookings.find((row) => `Seleccionar ${row.code_ref}` === box.getAttribute('aria-label'))!.id);
}
