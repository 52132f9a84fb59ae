import { QueryClient } from '@tanstack/react-query';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiUrl, fail, ok } from '../../../../tests/msw/envelope';
import { countryFixtures } from '../../../../tests/msw/handlers/countries';
import { paginate } from '../../../../tests/msw/paginate';
import { server } from '../../../../tests/msw/server';
import { fetchAllCountries } from './country.api';
import { countryQueries } from './country.api';

// Request listeners are per test.
afterEach(() => {
  server.events.removeAllListeners();
});

/** Serves `total` countries `perPage` at a time, whatever limit is asked, and records each call. */
const serveCountries = (total: number, perPage: number) => {
  const calls: URL[] = [];
  const all = Array.from({ length: total }, (_, index) => ({ id: index + 1, name: `País ${String(index + 1).padStart(4, '0')}` }));
  server.use(
    http.get(apiUrl('v1/countries'), ({ request }) => {
      const url = new URL(request.url);
      calls.push(url);
      url.searchParams.set('limit', String(perPage));
      return ok(paginate(all, url));
    }),
  );
  return { calls, all };
};

describe('the country loader', () => {
  it('asks for id and name, sorted by name, 300 a page', async () => {
    const calls: URL[] = [];
    server.events.on('request:start', ({ request }) => void calls.push(new URL(request.url)));
    const countries = await fetchAllCountries();
    expect(countries).toEqual(countryFixtures.map(({ id, name }) => ({ id, name })));
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ sort: 'name', fields: 'id,name', limit: '300', page: '1' });
  });

  it('follows the pages while next_page_url says there are more', async () => {
    const { calls, all } = serveCountries(7, 3);
    expect(await fetchAllCountries()).toEqual(all);
    expect(calls.map((url) => url.searchParams.get('page'))).toEqual(['1', '2', '3']);
  });

  it('stops after 100 pages', async () => {
    const { calls } = serveCountries(1000, 1);
    expect(await fetchAllCountries()).toHaveLength(100);
    expect(calls).toHaveLength(100);
  });

  it('fails with the server message or "Failed to load countries"', async () => {
    server.use(http.get(apiUrl('v1/countries'), () => new Response(null, { status: 500 })));
    await expect(fetchAllCountries()).rejects.toThrow('Failed to load countries');
    server.use(http.get(apiUrl('v1/countries'), () => fail(401, 'Debes iniciar sesión para continuar.')));
    await expect(fetchAllCountries()).rejects.toThrow('Debes iniciar sesión para continuar.');
  });

  it('is loaded once and kept (staleTime Infinity)', async () => {
    const { calls } = serveCountries(2, 300);
    const queryClient = new QueryClient();
    await queryClient.ensureQueryData(countryQueries.options());
    await queryClient.fetchQuery(countryQueries.options());
    expect(calls).toHaveLength(1);
  });
});
