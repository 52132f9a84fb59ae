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
import { BookingsPage } from '@/pages/bookings';
import { CampaignDetailPage } from '@/pages/campaign-detail';
import { CampaignsPage } from '@/pages/campaigns';
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
import { SponsorDetailPage } from '@/pages/sponsor-detail';
import { SponsorsPage } from '@/pages/sponsors';
import { UsersPage } from '@/pages/users';
import { useSessionStore } from '@/shared/auth';

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

const homeRoute = createRoute({ getParentRoute: protectedChild, path: '/', component: SponsorsPage });
const sponsorsRoute = createRoute({ getParentRoute: protectedChild, path: '/sponsors', component: SponsorsPage });
const usersRoute = createRoute({ getParentRoute: protectedChild, path: '/users', component: UsersPage });
const sponsorDetailRoute = createRoute({ getParentRoute: protectedChild, path: '/sponsor/$sponsorId', component: SponsorDetailPage });
const campaignDetailRoute = createRoute({
  getParentRoute: protectedChild,
  path: '/sponsor/$sponsorId/campaign/$campanaId',
  component: CampaignDetailPage,
});
const campaignsRoute = createRoute({ getParentRoute: protectedChild, path: '/campanas', component: CampaignsPage });
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
