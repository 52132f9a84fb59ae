import { APP_CODE_PROMPT } from '@contract/auth.constants';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/auth';
import { apiUrl, invalid, ok } from '../../../../tests/msw/envelope';
import { sessionToken, signedInUser } from '../../../../tests/msw/handlers/auth';
import { server } from '../../../../tests/msw/server';
import { currentLocation, renderRoute } from '../../../../tests/utils/render';

const APP_PATH = '/otp?email=ana%40example.com&method=app';

const openAppOtp = async () => {
  const view = renderRoute(APP_PATH);
  await screen.findByRole('heading', { level: 1, name: 'Verifica tu identidad' });
  return view;
};
const digit = (n: number) => screen.getByRole('textbox', { name: `Dígito ${n} del código` });

describe('OTP page for someone with an authenticator app', () => {
  it('asks for the app’s code, offers no resend, and signs in with it', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('auth/verify-2fa'), async ({ request }) => {
        sent.push(Object.fromEntries(new URLSearchParams(await request.text())));
        return ok({ token: sessionToken, expires_at: '2099-01-01T00:00:00.000Z', ...signedInUser });
      }),
    );
    const { user } = await openAppOtp();
    expect(screen.getByText(`${APP_CODE_PROMPT}.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar código' })).not.toBeInTheDocument();
    await user.click(digit(1));
    await user.keyboard('135790');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(sent).toEqual([{ email: 'ana@example.com', code: '135790' }]);
    expect(useSessionStore.getState().token).toBe(sessionToken);
  });

  it('switches to a recovery code and back, and signs in with one', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('auth/verify-2fa/recovery-code'), async ({ request }) => {
        const body = (await request.json()) as { recovery_code: string };
        sent.push(body);
        if (body.recovery_code !== 'abcde-23456') return invalid({ recovery_code: ['El código de recuperación no es correcto o ya se usó. Te quedan 4 intentos.'] });
        return ok({ token: sessionToken, expires_at: '2099-01-01T00:00:00.000Z', ...signedInUser });
      }),
    );
    const { user } = await openAppOtp();
    await user.click(screen.getByRole('button', { name: 'Usar un código de recuperación' }));
    const field = screen.getByRole('textbox', { name: 'Código de recuperación' });
    expect(field).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: 'Dígito 1 del código' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verificar y continuar' }));
    expect(await screen.findByText('Escribe uno de tus códigos de recuperación.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(field, 'zzzzz-99999{Enter}');
    expect(await screen.findByText('El código de recuperación no es correcto o ya se usó. Te quedan 4 intentos.')).toBeInTheDocument();
    expect(currentLocation()).toBe(APP_PATH);

    await user.click(screen.getByRole('button', { name: 'Usar el código de la aplicación' }));
    expect(digit(1)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Usar un código de recuperación' }));
    await user.type(screen.getByRole('textbox', { name: 'Código de recuperación' }), 'abcde-23456{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(sent.at(-1)).toEqual({ email: 'ana@example.com', recovery_code: 'abcde-23456' });
  });
});
