import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/auth';
import { renderRoute } from '../../../../tests/utils/render';

describe('/sponsor/$sponsorId', () => {
  beforeEach(() => {
    useSessionStore.setState({
      token: 't',
      user: { id: 1, name: 'Ana', email: 'a@example.com', phone: null, rol: [], roles: [], permissions: [] },
    });
  });

  it('shows the id from the route and leads back to Sponsors', async () => {
    renderRoute('/sponsor/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Detalle del sponsor' })).toBeInTheDocument();
    expect(screen.getByText('ID: 12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Sponsors' })).toHaveAttribute('href', '/');
  });

  it('shows the campaign and sponsor ids of a campaign route', async () => {
    renderRoute('/sponsor/12/campaign/34');
    expect(await screen.findByRole('heading', { level: 1, name: 'Detalle de la campaña' })).toBeInTheDocument();
    expect(screen.getByText('ID: 34 • Sponsor 12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al sponsor' })).toHaveAttribute('href', '/sponsor/12');
  });
});
