import { TOTP_MESSAGES } from '@contract/account';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { APP_CODE_NOW, APP_SECRET, CURRENT_PASSWORD, RECOVERY_CODES, accountDb } from '../../../../tests/msw/handlers/account';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { renderRoute, startSession } from '../../../../tests/utils/render';

const openAccount = async () => {
  startSession(signedInUser);
  const view = renderRoute('/mi-cuenta');
  await screen.findByRole('heading', { level: 1, name: 'Mi cuenta' });
  return view;
};
const section = () => screen.getByRole('region', { name: 'Aplicación de autenticación' });
const digit = (n: number) => screen.getByRole('textbox', { name: `Dígito ${n} del código` });

describe("account page: 'Aplicación de autenticación'", () => {
  it('enrols with the QR code or the key, a first code, and shows the recovery codes once', async () => {
    const { user } = await openAccount();
    await user.click(await within(section()).findByRole('button', { name: 'Activar aplicación de autenticación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activar aplicación de autenticación' });
    expect(await within(dialog).findByRole('img', { name: /Código QR/ })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml;base64,/));
    expect(within(dialog).getByLabelText('Clave')).toHaveTextContent(APP_SECRET.match(/.{4}/g)!.join(' '));

    await user.click(digit(1));
    await user.keyboard('111111');
    expect(await within(dialog).findByText(TOTP_MESSAGES.codeWrong)).toBeInTheDocument();
    await user.click(digit(1));
    await user.keyboard(APP_CODE_NOW);

    const codes = await screen.findByRole('dialog', { name: 'Guarda tus códigos de recuperación' });
    const list = within(codes).getByRole('list', { name: 'Códigos de recuperación' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(RECOVERY_CODES);
    // The codes are shown once: only 'Ya los guardé' closes them.
    expect(within(codes).queryByRole('button', { name: /cerrar/i })).not.toBeInTheDocument();

    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:codes');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    await user.click(within(codes).getByRole('button', { name: 'Descargar (.txt)' }));
    const file = created.mock.calls[0]![0] as Blob;
    const text = await file.text();
    for (const code of RECOVERY_CODES) expect(text).toContain(code);
    vi.restoreAllMocks();

    await user.click(within(codes).getByRole('button', { name: 'Ya los guardé' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(section()).findByText('Activada')).toBeInTheDocument();
    expect(within(section()).getByText('Te quedan 10 códigos de recuperación.')).toBeInTheDocument();
  });

  it('disables it with the password and a current code', async () => {
    accountDb.secondFactor = { method: 'app', enabled_at: '2026-03-03T12:00:00.000Z', recovery_codes_left: 2 };
    const { user } = await openAccount();
    expect(await within(section()).findByText('Te quedan 2 códigos de recuperación.')).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Desactivar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desactivar aplicación de autenticación' });
    await user.type(within(dialog).getByLabelText(/Contraseña/), 'otra');
    await user.type(within(dialog).getByRole('textbox', { name: /Código de la aplicación/ }), APP_CODE_NOW);
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    expect(await within(dialog).findByText(TOTP_MESSAGES.passwordWrong)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/Contraseña/));
    await user.type(within(dialog).getByLabelText(/Contraseña/), CURRENT_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(section()).findByRole('button', { name: 'Activar aplicación de autenticación' })).toBeInTheDocument();
  });
});
