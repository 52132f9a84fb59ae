import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANTINE_CORE_CSS, mantineCoreCss, reachedStylesheets } from './mantine-styles';

describe("the panel's Mantine stylesheet", () => {
  it('is current: every Mantine component the panel imports has its styles (else run `npm run styles:mantine`)', () => {
    const written = readFileSync(path.resolve(import.meta.dirname, '..', MANTINE_CORE_CSS), 'utf8');
    expect(written).toBe(mantineCoreCss());
  });

  it("holds what the components used inside others need, and not those of components never used", () => {
    const reached = reachedStylesheets();
    // A Select is a Combobox in a Popover over an Input, its options in a ScrollArea; a Button is an UnstyledButton.
    expect([...reached]).toEqual(expect.arrayContaining(['Combobox', 'Popover', 'Input', 'ScrollArea', 'UnstyledButton', 'Button']));
    expect(reached.has('Slider')).toBe(false);
    expect(reached.has('Rating')).toBe(false);
  });

  it("keeps Mantine's order: the global styles first, and a component after those it builds on", () => {
    const sheets = mantineCoreCss().match(/styles\/([\w-]+)\.css/g)?.map((sheet) => sheet.slice('styles/'.length, -'.css'.length)) ?? [];
    expect(sheets.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    expect(sheets.indexOf('UnstyledButton')).toBeLessThan(sheets.indexOf('Button'));
    expect(sheets.indexOf('Input')).toBeLessThan(sheets.indexOf('PasswordInput'));
  });
});
