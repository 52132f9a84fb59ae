import type { QueryClient } from '@tanstack/react-query';

/** What a page's prefetch gets: the query client, the path's params and the validated search. */
export interface PageLoad<Search, Params> {
  queryClient: QueryClient;
  params: Params;
  search: Search;
}

/** A page's `model/loader.ts`: starts its queries and never waits for them (failures show on the page). */
export interface PageLoader<Search, Params> {
  prefetch: (load: PageLoad<Search, Params>) => void;
}

interface PageRouteOptions<Search, Params, Component> {
  /** The page's search parser (`pages/<page>/model/search.ts`), `searchSchema({})` for none. */
  validateSearch: (search: Record<string, unknown>) => Search;
  /** `() => import('./model/loader')`: imported on demand, so the sign-in pages do not carry it. */
  loader?: () => Promise<PageLoader<Search, Params>>;
  component: Component;
}

/**
 * A page's part of its route: search parser, loader and lazy component, spread into one
 * `createRoute` in the router. The loader reruns when the search changes and starts the page's
 * data while its code loads, in parallel.
 */
export function pageRoute<Search, Params, Component>({
  validateSearch,
  loader,
  component,
}: PageRouteOptions<Search, Params, Component>) {
  return {
    validateSearch,
    loaderDeps: ({ search }: { search: Search }) => search,
    // The router waits for the loader's small chunk (fetched beside the page's), not for the data: the
    // request then leaves before the screen's first render, which held it back on a phone.
    loader: async ({ context, params, deps }: { context: { queryClient: QueryClient }; params: Params; deps: Search }) => {
      if (!loader) return;
      const { prefetch } = await loader();
      prefetch({ queryClient: context.queryClient, params, search: deps });
    },
    component,
  };
}
