import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECOVERY_REDIRECT_MS } from '@/shared/config';
import { apiUrl, fail, ok } from '../../../../tests/msw/envelope';
import { resetToken } from '../../../../tests/msw/handlers/auth';
import { server } from '../../../../tests/msw/server';
import { fillIn } from '../../../../tests/utils/fill-in';
import { currentLocation, renderRoute } from '../../../../tests/utils/render';

afterEach(() => {
  vi.useRealTimers();
});

type User = ReturnType<typeof renderRoute>['user'];

const openRecover = async ({ path = '/recover', ...options }: Parameters<typeof renderRoute>[1] & { path?: string } = {}) => {
  const view = renderRoute(path, options);
  await screen.findByRole('heading', { level: 1, name: 'Recuperar contraseña' });
  return view;
};
const digit = (n: number) => screen.getByRole('textbox', { name: `Dígito ${n} del código` });
const back = () => screen.getByRole('button', { name: 'Volver al paso anterior' });

const sendCode = async (user: User, email = 'ana@example.com') => {
  await user.type(screen.getByLabelText('Correo electrónico'), email);
  await user.click(screen.getByRole('button', { name: 'Enviar código' }));
  await screen.findByRole('group', { name: 'Código de verificación' });
};
const verifyCode = async (user: User, code = '123456') => {
  await user.click(digit(1));
  await user.paste(code);
  await user.click(screen.getByRole('button', { name: 'Verificar código' }));
  await screen.findByLabelText('Nueva contraseña');
};

describe('recover page', () => {
  it('goes from e-mail to code to new password, then back to a sign-in that greets the new password', async () => {
    const bodies: Record<string, unknown> = {};
    const record = (name: string, answer: () => Response) =>
      http.post(apiUrl(`auth/recovery/${name}`), async ({ request }) => {
        bodies[name] = await request.json();
        return answer();
      });
    server.use(
      record('send-code', () => ok(null, 'Si el correo está registrado, te enviamos un código.')),
      record('verify-code', () => ok({ reset_token: resetToken, expires_at: '2099-01-01T00:00:00.000Z' })),
      record('reset-password', () => ok(null, 'Tu contraseña ha sido actualizada correctamente.')),
    );
    const { user } = await openRecover();
    expect(screen.queryByRole('button', { name: 'Volver al paso anterior' })).not.toBeInTheDocument();

    await sendCode(user);
    expect(bodies['send-code']).toEqual({ email: 'ana@example.com' });
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();

    await verifyCode(user, '123456');
    expect(bodies['verify-code']).toEqual({ email: 'ana@example.com', code: '123456' });

    await fillIn(user, screen.getByLabelText('Nueva contraseña'), 'nueva-clave-1');
    await fillIn(user, screen.getByLabelText('Confirmar contraseña'), 'nueva-clave-1');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect(await screen.findByText('Tu contraseña ha sido actualizada correctamente.')).toBeInTheDocument();
    expect(bodies['reset-password']).toEqual({
      email: 'ana@example.com',
      reset_token: resetToken,
      password: 'nueva-clave-1',
      password_confirmation: 'nueva-clave-1',
    });
    // The message stays readable for a moment before the sign-in page replaces it.
    expect(currentLocation()).toBe('/recover');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bienvenido' }, { timeout: RECOVERY_REDIRECT_MS + 1500 }),
    ).toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
    // The sign-in page greets with the new password and has the address filled in.
    expect(screen.getByRole('status')).toHaveTextContent('Tu contraseña ha sido actualizada correctamente.');
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
  });

  it('keeps the address a deep link asked for, back to sign-in and on to the code page', async () => {
    const { user } = await openRecover({ path: '/recover?redirect=%2Fsponsor%2F3%3Ftab%3Dcampanas' });
    expect(screen.getByRole('link', { name: 'Volver al inicio de sesión' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fsponsor%2F3%3Ftab%3Dcampanas',
    );
    await sendCode(user);
    await verifyCode(user);
    await fillIn(user, screen.getByLabelText('Nueva contraseña'), 'nueva-clave-1');
    await fillIn(user, screen.getByLabelText('Confirmar contraseña'), 'nueva-clave-1');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    await screen.findByRole('heading', { level: 1, name: 'Bienvenido' }, { timeout: RECOVERY_REDIRECT_MS + 1500 });
    expect(currentLocation()).toBe('/login?redirect=%2Fsponsor%2F3%3Ftab%3Dcampanas');

    await fillIn(user, screen.getByLabelText('Contraseña'), 'nueva-clave-1');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { level: 1, name: 'Verifica tu identidad' });
    expect(currentLocation()).toBe('/otp?email=ana%40example.com&redirect=%2Fsponsor%2F3%3Ftab%3Dcampanas');
  });

  it('drops a target outside the panel', async () => {
    await openRecover({ path: '/recover?redirect=https%3A%2F%2Fevil.example%2F' });
    expect(screen.getByRole('link', { name: 'Volver al inicio de sesión' })).toHaveAttribute('href', '/login');
  });

  it("moves focus to each step's first field, and to the field at fault, with its message, on a refusal", async () => {
    const describedBy = (element: HTMLElement) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    const { user } = await openRecover();
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    const emailInput = screen.getByLabelText('Correo electrónico');
    await waitFor(() => expect(emailInput).toHaveFocus());
    expect(emailInput).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(emailInput)).toContain('El email es requerido');

    await sendCode(user);
    await waitFor(() => expect(digit(1)).toHaveFocus());

    const refusal = 'El código no es correcto, expiró o ya no es válido.';
    server.use(http.post(apiUrl('auth/recovery/verify-code'), () => fail(422, refusal, { code: [refusal] }), { once: true }));
    await user.paste('999999');
    await user.click(screen.getByRole('button', { name: 'Verificar código' }));
    await waitFor(() => expect(digit(1)).toHaveFocus());
    expect(digit(1)).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(screen.getByRole('group', { name: 'Código de verificación' }))).toContain(refusal);
    // Shown once, on the boxes.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await verifyCode(user, '123456');
    const password = screen.getByLabelText('Nueva contraseña');
    await waitFor(() => expect(password).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(password)).toContain('al menos 8 caracteres');

    const common = 'Esa contraseña es demasiado común.';
    server.use(http.post(apiUrl('auth/recovery/reset-password'), () => fail(422, common, { password: [common] })));
    await fillIn(user, password, 'password123');
    await fillIn(user, screen.getByLabelText('Confirmar contraseña'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    await waitFor(() => expect(password).toHaveFocus());
    expect(describedBy(password)).toContain(common);
  });

  it('asks for a valid e-mail before sending a code', async () => {
    const { user } = await openRecover();
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('El email es requerido')).toBeInTheDocument();
    await fillIn(user, screen.getByLabelText('Correo electrónico'), 'no-es-un-correo');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByText('El email no es válido')).toBeInTheDocument();
  });

  it('shows the server refusal when a code was asked for too recently', async () => {
    server.use(
      http.post(apiUrl('auth/recovery/send-code'), () => fail(429, 'Espera un minuto antes de pedir otro código.')),
    );
    const { user } = await openRecover();
    await fillIn(user, screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Espera un minuto antes de pedir otro código.');
    expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();
  });

  it('goes one step back with the arrow, keeping the e-mail', async () => {
    const { user } = await openRecover();
    await sendCode(user);
    await verifyCode(user);

    await user.click(back());
    expect(screen.getByRole('group', { name: 'Código de verificación' })).toBeInTheDocument();
    await user.click(back());
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
    expect(screen.queryByRole('button', { name: 'Volver al paso anterior' })).not.toBeInTheDocument();
  });

  it('asks for the whole code and shows the server message for a wrong one', async () => {
    server.use(http.post(apiUrl('auth/recovery/verify-code'), () => fail(422, 'El código no es válido o expiró.')));
    const { user } = await openRecover();
    await sendCode(user);
    await user.click(digit(1));
    await user.keyboard('12');
    await user.click(screen.getByRole('button', { name: 'Verificar código' }));
    expect(await screen.findByText('El código debe tener 6 dígitos.')).toBeInTheDocument();

    await user.click(digit(1));
    await user.paste('999999');
    await user.click(screen.getByRole('button', { name: 'Verificar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El código no es válido o expiró.');
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();
  });

  it('checks the new password locally before sending it', async () => {
    let resets = 0;
    server.use(
      http.post(apiUrl('auth/recovery/reset-password'), () => {
        resets += 1;
        return ok(null, 'Tu contraseña ha sido actualizada correctamente.');
      }),
    );
    const { user } = await openRecover();
    await sendCode(user);
    await verifyCode(user);

    await fillIn(user, screen.getByLabelText('Nueva contraseña'), 'corta');
    await fillIn(user, screen.getByLabelText('Confirmar contraseña'), 'otra');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText('La nueva contraseña debe tener al menos 8 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Nueva contraseña'));
    await fillIn(user, screen.getByLabelText('Nueva contraseña'), 'suficientemente-larga');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(screen.queryByText('La nueva contraseña debe tener al menos 8 caracteres.')).not.toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    expect(resets).toBe(0);
  });

  it('shows the server message when the new password is refused', async () => {
    server.use(
      http.post(apiUrl('auth/recovery/reset-password'), () =>
        fail(422, 'El permiso para cambiar la contraseña expiró.', { reset_token: ['El permiso expiró.'] }),
      ),
    );
    const { user } = await openRecover();
    await sendCode(user);
    await verifyCode(user);
    await fillIn(user, screen.getByLabelText('Nueva contraseña'), 'nueva-clave-1');
    await fillIn(user, screen.getByLabelText('Confirmar contraseña'), 'nueva-clave-1');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El permiso para cambiar la contraseña expiró.');
    expect(currentLocation()).toBe('/recover');
  });

  it('lets a new code be asked for once the minute has passed, and counts down again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let resent: unknown;
    server.use(
      http.post(apiUrl('auth/recovery/resend-code'), async ({ request }) => {
        resent = await request.json();
        return ok(null, 'Si el correo está registrado, te enviamos un código.');
      }),
    );
    const { user } = await openRecover({ user: { advanceTimers: vi.advanceTimersByTime } });
    await sendCode(user);

    const resend = screen.getByRole('button', { name: 'Reenviar código' });
    expect(resend).toBeDisabled();
    expect(screen.getByText('Podrás pedir otro código en 60 s.')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText('Podrás pedir otro código en 40 s.')).toBeInTheDocument();
    expect(resend).toBeDisabled();

    act(() => vi.advanceTimersByTime(40_000));
    expect(resend).toBeEnabled();
    await user.click(resend);

    expect(await screen.findByText('Te enviamos un código nuevo.')).toBeInTheDocument();
    expect(resent).toEqual({ email: 'ana@example.com' });
    expect(screen.getByText('Podrás pedir otro código en 60 s.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
  });

  it('shows the server refusal when a resend is refused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.post(apiUrl('auth/recovery/resend-code'), () =>
        fail(429, 'Espera un minuto antes de pedir otro código.'),
      ),
    );
    const { user } = await openRecover({ user: { advanceTimers: vi.advanceTimersByTime } });
    await sendCode(user);
    act(() => vi.advanceTimersByTime(60_000));
    await user.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Espera un minuto antes de pedir otro código.');
  });
});
