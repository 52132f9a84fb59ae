import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, fail } from '../../../../tests/msw/envelope';
import { preferencesDb } from '../../../../tests/msw/handlers/preferences';
import { server } from '../../../../tests/msw/server';
import { renderRoute, startSession } from '../../../../tests/utils/render';

/** The theme the page is drawn in, as Mantine's styles read it. */
const drawnScheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');
/** Where Mantine keeps this browser's last choice, which index.html's script reads before the first paint. */
const browserChoice = () => localStorage.getItem('mantine-color-scheme-value');

const openAccount = async () => {
  startSession();
  const view = renderRoute('/mi-cuenta');
  await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' });
  return view;
};

describe("the theme in 'Mi cuenta' and the avatar menu", () => {
  it("draws the panel dark at once when 'Oscuro' is chosen, keeps it for the person and for this browser", async () => {
    const { user } = await openAccount();
    const themes = await screen.findByRole('group', { name: 'Tema' });
    expect(within(themes).getByRole('button', { name: 'Sistema', pressed: true })).toBeInTheDocument();

    await user.click(within(themes).getByRole('button', { name: 'Oscuro' }));
    expect(within(themes).getByRole('button', { name: 'Oscuro', pressed: true })).toBeInTheDocument();
    expect(drawnScheme()).toBe('dark');
    expect(browserChoice()).toBe('dark');
    await waitFor(() => expect(preferencesDb.saves).toEqual([{ color_scheme: 'dark' }]));
    expect(preferencesDb.current.color_scheme).toBe('dark');
  });

  it("applies the person's kept theme on opening the panel, over this browser's last one", async () => {
    localStorage.setItem('mantine-color-scheme-value', 'light');
    preferencesDb.current = { color_scheme: 'dark', columns: {} };
    await openAccount();
    await waitFor(() => expect(drawnScheme()).toBe('dark'));
    expect(browserChoice()).toBe('dark');
    expect(screen.getByRole('button', { name: 'Oscuro', pressed: true })).toBeInTheDocument();
  });

  it('marks the chosen theme in the avatar menu and changes it from there, the menu staying open', async () => {
    preferencesDb.current = { color_scheme: 'light', columns: {} };
    const { user } = await openAccount();
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Tema: Claro' })).toHaveAttribute('aria-current', 'true'));
    await user.click(screen.getByRole('menuitem', { name: 'Tema: Oscuro' }));
    expect(drawnScheme()).toBe('dark');
    expect(screen.getByRole('menuitem', { name: 'Tema: Oscuro' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('menuitem', { name: 'Tema: Claro' })).not.toHaveAttribute('aria-current');
    await waitFor(() => expect(preferencesDb.current.color_scheme).toBe('dark'));
  });

  it('puts the previous theme back and says so when the server refuses to keep it', async () => {
    preferencesDb.current = { color_scheme: 'light', columns: {} };
    server.use(http.put(apiUrl('auth/me/preferences'), () => fail(500, 'No se pudo guardar.')));
    const { user } = await openAccount();
    await waitFor(() => expect(drawnScheme()).toBe('light'));
    await user.click(screen.getByRole('button', { name: 'Oscuro' }));
    expect(await screen.findByText('No se pudo guardar.')).toBeInTheDocument();
    expect(drawnScheme()).toBe('light');
    expect(screen.getByRole('button', { name: 'Claro', pressed: true })).toBeInTheDocument();
  });
});
