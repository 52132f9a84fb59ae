/**
 * Each signed-in screen's address and its folder under src/pages, read from the router's own
 * declarations (router.tsx), so the build can preload a screen's chunks with the shell's without
 * a second list of paths. Each route is one `createRoute({ … })` call naming its path and the
 * page route it spreads (or its component); a path-only route belongs to its parent's page.
 * screen-pages.test.tsx proves the patterns match every route the router serves, each once.
 * Plain code: the build imports it.
 */
export function screenPages(routerSource: string): [RegExp, string][] {
  const folderOf = new Map<string, string>();
  for (const [, names = '', folder = ''] of routerSource.matchAll(/import \{([^}]+)\} from '@\/pages\/([\w-]+)'/g)) {
    for (const name of names.split(',')) folderOf.set(name.trim(), folder);
  }
  const routeOfChild = new Map([...routerSource.matchAll(/const (\w+) = \(\) => (\w+);/g)].map(([, child = '', route = '']) => [child, route]));

  const pageOfRoute = new Map<string, string>();
  const screens: [RegExp, string][] = [];
  for (const { text, name } of routeCalls(routerSource)) {
    const parent = text.match(/getParentRoute: (?:\(\) => )?(\w+)/)?.[1] ?? '';
    const own = [...text.matchAll(/\.\.\.(\w+)|component: (\w+)/g)].map(([, spread, component]) => folderOf.get(spread ?? component ?? '')).find(Boolean);
    const page = own ?? pageOfRoute.get(routeOfChild.get(parent) ?? parent);
    if (name && page) pageOfRoute.set(name, page);
    const routePath = text.match(/\bpath: '([^']*)'/)?.[1];
    if (routePath === undefined || !page || SIGN_IN_PAGES.includes(page)) continue;
    const pattern = routePath.replace(/\/$/, '').split('/').map((part) => (part.startsWith('$') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    screens.push([new RegExp(`^${pattern.join('\\/')}\\/?$`), page]);
  }
  return screens;
}

/** Each `createRoute({ … })` call's text up to its closing parenthesis, and the name it is given. */
function routeCalls(source: string): { text: string; name?: string }[] {
  const calls: { text: string; name?: string }[] = [];
  for (let start = source.indexOf('createRoute('); start !== -1; start = source.indexOf('createRoute(', start + 1)) {
    let depth = 0;
    let end = start;
    for (; end < source.length; end++) {
      if (source[end] === '(') depth++;
      else if (source[end] === ')' && --depth === 0) break;
    }
    calls.push({ text: source.slice(start, end + 1), name: source.slice(0, start).match(/const (\w+) = $/)?.[1] });
  }
  return calls;
}

/** The pages that show without a session: nothing of the signed-in panel is preloaded there. */
export const SIGN_IN_PATHS = /^\/(login|otp|recover)\b/;
export const SIGN_IN_PAGES = ['login', 'otp', 'recover'];
