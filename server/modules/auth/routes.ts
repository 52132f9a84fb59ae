import { ACCOUNT_MESSAGES, accountSession, changePasswordBody, closeOthersResult } from '@contract/account';
import { loginBody, recoveryRequestBody, resendOtpBody, recoveryResetBody, recoveryVerifyBody, recoveryVerifyResult, sessionUser, verifyOtpBody, verifyOtpResult } from '@contract/auth';
import { idParam, successEnvelope } from '@contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { principalOf } from '../../http/access';
import { actorOf } from '../../http/actor';
import { success } from '../../http/envelope';
import type { Mailer } from '../../mail';
import { profileOf } from './principal';
import { createAuthService, MESSAGES } from './service';

const nothing = successEnvelope(z.null());
const tags = ['Autenticación'];
const accountTags = ['Mi cuenta'];

const clientOf = (request: FastifyRequest) => ({ address: request.ip, userAgent: request.headers['user-agent'] });

/** The caller's session; set by the access hook on every route that is not public. */
const sessionOf = (request: FastifyRequest) => ({ userId: principalOf(request).id, sessionId: request.sessionId! });

export async function authRoutes(app: FastifyInstance, { db, mailer, config }: { db: Db; mailer: Mailer; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = createAuthService({ db, mailer, config, background: app.backgroundWork, log: app.log });

  r.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: 'login' },
      schema: {
        tags,
        summary: 'Comprueba correo y contraseña y envía por correo un código de 6 dígitos',
        description:
          'Acepta multipart, formulario o JSON. La respuesta de error es la misma si el correo no existe o la contraseña es incorrecta (401). ' +
          'Una cuenta inactiva recibe 403. Un segundo código en menos de un minuto recibe 429. ' +
          'Limitado por correo y por dirección IP; el límite por dirección se cuenta antes de leer el cuerpo.',
        body: loginBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await service.login(request.body.email, request.body.password);
      return success(null, MESSAGES.codeSent);
    },
  );

  r.post(
    '/api/auth/resend-2fa',
    {
      config: { access: 'public', rateLimit: 'login' },
      schema: {
        tags,
        summary: 'Reenvía el código de acceso sin volver a pedir la contraseña',
        description:
          'Solo hace falta el correo. Responde siempre lo mismo (cuerpo, estado y tiempo), exista o no la cuenta y tenga o no un código pendiente: ' +
          'la respuesta sale antes de buscar la cuenta, y el correo se envía después. Se envía un código nuevo solo si la cuenta está activa ' +
          'y tiene un código de acceso sin usar ni vencer (existe solo después de la contraseña correcta); el nuevo sustituye al anterior, que deja de valer. ' +
          'Como mucho un reenvío por minuto y correo (429, igual para cualquier correo), y nunca dentro del minuto del último código de esa cuenta. ' +
          'Limitado por correo y por dirección IP.',
        body: resendOtpBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await service.resendLoginCode(request.body.email);
      return success(null, MESSAGES.codeResent);
    },
  );

  r.post(
    '/api/auth/verify-2fa',
    {
      config: { access: 'public', rateLimit: 'verify' },
      schema: {
        tags,
        summary: 'Canjea el código de acceso por un token y el perfil',
        description:
          'El código vale 10 minutos y una sola vez; tras 5 intentos fallidos deja de valer. El token se envía como "Authorization: Bearer <token>" y caduca según TOKEN_TTL. ' +
          'Un código erróneo responde 422 con los intentos que quedan ("Te quedan N intentos"): a diferencia de la recuperación, ' +
          'este código solo existe después de la contraseña correcta, así que no revela si una cuenta existe. ' +
          'La sesión guarda el navegador (User-Agent) y la dirección de origen, que se ven en "Mi cuenta".',
        body: verifyOtpBody,
        response: { 200: successEnvelope(verifyOtpResult) },
      },
    },
    async (request) => success(await service.verifyLogin(request.body.email, request.body.code, clientOf(request))),
  );

  r.post(
    '/api/auth/logout',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Revoca el token de la sesión actual', response: { 200: nothing } },
    },
    async (request) => {
      await service.logout(actorOf(request));
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
    config: { access: 'public' as const, rateLimit: 'recovery' as const },
    schema: {
      tags: recoveryTags,
      description:
        'Responde lo mismo (cuerpo, estado y tiempo) exista o no la cuenta, esté activa o no, para no revelar quién tiene una: ' +
        'la respuesta sale antes de buscar la cuenta, y el correo se envía después. Como mucho un código por minuto y correo (429), ' +
        'también para correos sin cuenta. Limitado por correo y por dirección IP.',
      body: recoveryRequestBody,
      response: { 200: nothing },
    },
  };
  for (const [path, summary] of [
    ['/api/auth/recovery/send-code', 'Paso 1: envía un código de recuperación al correo'],
    ['/api/auth/recovery/resend-code', 'Reenvía el código de recuperación (como mucho uno por minuto)'],
  ] as const) {
    r.post(path, { ...sendCode, schema: { ...sendCode.schema, summary } }, async (request) => {
      await service.sendRecoveryCode(request.body.email);
      return success(null, MESSAGES.recoverySent);
    });
  }

  r.post(
    '/api/auth/recovery/verify-code',
    {
      config: { access: 'public', rateLimit: 'verify' },
      schema: {
        tags: recoveryTags,
        summary: 'Paso 2: comprueba el código y entrega un permiso de cambio (reset_token) válido 10 minutos',
        description:
          'Todo rechazo (código erróneo, vencido, agotado, inexistente, o correo sin cuenta o desactivado) es el mismo 422 con el mismo mensaje, ' +
          'para no revelar qué correos tienen cuenta. Tras 5 intentos fallidos el código deja de valer.',
        body: recoveryVerifyBody,
        response: { 200: successEnvelope(recoveryVerifyResult) },
      },
    },
    async (request) => success(await service.verifyRecoveryCode(request.body.email, request.body.code)),
  );

  r.post(
    '/api/auth/recovery/reset-password',
    {
      config: { access: 'public', rateLimit: 'reset' },
      schema: {
        tags: recoveryTags,
        summary: 'Paso 3: fija la nueva contraseña (mínimo 8 caracteres) y cierra todas las sesiones abiertas',
        description:
          'Un reset_token no válido da 422 en reset_token. Con un permiso válido, una contraseña demasiado común o igual al email o al DNI ' +
          'da 422 en password y el permiso sigue valiendo para intentarlo con otra.',
        body: recoveryResetBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const { email, reset_token, password } = request.body;
      await service.resetPassword(email, reset_token, password, clientOf(request));
      return success(null, MESSAGES.passwordChanged);
    },
  );

  r.get(
    '/api/auth/sessions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: accountTags,
        summary: 'Las sesiones abiertas de quien llama, la usada más recientemente primero',
        description: '`current` marca la sesión de esta petición. `last_used_at` se actualiza como mucho una vez por minuto.',
        response: { 200: successEnvelope(z.array(accountSession)) },
      },
    },
    async (request) => {
      const { userId, sessionId } = sessionOf(request);
      return success(await service.listSessions(userId, sessionId));
    },
  );

  r.delete(
    '/api/auth/sessions/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: accountTags,
        summary: 'Cierra una sesión propia (la actual también)',
        description: 'Una sesión de otra persona, cerrada o vencida da 404.',
        params: idParam,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await service.closeSession(actorOf(request), request.params.id);
      return success(null, ACCOUNT_MESSAGES.sessionClosed);
    },
  );

  r.post(
    '/api/auth/sessions/close-others',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: accountTags,
        summary: 'Cierra todas las sesiones de quien llama salvo la actual',
        response: { 200: successEnvelope(closeOthersResult) },
      },
    },
    async (request) => {
      return success({ closed: await service.closeOtherSessions(actorOf(request)) }, ACCOUNT_MESSAGES.othersClosed);
    },
  );

  r.post(
    '/api/auth/change-password',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: accountTags,
        summary: 'Cambia la contraseña propia y cierra las demás sesiones',
        description:
          'Pide la contraseña actual (422 en current_password si no es correcta; cada intento cuenta para RATE_LIMIT_PER_EMAIL por ventana y cuenta, 429 al pasarlo). ' +
          'La nueva: al menos 8 caracteres, distinta de la actual, no entre las más comunes ni igual al email o al DNI (422 en password). ' +
          'Al cambiarla se cierran las demás sesiones (la actual sigue abierta) y se avisa por correo a su dueño.',
        body: changePasswordBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await service.changePassword(actorOf(request), request.body.current_password, request.body.password);
      return success(null, ACCOUNT_MESSAGES.passwordChanged);
    },
  );
}
