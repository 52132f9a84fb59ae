import { screen, waitFor } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, fail } from '../../../../tests/msw/envelope';
import { server } from '../../../../tests/msw/server';
import { renderWithProviders, startSession } from '../../../../tests/utils/render';
import { ExportButton } from './export-button';

const csv = (name: string) => new Response('\uFEFFID,Nombre\n1,Acme\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` } });

afterEach(() => vi.restoreAllMocks());

describe('ExportButton', () => {
  it('downloads the list’s CSV with the session, the list’s filters and sort but not its page, saying it is busy', async () => {
    startSession();
    const asked: { query: Record<string, string>; authorization: string | null }[] = [];
    server.use(
      http.get(apiUrl('v1/sponsors/export'), async ({ request }) => {
        asked.push({ query: Object.fromEntries(new URL(request.url).searchParams), authorization: request.headers.get('Authorization') });
        await delay(150);
        return csv('sponsors-2026-12-04.csv');
      }),
    );
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(
      <ExportButton list="v1/sponsors" params={{ filter: { q: 'acme', country_id: 3, empty: '' }, sort: '-name', include: ['country'], page: 4, limit: 12 }} />,
    );

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByRole('button', { name: 'Exportando…' })).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(saved).toHaveBeenCalledOnce());
    expect(await screen.findByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
    expect(asked).toEqual([{ query: { 'filter[q]': 'acme', 'filter[country_id]': '3', sort: '-name' }, authorization: 'Bearer test-session-token' }]);
    expect((saved.mock.contexts[0] as HTMLAnchorElement).download).toBe('sponsors-2026-12-04.csv');
  });

  it('sends the list’s own parameters besides (a time zone) and names the file itself when the server does not', async () => {
    let query: Record<string, string> = {};
    server.use(
      http.get(apiUrl('v1/dsps/:dspId/bookings/export'), ({ request }) => {
        query = Object.fromEntries(new URL(request.url).searchParams);
        return new Response('\uFEFFCódigo\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(<ExportButton list="v1/dsps/7/bookings" params={{ filter: { status: 'PENDING' } }} extra={{ tz: 'America/Bogota' }} />);
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalledOnce());
    expect(query).toEqual({ 'filter[status]': 'PENDING', tz: 'America/Bogota' });
    expect((saved.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('says in Spanish why the export failed: the server’s reason, or its own when there is none', async () => {
    server.use(http.get(apiUrl('v1/users/export'), () => fail(400, 'Orden no permitido: color. Órdenes permitidos: name, email, created_at.')));
    const { user } = renderWithProviders(<ExportButton list="v1/users" params={{ sort: 'color' }} />);
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Orden no permitido: color. Órdenes permitidos: name, email, created_at.')).toBeInTheDocument();
    expect(screen.getByText('No se pudo exportar')).toBeInTheDocument();

    server.use(http.get(apiUrl('v1/plans/export'), () => new Response(null, { status: 500 })));
    renderWithProviders(<ExportButton list="v1/plans" fallback="No se pudieron exportar los planes" />);
    await user.click(screen.getAllByRole('button', { name: 'Exportar CSV' }).at(-1)!);
    expect(await screen.findByText('No se pudieron exportar los planes')).toBeInTheDocument();
  });
});
