import { category as categorySchema } from '@contract/category';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../../../tests/msw/envelope';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { buildCampaignCategory, catalogueRoots } from '../../../../tests/msw/handlers/campaign-categories';
import { buildPlan, buildService, campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { listAnswer } from '../../../../tests/msw/paginate';
import { server } from '../../../../tests/msw/server';
import { chooseOption } from '../../../../tests/utils/choose-option';
import { fillIn } from '../../../../tests/utils/fill-in';
import { renderRoute, startSession } from '../../../../tests/utils/render';

const answerCatalogueRoots = () =>
  server.use(
    http.get(apiUrl('v1/categories'), ({ request }) =>
      listAnswer(
        categorySchema,
        catalogueRoots.map((root) => ({ ...root, description: null, image_url: null, parent_id: null, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z', version: 1 })),
        new URL(request.url),
      ),
    ),
  );

const panel = () => screen.getByRole('tabpanel');

describe('campaign detail: the Categorías tab', () => {
  it('shows each category as a card with its catalogue parent and actions naming it', async () => {
    const plumbing = buildCampaignCategory({ name: 'Plomería', description: 'Fugas y destapes', parent: catalogueRoots[0], image_url: '/storage/c/p.png' });
    const campaign = campaignsDb.add({ name: 'Hogar Seguro', categories: [plumbing] });
    startSession({ ...signedInUser, permissions: ['sponsors.manage'] });
    renderRoute(`/sponsor/1/campaign/${campaign.id}?tab=categorias`);

    const card = await screen.findByRole('article', { name: 'Plomería' });
    expect(within(card).getByText('Subcategoría')).toBeInTheDocument();
    expect(within(card).getByText('de Hogar')).toBeInTheDocument();
    expect(within(card).getByText('Fugas y destapes')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Imagen de Plomería' })).toHaveAttribute('src', '/storage/c/p.png');
    expect(within(card).getByRole('button', { name: 'Editar Plomería' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Eliminar Plomería' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Historial de Plomería' })).toBeInTheDocument();
  });

  it('creates a category from the empty state and the tab’s count goes up', async () => {
    answerCatalogueRoots();
    const campaign = campaignsDb.add({ name: 'Hogar Seguro', categories: [] });
    startSession();
    const { user } = renderRoute(`/sponsor/1/campaign/${campaign.id}?tab=categorias`);
    expect(await screen.findByRole('tab', { name: /Categorías/ })).toHaveTextContent('Categorías0');

    await user.click(within(panel()).getByRole('button', { name: 'Nueva Categoría' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Categoría' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Categoría del catálogo' })).toHaveAttribute('placeholder', 'Elige una categoría'));
    await chooseOption(user, 'Categoría del catálogo', 'Salud');
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Telemedicina');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Categoría' }));

    const card = await within(panel()).findByRole('article', { name: 'Telemedicina' });
    expect(within(card).getByText('de Salud')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Categorías/ })).toHaveTextContent('Categorías1');
  });

  it('shows why a category used by services cannot be deleted', async () => {
    const plumbing = buildCampaignCategory({ name: 'Plomería' });
    const campaign = campaignsDb.add({
      name: 'Hogar Seguro',
      categories: [plumbing],
      plans: [buildPlan({ services: [buildService({ category_id: plumbing.id }), buildService({ category_id: plumbing.id })] })],
    });
    startSession();
    const { user } = renderRoute(`/sponsor/1/campaign/${campaign.id}?tab=categorias`);
    await user.click(await screen.findByRole('button', { name: 'Eliminar Plomería' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar categoría' });
    expect(await within(dialog).findByText('No se puede eliminar: tiene 2 servicios')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeDisabled();
  });
});
