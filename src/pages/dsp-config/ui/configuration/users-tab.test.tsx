import { dsp as dspSchema } from '@contract/dsp';
import { Notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { dspQueries } from '@/entities/dsp';
import { answer, apiUrl, fail } from '../../../../../tests/msw/envelope';
import { configuredDsp, dspStaffDb, dspStaffListDb } from '../../../../../tests/msw/handlers/dsp-staff';
import { server } from '../../../../../tests/msw/server';
import { chooseOption, listboxOf } from '../../../../../tests/utils/choose-option';
import { renderWithProviders } from '../../../../../tests/utils/render';
import { UsersTab } from './users-tab';

/** The configuration modal as far as this tab sees it: the DSP's detail, loaded, then the tab (which reads the staff itself). */
function Configuration({ dspId }: { dspId: number }) {
  const detail = useQuery(dspQueries.detail(dspId));
  return detail.data ? <UsersTab dsp={detail.data} /> : <p>Cargando DSP...</p>;
}

const renderTab = () => {
  // `v1/dsps/staff` is not a DSP: it falls through to the staff handler.
  server.use(http.get(apiUrl('v1/dsps/:id'), ({ params }) => (params.id === 'staff' ? undefined : answer(dspSchema, configuredDsp({ id: Number(params.id) })))));
  configuredDsp();
  return renderWithProviders(
    <>
      <Notifications />
      <Configuration dspId={1} />
    </>,
  );
};

const seedStaff = () => {
  const ana = dspStaffDb.add({ name: 'Ana Pérez', email: 'ana@example.com', dni: '1001', rol: ['Operator', 'Business Leader'] });
  const bruno = dspStaffDb.add({ name: 'Bruno Díaz', email: 'bruno@example.com', dni: null, rol: [] });
  const carla = dspStaffDb.add({ name: 'Carla Gómez', email: 'carla@example.com', dni: '1003' });
  return { ana, bruno, carla };
};

const staffTable = () => screen.getByRole('table', { name: 'Personal asignado a Tienda Norte' });
const picker = () => screen.getByRole('combobox', { name: 'Asignar personal' });
const pickerOptions = () => {
  const listbox = listboxOf(picker())!;
  return within(listbox).queryAllByRole('option', { hidden: true }).map((option) => option.textContent);
};

describe('DSP configuration: the Usuarios tab', () => {
  it('lists the assigned staff with e-mail, DNI and roles', async () => {
    const { ana, bruno } = seedStaff();
    dspStaffDb.assigned.set(1, [ana.id, bruno.id]);
    renderTab();

    const row = within(await screen.findByRole('table')).getByRole('row', { name: /Ana Pérez/ });
    for (const text of ['ana@example.com', '1001', 'Operator', 'Business Leader']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(staffTable()).getByRole('row', { name: /Bruno Díaz/ })).toHaveTextContent('—');
    expect(within(row).getByRole('button', { name: 'Quitar a Ana Pérez' })).toBeInTheDocument();
    // From the DSP's staff list, not the detail's include.
    expect(dspStaffListDb.requests.map((url) => url.pathname)).toEqual(['/api/v1/dsps/1/users']);
    expect(dspStaffListDb.requests[0]!.searchParams.get('limit')).toBe('12');
  });

  it('pages the assigned staff 12 at a time with the shared pager, focus back on the heading', async () => {
    const people = Array.from({ length: 14 }, (_, index) => dspStaffDb.add({ name: `Persona ${String(index + 1).padStart(2, '0')}` }));
    dspStaffDb.assigned.set(1, people.map((person) => person.id));
    const { user } = renderTab();
    expect(within(await screen.findByRole('table')).getAllByRole('row')).toHaveLength(13);
    expect(screen.getByText('Página 1 de 2 • 14 personas en total')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(within(staffTable()).getAllByRole('row')).toHaveLength(3));
    expect(within(staffTable()).getByRole('row', { name: /Persona 14/ })).toBeInTheDocument();
    expect(dspStaffListDb.requests.at(-1)!.searchParams.get('page')).toBe('2');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Personal asignado' })).toHaveFocus());
  });

  it('searches the assigned staff on the server 400 ms after the last key, and says when nobody matches', async () => {
    const { ana, carla } = seedStaff();
    dspStaffDb.assigned.set(1, [ana.id, carla.id]);
    const { user } = renderTab();
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Buscar en el personal asignado' });
    await user.type(search, 'gomez');
    await waitFor(() => expect(dspStaffListDb.requests.at(-1)!.searchParams.get('filter[q]')).toBe('gomez'));
    await waitFor(() => expect(within(staffTable()).getAllByRole('row')).toHaveLength(2));
    expect(within(staffTable()).getByRole('row', { name: /Carla Gómez/ })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nadie');
    expect(await screen.findByText('Nadie del personal asignado coincide')).toBeInTheDocument();
    expect(screen.queryByText('Sin usuarios asignados')).not.toBeInTheDocument();
  });

  it('says so with a retry when the assigned staff cannot be loaded', async () => {
    server.use(http.get(apiUrl('v1/dsps/:id/users'), () => fail(500, '')));
    renderTab();
    expect(await screen.findByText('No se pudo cargar el personal asignado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reintentar/ })).toBeInTheDocument();
  });

  it('removing the only person of the last page shows the page before', async () => {
    const people = Array.from({ length: 13 }, (_, index) => dspStaffDb.add({ name: `Persona ${String(index + 1).padStart(2, '0')}` }));
    dspStaffDb.assigned.set(1, people.map((person) => person.id));
    const { user } = renderTab();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await user.click(await screen.findByRole('button', { name: 'Quitar a Persona 13' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Quitar de la DSP' })).getByRole('button', { name: 'Quitar' }));
    await waitFor(() => expect(within(staffTable()).getAllByRole('row')).toHaveLength(13));
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).not.toBeInTheDocument();
  });

  it('says when nobody is assigned', async () => {
    renderTab();
    expect(await screen.findByText('Sin usuarios asignados')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('searches the server 400 ms after the last key, 100 at most, and leaves out who is already assigned', async () => {
    const { ana } = seedStaff();
    dspStaffDb.assigned.set(1, [ana.id]);
    const { user } = renderTab();
    await screen.findByRole('table');
    await waitFor(() => expect(dspStaffDb.searches).toHaveLength(1));
    expect(dspStaffDb.searches[0]!.searchParams.get('limit')).toBe('100');
    expect(dspStaffDb.searches[0]!.searchParams.get('sort')).toBe('name');
    await user.click(picker());
    expect(pickerOptions()).toEqual(['Bruno Díaz · bruno@example.com', 'Carla Gómez · carla@example.com']);

    await user.type(picker(), 'car');
    expect(dspStaffDb.searches).toHaveLength(1);
    await waitFor(() => expect(dspStaffDb.searches).toHaveLength(2));
    expect(dspStaffDb.searches[1]!.searchParams.get('q')).toBe('car');
    await waitFor(() => expect(pickerOptions()).toEqual(['Carla Gómez · carla@example.com']));
  });

  it('assigns the chosen people, then lists them with the server’s message', async () => {
    const { bruno, carla } = seedStaff();
    const { user } = renderTab();
    expect(await screen.findByText('Sin usuarios asignados')).toBeInTheDocument();
    const assign = screen.getByRole('button', { name: 'Asignar' });
    expect(assign).toBeDisabled();
    await waitFor(() => expect(dspStaffDb.searches).toHaveLength(1));
    await chooseOption(user, 'Asignar personal', 'Bruno Díaz · bruno@example.com');
    await chooseOption(user, 'Asignar personal', 'Carla Gómez · carla@example.com');
    await user.click(assign);

    expect(await screen.findByText('Usuarios asignados correctamente.')).toBeInTheDocument();
    expect(dspStaffDb.requests).toEqual([{ method: 'assign', dspId: 1, users: [bruno.id, carla.id] }]);
    expect(within(await screen.findByRole('table')).getAllByRole('row')).toHaveLength(3);
    expect(within(staffTable()).getByRole('row', { name: /Carla Gómez/ })).toBeInTheDocument();
  });

  it('shows a refused assignment in red, with the fallback when the server gives no message', async () => {
    seedStaff();
    server.use(http.post(apiUrl('v1/dsps/:id/users'), () => fail(500, '')));
    const { user } = renderTab();
    await screen.findByText('Sin usuarios asignados');
    await waitFor(() => expect(dspStaffDb.searches).toHaveLength(1));
    await chooseOption(user, 'Asignar personal', 'Bruno Díaz · bruno@example.com');
    await user.click(screen.getByRole('button', { name: 'Asignar' }));
    expect(await screen.findByText('No se pudieron asignar los usuarios')).toBeInTheDocument();
  });

  it('says so under the picker when the staff cannot be loaded', async () => {
    server.use(http.get(apiUrl('v1/dsps/staff'), () => fail(500, '')));
    renderTab();
    await waitFor(() => expect(picker()).toHaveAccessibleDescription('No se pudieron cargar los usuarios'));
  });

  it('Quitar asks first; Cancelar keeps the person, Quitar takes them off', async () => {
    const { ana, bruno } = seedStaff();
    dspStaffDb.assigned.set(1, [ana.id, bruno.id]);
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Quitar a Ana Pérez' }));
    let dialog = await screen.findByRole('dialog', { name: 'Quitar de la DSP' });
    expect(dialog).toHaveTextContent('¿Quitar a Ana Pérez (ana@example.com) de la DSP Tienda Norte?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dspStaffDb.requests).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Quitar a Ana Pérez' }));
    dialog = await screen.findByRole('dialog', { name: 'Quitar de la DSP' });
    await user.click(within(dialog).getByRole('button', { name: 'Quitar' }));

    expect(await screen.findByText('Usuario quitado de la DSP correctamente.')).toBeInTheDocument();
    expect(dspStaffDb.requests).toEqual([{ method: 'remove', dspId: 1, users: [ana.id] }]);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ana Pérez/ })).not.toBeInTheDocument());
    expect(within(staffTable()).getByRole('row', { name: /Bruno Díaz/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Personal asignado' })).toHaveFocus());
  });

  it('a refused removal shows in the dialog, which stays open', async () => {
    const { ana } = seedStaff();
    dspStaffDb.assigned.set(1, [ana.id]);
    server.use(http.put(apiUrl('v1/dsps/:id/users'), () => fail(500, '')));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Quitar a Ana Pérez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quitar de la DSP' });
    await user.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(await within(dialog).findByText('No se pudo quitar el usuario de la DSP')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Ana Pérez/ })).toBeInTheDocument();
  });
});
