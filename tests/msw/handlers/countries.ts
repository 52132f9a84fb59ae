import { http } from 'msw';
import { apiUrl, fail, ok } from '../envelope';
import { paginate, pickFields } from '../paginate';

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
    const sort = url.searchParams.get('sort');
    const found = countryFixtures.filter((country) => country.name.toLowerCase().includes(q));
    if (sort === '-name') found.reverse();
    return ok(paginate(pickFields(found, url), url));
  }),
  http.get(apiUrl('v1/countries/:id/deletion'), ({ params }) =>
    countryFixtures.some((country) => country.id === Number(params.id))
      ? ok({ deletable: true, reason: null })
      : fail(404, 'El país no existe.'),
  ),
];
