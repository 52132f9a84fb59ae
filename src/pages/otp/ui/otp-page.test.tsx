import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/shared/auth';
import { apiUrl, fail, ok } from '../../../../tests/msw/envelope';
import { sessionToken, signedInUser } from '../../../../tests/msw/handlers/auth';
import { server } from '../../../../tests/msw/server';
import { fillIn } from '../../../../tests/utils/fill-in';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

const openOtp = async (path = '/otp?email=ana%40example.com') => {
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Verifica tu identidad' });
  return view;
};
const digit = (n: number) => screen.getByRole('textbox', { name: `Dígito ${n} del código` });
const submit = () => screen.getByRole('button', { name: 'Verificar y continuar' });

describe('OTP page', () => {
  it('says where the code went and offers the way back to sign-in', async () => {
    await openOtp();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio de sesión' })).toHaveAttribute('href', '/login');
    // A tab that did not type the password (a reload, the link in another tab) can still ask for a code.
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeEnabled();
  });

  it('sends no one back to sign-in for a new code unless the address is unknown', async () => {
    await openOtp('/otp');
    expect(screen.queryByRole('button', { name: 'Reenviar código' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vuelve a iniciar sesión' })).toHaveAttribute('href', '/login');
  });

  it('moves through the boxes with typing and Backspace, and fills them all from a paste', async () => {
    // The pasted code is being checked (the answer never comes), so the boxes keep it.
    server.use(http.post(apiUrl('auth/verify-2fa'), () => new Promise<never>(() => undefined)));
    const { user } = await openOtp();
    await user.click(digit(1));
    await user.keyboard('12');
    expect(digit(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(digit(2)).toHaveFocus();

    await user.click(digit(1));
    await user.paste('987654');
    expect([1, 2, 3, 4, 5, 6].map((n) => (digit(n) as HTMLInputElement).value)).toEqual(['9', '8', '7', '6', '5', '4']);
  });

  it('asks for all six digits before calling the server', async () => {
    const { user } = await openOtp();
    await user.click(digit(1));
    await user.keyboard('123');
    await user.click(submit());
    expect(await screen.findByText('El código debe tener 6 dígitos.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/otp?email=ana%40example.com');
  });

  it('cannot verify without knowing the e-mail', async () => {
    const { user } = await openOtp('/otp');
    await user.click(digit(1));
    await user.paste('123456');
    expect(await screen.findByRole('alert')).toHaveTextContent('No email provided for verification.');
  });

  it('uses the e-mail the sign-in remembered when the address has none', async () => {
    useSessionStore.getState().codeSent('luis@example.com');
    let sent: URLSearchParams | undefined;
    server.use(
      http.post(apiUrl('auth/verify-2fa'), async ({ request }) => {
        sent = new URLSearchParams(await request.text());
        return fail(422, 'El código no es válido o expiró.');
      }),
    );
    const { user } = await openOtp('/otp');
    expect(screen.getByText('luis@example.com')).toBeInTheDocument();
    await user.click(digit(1));
    await user.paste('123456');
    await screen.findByRole('alert');
    expect(sent?.get('email')).toBe('luis@example.com');
  });

  it('shows the server message for a wrong or expired code', async () => {
    server.use(http.post(apiUrl('auth/verify-2fa'), () => fail(422, 'El código no es válido o expiró.')));
    const { user } = await openOtp();
    await user.click(digit(1));
    await user.paste('000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('El código no es válido o expiró.');
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('treats an answer without a token as unexpected', async () => {
    server.use(http.post(apiUrl('auth/verify-2fa'), () => ok({ ...signedInUser })));
    const { user } = await openOtp();
    await user.click(digit(1));
    await user.paste('123456');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected response from server.');
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('sends the code as a form, stores the session and lands on the home screen', async () => {
    let contentType: string | null = null;
    let sent: URLSearchParams | undefined;
    server.use(
      http.post(apiUrl('auth/verify-2fa'), async ({ request }) => {
        contentType = request.headers.get('content-type');
        sent = new URLSearchParams(await request.text());
        return ok({ token: sessionToken, expires_at: '2099-01-01T00:00:00.000Z', ...signedInUser });
      }),
    );
    const { user } = await openOtp();
    await user.click(digit(1));
    await user.paste('123456');

    expect(await screen.findByRole('heading', { name: 'Sponsors' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
    expect(contentType).toContain('application/x-www-form-urlencoded');
    expect(sent?.get('email')).toBe('ana@example.com');
    expect(sent?.get('code')).toBe('123456');
    const session = useSessionStore.getState();
    expect(session.token).toBe(sessionToken);
    expect(session.user).toEqual(signedInUser);
  });

  it('sends a signed-in person straight to the home screen', async () => {
    startSession();
    renderRoute('/otp?email=ana%40example.com');
    expect(await screen.findByRole('heading', { name: 'Sponsors' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Verifica tu identidad' })).not.toBeInTheDocument();
  });

  it('sends six typed digits without Enter, once', async () => {
    const sent: string[] = [];
    server.use(
      http.post(apiUrl('auth/verify-2fa'), async ({ request }) => {
        sent.push(new URLSearchParams(await request.text()).get('code') ?? '');
        return ok({ token: sessionToken, expires_at: '2099-01-01T00:00:00.000Z', ...signedInUser });
      }),
    );
    const { user } = await openOtp();
    await user.click(digit(1));
    await user.keyboard('12345');
    expect(sent).toEqual([]);
    await user.keyboard('6');
    // Enter on top of it while the code is checked sends nothing more.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Sponsors' })).toBeInTheDocument();
    expect(sent).toEqual(['123456']);
  });

  it('empties the boxes after a wrong code, keeps focus on the first and sends the next six digits by themselves', async () => {
    const sent: string[] = [];
    server.use(
      http.post(apiUrl('auth/verify-2fa'), async ({ request }) => {
        const code = new URLSearchParams(await request.text()).get('code') ?? '';
        sent.push(code);
        if (code === '000000') return fail(422, 'Código incorrecto. Te quedan 4 intentos.', { code: ['Código incorrecto. Te quedan 4 intentos.'] });
        return ok({ token: sessionToken, expires_at: '2099-01-01T00:00:00.000Z', ...signedInUser });
      }),
    );
    const { user } = await openOtp();
    await user.click(digit(1));
    await user.paste('000000');
    await waitFor(() => expect(digit(1)).toHaveFocus());
    expect(await screen.findByText('Código incorrecto. Te quedan 4 intentos.')).toBeInTheDocument();
    expect([1, 2, 3, 4, 5, 6].map((n) => (digit(n) as HTMLInputElement).value).join('')).toBe('');
    expect(sent).toEqual(['000000']);

    await user.keyboard('654321');
    expect(await screen.findByRole('heading', { name: 'Sponsors' })).toBeInTheDocument();
    expect(sent).toEqual(['000000', '654321']);
  });

  it('puts a refused code on the boxes and focuses the first one', async () => {
    server.use(
      http.post(apiUrl('auth/verify-2fa'), () =>
        fail(422, 'Código incorrecto. Te quedan 4 intentos.', { code: ['Código incorrecto. Te quedan 4 intentos.'] }),
      ),
    );
    const { user } = await openOtp();
    await user.click(digit(1));
    await user.paste('000000');
    await waitFor(() => expect(digit(1)).toHaveFocus());
    expect(digit(1)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Código de verificación' })).toHaveAccessibleDescription(
      'Código incorrecto. Te quedan 4 intentos.',
    );
  });

  it('focuses the alert when the code cannot be checked at all', async () => {
    const { user } = await openOtp('/otp');
    await user.click(digit(1));
    await user.paste('123456');
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
  });

  it('lands on the address that needed the session, search included', async () => {
    const { user } = await openOtp('/otp?email=ana%40example.com&redirect=%2Fcampanas%3Fq%3Dhogar');
    await user.click(digit(1));
    await user.paste('123456');
    await waitFor(() => expect(currentLocation()).toBe('/campanas?q=hogar'));
    await waitFor(() => expect(document.title).toBe('Campañas · Panel de Control'));
  });

  it('lands home when the target is outside the panel', async () => {
    const { user } = await openOtp('/otp?email=ana%40example.com&redirect=https%3A%2F%2Fevil.example%2F');
    await user.click(digit(1));
    await user.paste('123456');
    expect(await screen.findByRole('heading', { name: 'Sponsors' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
  });

  it('keeps the target on the way back to sign-in', async () => {
    await openOtp('/otp?email=ana%40example.com&redirect=%2Fsponsor%2F3');
    expect(screen.getByRole('link', { name: 'Volver al inicio de sesión' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fsponsor%2F3',
    );
  });

  it('offers a new code only once the minute since the last one has passed, counting down', async () => {
    useSessionStore.setState({ email: 'ana@example.com', otpSentAt: Date.now() });
    await openOtp();
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
    expect(screen.getByText(/Podrás pedir otro código en (60|59) s\./)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Vuelve a iniciar sesión' })).not.toBeInTheDocument();
  });

  it('asks for a new code with the e-mail of the address alone, then counts down again', async () => {
    let sent: unknown = null;
    let signedInAgain = false;
    server.use(
      http.post(apiUrl('auth/resend-2fa'), async ({ request }) => {
        sent = await request.json();
        return ok(null, 'Si hay un inicio de sesión pendiente para ese correo, te enviamos un código nuevo.');
      }),
      http.post(apiUrl('auth/login'), () => {
        signedInAgain = true;
        return ok(null);
      }),
    );
    useSessionStore.setState({ email: 'ana@example.com', otpSentAt: Date.now() - 61_000 });
    const { user } = await openOtp();
    await user.click(screen.getByRole('button', { name: 'Reenviar código' }));

    expect(await screen.findByRole('status')).toHaveTextContent('te enviamos un código nuevo');
    expect(sent).toEqual({ email: 'ana@example.com' });
    expect(signedInAgain).toBe(false);
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
    expect(screen.getByText(/Podrás pedir otro código en (60|59) s\./)).toBeInTheDocument();
    expect(digit(1)).toHaveFocus();
  });

  it('keeps no password anywhere once the code page is open', async () => {
    const { user } = renderRoute('/login');
    await fillIn(user, await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await fillIn(user, screen.getByLabelText('Contraseña'), 'secreto-muy-propio');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { level: 1, name: 'Verifica tu identidad' });
    expect(JSON.stringify(localStorage)).not.toContain('secreto-muy-propio');
    expect(JSON.stringify(sessionStorage)).not.toContain('secreto-muy-propio');
    expect(JSON.stringify(useSessionStore.getState())).not.toContain('secreto-muy-propio');
    expect(currentLocation()).not.toContain('secreto');
  });

  it('shows the server refusal of a resend in an alert', async () => {
    server.use(
      http.post(apiUrl('auth/resend-2fa'), () =>
        fail(429, 'Ya enviamos un código hace menos de un minuto. Revisa tu correo o espera para pedir otro.'),
      ),
    );
    useSessionStore.setState({ email: 'ana@example.com', otpSentAt: Date.now() - 61_000 });
    const { user } = await openOtp();
    await user.click(screen.getByRole('button', { name: 'Reenviar código' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ya enviamos un código hace menos de un minuto.');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
  });

  it('names the tab', async () => {
    await openOtp();
    await waitFor(() => expect(document.title).toBe('Verificar código · Panel de Control'));
  });
});
