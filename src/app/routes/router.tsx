import type { Permission } from '@contract/permissions';
import type { QueryClient } from '@tanstack/react-query';
import {
  Navigate,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { accountRoute } from '@/pages/account';
import { auditRoute } from '@/pages/audit';
import { bookingsRoute } from '@/pages/bookings';
import { campaignDetailRoute } from '@/pages/campaign-detail';
import { campaignsRoute } from '@/pages/campaigns';
import { categoriesRoute } from '@/pages/categories';
import { customersRoute } from '@/pages/customers';
import { dspConfigRoute } from '@/pages/dsp-config';
import { LoginPage, loginSearchSchema } from '@/pages/login';
import { OtpPage, otpSearchSchema } from '@/pages/otp';
import { plansRoute } from '@/pages/plans';
import { ProvidersPage, providersSearchSchema } from '@/pages/providers';
import { RecoverPage, recoverSearchSchema } from '@/pages/recover';
import { salesRoute } from '@/pages/sales';
import { servicesRoute } from '@/pages/services';
import { sponsorDetailRoute } from '@/pages/sponsor-detail';
import { sponsorsRoute } from '@/pages/sponsors';
import { usersRoute } from '@/pages/users';
import { hasPermission, useSessionStore } from '@/shared/auth';
import { safeRedirect, searchRedirect } from '@/shared/lib';
import type { MenuPlacement } from '../layout/menu';
import { TitledOutlet } from './document-title';

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: TitledOutlet,
  // Unknown paths go home (and from there to /login without a session).
  notFoundComponent: () => <Navigate to="/" replace />,
});

/**
 * Someone already signed in has nothing to do on the sign-in pages: they go where the sign-in was
 * taking them (so Back right after signing in returns there), or home.
 */
const redirectSignedIn = ({ search }: { search: { redirect?: string } }) => {
  if (useSessionStore.getState().token) throw redirect({ href: safeRedirect(search.redirect), replace: true });
};

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  staticData: { title: 'Iniciar sesión' },
  validateSearch: loginSearchSchema,
  beforeLoad: redirectSignedIn,
  component: LoginPage,
});

const otpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/otp',
  staticData: { title: 'Verificar código' },
  validateSearch: otpSearchSchema,
  beforeLoad: redirectSignedIn,
  component: OtpPage,
});

const recoverRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/recover',
  staticData: { title: 'Recuperar contraseña' },
  validateSearch: recoverSearchSchema,
  component: RecoverPage,
});

/** Every screen behind the sign-in. The shell is its own chunk, so /login does not load it. */
const protectedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'protected',
  // The address asked for (a deep link, search included) rides along and opens after the sign-in.
  // A screen's `staticData.permission` guards it: who lacks it goes home (its menu entry does not
  // show to them either).
  beforeLoad: ({ location, matches }) => {
    const { token, user } = useSessionStore.getState();
    if (!token) throw redirect({ to: '/login', search: { redirect: searchRedirect(location.href) }, replace: true });
    if (matches.some(({ staticData }) => staticData.permission && !hasPermission(user, staticData.permission))) {
      throw redirect({ to: '/', replace: true });
    }
  },
  component: lazyRouteComponent(() => import('../layout/app-shell'), 'AppShellLayout'),
});

const protectedChild = () => protectedRoute;

// '/' and '/sponsors' are one screen: a pathless route owns its search, loader and page, and the two
// paths only match under it, so the page reads one route's search.
const sponsorsScreen = createRoute({
  getParentRoute: protectedChild,
  id: 'sponsors-screen',
  staticData: { title: 'Sponsors' },
  ...sponsorsRoute,
});
const sponsorsChild = () => sponsorsScreen;

// Adding a screen is one entry here: its path, title, permission, menu place and the page's route
// options (see pages/<page>/index.ts). The sidebar lists the screens with a `menu`, in this order.
// Each route is written inline so that its literal path types links, params and search.
const routeTree = rootRoute.addChildren([
  loginRoute,
  otpRoute,
  recoverRoute,
  protectedRoute.addChildren([
    sponsorsScreen.addChildren([
      createRoute({ getParentRoute: sponsorsChild, path: '/', staticData: { menu: { icon: 'sponsors', permission: 'sponsors.manage', activeOn: ['/sponsors', '/sponsor/'] } } }),
      createRoute({ getParentRoute: sponsorsChild, path: '/sponsors' }),
    ]),
    // Every campaign, of every sponsor; a sponsor's own campaigns stay under Sponsors.
    createRoute({ getParentRoute: protectedChild, path: '/campanas', staticData: { title: 'Campañas', menu: { icon: 'campaigns', permission: 'sponsors.manage' } }, ...campaignsRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/users', staticData: { title: 'Usuarios', permission: 'users.manage', menu: { icon: 'users' } }, ...usersRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/categorias', staticData: { title: 'Categorías', menu: { icon: 'categories', permission: 'categories.manage' } }, ...categoriesRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/dsp-config', staticData: { title: 'DSP', permission: 'dsps.manage', menu: { icon: 'dsps', activeOn: ['/customers/'] } }, ...dspConfigRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/agendamientos', staticData: { title: 'Agendamientos', permission: 'operations.view', menu: { group: 'Operaciones' } }, ...bookingsRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/auditoria', staticData: { title: 'Auditoría', permission: 'audit.view', menu: { icon: 'audit' } }, ...auditRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/sponsor/$sponsorId', staticData: { title: 'Sponsor' }, ...sponsorDetailRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/sponsor/$sponsorId/campaign/$campanaId', staticData: { title: 'Campaña' }, ...campaignDetailRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/servicios', staticData: { title: 'Servicios' }, ...servicesRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/planes-asistencia', staticData: { title: 'Planes de asistencia' }, ...plansRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/ventas', staticData: { title: 'Ventas' }, ...salesRoute }),
    createRoute({ getParentRoute: protectedChild, path: '/proveedores', staticData: { title: 'Proveedores' }, validateSearch: providersSearchSchema, component: ProvidersPage }),
    createRoute({ getParentRoute: protectedChild, path: '/customers/$dspId', staticData: { title: 'Clientes' }, ...customersRoute }),
    // Every signed-in person's own account: no permission beyond being signed in.
    createRoute({ getParentRoute: protectedChild, path: '/mi-cuenta', staticData: { title: 'Mi cuenta' }, ...accountRoute }),
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
  interface StaticDataRouteOption {
    /** The screen's name in the browser tab: '<title> · Panel de Control'. */
    title?: string;
    /** Who may open the screen and the routes below it; the others are sent home. */
    permission?: Permission;
    /** Its entry in the sidebar (`src/app/layout/menu.ts`), shown to who holds `permission`. */
    menu?: MenuPlacement;
  }
}
