import { DEFAULT_ROLE_PERMISSIONS } from '@contract/permissions';
import { http } from 'msw';
import { useSessionStore } from '@/shared/auth';
import { apiUrl, fail, ok } from '../envelope';
import type { MockModule } from '../resource';

/** The person the default verify-2fa answer signs in. */
export const signedInUser = {
  id: 1,
  name: 'Ana Admin',
  email: 'ana@example.com',
  phone: null,
  rol: ['Super Admin'],
  roles: ['SUPER_ADMIN'],
  permissions: DEFAULT_ROLE_PERMISSIONS.SUPER_ADMIN,
};

export const sessionToken = 'test-session-token';
export const resetToken = 'test-reset-token';

/** Default auth answers, all successes; tests override them with `server.use` for failures. */
export const mock: MockModule = {
  handlers: [
    http.post(apiUrl('auth/login'), () => ok({ second_factor: 'email' }, 'Te enviamos un código de verificación.')),
    http.post(apiUrl('auth/resend-2fa'), () =>
      ok(null, 'Si hay un inicio de sesión pendiente para ese correo, te enviamos un código nuevo.'),
    ),
    http.post(apiUrl('auth/verify-2fa'), () =>
      ok({ token: sessionToken, expires_at: '2099-01-01T00:00:00.000Z', ...signedInUser }, 'Sesión iniciada.'),
    ),
    http.post(apiUrl('auth/verify-2fa/recovery-code'), () =>
      ok({ token: sessionToken, expires_at: '2099-01-01T00:00:00.000Z', ...signedInUser }, 'Sesión iniciada.'),
    ),
    http.post(apiUrl('auth/logout'), () => ok(null, 'Sesión cerrada.')),
    // By default the server agrees with the profile the test stored; a test overrides it to
    // simulate a change of roles.
    http.get(apiUrl('auth/me'), () => {
      const { user } = useSessionStore.getState();
      return user ? ok(user) : fail(401, 'Debes iniciar sesión para continuar.');
    }),
    http.post(apiUrl('auth/recovery/send-code'), () => ok(null, 'Si el correo está registrado, te enviamos un código.')),
    http.post(apiUrl('auth/recovery/resend-code'), () =>
      ok(null, 'Si el correo está registrado, te enviamos un código.'),
    ),
    http.post(apiUrl('auth/recovery/verify-code'), () =>
      ok({ reset_token: resetToken, expires_at: '2099-01-01T00:00:00.000Z' }),
    ),
    http.post(apiUrl('auth/recovery/reset-password'), () =>
      ok(null, 'Tu contraseña ha sido actualizada correctamente.'),
    ),
  ],
};
