import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../../../tests/msw/envelope';
import { auditDb } from '../../../../tests/msw/handlers/audit';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { buildPlan, campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { sponsorsDb } from '../../../../tests/msw/handlers/sponsors';
import { server } from '../../../../tests/msw/server';
import { chooseOption, listboxOf } from '../../../../tests/utils/choose-option';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

const openSponsor = async (id: number, query = '') => {
  startSession();
  const view = renderRoute(`/sponsor/${id}${query}`);
  return view;
};

describe('sponsor detail: the header', () => {
  it('shows logo, name, country, identifier and website, and opens the site in a new tab with https', async () => {
    const sponsor = sponsorsDb.add({ name: 'Andes Protección', country_id: 3, website_url: 'andes.com.co', logo_url: '/storage/sponsors/a.png' });
    await openSponsor(sponsor.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Andes Protección' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Logo de Andes Protección' })).toHaveAttribute('src', '/storage/sponsors/a.png');
    expect(screen.getByText('Colombia')).toBeInTheDocument();
    expect(screen.getByText(`ID: ${sponsor.id}`)).toBeInTheDocument();
    const visit = screen.getByRole('link', { name: 'Visitar sitio' });
    expect(visit).toHaveAttribute('href', 'https://andes.com.co');
    expect(visit).toHaveAttribute('target', '_blank');
    expect(visit).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Volver a Sponsors' })).toHaveAttribute('href', '/');
    const trail = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    expect(within(trail).getByRole('link', { name: 'Sponsors' })).toHaveAttribute('href', '/');
    expect(within(trail).getByText('Andes Protección')).toHaveAttribute('aria-current', 'page');
  });

  it('never offers to open a website that is not http or https', async () => {
    const sponsor = sponsorsDb.add({ name: 'Raro', website_url: 'javascript:alert(1)' });
    await openSponsor(sponsor.id);
    await screen.findByRole('heading', { level: 1, name: 'Raro' });
    expect(screen.queryByRole('link', { name: 'Visitar sitio' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'javascript:alert(1)' })).not.toBeInTheDocument();
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
  });

  it('shows why the sponsor could not be loaded', async () => {
    await openSponsor(999);
    expect(await screen.findByText('El sponsor no existe.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Sponsors' })).toBeInTheDocument();
  });

  it('says why a sponsor with campaigns cannot be deleted, from the header', async () => {
    const sponsor = sponsorsDb.add({ name: 'Andes' });
    campaignsDb.add({ sponsor_id: sponsor.id });
    const { user } = await openSponsor(sponsor.id);
    await screen.findByRole('heading', { level: 1, name: 'Andes' });
    await user.click(screen.getAllByRole('button', { name: 'Eliminar' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar sponsor' });
    expect(await within(dialog).findByText('No se puede eliminar: tiene 1 campaña')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeDisabled();
  });

  it('goes back to the list after deleting the sponsor', async () => {
    const sponsor = sponsorsDb.add({ name: 'Efímero' });
    const { user } = await openSponsor(sponsor.id);
    await screen.findByRole('heading', { level: 1, name: 'Efímero' });
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar sponsor' });
    await user.type(within(dialog).getByLabelText(/Escribe/), 'confirmar');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sponsors' })).toBeInTheDocument();
  });
});

describe('sponsor detail: the campaigns', () => {
  it('shows 6 skeletons, then the campaign cards with their buttons', async () => {
    const sponsor = sponsorsDb.add({ name: 'Andes' });
    campaignsDb.add({ sponsor_id: sponsor.id, name: 'Hogar Seguro', status: 'ACTIVE', description: 'Plomería 24 horas', country_id: 3, image_url: '/storage/campaigns/h.png' });
    campaignsDb.add({ sponsor_id: sponsor.id, name: 'Auto Tranquilo', status: 'PAUSED' });
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(apiUrl('v1/campaigns'), async () => {
        await answered;
        return undefined;
      }),
    );
    await openSponsor(sponsor.id);
    expect(await screen.findAllByTestId('campaign-card-skeleton')).toHaveLength(6);
    answer();
    const hogar = await screen.findByRole('article', { name: 'Hogar Seguro' });
    expect(within(hogar).getByText('Activa')).toBeInTheDocument();
    expect(within(hogar).getByText('Plomería 24 horas')).toBeInTheDocument();
    expect(within(hogar).getByText('Colombia')).toBeInTheDocument();
    expect(within(hogar).getByText('Andes')).toBeInTheDocument();
    expect(within(hogar).getByRole('img', { name: 'Imagen de Hogar Seguro' })).toHaveAttribute('src', '/storage/campaigns/h.png');
    const [first] = campaignsDb.campaigns;
    expect(within(hogar).getByRole('link', { name: 'Ver Detalles' })).toHaveAttribute('href', `/sponsor/${sponsor.id}/campaign/${first!.id}`);
    expect(within(hogar).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Auto Tranquilo' })).getByText('Pausada')).toBeInTheDocument();
  });

  it('says there are no campaigns, and keeps the search and page in the URL', async () => {
    const sponsor = sponsorsDb.add({ name: 'Andes' });
    for (let index = 0; index < 14; index++) campaignsDb.add({ sponsor_id: sponsor.id, name: `Campaña ${index}` });
    const { user } = await openSponsor(sponsor.id, '?page=2');
    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar campañas' }), 'nada');
    await waitFor(() => expect(currentLocation()).toBe(`/sponsor/${sponsor.id}?q=nada`));
    expect(await screen.findByRole('heading', { name: 'No hay campañas' })).toBeInTheDocument();
    expect(screen.getByText('No se encontraron campañas con ese criterio de búsqueda.')).toBeInTheDocument();
  });

  it('creates a campaign with the sponsor read-only, the three statuses, and submit disabled without a name', async () => {
    const sponsor = sponsorsDb.add({ name: 'Andes', country_id: 5 });
    const { user } = await openSponsor(sponsor.id);
    await screen.findByRole('heading', { name: 'No hay campañas' });
    await user.click(screen.getAllByRole('button', { name: 'Nueva Campaña' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Campaña' });
    expect(within(dialog).getByLabelText('Sponsor')).toHaveValue('Andes');
    expect(within(dialog).getByLabelText('Sponsor')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('País')).toHaveValue('Perú');
    const submit = within(dialog).getByRole('button', { name: 'Crear Campaña' });
    expect(submit).toBeDisabled();

    const statusBox = within(dialog).getByRole('combobox', { name: 'Estado' });
    expect(statusBox).toHaveValue('Borrador');
    await user.click(statusBox);
    const listbox = listboxOf(statusBox)!;
    expect(within(listbox).getAllByRole('option', { hidden: true }).map((option) => option.textContent)).toEqual(['Borrador', 'Activa', 'Inactiva']);
    await user.click(statusBox);

    await user.type(within(dialog).getByLabelText(/Nombre/), ' Hogar Seguro ');
    await user.type(within(dialog).getByLabelText('Descripción'), 'Plomería y cerrajería');
    await chooseOption(user, 'Estado', 'Activa');
    await user.type(within(dialog).getByLabelText('Presupuesto'), '1500000');
    await user.upload(within(dialog).getByLabelText('Imagen'), new File([new Uint8Array([0x47, 0x49, 0x46])], 'banner.gif', { type: 'image/gif' }));
    expect(submit).toBeEnabled();
    await user.click(submit);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva Campaña' })).not.toBeInTheDocument());
    expect(campaignsDb.requests).toEqual([
      {
        method: 'create',
        fields: {
          name: 'Hogar Seguro',
          description: 'Plomería y cerrajería',
          status: 'ACTIVE',
          sponsor_id: String(sponsor.id),
          country_id: '5',
          start_date: '',
          end_date: '',
          budget: '1500000',
          image: expect.stringMatching(/^file:/),
        },
      },
    ]);
    const created = await screen.findByRole('article', { name: 'Hogar Seguro' });
    expect(within(created).getByText('Activa')).toBeInTheDocument();
  });

  it('edits a paused campaign without losing its status, sending POST with _method=PUT', async () => {
    const sponsor = sponsorsDb.add({ name: 'Andes' });
    const campaign = campaignsDb.add({ sponsor_id: sponsor.id, name: 'Pausada', status: 'PAUSED', budget: 2500, start_date: '2025-01-01', end_date: '2025-06-30' });
    const { user } = await openSponsor(sponsor.id);
    await user.click(within(await screen.findByRole('article', { name: 'Pausada' })).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Campaña' });
    expect(within(dialog).getByRole('combobox', { name: 'Estado' })).toHaveValue('Pausada');
    expect(within(dialog).getByLabelText('Presupuesto')).toHaveValue('COP 2.500');
    await user.clear(within(dialog).getByLabelText(/Nombre/));
    await user.type(within(dialog).getByLabelText(/Nombre/), 'Reanudada');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Campaña' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Campaña' })).not.toBeInTheDocument());
    expect(campaignsDb.requests.at(-1)).toMatchObject({
      method: 'update',
      id: campaign.id,
      fields: { _method: 'PUT', name: 'Reanudada', status: 'PAUSED', start_date: '2025-01-01', end_date: '2025-06-30', budget: '2500' },
    });
  });

  it('says why a campaign with plans cannot be deleted, and deletes one that has none', async () => {
    const sponsor = sponsorsDb.add({ name: 'Andes' });
    campaignsDb.add({ sponsor_id: sponsor.id, name: 'Con Planes', plans: [buildPlan()] });
    campaignsDb.add({ sponsor_id: sponsor.id, name: 'Sin Planes' });
    const { user } = await openSponsor(sponsor.id);

    await user.click(within(await screen.findByRole('article', { name: 'Con Planes' })).getByRole('button', { name: 'Eliminar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminar campaña' });
    expect(await within(dialog).findByText('No se puede eliminar: tiene 1 plan')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeDisabled();
    expect(within(dialog).queryByLabelText(/Escribe/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(screen.getByRole('article', { name: 'Sin Planes' })).getByRole('button', { name: 'Eliminar' }));
    dialog = await screen.findByRole('dialog', { name: 'Eliminar campaña' });
    await user.type(within(dialog).getByLabelText(/Escribe/), 'confirmar');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Sin Planes' })).not.toBeInTheDocument());
  });
});

describe('sponsor detail: the Historial drawer', () => {
  const editor = { ...signedInUser, name: 'Ana Pérez', permissions: ['sponsors.manage'] };

  it('lists the sponsor’s changes newest first, closes with Escape and gives the focus back to its button', async () => {
    const sponsor = sponsorsDb.add({ name: 'Acme' });
    const actor = { id: editor.id, name: 'Ana Pérez' };
    auditDb.add({ action: 'create', resource_id: sponsor.id, resource_label: 'Acme', actor, created_at: '2026-01-01T10:00:00Z' });
    auditDb.add({
      resource_id: sponsor.id,
      resource_label: 'Acme',
      actor,
      created_at: '2026-01-02T10:00:00Z',
      changes: [{ field: 'name', before: 'Acme', after: 'Acme Global', secret: false }],
    });
    // Another sponsor's change stays out of this history.
    auditDb.add({ action: 'delete', resource_id: sponsor.id + 1, resource_label: 'Otro', actor });
    startSession(editor);
    const { user } = renderRoute(`/sponsor/${sponsor.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Acme' });

    const button = screen.getByRole('button', { name: 'Historial' });
    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Historial de Acme' });
    const changes = await within(drawer).findAllByRole('listitem');
    expect(changes.map((item) => within(item).getAllByText(/^Ana Pérez /).map((line) => line.textContent))).toEqual([
      ['Ana Pérez cambió el nombre de Acme a Acme Global'],
      ['Ana Pérez creó el sponsor Acme'],
    ]);
    expect(within(drawer).queryByText(/Otro/)).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Historial de Acme' })).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('says when nothing was recorded yet', async () => {
    const sponsor = sponsorsDb.add({ name: 'Nuevo' });
    startSession(editor);
    const { user } = renderRoute(`/sponsor/${sponsor.id}`);
    await user.click(await screen.findByRole('button', { name: 'Historial' }));
    const drawer = await screen.findByRole('dialog', { name: 'Historial de Nuevo' });
    expect(await within(drawer).findByText('Sin cambios registrados')).toBeInTheDocument();
  });

  it('shows older changes with Cargar más', async () => {
    const sponsor = sponsorsDb.add({ name: 'Movido' });
    for (let day = 1; day <= 25; day++) {
      const after = `https://v${day}.example`;
      auditDb.add({ resource_id: sponsor.id, resource_label: 'Movido', created_at: `2026-02-${String(day).padStart(2, '0')}T09:00:00Z`, changes: [{ field: 'website', before: null, after, secret: false }] });
    }
    startSession(editor);
    const { user } = renderRoute(`/sponsor/${sponsor.id}`);
    await user.click(await screen.findByRole('button', { name: 'Historial' }));
    const drawer = await screen.findByRole('dialog', { name: 'Historial de Movido' });
    expect(await within(drawer).findByText(/cambió el sitio web de vacío a https:\/\/v25\.example$/)).toBeInTheDocument();
    expect(within(drawer).queryByText(/a https:\/\/v1\.example$/)).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Cargar más (20 de 25)' }));
    expect(await within(drawer).findByText(/a https:\/\/v1\.example$/)).toBeInTheDocument();
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(25);
    expect(within(drawer).queryByRole('button', { name: /Cargar más/ })).not.toBeInTheDocument();
  });

  it('is not offered to someone who may not edit sponsors', async () => {
    const sponsor = sponsorsDb.add({ name: 'Ajeno' });
    startSession({ ...editor, permissions: [] });
    renderRoute(`/sponsor/${sponsor.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Ajeno' });
    expect(screen.queryByRole('button', { name: 'Historial' })).not.toBeInTheDocument();
  });
});
