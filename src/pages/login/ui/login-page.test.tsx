import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SESSION_EXPIRED_NOTICE } from '@/shared/api';
import { useSessionStore } from '@/shared/auth';
import { apiUrl, fail, ok } from '../../../../tests/msw/envelope';
import { server } from '../../../../tests/msw/server';
import { currentLocation, renderRoute } from '../../../../tests/utils/render';

const openLogin = async () => {
  const view = renderRoute('/login');
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
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Verifica tu identidad' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/otp?email=ana%40example.com');
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(sent!.get('email')).toBe('ana@example.com');
    expect(sent!.get('password')).toBe('secreto123');
    expect(useSessionStore.getState().email).toBe('ana@example.com');
  });

  it('asks for the e-mail and the password before calling the server', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('El email es requerido')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es requerida')).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    expect(currentLocation()).toBe('/login');
  });

  it('shows the server refusal in a red alert', async () => {
    server.use(http.post(apiUrl('auth/login'), () => fail(401, 'Correo o contraseña incorrectos.')));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'mala');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo o contraseña incorrectos.');
    expect(currentLocation()).toBe('/login');
  });

  it('shows validation errors from the server under their fields', async () => {
    server.use(
      http.post(apiUrl('auth/login'), () =>
        fail(422, 'Los datos no son válidos.', { email: ['El email no es válido'] }),
      ),
    );
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('El email no es válido')).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription('El email no es válido');
    expect(screen.getByRole('alert')).toHaveTextContent('Los datos no son válidos.');
  });

  it('treats a success answer it cannot read as an unexpected response', async () => {
    server.use(http.post(apiUrl('auth/login'), () => new Response('<html></html>', { status: 200 })));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto123');
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
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    const busy = await screen.findByRole('button', { name: 'Enviando código...' });
    expect(busy).toBeDisabled();
    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifica tu identidad' })).toBeInTheDocument();
  });

  it('shows why the last session ended, until the next attempt', async () => {
    useSessionStore.setState({ notice: SESSION_EXPIRED_NOTICE });
    const { user } = await openLogin();
    expect(screen.getByText(SESSION_EXPIRED_NOTICE)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(screen.queryByText(SESSION_EXPIRED_NOTICE)).not.toBeInTheDocument());
  });
});
