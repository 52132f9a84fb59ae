import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/shared/auth';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { bulkDb } from '../../../../tests/msw/handlers/bulk';
import { sponsorsDb } from '../../../../tests/msw/handlers/sponsors';
import { renderRoute, startSession } from '../../../../tests/utils/render';

const open = async (as?: SessionUser) => {
  startSession(as);
  renderRoute('/sponsors');
  await screen.findByRole('heading', { level: 1, name: 'Sponsors' });
};

describe('sponsors page, deleting many', () => {
  it('says how many will go, sends their ids and names the one skipped with the server’s reason', async () => {
    const acme = sponsorsDb.add({ name: 'Acme' });
    const bravo = sponsorsDb.add({ name: 'Bravo' });
    sponsorsDb.add({ name: 'Charlie' });
    const user = userEvent.setup();
    await open();

    await user.click(await screen.findByRole('checkbox', { name: 'Seleccionar Acme' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar Bravo' }));
    const bar = screen.getByRole('region', { name: 'Selección' });
    expect(await within(bar).findByText('2 seleccionados')).toBeInTheDocument();
    bulkDb.answer = () => ({ done: 1, skipped: [{ id: acme.id, reason: 'No se puede eliminar: tiene 3 campañas' }], failed: [] });
    await user.click(within(bar).getByRole('button', { name: 'Eliminar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Eliminar' });
    expect(within(dialog).getByText('Se eliminarán 2 sponsors.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    const result = await screen.findByRole('dialog', { name: 'Resultado' });
    expect(bulkDb.calls).toEqual([{ path: 'v1/sponsors', body: { action: 'delete', ids: [acme.id, bravo.id] } }]);
    expect(within(result).getByText('1 hechos')).toBeInTheDocument();
    expect(within(result).getByRole('list', { name: 'Omitidos' })).toHaveTextContent('Acme: No se puede eliminar: tiene 3 campañas');
    await waitFor(() => expect(within(bar).queryByText(/seleccionados/)).not.toBeInTheDocument());
  });

  it('shows no checkboxes to who may not act on sponsors', async () => {
    sponsorsDb.add({ name: 'Acme' });
    await open({ ...signedInUser, permissions: ['users.manage'] });
    await screen.findByRole('article', { name: 'Acme' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selección' })).not.toBeInTheDocument();
  });
});
