import type { Permission } from '@contract/permissions';
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
import { accountRoute } from '@/pages/account';
import { auditRoute } from '@/pages/audit';
import { BookingsPage } from '@/pages/bookings';
import { campaignDetailRoute } from '@/pages/campaign-detail';
import { campaignsRoute } from '@/pages/campaigns';
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
import { sponsorDetailRoute } from '@/pages/sponsor-detail';
import { sponsorsRoute } from '@/pages/sponsors';
import { usersRoute } from '@/pages/users';
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

const protectedChild = () => protectedRoute;

// '/' and '/sponsors' are one screen: a pathless route owns its search, loader and page, and the two
// paths only match under it, so the page reads one route's search.
const sponsorsScreen = createRoute({ getParentRoute: protectedChild, id: 'sponsors-screen', ...sponsorsRoute });
const sponsorsChild = () => sponsorsScreen;

/** Only who holds the permission reaches the screen; everyone else goes home. */
const requirePermission = (permission: Permission) => () => {
  if (!hasPermission(useSessionStore.getState().user, permission)) throw redirect({ to: '/', replace: true });
};

// Adding a screen is one entry here: its path and the page's route options (see pages/<page>/index.ts).
// Each route is written inline so that its literal path types links, params and search.
const routeTree = rootRoute.addChildren([
  loginRoute,
  otpRoute,
  recoverRoute,
  protectedRoute.addChildren([
    sponsorsScreen.addChildren([
      createRoute({ getParentRoute: sponsorsChild, path: '/' }),
      createRoute({ getParentRoute: sponsorsChild, path: '/sponsors' }),
    ]),
    createRoute({ getParentRoute: protectedChild, path: '/users', beforeLoad: requirePermission('users.manage'), ...usersRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/sponsor/$sponsorId', ...sponsorDetailRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/sponsor/$sponsorId/campaign/$campanaId', ...campaignDetailRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/campanas', ...campaignsRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/categorias', component: CategoriesPage }),
    createRoute({ getParentRoute: protectedChild, path: '/servicios', component: ServicesPage }),
    createRoute({ getParentRoute: protectedChild, path: '/planes-asistencia', component: PlansPage }),
    createRoute({ getParentRoute: protectedChild, path: '/ventas', validateSearch: salesSearchSchema, component: SalesPage }),
    createRoute({ getParentRoute: protectedChild, path: '/agendamientos', component: BookingsPage }),
    createRoute({ getParentRoute: protectedChild, path: '/proveedores', validateSearch: providersSearchSchema, component: ProvidersPage }),
    createRoute({ getParentRoute: protectedChild, path: '/dsp-config', component: DspConfigPage }),
    createRoute({ getParentRoute: protectedChild, path: '/customers/$dspId', component: CustomersPage }),
    createRoute({ getParentRoute: protectedChild, path: '/auditoria', beforeLoad: requirePermission('audit.view'), ...auditRoute }),
    // Every signed-in person's own account: no permission beyond being signed in.
    createRoute({ getParentRoute: protectedChild, path: '/mi-cuenta', ...accountRoute }),
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
