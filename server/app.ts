import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { fastifyTrustProxy, type Config } from './config';
import { listenerFor, type Db, type Listen } from './db/client';
import { registerAccessControl } from './http/access';
import { MAX_REQUEST_BYTES, bodyPlugin } from './http/body';
import { errorBody } from './http/envelope';
import { registerErrorHandling } from './http/error-handler';
import { isDocumentedOnly, registerAnswerRoutes } from './http/list';
import { registerMethodOverride } from './http/method-override';
import { registerMetrics } from './http/metrics';
import { registerRateLimits } from './http/rate-limit';
import { registerRequestIds, requestLogServerOptions } from './http/request-log';
import { registerInputSanitation } from './http/sanitize';
import type { Mailer } from './mail';
import { createRestores, type Restores } from './modules/audit/restore';
import { createBackgroundWork, type BackgroundWork } from './modules/auth/background';
import { DEFAULT_BOOKING_STREAM_OPTIONS, type BookingStreamOptions } from './modules/bookings/stream';
import { MODULE_ROUTES } from './modules';
import { createReadiness, registerStartupGate, type Readiness } from './modules/health/readiness';
import { createStorage, type Storage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work still running after its answer went out; tests await `idle()` before reading mail. */
    backgroundWork: BackgroundWork;
    /** CHECK_ANSWERS: the bodies PostgreSQL writes are checked against the contract too (see http/list.ts). */
    checkAnswers: boolean;
    /** The restores of deleted records: each delete route registers its resource's (see modules/audit/restore.ts). */
    restores: Restores;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Uploaded files; by default the storage the config names (createStorage). */
  storage?: Storage;
  logger?: FastifyServerOptions['logger'];
  /** PostgreSQL's LISTEN for the live bookings stream; by default from `db` itself (see `listenerFor`). */
  listen?: Listen;
  /** The live bookings stream's limits and heartbeat (tests shorten the heartbeat). */
  bookingStream?: Partial<BookingStreamOptions>;
  /** Whether the instance takes traffic (main.ts moves it through start-up and shutdown); ready by default. */
  readiness?: Readiness;
}

const API_DESCRIPTION = `
API del Panel de Control. Todas las respuestas usan el sobre \`{status, message, data}\`; los errores
\`{status:"error", message, errors?}\` con mensajes en español (422 trae \`errors\` por campo).

**Autenticación.** \`POST /api/auth/login\` comprueba correo y contraseña y envía un código de 6 dígitos
por correo (válido 10 minutos, un solo uso, 5 intentos, como mucho uno por minuto). \`POST /api/auth/verify-2fa\`
lo canjea por un token Bearer que caduca (TOKEN_TTL) y se revoca con \`POST /api/auth/logout\`.

**Recuperación de contraseña.** El panel usa tres pasos: \`send-code\` (o \`resend-code\`) → \`verify-code\`,
que devuelve un \`reset_token\` válido 10 minutos → \`reset-password\` con la nueva contraseña (mínimo 8
caracteres) y su confirmación. Cambiar la contraseña cierra todas las sesiones abiertas de la cuenta.
Ninguna respuesta de recuperación revela si un correo tiene cuenta.

**Mi cuenta.** Toda persona con sesión ve y cierra sus sesiones (\`/api/auth/sessions\`) y cambia su
contraseña (\`/api/auth/change-password\`). Toda respuesta de /api lleva \`Cache-Control: no-store\`.

**Listas.** Paginador de Laravel; parámetros \`filter[...]\` (o \`q\`), \`sort\` (con \`-\` para descendente),
\`include\`, \`fields\`, \`page\` y \`limit\` (máximo 300). Un parámetro desconocido da 400 y nombra los permitidos.

**Escrituras.** JSON, multipart o formulario, con corchetes al estilo PHP y booleanos 1/0/true/false.
\`POST\` con \`_method=PUT\` equivale a \`PUT\`. Un cuerpo vacío con \`Content-Type: application/json\` es \`{}\`.

**Límites.** Una petición completa, archivos incluidos, ocupa como máximo 21 MB (16 KB en las rutas públicas: inicio de
sesión, códigos y recuperación); un formulario lleva como mucho 2 archivos de 10 MB, comprobados por su contenido,
campos de texto de 64 KB, nombres de campo de 100 bytes y 1000 campos. Pasarse responde 413 (400 si son demasiados
archivos o campos) sin leer el resto.

**Archivos.** Los logos e imágenes (PNG, JPG o GIF; nunca SVG) se guardan con nombres aleatorios y se sirven en
\`/storage/<carpeta>/<nombre>\` sin token (una etiqueta \`<img>\` no puede enviarlo), con su tipo de contenido y
\`nosniff\`. Las respuestas traen la dirección en \`logo_url\` o \`image_url\`. Reemplazar un registro borra su archivo anterior; el de un registro borrado se guarda mientras se puede restaurar (RESTORE_WINDOW, 30 días por defecto) y luego lo borra la limpieza periódica.

**Deshacer.** Un DELETE responde \`data: {entry_id, restorable_until}\`; \`POST /api/v1/audit/{entry_id}/restore\` devuelve el registro
con su id, sus campos, sus archivos y sus relaciones que sigan existiendo, hasta esa fecha.
Un PNG o JPG cuyo lado mayor pasa de 1.600 px se guarda reducido a 1.600 px en ese lado, en su formato, derecho y
sin sus metadatos (cámara, ubicación); los demás archivos se guardan tal como llegan.
`;

/** Builds the API (and, when a built panel exists, serves it). Tests call this with `inject`. */
export async function buildApp({
  config,
  db,
  mailer,
  storage: givenStorage,
  logger = false,
  listen = listenerFor(db),
  bookingStream = {},
  readiness = createReadiness('ready'),
}: AppDeps): Promise<FastifyInstance> {
  const storage = givenStorage ?? (await createStorage(config));
  const app = Fastify({
    logger,
    ...requestLogServerOptions(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The whole request, files included; public routes get a smaller limit (see http/body.ts).
    bodyLimit: MAX_REQUEST_BYTES,
    // While closing, the start-up gate answers new requests itself, in Spanish (modules/health/readiness.ts).
    return503OnClosing: false,
  });

  // A list's querystring schema documents it; the list parser validates it (see http/list.ts).
  app.setValidatorCompiler((route) => (isDocumentedOnly(route.schema) ? (query: unknown) => ({ value: query }) : validatorCompiler(route as Parameters<typeof validatorCompiler>[0])));
  // Every answer but a list's or a detail's is written by its zod schema (see http/list.ts).
  app.setSerializerCompiler(serializerCompiler);
  // First, so every answer carries the request id, whichever hook refuses the request.
  registerRequestIds(app);
  registerAnswerRoutes(app);
  app.decorate('checkAnswers', config.checkAnswers);
  registerErrorHandling(app);
  app.decorate('publicUrl', config.publicUrl);
  // API answers carry tokens, profiles and personal data: no browser or proxy may keep a copy.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });

  // helmet's security headers on every answer, the middleware built once: @fastify/helmet built it
  // again (parsing the CSP) for every request, a few per cent of the API's CPU under load.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(config.distDir)],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // The panel may be served over plain HTTP inside a network; do not force https.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));

  // Answers of 1 KB or more go compressed to clients that ask for it: a page of plans with their
  // services is slow on a phone's network, and a tenth of it as brotli. Brotli at quality 2 and in
  // one call up to 1 MB: the plugin's quality 4 and its streamed path cost several times the CPU
  // (`profile:api -- --encoding br`). The built files are compressed already (see servePanel), the
  // live bookings stream writes to its socket itself, and request bodies are never decompressed:
  // the body limits count the bytes that arrive.
  await app.register(compress, {
    globalDecompression: false,
    syncThreshold: 1024 * 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Panel de Control API', version: '1.0.0', description: API_DESCRIPTION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'El valor de METRICS_TOKEN (no un token de sesión).' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Order matters: parsers and hooks apply to routes registered after them.
  registerStartupGate(app, readiness);
  await app.register(bodyPlugin);
  registerRateLimits(app, db, config.rateLimit.perAddress);
  registerAccessControl(app, db);
  registerMetrics(app, { db, token: config.metricsToken });
  registerMethodOverride(app);
  registerInputSanitation(app);

  // Mail sent after the answer (recovery codes): closing the app waits for it.
  const backgroundWork = createBackgroundWork();
  app.decorate('backgroundWork', backgroundWork);
  app.addHook('onClose', () => backgroundWork.idle());
  app.decorate('restores', createRestores({ db, windowSeconds: config.restoreWindowSeconds }));
  const deps = { config, db, mailer: app.metrics.countedMailer(mailer), storage, listen, readiness, bookingStream: { ...DEFAULT_BOOKING_STREAM_OPTIONS, ...bookingStream } };
  for (const routes of MODULE_ROUTES) await app.register(routes, deps);

  await servePanel(app, config.distDir);
  return app;
}

/**
 * The CSP hashes of the built index.html's inline scripts: the theme's, which must run before the
 * first paint and so cannot wait for a file. Read from the page served, so an edit of the script
 * cannot leave a stale hash that blocks it.
 */
function inlineScriptHashes(distDir: string): string[] {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return [];
  const html = fs.readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, source]) => `'sha256-${createHash('sha256').update(source!).digest('base64')}'`);
}

/** Serves the built panel with a history fallback, so deep links like /users?page=2 load it. */
async function servePanel(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasPanel = fs.existsSync(indexFile);
  if (hasPanel) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts).
      preCompressed: true,
      setHeaders: (response, filePath) => {
        // Hashed asset names change with their content: cache them for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) response.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/storage/');
    if (hasPanel && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody(`No existe la ruta ${request.method} ${request.url.split('?')[0]}.`));
  });
}
