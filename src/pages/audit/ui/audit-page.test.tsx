import { DEFAULT_ROLE_PERMISSIONS } from '@contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/shared/auth';
import { apiUrl, fail } from '../../../../tests/msw/envelope';
import { auditDb } from '../../../../tests/msw/handlers/audit';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { buildUser, usersDb } from '../../../../tests/msw/handlers/users';
import { server } from '../../../../tests/msw/server';
import { chooseOption, listboxOf } from '../../../../tests/utils/choose-option';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

const auditor: SessionUser = { ...signedInUser, permissions: ['audit.view', 'users.manage', 'sponsors.manage'] };

/** Every list request the page made, as URLs. */
const recordListRequests = () => {
  const urls: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/v1/audit') urls.push(url);
  });
  return urls;
};

const openAudit = async (path = '/auditoria', as: SessionUser = auditor) => {
  startSession(as);
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Auditoría' });
  return view;
};

const rowTexts = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

/** Three people's changes on sponsors and campaigns, on three days. */
const seed = () => {
  const luis = buildUser({ name: 'Luis Gómez' });
  const marta = buildUser({ name: 'Marta Ruiz' });
  usersDb.users.push(luis, marta);
  auditDb.add({
    actor: { id: luis.id, name: luis.name },
    resource: 'sponsor',
    resource_id: 4,
    resource_label: 'Acme',
    created_at: '2026-03-02T10:00:00Z',
    changes: [{ field: 'name', before: 'Acme', after: 'Acme Global', secret: false }],
  });
  auditDb.add({
    actor: { id: marta.id, name: marta.name },
    action: 'create',
    resource: 'campaign',
    resource_id: 9,
    resource_label: 'Verano',
    record_path: [4],
    created_at: '2026-03-05T10:00:00Z',
  });
  auditDb.add({
    actor: { id: luis.id, name: luis.name },
    action: 'delete',
    resource: 'sponsor',
    resource_id: 5,
    resource_label: 'Viejo',
    record_path: null,
    created_at: '2026-04-01T10:00:00Z',
  });
  return { luis, marta };
};

describe('/auditoria', () => {
  it('lists every change newest first with date, person, sentence and record, and names the tab', async () => {
    seed();
    await openAudit();
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Fecha', 'Persona', 'Acción', 'Registro']);
    const rows = rowTexts();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('Luis Gómez eliminó el sponsor Viejo');
    expect(rows[1]).toContain('Marta Ruiz creó la campaña Verano');
    expect(rows[1]).toContain('Campaña · Verano');
    expect(rows[2]).toContain('Luis Gómez cambió el nombre de Acme a Acme Global');
    expect(document.title).toBe('Auditoría · Panel de Control');
  });

  it('reads enums, switches and references as staff read them elsewhere', async () => {
    auditDb.add({ resource: 'booking', resource_id: 3, resource_label: 'BK-3', record_path: [2], changes: [{ field: 'status', before: 'CONFIRMED', after: 'CANCELLED', secret: false }] });
    auditDb.add({ resource: 'connector', resource_id: 6, resource_label: 'norte-api', record_path: [2], changes: [{ field: 'enabled', before: true, after: false, secret: false }] });
    auditDb.add({
      resource: 'customer',
      resource_id: 8,
      resource_label: 'Carla Gómez',
      record_path: [2],
      names: [{ field: 'dsp_id', id: 2, name: 'Norte Salud Reservas' }],
      changes: [{ field: 'dsp_id', before: 1, after: 2, secret: false }],
    });
    await openAudit();
    await screen.findByRole('table');
    const rows = rowTexts();
    expect(rows[0]).toContain('Ana Admin cambió la DSP de 1 a Norte Salud Reservas');
    expect(rows[1]).toContain('Ana Admin desactivó el conector norte-api');
    expect(rows[2]).toContain('Ana Admin cambió el estado de Confirmado a Cancelado');
    expect(rows.join(' ')).not.toMatch(/CONFIRMED|CANCELLED| de Sí a No/);
  });

  it("links each row's record to its page, and names a deleted one without a link", async () => {
    seed();
    auditDb.add({ resource: 'connector', resource_id: 6, resource_label: 'norte-api', record_path: [2], created_at: '2026-04-02T10:00:00Z' });
    const { user } = await openAudit();
    await screen.findByRole('table');
    expect(screen.getByRole('link', { name: 'Sponsor · Acme' })).toHaveAttribute('href', '/sponsor/4');
    expect(screen.getByRole('link', { name: 'Campaña · Verano' })).toHaveAttribute('href', '/sponsor/4/campaign/9');
    expect(screen.getByRole('link', { name: 'Conector · norte-api' })).toHaveAttribute('href', '/dsp-config?config=2&tab=conectores');
    expect(screen.getByText('Sponsor · Viejo').closest('a')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Sponsor · Acme' }));
    await waitFor(() => expect(currentLocation()).toBe('/sponsor/4'));
  });

  it('puts each filter in the URL and in the request, from page 1', async () => {
    const { luis } = seed();
    const requests = recordListRequests();
    const { user } = await openAudit('/auditoria?page=2');
    await screen.findByRole('table');

    await chooseOption(user, 'Registro', 'Sponsor');
    await waitFor(() => expect(currentLocation()).toBe('/auditoria?resource=sponsor'));
    await chooseOption(user, 'Acción', 'Eliminación');
    await waitFor(() => expect(currentLocation()).toBe('/auditoria?resource=sponsor&action=delete'));
    await chooseOption(user, 'Persona', 'Luis Gómez');
    await waitFor(() => expect(currentLocation()).toBe(`/auditoria?resource=sponsor&action=delete&person=${luis.id}`));

    await waitFor(() => expect(rowTexts()).toEqual([expect.stringContaining('Luis Gómez eliminó el sponsor Viejo')]));
    const last = requests.at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({
      'filter[resource]': 'sponsor',
      'filter[action]': 'delete',
      'filter[actor_id]': String(luis.id),
      page: '1',
      limit: '20',
    });
  });

  it('finds a person past the first 300 staff by typing', async () => {
    // The handler answers the newest first: the first one added comes last, past the first 300.
    const zoe = buildUser({ name: 'Zoe Zúñiga' });
    usersDb.users.push(zoe);
    usersDb.seed(300, (index) => ({ name: `Ana ${index}` }));
    auditDb.add({ actor: { id: zoe.id, name: zoe.name }, action: 'create', resource: 'sponsor', resource_id: 7, resource_label: 'Sur', created_at: '2026-03-02T10:00:00Z' });
    const { user } = await openAudit();
    const person = screen.getByRole('combobox', { name: 'Persona' });
    await user.click(person);
    await user.type(person, 'zuniga');
    await user.click(await within(listboxOf(person)!).findByRole('option', { name: 'Zoe Zúñiga', hidden: true }, { timeout: 10_000 }));
    await waitFor(() => expect(currentLocation()).toBe(`/auditoria?person=${zoe.id}`));
  });

  it('names the person of a link though the first 300 staff do not hold them', async () => {
    const zoe = buildUser({ name: 'Zoe Zúñiga' });
    usersDb.users.push(zoe);
    usersDb.seed(300, (index) => ({ name: `Ana ${index}` }));
    await openAudit(`/auditoria?person=${zoe.id}`);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Persona' })).toHaveValue('Zoe Zúñiga'));
  });

  it('keeps the filters of a link or a reload, dates included', async () => {
    seed();
    const requests = recordListRequests();
    await openAudit('/auditoria?resource=sponsor&from=2026-03-01&to=2026-03-31');
    await waitFor(() => expect(rowTexts()).toEqual([expect.stringContaining('cambió el nombre de Acme a Acme Global')]));
    expect(screen.getByRole('combobox', { name: 'Registro' })).toHaveValue('Sponsor');
    expect(screen.getByRole('button', { name: 'Desde' })).toHaveTextContent('01/03/2026');
    expect(screen.getByRole('button', { name: 'Hasta' })).toHaveTextContent('31/03/2026');
    expect(requests.at(-1)!.searchParams.get('filter[from]')).toBe('2026-03-01');
    expect(requests.at(-1)!.searchParams.get('filter[to]')).toBe('2026-03-31');
  });

  it('exports the CSV of the same filters with the session, saying it is busy', async () => {
    seed();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    server.use(
      http.get(apiUrl('v1/audit/export'), async ({ request }) => {
        auditDb.exports.push(new URL(request.url).searchParams);
        expect(request.headers.get('Authorization')).toBe('Bearer test-session-token');
        await delay(150);
        return new Response('fecha,persona\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="auditoria-marzo.csv"' } });
      }),
    );
    const { user } = await openAudit('/auditoria?resource=sponsor&action=update&from=2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByRole('button', { name: 'Exportando…' })).toHaveAttribute('aria-disabled', 'true');
    await screen.findByRole('button', { name: 'Exportar CSV' });
    expect(Object.fromEntries(auditDb.exports[0]!)).toEqual({ 'filter[resource]': 'sponsor', 'filter[action]': 'update', 'filter[from]': '2026-03-01' });
    expect(saved).toHaveBeenCalledOnce();
    expect((saved.mock.contexts[0] as HTMLAnchorElement).download).toBe('auditoria-marzo.csv');
  });

  it('shows why an export failed in a red alert', async () => {
    server.use(http.get(apiUrl('v1/audit/export'), () => fail(422, 'Demasiadas filas: acota las fechas.')));
    const { user } = await openAudit();
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Demasiadas filas: acota las fechas.')).toBeInTheDocument();
  });

  it('says when nothing was recorded', async () => {
    await openAudit();
    expect(await screen.findByText('Sin cambios registrados')).toBeInTheDocument();
  });

  it('offers the person filter only to who may read the users, and never asks for them otherwise', async () => {
    seed();
    const usersAsked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/v1/users') usersAsked.push(request.url);
    });
    await openAudit('/auditoria', { ...auditor, permissions: ['audit.view'] });
    await screen.findByRole('table');
    expect(screen.queryByRole('combobox', { name: 'Persona' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Registro' })).toBeInTheDocument();
    expect(usersAsked).toEqual([]);
  });

  it('is in the menu only for audit.view, and sends anyone else home', async () => {
    startSession({ ...signedInUser, permissions: DEFAULT_ROLE_PERMISSIONS.ADMIN });
    const { user } = renderRoute('/auditoria');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sponsors' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const menu = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(menu).getByRole('link', { name: 'Sponsors' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Auditoría' })).not.toBeInTheDocument();
  });

  it('is reached from the menu by who holds audit.view', async () => {
    startSession({ ...signedInUser, permissions: ['sponsors.manage', 'audit.view'] });
    const { user } = renderRoute('/');
    const menu = await screen.findByRole('navigation', { name: 'Menú principal' });
    // jsdom is a narrow screen: the slide-over menu builds its links when it opens.
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    await user.click(within(menu).getByRole('link', { name: 'Auditoría' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Auditoría' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/auditoria');
  });
});

describe('Restaurar', () => {
  it('offers it on a delete still restorable to whoever may delete such records, and restores with it', async () => {
    const restored: string[] = [];
    server.use(
      http.post(apiUrl('v1/audit/:id/restore'), ({ params }) => {
        restored.push(String(params.id));
        return HttpResponse.json({ status: 'success', message: 'Registro restaurado.', data: { id: 4 } }, { status: 201 });
      }),
    );
    const until = '2026-04-01T10:00:00.000Z';
    const open = auditDb.add({ action: 'delete', resource: 'sponsor', resource_id: 4, resource_label: 'Acme', record_path: null, restorable_until: until });
    auditDb.add({ action: 'delete', resource: 'sponsor', resource_id: 5, resource_label: 'Vencido', record_path: null, restorable_until: null });
    auditDb.add({ action: 'delete', resource: 'dsp', resource_id: 6, resource_label: 'Norte', record_path: null, restorable_until: until });
    const { user } = await openAudit();

    const button = await screen.findByRole('button', { name: 'Restaurar Acme' });
    // Past the window, or a DSP (dsps.manage, which this auditor lacks): no button.
    expect(screen.queryByRole('button', { name: 'Restaurar Vencido' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restaurar Norte' })).not.toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByText('Registro restaurado.')).toBeInTheDocument();
    expect(restored).toEqual([String(open.id)]);
  });
});
