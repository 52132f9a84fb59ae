import { SAVED_VIEW_LIST_KEYS } from '@contract/saved-view-query';
import type { SavedViewList } from '@contract/saved-view.constants';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from './router';

/** The screen each saved-view list is kept for. */
const LIST_PATHS: Record<SavedViewList, string> = {
  sponsors: '/sponsors',
  'sponsor-campaigns': '/sponsor/$sponsorId',
  campaigns: '/campanas',
  plans: '/planes-asistencia',
  services: '/servicios',
  categories: '/categorias',
  users: '/users',
  dsps: '/dsp-config',
  customers: '/customers/$dspId',
  bookings: '/agendamientos',
  sales: '/ventas',
  audit: '/auditoria',
};

interface ScreenRoute {
  options: { validateSearch?: (search: Record<string, unknown>) => object };
  parentRoute?: ScreenRoute;
}

describe('the keys a saved view keeps (contract) and the screens’ own search parameters', () => {
  it('name only parameters the list’s screen reads, so a view opens as it was saved', () => {
    const { routesByPath } = createAppRouter(new QueryClient());
    for (const [list, path] of Object.entries(LIST_PATHS) as [SavedViewList, string][]) {
      let route = (routesByPath as Record<string, ScreenRoute>)[path];
      // A screen served under a layout route (the sponsors) reads the layout's parameters.
      while (route && !route.options.validateSearch) route = route.parentRoute;
      const validateSearch = route?.options.validateSearch;
      expect(validateSearch, path).toBeTypeOf('function');
      const read = Object.keys(validateSearch!({}));
      for (const key of SAVED_VIEW_LIST_KEYS[list]) expect(read, `${list}: ${key}`).toContain(key);
    }
  });
});
