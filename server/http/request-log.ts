import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { LogFormat, LogLevel } from '../config';

export const REQUEST_ID_HEADER = 'x-request-id';

/** A proxy's id is kept only when it is a short plain token: anything else could forge or break log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** fastify's `genReqId`: the client's (a proxy's) `X-Request-Id` when sane, else a fresh UUID. */
export const requestIdOf = (raw: IncomingMessage): string => {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
};

/**
 * Fields that carry a secret wherever they appear in a logged object (a body, headers, an error's
 * details): passwords, sign-in and recovery codes, tokens, connector credentials, client secrets,
 * cookies. No code logs a request body; this is the net under that rule.
 */
const SECRET_FIELDS = [
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'code',
  'recovery_code',
  'token',
  'reset_token',
  'secret',
  'client_secret',
  'credentials',
  'authorization',
  'cookie',
  '["set-cookie"]',
];
const REDACTED_PATHS = SECRET_FIELDS.flatMap((field) => {
  const key = field.startsWith('[') ? field : `.${field}`;
  return [field, `*${key}`, `*.*${key}`, `*.*.*${key}`];
});

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/** The API's logger: JSON lines by default, `pretty` for a person at a terminal; secrets censored in both. */
export const loggerOptions = ({ level, format }: { level: LogLevel; format: LogFormat }): LoggerOptions => ({
  level,
  redact: { paths: REDACTED_PATHS, censor: '[oculto]' },
  ...(format === 'pretty' && { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } }),
});

/** The balancer's and Prometheus' polling: every few seconds, all day, and never what someone reports. */
const POLLED_PREFIXES = ['/health/', '/metrics'];

/**
 * Requests logged at debug only: the polling above, and answered files outside /api (the built
 * panel, uploaded pictures), a few dozen per page view that would bury the API's lines. A file
 * that fails (404, 500) is still logged at info.
 */
const isQuiet = (request: FastifyRequest, reply: FastifyReply) => {
  const path = request.url;
  if (POLLED_PREFIXES.some((prefix) => path.startsWith(prefix))) return true;
  return !path.startsWith('/api/') && reply.statusCode < 400;
};

/**
 * One line per request, when its answer is out, instead of fastify's "incoming request" and
 * "request completed" pair: id, method, route template (never the raw URL, which holds ids and
 * query strings), status, duration and who was signed in. Nothing of the body or the headers.
 */
class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      duration_ms: Math.round(reply.elapsedTime * 10) / 10,
      user_id: request.principal?.id ?? null,
      // An answer cut short after its headers went out (a client gone, a stream that failed).
      ...(error && { err: error }),
    };
    // request.log already has the route's own logLevel, so a route declared quieter stays quiet.
    if (error) request.log.warn(line, 'request');
    else if (isQuiet(request, reply)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  }
}

/** The fastify options for request ids and their log lines. */
export const requestLogServerOptions = () => ({
  genReqId: requestIdOf,
  logController: new RequestLogController({ requestIdLogLabel: 'request_id' }),
});

/** Every answer names its request (`X-Request-Id`, and `request_id` in an error body) so a person can quote it. */
export function registerRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    const isErrorBody = typeof payload === 'object' && payload !== null && (payload as { status?: unknown }).status === 'error';
    return isErrorBody ? { ...payload, request_id: request.id } : payload;
  });
}
