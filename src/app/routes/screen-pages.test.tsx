import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from './router';
import { SIGN_IN_PATHS, screenPages } from './screen-pages';
import routerSource from './router.tsx?raw';

const SCREEN_PAGES = screenPages(routerSource);

/** Every path the router knows, its parameters filled in as an address would have them. */
const addresses = () =>
  Object.keys(createAppRouter(new QueryClient()).routesByPath).map((path) => path.replace(/\$[^/]+/g, '7'));

describe('the screens whose chunks the build preloads', () => {
  it('know every signed-in route of the router, each by one address', () => {
    const signedIn = addresses().filter((address) => !SIGN_IN_PATHS.test(address));
    expect(signedIn.length).toBeGreaterThan(10);
    for (const address of signedIn) {
      const pages = SCREEN_PAGES.filter(([pattern]) => pattern.test(address)).map(([, page]) => page);
      expect(pages, address).toHaveLength(1);
    }
  });

  it('name no address the router does not serve', () => {
    const known = addresses();
    for (const [pattern, page] of SCREEN_PAGES) expect(known.some((address) => pattern.test(address)), page).toBe(true);
  });
});
