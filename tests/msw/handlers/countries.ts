import { COUNTRY_DEFAULT_SORT, COUNTRY_NOT_FOUND, country } from '@contract/country';
import { http } from 'msw';
import { apiUrl, deletionAnswer, fail } from '../envelope';
import { listAnswer } from '../paginate';

/** A few countries, enough for selects. */
export const countryFixtures = [
  { id: 1, name: 'Argentina', code: 'AR' },
  { id: 2, name: 'Chile', code: 'CL' },
  { id: 3, name: 'Colombia', code: 'CO' },
  { id: 4, name: 'México', code: 'MX' },
  { id: 5, name: 'Perú', code: 'PE' },
];

/** GET /api/v1/countries with q, sort name, fields and pages, as the real list answers. */
export const countryHandlers = [
  http.get(apiUrl('v1/countries'), ({ request }) => {
    const url = new URL(request.url);
    const q = (url.searchParams.get('filter[q]') ?? url.searchParams.get('q') ?? '').toLowerCase();
    const sort = url.searchParams.get('sort') ?? COUNTRY_DEFAULT_SORT;
    const found = countryFixtures.filter((candidate) => candidate.name.toLowerCase().includes(q));
    if (sort === `-${COUNTRY_DEFAULT_SORT}`) found.reverse();
    return listAnswer(country, found, url);
  }),
  http.get(apiUrl('v1/countries/:id/deletion'), ({ params }) =>
    countryFixtures.some((country) => country.id === Number(params.id))
      ? deletionAnswer(null)
      : fail(404, COUNTRY_NOT_FOUND),
  ),
];
