import {
  ACCOUNT_MESSAGES,
  TOTP_MESSAGES,
  accountSession,
  changePasswordBody,
  closeOthersResult,
  secondFactorStatus,
  totpConfirmBody,
  totpDisableBody,
  totpEnrolment,
  totpRecoveryCodes,
} from '@contract/account';
import {
  loginBody,
  loginResult,
  recoveryRequestBody,
  resendOtpBody,
  recoveryResetBody,
  recoveryVerifyBody,
  recoveryVerifyResult,
  sessionUser,
  verifyOtpBody,
  verifyOtpResult,
  verifyRecoveryCodeBody,
} from '@contract/auth';
import { idParam, successEnvelope } from '@contract/common';
import { preferences, preferencesBody } from '@contract/preferences';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { principalOf } from '../../http/access';
import { actorOf } from '../../http/actor';
import { success } from '../../http/envelope';
import { consumeRateLimit, rateLimitKey } from '../../http/rate-limit';
import type { Mailer } from '../../mail';
import { createCredentialBox, resolveAppKey } from '../../security/credentials';
import { createPreferences } from './preferences';
import { profileOf } from './principal';
import { createSecondFactor } from './second-factor';
import { refusalOf } from './refusals';
import { createAuthService, MESSAGES } from './service';

const nothing = successEnvelope(z.null());
const tags = ['Autenticación'];
const accountTags = ['Mi cuenta'];

const clientOf = (request: FastifyRequest) => ({ address: request.ip, userAgent: request.headers['user-agent'] });

/** The caller's session; set by the access hook on every route that is not public. */
const sessionOf = (request: FastifyRequest) => ({ userId: principalOf(request).id, sessionId: request.sessionId! });

export async function authRoutes(app: FastifyInstance, { db, mailer, config }: { db: Db; mailer: Mailer; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secondFactor = createSecondFactor({ db, credentials: createCredentialBox(resolveAppKey(config)) });
  const service = createAuthService({ db, mailer, config, background: app.backgroundWork, log: app.log, secondFactor });
  // On the sign-in routes' errors, their limits per address (onRequest) included: each refusal counted once, by reason.
  const countRefusal = async (_request: FastifyRequest, _reply: unknown, error: Error) => {
    const reason = refusalOf(error);
    if (reason) app.metrics.signInRefused(reason);
  };

  r.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: 'login' },
      onError: countRefusal,
      schema: {
        tags,
        summary: 'Comprueba correo y contraseña y envía por correo un código de 6 dígitos (o pide el de la aplicación de autenticación)',
        description:
          'Acepta multipart, formulario o JSON. La respuesta de error es la misma si el correo no existe o la contraseña es incorrecta (401). ' +
          'Una cuenta inactiva recibe 403. Un segundo código en menos de un minuto recibe 429. ' +
          '`second_factor` dice qué código pide /otp: "email" (se envió por correo) o "app" (quien tiene una aplicación de autenticación: ' +
          'no se envía correo; se canjea su código, o un código de recuperación, con los mismos 10 minutos y 5 intentos). ' +
          'Limitado por correo y por dirección IP; el límite por dirección se cuenta antes de leer el cuerpo.',
        body: loginBody,
        response: { 200: successEnvelope(loginResult) },
      },
    },
    async (request) => {
      const result = await service.login(request.body.email, request.body.password);
      return success(result, result.second_factor === 'app' ? MESSAGES.appCodeAsked : MESSAGES.codeSent);
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
      onError: countRefusal,
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
    '/api/auth/verify-2fa/recovery-code',
    {
      config: { access: 'public', rateLimit: 'verify' },
      onError: countRefusal,
      schema: {
        tags,
        summary: 'Canjea un código de recuperación de la aplicación de autenticación por un token y el perfil',
        description:
          'Para quien tiene una aplicación de autenticación y no tiene el teléfono a mano, después de la contraseña correcta. ' +
          'Cada código de recuperación vale una vez; se aceptan con o sin guion y en mayúsculas. Los intentos fallidos cuentan ' +
          'con los del código de la aplicación (5 por inicio de sesión; 422 en recovery_code con los que quedan).',
        body: verifyRecoveryCodeBody,
        response: { 200: successEnvelope(verifyOtpResult) },
      },
    },
    async (request) => success(await service.verifyRecoveryLogin(request.body.email, request.body.recovery_code, clientOf(request))),
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

  const personPreferences = createPreferences(db);
  r.get(
    '/api/auth/me/preferences',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: accountTags,
        summary: 'El tema y las columnas de cada tabla que eligió quien llama',
        description: 'Sin elección, el tema es `auto` (el del sistema) y cada tabla muestra sus columnas por defecto (`columns` sin esa tabla).',
        response: { 200: successEnvelope(preferences) },
      },
    },
    async (request) => success(await personPreferences.of(principalOf(request).id)),
  );

  r.put(
    '/api/auth/me/preferences',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: accountTags,
        summary: 'Guarda el tema o las columnas de quien llama; lo que no se envía se conserva',
        description:
          'Cualquier parte: `color_scheme` (light, dark o auto; otro valor da 422) y, en `columns`, las tablas enviadas (users, bookings, audit, sales), ' +
          'cada una con sus columnas visibles en orden. Las demás tablas conservan su elección. Los identificadores que la tabla no tiene se descartan; ' +
          'una lista vacía, o sin ninguno conocido, vuelve a las columnas por defecto. Responde las preferencias completas.',
        body: preferencesBody,
        response: { 200: successEnvelope(preferences) },
      },
    },
    async (request) => success(await personPreferences.update(principalOf(request).id, request.body)),
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

  /** Every attempt at a code or the password here counts for the per-account limit, so neither can be guessed. */
  const limitAccount = (userId: number) => consumeRateLimit(db, rateLimitKey('second-factor', 'user', userId), config.rateLimit.perEmail);

  r.get(
    '/api/auth/second-factor',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: accountTags,
        summary: 'El segundo factor de quien llama: código por correo o aplicación de autenticación',
        response: { 200: successEnvelope(secondFactorStatus) },
      },
    },
    async (request) => success(await secondFactor.status(principalOf(request).id)),
  );

  r.post(
    '/api/auth/second-factor/app',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: accountTags,
        summary: 'Empieza a activar una aplicación de autenticación: una clave nueva, en QR y en texto',
        description:
          'TOTP (RFC 6238): SHA1, 6 dígitos, 30 segundos. La clave se muestra solo en esta respuesta y se guarda cifrada; ' +
          'no vale hasta confirmarla con su primer código. Pedir otra antes de confirmar reemplaza la anterior. ' +
          '409 si la aplicación ya está activada.',
        response: { 200: successEnvelope(totpEnrolment) },
      },
    },
    async (request) => {
      const { id, email } = principalOf(request);
      return success(await secondFactor.start({ id, email }), TOTP_MESSAGES.enrolmentStarted);
    },
  );

  r.post(
    '/api/auth/second-factor/app/confirm',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: accountTags,
        summary: 'Confirma la aplicación con su primer código y entrega diez códigos de recuperación',
        description:
          'Un código que no corresponde a la clave da 422 en code. Los diez códigos de recuperación se muestran solo en esta respuesta ' +
          '(se guardan resumidos) y cada uno sirve una vez para entrar sin el teléfono. Desde entonces no se envían códigos por correo. ' +
          'El historial registra el cambio de método, nunca la clave. 409 sin una clave pendiente o si ya está activada.',
        body: totpConfirmBody,
        response: { 200: successEnvelope(totpRecoveryCodes) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await limitAccount(actor.userId);
      return success(await secondFactor.confirm(actor, request.body.code), TOTP_MESSAGES.enabled);
    },
  );

  r.post(
    '/api/auth/second-factor/app/disable',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: accountTags,
        summary: 'Desactiva la aplicación de autenticación propia: pide la contraseña y un código actual',
        description:
          '422 en password si no es la contraseña, en code si el código no es el actual o ya se usó. Se borran la clave y los códigos de recuperación; ' +
          'desde entonces el código llega por correo. 409 si no hay una aplicación activada.',
        body: totpDisableBody,
        response: { 200: nothing },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await limitAccount(actor.userId);
      await service.checkOwnPassword(actor.userId, request.body.password);
      await secondFactor.disable(actor, request.body.code);
      return success(null, TOTP_MESSAGES.disabled);
    },
  );
}
