import { loginBody, recoveryRequestBody, recoveryResetBody, recoveryVerifyBody, recoveryVerifyResult, sessionUser, verifyOtpBody, verifyOtpResult } from '@contract/auth';
import { successEnvelope } from '@contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../http/access';
import { success } from '../../http/envelope';
import { profileOf } from './principal';
import { MESSAGES, type AuthService } from './service';

const nothing = successEnvelope(z.null());
const tags = ['Autenticación'];

export async function authRoutes(app: FastifyInstance, { service }: { service: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Comprueba correo y contraseña y envía por correo un código de 6 dígitos',
        description:
          'Acepta multipart, formulario o JSON. La respuesta de error es la misma si el correo no existe o la contraseña es incorrecta (401). ' +
          'Una cuenta inactiva recibe 403. Un segundo código en menos de un minuto recibe 429. Limitado por correo y por dirección IP.',
        body: loginBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await service.login(request.body.email, request.body.password, request.ip);
      return success(null, MESSAGES.codeSent);
    },
  );

  r.post(
    '/api/auth/verify-2fa',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Canjea el código de acceso por un token y el perfil',
        description: `El código vale 10 minutos y una sola vez; tras 5 intentos fallidos deja de valer. El token se envía como "Authorization: Bearer <token>" y caduca según TOKEN_TTL.`,
        body: verifyOtpBody,
        response: { 200: successEnvelope(verifyOtpResult) },
      },
    },
    async (request) => success(await service.verifyLogin(request.body.email, request.body.code, request.ip)),
  );

  r.post(
    '/api/auth/logout',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Revoca el token de la sesión actual', response: { 200: nothing } },
    },
    async (request) => {
      await service.logout(request.sessionId!);
      return success(null, MESSAGES.loggedOut);
    },
  );

  r.get(
    '/api/auth/me',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'El perfil de la persona que llama, con sus roles y permisos', response: { 200: successEnvelope(sessionUser) } },
    },
    async (request) => success(profileOf(principalOf(request))),
  );

  const recoveryTags = ['Recuperación de contraseña'];
  const sendCode = {
    config: { access: 'public' as const },
    schema: {
      tags: recoveryTags,
      description:
        'Responde siempre lo mismo, exista o no la cuenta, para no revelar quién tiene una. Como mucho un código por minuto y correo (429).',
      body: recoveryRequestBody,
      response: { 200: nothing },
    },
  };
  for (const [path, summary] of [
    ['/api/auth/recovery/send-code', 'Paso 1: envía un código de recuperación al correo'],
    ['/api/auth/recovery/resend-code', 'Reenvía el código de recuperación (como mucho uno por minuto)'],
  ] as const) {
    r.post(path, { ...sendCode, schema: { ...sendCode.schema, summary } }, async (request) => {
      await service.sendRecoveryCode(request.body.email, request.ip);
      return success(null, MESSAGES.recoverySent);
    });
  }

  r.post(
    '/api/auth/recovery/verify-code',
    {
      config: { access: 'public' },
      schema: {
        tags: recoveryTags,
        summary: 'Paso 2: comprueba el código y entrega un permiso de cambio (reset_token) válido 10 minutos',
        body: recoveryVerifyBody,
        response: { 200: successEnvelope(recoveryVerifyResult) },
      },
    },
    async (request) => success(await service.verifyRecoveryCode(request.body.email, request.body.code, request.ip)),
  );

  r.post(
    '/api/auth/recovery/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: recoveryTags,
        summary: 'Paso 3: fija la nueva contraseña (mínimo 8 caracteres) y cierra todas las sesiones abiertas',
        body: recoveryResetBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const { email, reset_token, password } = request.body;
      await service.resetPassword(email, reset_token, password, request.ip);
      return success(null, MESSAGES.passwordChanged);
    },
  );
}
