import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { sponsorsDb } from '../../../../tests/msw/handlers/sponsors';
import { server } from '../../../../tests/msw/server';
import { listboxOf } from '../../../../tests/utils/choose-option';
import { renderWithProviders } from '../../../../tests/utils/render';
import { CampaignFilter } from './campaign-filter';

afterEach(() => {
  server.events.removeAllListeners();
});

/** The `filter[q]` of every campaigns-list request. */
const recordSearches = () => {
  const searches: (string | null)[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/v1/campaigns') searches.push(url.searchParams.get('filter[q]'));
  });
  return searches;
};

/** A large operator: more campaigns than one answer holds (300), the one looked for past them. */
const seed = () => {
  const andes = sponsorsDb.add({ name: 'Andes' });
  const caribe = sponsorsDb.add({ name: 'Caribe' });
  // The handler answers the newest first: the first one added comes last, past the first 300.
  const far = campaignsDb.add({ sponsor_id: caribe.id, name: 'Vía Lejana' });
  for (let index = 0; index < 300; index++) campaignsDb.add({ sponsor_id: andes.id, name: `Bienestar ${index}` });
  return { far };
};

const offered = (field: HTMLElement) => within(listboxOf(field)!).queryAllByRole('option', { hidden: true }).map((option) => option.textContent);

describe('CampaignFilter', () => {
  it('finds, by typing, a campaign past the first answer, and chooses it', async () => {
    const { far } = seed();
    const searches = recordSearches();
    const onChange = vi.fn();
    const { user } = renderWithProviders(<CampaignFilter value={undefined} onChange={onChange} />, { withoutTransitions: true });
    const field = screen.getByRole('combobox', { name: 'Filtrar por campaña' });
    await user.click(field);
    // Generous waits: the search waits 400 ms after the last key, and a loaded machine is slow to draw 301 options.
    await waitFor(() => expect(offered(field)).toHaveLength(301), { timeout: 10_000 });
    expect(offered(field)).not.toContain('Vía Lejana · Caribe');

    // Typed without its accent: the server matches it, and each name says whose campaign it is.
    await user.clear(field);
    await user.type(field, 'via');
    await waitFor(() => expect(offered(field)).toEqual(['Todas las campañas', 'Vía Lejana · Caribe']), { timeout: 10_000 });
    expect(searches).toEqual([null, 'via']);

    await user.click(within(listboxOf(field)!).getByRole('option', { name: 'Vía Lejana · Caribe', hidden: true }));
    expect(onChange).toHaveBeenCalledWith(far.id);
  });

  it('shows the chosen campaign of a link by name, though no answer of the list holds it', async () => {
    const { far } = seed();
    renderWithProviders(<CampaignFilter value={far.id} onChange={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Filtrar por campaña' })).toHaveValue('Vía Lejana · Caribe'));
  });
});
