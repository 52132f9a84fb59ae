import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { CODE_ALREADY_SENT_MESSAGE } from '@contract/auth.constants';
import { describe, expect, it } from 'vitest';
import { SESSION_EXPIRED_NOTICE } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { apiUrl, fail, ok } from '../../../../tests/msw/envelope';
import { server } from '../../../../tests/msw/server';
import { fillIn } from '../../../../tests/utils/fill-in';
import { currentLocation, renderRoute } from '../../../../tests/utils/render';

const openLogin = async (path = '/login') => {
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Bienvenido' });
  return view;
};

describe('login page', () => {
  it('shows the product, the title and the form', async () => {
    await openLogin();
    expect(screen.getByText('Panel de Control')).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute('href', '/recover');
  });

  it('sends the credentials as multipart and opens the code screen for that e-mail', async () => {
    let sent: FormData | null = null;
    server.use(
      http.post(apiUrl('auth/login'), async ({ request }) => {
        sent = await request.formData();
        return ok(null, 'Te enviamos un código.');
      }),
    );
    const { user } = await openLogin();
    await fillIn(user, screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await fillIn(user, screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Verifica tu identidad' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/otp?email=ana%40example.com');
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(sent!.get('email')).toBe('ana@example.com');
    expect(sent!.get('password')).toBe('secreto123');
    expect(useSessionStore.getState().email).toBe('ana@example.com');
  });

  it("opens the app's code screen, without a resend minute, for someone with an authenticator app", async () => {
    server.use(http.post(apiUrl('auth/login'), () => ok({ second_factor: 'app' }, 'Escribe el código de tu aplicación de autenticación.')));
    const { user } = await openLogin();
    await fillIn(user, screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await fillIn(user, screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByText('Escribe el código de tu aplicación de autenticación.')).toBeInTheDocument();
    expect(currentLocation()).toBe('/otp?email=ana%40example.com&method=app');
    expect(screen.getByRole('button', { name: 'Usar un código de recuperación' })).toBeInTheDocument();
    expect(useSessionStore.getState().otpSentAt).toBeNull();
  });

  it('offers the code already sent when Continuar is pressed again within the minute', async () => {
    server.use(http.post(apiUrl('auth/login'), () => fail(429, CODE_ALREADY_SENT_MESSAGE)));
    const { user } = await openLogin('/login?redirect=%2Fventas');
    await fillIn(user, screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await fillIn(user, screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya enviamos un código hace menos de un minuto.');
    await user.click(screen.getByRole('link', { name: 'Ya tengo un código' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifica tu identidad' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/otp?email=ana%40example.com&redirect=%2Fventas');
  });

  it('offers no code page for any other refusal', async () => {
    server.use(http.post(apiUrl('auth/login'), () => fail(429, 'Demasiados intentos. Espera unos minutos.')));
    const { user } = await openLogin();
    await fillIn(user, screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await fillIn(user, screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('alert');
    expect(screen.queryByRole('link', { name: 'Ya tengo un código' })).not.toBeInTheDocument();
  });

  it('asks for the e-mail and the password before calling the server', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('El email es requerido')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es requerida')).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Correo electrónico')).toHaveFocus();
    expect(currentLocation()).toBe('/login');
  });

  it('puts a wrong password refusal on the password field and focuses it', async () => {
    server.use(http.post(apiUrl('auth/login'), () => fail(401, 'Correo o contraseña incorrectos.')));
    const { user } = await openLogin();
    await fillIn(user, screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await fillIn(user, screen.getByLabelText('Contraseña'), 'mala');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const password = screen.getByLabelText('Contraseña');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Correo o contraseña incorrectos.');
    expect(currentLocation()).toBe('/login');
  });

  it('shows a refusal that names no field in a red alert, and focuses it', async () => {
    server.use(http.post(apiUrl('auth/login'), () => fail(429, 'Demasiados intentos. Espera unos minutos.')));
    const { user } = await openLogin();
    await fillIn(user, screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await fillIn(user, screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Demasiados intentos. Espera unos minutos.');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
  });

  it('shows validation errors from the server under their fields', async () => {
    server.use(
      http.post(apiUrl('auth/login'), () =>
        fail(422, 'Los datos no son válidos.', { email: ['El email no es válido'] }),
      ),
    );
    const { user } = await openLogin();
    await fillIn(user, screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await fillIn(user, screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('El email no es válido')).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription('El email no es válido');
    expect(screen.getByLabelText('Correo electrónico')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Los datos no son válidos.');
  });

  it('treats a success answer it cannot read as an unexpected response', async () => {
    server.use(http.post(apiUrl('auth/login'), () => new Response('<html></html>', { status: 200 })));
    const { user } = await openLogin();
    await fillIn(user, screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await fillIn(user, screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected response from server');
  });

  it('says it is sending the code, and cannot be sent twice, while the server answers', async () => {
    let answer: () => void = () => {};
    server.use(
      http.post(apiUrl('auth/login'), async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return ok(null);
      }),
    );
    const { user } = await openLogin();
    await fillIn(user, screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await fillIn(user, screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    const busy = await screen.findByRole('button', { name: 'Enviando código...' });
    expect(busy).toBeDisabled();
    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifica tu identidad' })).toBeInTheDocument();
  });

  it('names the tab', async () => {
    await openLogin();
    await waitFor(() => expect(document.title).toBe('Iniciar sesión · Panel de Control'));
  });

  it('carries the address that needed the session on to the code screen', async () => {
    const { user } = await openLogin('/login?redirect=%2Fusers%3Fq%3Dana%26page%3D2');
    await fillIn(user, screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await fillIn(user, screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { level: 1, name: 'Verifica tu identidad' });
    expect(currentLocation()).toBe('/otp?email=ana%40example.com&redirect=%2Fusers%3Fq%3Dana%26page%3D2');
  });

  it('drops a target outside the panel', async () => {
    await openLogin('/login?redirect=%2F%2Fevil.example%2Fusers');
    await waitFor(() => expect(currentLocation()).toBe('/login'));
  });

  it('greets with the reset password and the address filled in after a recovery', async () => {
    useSessionStore.getState().passwordReset('ana@example.com');
    await openLogin();
    expect(screen.getByRole('status')).toHaveTextContent('Tu contraseña ha sido actualizada correctamente.');
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
    await waitFor(() => expect(screen.getByLabelText('Contraseña')).toHaveFocus());
  });

  it('keeps the address a deep link asked for on the way to recovery', async () => {
    renderRoute('/login?redirect=%2Fusers%3Fpage%3D2');
    expect(await screen.findByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
      'href',
      '/recover?redirect=%2Fusers%3Fpage%3D2',
    );
  });

  it('has a link to recovery of at least 24×24 px', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveClass('small-target');
  });

  it('shows why the last session ended, until the next attempt', async () => {
    useSessionStore.setState({ notice: SESSION_EXPIRED_NOTICE });
    const { user } = await openLogin();
    expect(screen.getByText(SESSION_EXPIRED_NOTICE)).toBeInTheDocument();
    await fillIn(user, screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await fillIn(user, screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(screen.queryByText(SESSION_EXPIRED_NOTICE)).not.toBeInTheDocument());
  });
});
