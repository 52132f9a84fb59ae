import { describe, expect, it } from 'vitest';
import { safeRedirect, searchRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    ['/sponsor/3', '/sponsor/3'],
    ['/users?q=ana&page=2', '/users?q=ana&page=2'],
    ['/sponsor/12/campaign/3?tab=planes#planes', '/sponsor/12/campaign/3?tab=planes#planes'],
    ['/campanas?q=hogar%20seguro', '/campanas?q=hogar%20seguro'],
    ['/', '/'],
    // Dot segments are resolved, and must not climb out of the panel.
    ['/users/../auditoria', '/auditoria'],
    ['/../../sponsors', '/sponsors'],
  ])('keeps the panel path %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    ['another site by protocol-relative URL', '//evil.example/users'],
    ['a backslash read as a slash', '/\\evil.example'],
    ['a backslash later in the path', '/users\\..\\..\\evil'],
    ['a tab the browser drops', '/\t/evil.example'],
    ['a line break the browser drops', '/\n/evil.example'],
    ['an absolute URL', 'https://evil.example/users'],
    ['a same-looking absolute URL', 'http://localhost:3000/users'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'users'],
    ['a path without its slash', 'evil.example/users'],
    ['the sign-in page', '/login'],
    ['the sign-in page with a search', '/login?redirect=%2Fusers'],
    ['the sign-in page in capitals', '/LOGIN'],
    ['the code page', '/otp?email=a%40b.co'],
    ['the recovery page', '/recover/'],
    ['a sign-in page reached through dot segments', '/users/../login'],
    ['an empty string', ''],
    ['a number', 42],
    ['nothing', undefined],
    ['an object', { href: '/users' }],
    ['a very long target', `/${'a'.repeat(3000)}`],
  ])('sends %s home', (_case, target) => {
    expect(safeRedirect(target)).toBe('/');
  });
});

describe('searchRedirect', () => {
  it('keeps a panel path and leaves home or a hostile target unset', () => {
    expect(searchRedirect('/users?q=ana')).toBe('/users?q=ana');
    expect(searchRedirect('/')).toBeUndefined();
    expect(searchRedirect('//evil.example')).toBeUndefined();
  });
});
