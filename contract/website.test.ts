import { describe, expect, it } from 'vitest';
import { websiteHref } from './website';

describe('websiteHref', () => {
  it('adds https:// when the scheme is missing', () => {
    expect(websiteHref('acme.com')).toBe('https://acme.com');
    expect(websiteHref('  www.acme.com.co/contacto  ')).toBe('https://www.acme.com.co/contacto');
    expect(websiteHref('//acme.com')).toBe('https://acme.com');
    expect(websiteHref('localhost:3000')).toBe('https://localhost:3000');
  });

  it('keeps http and https addresses as typed', () => {
    expect(websiteHref('http://acme.com')).toBe('http://acme.com');
    expect(websiteHref('HTTPS://Acme.com/a?b=1#c')).toBe('HTTPS://Acme.com/a?b=1#c');
  });

  it('gives null for anything that is not an http(s) address', () => {
    for (const value of [null, undefined, '', '   ', 'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'ftp://acme.com', 'mailto:a@b.co', 'http://', 'https:// acme.com', 'no es url']) {
      expect(websiteHref(value), String(value)).toBeNull();
    }
    expect(websiteHref(`acme.com/${'a'.repeat(2100)}`)).toBeNull();
  });
});
