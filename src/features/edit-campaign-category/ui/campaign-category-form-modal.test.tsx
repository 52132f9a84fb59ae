import { CAMPAIGN_CATEGORY_MESSAGES } from '@contract/campaign-category';
import { category as categorySchema } from '@contract/category';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, invalid } from '../../../../tests/msw/envelope';
import { buildCampaignCategory, campaignCategoriesDb, catalogueRoots } from '../../../../tests/msw/handlers/campaign-categories';
import { campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { listAnswer } from '../../../../tests/msw/paginate';
import { server } from '../../../../tests/msw/server';
import { chooseOption, listboxOf } from '../../../../tests/utils/choose-option';
import { fillIn } from '../../../../tests/utils/fill-in';
import { renderWithProviders } from '../../../../tests/utils/render';
import type { CampaignCategory } from '@/entities/campaign-category';
import { CampaignCategoryFormModal } from './campaign-category-form-modal';

/** The catalogue: its roots plus a subcategory, answered as the server does (`filter[roots]=1` keeps roots only). */
const answerCatalogue = () =>
  server.use(
    http.get(apiUrl('v1/categories'), ({ request }) => {
      const url = new URL(request.url);
      const stamp = { description: null, image_url: null, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z', version: 1 };
      const all = [
        ...catalogueRoots.map((root) => ({ ...root, ...stamp, parent_id: null })),
        { id: 99, name: 'Fugas de agua', ...stamp, parent_id: catalogueRoots[0]!.id },
      ];
      const roots = url.searchParams.get('filter[roots]') === '1';
      return listAnswer(categorySchema, all.filter((item) => !roots || item.parent_id === null), url);
    }),
  );

const open = async (category: CampaignCategory | null = null) => {
  answerCatalogue();
  const campaign = campaignsDb.add({ name: 'Hogar Seguro', categories: category ? [category] : [] });
  const rendered = renderWithProviders(<CampaignCategoryFormModal opened onClose={() => undefined} campaignId={campaign.id} category={category} />);
  const dialog = await screen.findByRole('dialog', { name: category ? 'Editar Categoría' : 'Nueva Categoría' });
  return { ...rendered, dialog, campaign };
};

describe('CampaignCategoryFormModal', () => {
  it('offers only the catalogue’s root categories', async () => {
    const { user, dialog } = await open();
    const select = within(dialog).getByRole('combobox', { name: 'Categoría del catálogo' });
    await user.click(select);
    const listbox = listboxOf(select)!;
    await waitFor(() => expect(within(listbox).getAllByRole('option', { hidden: true })).toHaveLength(catalogueRoots.length));
    expect(within(listbox).getAllByRole('option', { hidden: true }).map((option) => option.textContent)).toEqual(['Hogar', 'Salud', 'Vehículos']);
  });

  it('requires a catalogue category and a name, focusing the first missing', async () => {
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Crear Categoría' }));
    const name = within(dialog).getByRole('textbox', { name: 'Nombre' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(CAMPAIGN_CATEGORY_MESSAGES.nameRequired);
    const select = within(dialog).getByRole('combobox', { name: 'Categoría del catálogo' });
    expect(select).toHaveAccessibleDescription(expect.stringContaining(CAMPAIGN_CATEGORY_MESSAGES.categoryRequired));
    expect(campaignCategoriesDb.requests).toHaveLength(0);
  });

  it('creates it in the campaign with the trimmed name and the chosen root', async () => {
    const { user, dialog, campaign } = await open();
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Categoría del catálogo' })).toHaveAttribute('placeholder', 'Elige una categoría'));
    await chooseOption(user, 'Categoría del catálogo', 'Salud');
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Nombre' }), '  Telemedicina ');
    await fillIn(user, within(dialog).getByRole('textbox', { name: 'Descripción' }), 'Consultas por video');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Categoría' }));

    await waitFor(() => expect(campaignCategoriesDb.requests).toHaveLength(1));
    expect(campaignCategoriesDb.requests[0]).toMatchObject({
      method: 'create',
      id: campaign.id,
      fields: { name: 'Telemedicina', description: 'Consultas por video', category_id: '42' },
    });
  });

  it('shows the server’s refusal under the name', async () => {
    const existing = buildCampaignCategory({ name: 'Plomería' });
    server.use(
      http.post(apiUrl('v1/campaign-categories/:id'), () => invalid({ name: [CAMPAIGN_CATEGORY_MESSAGES.nameTaken] })),
    );
    const { user, dialog } = await open(existing);
    const name = within(dialog).getByRole('textbox', { name: 'Nombre' });
    expect(name).toHaveValue('Plomería');
    await user.type(name, ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Categoría' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(CAMPAIGN_CATEGORY_MESSAGES.nameTaken);
  });
});
