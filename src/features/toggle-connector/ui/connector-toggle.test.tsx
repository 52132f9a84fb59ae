import { Notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { connectorQueries } from '@/entities/connector';
import { apiUrl, fail } from '../../../../tests/msw/envelope';
import { connectorsDb } from '../../../../tests/msw/handlers/connectors';
import { server } from '../../../../tests/msw/server';
import { renderWithProviders } from '../../../../tests/utils/render';
import { ConnectorToggle } from './connector-toggle';

const DSP_ID = 5;

/** A DSP's connectors as the configuration lists them, each with its toggle. */
function Connectors() {
  const list = useQuery(connectorQueries.list(DSP_ID));
  return (
    <>
      <Notifications />
      {list.data?.data.map((connector) => (
        <ConnectorToggle key={connector.id} connector={connector} />
      ))}
    </>
  );
}

const seed = () => {
  connectorsDb.sell(DSP_ID, []);
  const bookings = connectorsDb.add({ dsp_id: DSP_ID, key: 'reservas', enabled: true });
  const payments = connectorsDb.add({ dsp_id: DSP_ID, key: 'pagos', enabled: false });
  return { bookings, payments };
};

describe('ConnectorToggle', () => {
  it('flips this connector’s own enabled, and the badge follows', async () => {
    const { bookings, payments } = seed();
    const { user } = renderWithProviders(<Connectors />);
    await user.click(await screen.findByRole('button', { name: 'Activo: desactivar el conector reservas' }));

    expect(await screen.findByRole('button', { name: 'Inactivo: activar el conector reservas' })).toHaveTextContent('Inactivo');
    expect(connectorsDb.requests).toEqual([{ method: 'update', id: bookings.id, body: { enabled: false } }]);
    expect(connectorsDb.connectors.find((item) => item.id === bookings.id)?.enabled).toBe(false);
    expect(connectorsDb.connectors.find((item) => item.id === payments.id)?.enabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Inactivo: activar el conector pagos' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Inactivo: activar el conector pagos' }));
    expect(await screen.findByRole('button', { name: 'Activo: desactivar el conector pagos' })).toBeInTheDocument();
    expect(connectorsDb.requests[1]).toEqual({ method: 'update', id: payments.id, body: { enabled: true } });
  });

  it('says it is working, keeps focus and takes no second click while the change runs', async () => {
    seed();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    server.use(
      http.post(apiUrl('v1/connectors/:id'), async () => {
        calls += 1;
        await held;
        return fail(500, 'No se pudo guardar el conector');
      }),
    );
    const { user } = renderWithProviders(<Connectors />);
    await user.click(await screen.findByRole('button', { name: 'Activo: desactivar el conector reservas' }));
    const busy = await screen.findByRole('button', { name: 'Activo: desactivar el conector reservas' });
    await waitFor(() => expect(busy).toHaveTextContent('Cambiando…'));
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    await user.click(busy);
    expect(calls).toBe(1);
    release();
    await waitFor(() => expect(busy).toHaveTextContent('Activo'));
    expect(busy).toHaveFocus();
  });

  it('tells the server’s refusal and leaves the badge as it was', async () => {
    seed();
    server.use(http.post(apiUrl('v1/connectors/:id'), () => fail(403, 'No tienes permiso para esta acción.')));
    const { user } = renderWithProviders(<Connectors />);
    await user.click(await screen.findByRole('button', { name: 'Activo: desactivar el conector reservas' }));

    expect(await screen.findByText('No tienes permiso para esta acción.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activo: desactivar el conector reservas' })).toHaveTextContent('Activo');
    expect(connectorsDb.connectors.every((item) => item.key !== 'reservas' || item.enabled)).toBe(true);
  });

  it('refuses to flip a connector someone else changed meanwhile, and shows it as it is now', async () => {
    const { bookings } = seed();
    const { user } = renderWithProviders(<Connectors />);
    const badge = await screen.findByRole('button', { name: 'Activo: desactivar el conector reservas' });
    // Someone else switched it off meanwhile: its version moved on.
    connectorsDb.connectors = connectorsDb.connectors.map((item) => (item.id === bookings.id ? { ...item, enabled: false, version: item.version + 1 } : item));
    await user.click(badge);

    expect(await screen.findByText('Otra persona cambió este registro mientras lo editabas.')).toBeInTheDocument();
    const now = await screen.findByRole('button', { name: 'Inactivo: activar el conector reservas' });
    expect(now).toHaveTextContent('Inactivo');
    expect(now).toHaveFocus();
    expect(connectorsDb.connectors.find((item) => item.id === bookings.id)?.enabled).toBe(false);
  });
});
