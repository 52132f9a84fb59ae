/** Where a person goes after signing in when the address asked for nowhere (or nowhere safe). */
export const HOME_PATH = '/';

// A stand-in origin: a target is kept only if, resolved against it, it stays on it.
const PANEL_ORIGIN = 'https://panel.invalid';
// Landing on a sign-in page after signing in would ask for it again.
const SIGN_IN_PATH = /^\/(?:login|otp|recover)(?:\/|$)/i;
// Browsers drop tabs and line breaks from URLs ('/\t/evil.com' becomes '//evil.com') and read a
// backslash as a slash, so neither may appear anywhere in a target.
const hasUnsafeCharacter = (target: string) =>
  [...target].some((character) => character === '\\' || character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);
const MAX_LENGTH = 2048;

/**
 * The panel path to open after signing in, from an untrusted `redirect` parameter. Only a path of
 * this panel is accepted: it starts with one '/', names no scheme or host, and is not a sign-in
 * page; anything else gives '/'. The path keeps its search and hash (`/users?q=ana&page=2`).
 */
export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || target.length > MAX_LENGTH) return HOME_PATH;
  if (!target.startsWith('/') || target.startsWith('//') || hasUnsafeCharacter(target)) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(target, PANEL_ORIGIN);
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== PANEL_ORIGIN || SIGN_IN_PATH.test(url.pathname)) return HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The `redirect` search parameter of the sign-in pages: a safe target, or not set when it is home. */
export const searchRedirect = (value: unknown): string | undefined => {
  const target = safeRedirect(value);
  return target === HOME_PATH ? undefined : target;
};
