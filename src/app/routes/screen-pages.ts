/**
 * Each signed-in screen's address, as the router matches it, and its folder under src/pages, whose
 * index.ts imports the page and its loader lazily. The build reads it (vite.config.ts) to preload a
 * screen's own chunks with the shell's; it fails when a page folder with lazy chunks is missing
 * here, and screen-pages.test.tsx when a route's path is. Plain data: the build imports it.
 */
export const SCREEN_PAGES: readonly (readonly [RegExp, string])[] = [
  [/^\/(sponsors)?\/?$/, 'sponsors'],
  [/^\/sponsor\/[^/]+\/campaign\/[^/]+\/?$/, 'campaign-detail'],
  [/^\/sponsor\/[^/]+\/?$/, 'sponsor-detail'],
  [/^\/users\/?$/, 'users'],
  [/^\/campanas\/?$/, 'campaigns'],
  [/^\/categorias\/?$/, 'categories'],
  [/^\/servicios\/?$/, 'services'],
  [/^\/planes-asistencia\/?$/, 'plans'],
  [/^\/ventas\/?$/, 'sales'],
  [/^\/agendamientos\/?$/, 'bookings'],
  [/^\/proveedores\/?$/, 'providers'],
  [/^\/dsp-config\/?$/, 'dsp-config'],
  [/^\/customers\/[^/]+\/?$/, 'customers'],
  [/^\/auditoria\/?$/, 'audit'],
  [/^\/mi-cuenta\/?$/, 'account'],
];

/** The pages that show without a session: nothing of the signed-in panel is preloaded there. */
export const SIGN_IN_PATHS = /^\/(login|otp|recover)\b/;
export const SIGN_IN_PAGES = ['login', 'otp', 'recover'];
