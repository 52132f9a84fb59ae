import type { QueryClient } from '@tanstack/react-query';
import {
  Navigate,
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { AccountPage, prefetchAccountPage } from '@/pages/account';
import { BookingsPage } from '@/pages/bookings';
import { CampaignDetailPage, campaignDetailSearchSchema, prefetchCampaignDetailPage } from '@/pages/campaign-detail';
import { CampaignsPage, campaignsSearchSchema, prefetchCampaignsPage } from '@/pages/campaigns';
import { CategoriesPage } from '@/pages/categories';
import { CustomersPage } from '@/pages/customers';
import { DspConfigPage } from '@/pages/dsp-config';
import { LoginPage, loginSearchSchema } from '@/pages/login';
import { OtpPage, otpSearchSchema } from '@/pages/otp';
import { PlansPage } from '@/pages/plans';
import { ProvidersPage, providersSearchSchema } from '@/pages/providers';
import { RecoverPage } from '@/pages/recover';
import { SalesPage, salesSearchSchema } from '@/pages/sales';
import { ServicesPage } from '@/pages/services';
import { SponsorDetailPage, prefetchSponsorDetailPage, sponsorDetailSearchSchema } from '@/pages/sponsor-detail';
import { SponsorsPage, prefetchSponsorsPage, sponsorsSearchSchema, type SponsorsSearch } from '@/pages/sponsors';
import { UsersPage, prefetchUsersPage, usersSearchSchema } from '@/pages/users';
import { hasPermission, useSessionStore } from '@/shared/auth';

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Unknown paths go home (and from there to /login without a session).
  notFoundComponent: () => <Navigate to="/" replace />,
});

/** Someone already signed in has nothing to do on the sign-in pages. */
const redirectSignedInHome = () => {
  if (useSessionStore.getState().token) throw redirect({ to: '/', replace: true });
};

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: loginSearchSchema,
  beforeLoad: redirectSignedInHome,
  component: LoginPage,
});

const otpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/otp',
  validateSearch: otpSearchSchema,
  beforeLoad: redirectSignedInHome,
  component: OtpPage,
});

const recoverRoute = createRoute({ getParentRoute: () => rootRoute, path: '/recover', component: RecoverPage });

/** Every screen behind the sign-in. The shell is its own chunk, so /login does not load it. */
const protectedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'protected',
  beforeLoad: () => {
    if (!useSessionStore.getState().token) throw redirect({ to: '/login', replace: true });
  },
  component: lazyRouteComponent(() => import('../layout/app-shell'), 'AppShellLayout'),
});

// Each route is its own constant so that its literal path types links, params and search.
const protectedChild = () => protectedRoute;

// '/' and '/sponsors' are the same screen (spec section 2), each with the grid's search in its URL.
const sponsorsScreen = {
  validateSearch: sponsorsSearchSchema,
  loaderDeps: ({ search }: { search: SponsorsSearch }) => search,
  loader: ({ context, deps }: { context: RouterContext; deps: SponsorsSearch }) => prefetchSponsorsPage(context.queryClient, deps),
  component: SponsorsPage,
};
const homeRoute = createRoute({ getParentRoute: protectedChild, path: '/', ...sponsorsScreen });
const sponsorsRoute = createRoute({ getParentRoute: protectedChild, path: '/sponsors', ...sponsorsScreen });
const usersRoute = createRoute({
  getParentRoute: protectedChild,
  path: '/users',
  validateSearch: usersSearchSchema,
  // Spec section 6: only who manages users reaches the screen; everyone else goes home.
  beforeLoad: () => {
    if (!hasPermission(useSessionStore.getState().user, 'users.manage')) throw redirect({ to: '/', replace: true });
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchUsersPage(context.queryClient, deps),
  component: UsersPage,
});
const sponsorDetailRoute = createRoute({
  getParentRoute: protectedChild,
  path: '/sponsor/$sponsorId',
  validateSearch: sponsorDetailSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps }) => prefetchSponsorDetailPage(context.queryClient, params.sponsorId, deps),
  component: SponsorDetailPage,
});
const campaignDetailRoute = createRoute({
  getParentRoute: protectedChild,
  path: '/sponsor/$sponsorId/campaign/$campanaId',
  validateSearch: campaignDetailSearchSchema,
  loader: ({ context, params }) => prefetchCampaignDetailPage(context.queryClient, params.campanaId),
  component: CampaignDetailPage,
});
const campaignsRoute = createRoute({
  getParentRoute: protectedChild,
  path: '/campanas',
  validateSearch: campaignsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchCampaignsPage(context.queryClient, deps),
  component: CampaignsPage,
});
const categoriesRoute = createRoute({ getParentRoute: protectedChild, path: '/categorias', component: CategoriesPage });
const servicesRoute = createRoute({ getParentRoute: protectedChild, path: '/servicios', component: ServicesPage });
const plansRoute = createRoute({ getParentRoute: protectedChild, path: '/planes-asistencia', component: PlansPage });
const salesRoute = createRoute({ getParentRoute: protectedChild, path: '/ventas', validateSearch: salesSearchSchema, component: SalesPage });
const bookingsRoute = createRoute({ getParentRoute: protectedChild, path: '/agendamientos', component: BookingsPage });
const providersRoute = createRoute({
  getParentRoute: protectedChild,
  path: '/proveedores',
  validateSearch: providersSearchSchema,
  component: ProvidersPage,
});
const dspConfigRoute = createRoute({ getParentRoute: protectedChild, path: '/dsp-config', component: DspConfigPage });
const customersRoute = createRoute({ getParentRoute: protectedChild, path: '/customers/$dspId', component: CustomersPage });

// Every signed-in person's own account: no permission beyond being signed in.
const accountRoute = createRoute({
  getParentRoute: protectedChild,
  path: '/mi-cuenta',
  loader: ({ context }) => prefetchAccountPage(context.queryClient),
  component: AccountPage,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  otpRoute,
  recoverRoute,
  protectedRoute.addChildren([
    homeRoute,
    sponsorsRoute,
    usersRoute,
    sponsorDetailRoute,
    campaignDetailRoute,
    campaignsRoute,
    categoriesRoute,
    servicesRoute,
    plansRoute,
    salesRoute,
    bookingsRoute,
    providersRoute,
    dspConfigRoute,
    customersRoute,
    accountRoute,
  ]),
]);

export const createAppRouter = (queryClient: QueryClient) =>
  createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaded data lives in TanStack Query; the router need not cache it a second time.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
