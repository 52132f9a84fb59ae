import { isIP } from 'node:net';
import path from 'node:path';
import { parseAppKey } from './security/credentials';

/** Parses a duration such as `12h`, `30m`, `45s`, `2d` or plain seconds. */
export const parseDuration = (value: string, name: string): number => {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) throw new Error(`${name} no es una duración válida (ejemplos: 12h, 30m, 3600): "${value}"`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
};

const positiveInt = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} debe ser un entero positivo: "${value}"`);
  return number;
};

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : !['0', 'false', 'no', 'off'].includes(value.toLowerCase());

/**
 * Which proxies may set the client address through `X-Forwarded-For`: none (`false`), the nearest
 * `n` hops, or the listed addresses and ranges. This is fastify's `trustProxy` option.
 */
export type TrustProxy = false | number | string[];

// proxy-addr's names for the private ranges; fastify accepts them in the list as they are.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string) => {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: `false` (default), a hop count, or a comma list of proxy addresses/CIDRs.
 * `true` is refused: fastify would then trust every hop and take the left-most
 * `X-Forwarded-For` entry, which any client can write, so the per-address limits could be dodged.
 */
export const parseTrustProxy = (value: string | undefined): TrustProxy => {
  const text = (value ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(text)) return false;
  if (/^\d+$/.test(text)) return Number(text);
  const choices =
    'Usa false (sin proxy), el número de proxies delante del servidor (por ejemplo 1) o la lista de sus direcciones separadas por comas (por ejemplo 10.0.0.1,10.0.1.0/24).';
  if (['true', 'yes', 'on'].includes(text)) {
    throw new Error(
      `TRUST_PROXY=${value} no es válido: confiaría en cualquier cliente, que podría inventar su dirección en X-Forwarded-For y saltarse los límites por dirección. ${choices}`,
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) throw new Error(`TRUST_PROXY tiene valores que no son direcciones ni rangos: ${wrong.map((entry) => `"${entry}"`).join(', ')}. ${choices}`);
  return entries;
};

/**
 * The value for fastify's `trustProxy`. fastify 5.12 no longer takes a bare hop count (a number
 * there trusts nobody), so a count becomes the function proxy-addr always used for it: the nearest
 * `n` hops are proxies. That is sound only when the server can be reached solely through them;
 * the address list also checks who is talking (README, Settings).
 */
export const fastifyTrustProxy = (trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) =>
  typeof trust === 'number' ? (_address, hop) => hop < trust : trust;

/**
 * PUBLIC_URL: the origin people use to reach the panel; links the API builds (page URLs) start
 * with it, never with the request's Host header, which any client can forge.
 */
export const parsePublicUrl = (value: string | undefined, host: string, port: number): string => {
  if (!value) {
    const wildcard = host === '0.0.0.0' || host === '::';
    const name = wildcard ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
    return `http://${name}:${port}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL no es una dirección válida (ejemplo: https://panel.example.com): "${value}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new Error(`PUBLIC_URL debe ser solo esquema, servidor y puerto, con http o https (ejemplo: https://panel.example.com): "${value}"`);
  }
  return url.origin;
};

/**
 * Where uploads go when they are not on the local disk: an S3-compatible bucket (AWS S3, MinIO,
 * Cloudflare R2, ...). Credentials are not here: the AWS SDK finds them as usual
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, or the machine's role).
 */
export interface ObjectStorageSettings {
  bucket: string;
  /** Folder inside the bucket every key goes under ('' for the bucket's root), without slashes at its ends. */
  prefix: string;
  /** An S3-compatible server's origin (MinIO, R2, ...); null for AWS itself. Set, it means path-style addresses. */
  endpoint: string | null;
  region: string;
}

// S3's bucket naming rules (3 to 63 lowercase letters, digits, dots and hyphens), which the S3-compatible servers share.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * STORAGE_URL (`s3://bucket` or `s3://bucket/prefix`), S3_ENDPOINT and S3_REGION. Without
 * STORAGE_URL uploads stay on the local disk (null); the S3 settings alone are refused, since
 * they would be silently ignored.
 */
export const parseObjectStorage = (env: NodeJS.ProcessEnv): ObjectStorageSettings | null => {
  const value = env.STORAGE_URL?.trim() ?? '';
  const endpointValue = env.S3_ENDPOINT?.trim() ?? '';
  const regionValue = env.S3_REGION?.trim() ?? '';
  if (!value) {
    const orphan = [endpointValue && 'S3_ENDPOINT', regionValue && 'S3_REGION'].filter(Boolean);
    if (orphan.length > 0) {
      throw new Error(`${orphan.join(' y ')} solo se usa${orphan.length > 1 ? 'n' : ''} con STORAGE_URL=s3://bucket/prefijo; sin STORAGE_URL los archivos se guardan en DATA_DIR/uploads.`);
    }
    return null;
  }
  const example = 'Ejemplos: s3://panel-archivos o s3://panel-archivos/produccion. Sin STORAGE_URL los archivos se guardan en DATA_DIR/uploads.';
  const match = /^s3:\/\/([^/?#]*)(?:\/([^?#]*))?$/.exec(value);
  if (!match) throw new Error(`STORAGE_URL debe tener la forma s3://bucket o s3://bucket/prefijo: "${value}". ${example}`);
  const bucket = match[1]!;
  if (!BUCKET_NAME.test(bucket)) {
    throw new Error(`STORAGE_URL: "${bucket}" no es un nombre de bucket válido (de 3 a 63 minúsculas, dígitos, puntos y guiones, empezando y terminando en letra o dígito). ${example}`);
  }
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !prefix.split('/').every((segment) => PREFIX_SEGMENT.test(segment))) {
    throw new Error(`STORAGE_URL: el prefijo "${prefix}" solo puede tener letras sin tilde, dígitos, puntos, guiones y guiones bajos, en carpetas separadas por "/". ${example}`);
  }

  let endpoint: string | null = null;
  if (endpointValue) {
    let url: URL | null = null;
    try {
      url = new URL(endpointValue);
    } catch {
      // Reported below, with the example.
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
      throw new Error(`S3_ENDPOINT debe ser solo esquema, servidor y puerto, con http o https (ejemplo: http://minio.interno:9000): "${endpointValue}"`);
    }
    endpoint = url.origin;
  }

  const region = regionValue || 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) throw new Error(`S3_REGION no es una región válida (ejemplos: us-east-1, eu-west-1, auto): "${regionValue}"`);
  return { bucket, prefix, endpoint, region };
};

/**
 * METRICS_TOKEN: the bearer token Prometheus sends to GET /metrics; without it the route does not
 * exist. Long enough not to be guessed, and one header token (no spaces).
 */
export const parseMetricsToken = (value: string | undefined): string | null => {
  const token = value?.trim() ?? '';
  if (!token) return null;
  if (!/^[\x21-\x7e]{16,}$/.test(token)) {
    throw new Error('METRICS_TOKEN debe tener al menos 16 caracteres visibles, sin espacios ni tildes (por ejemplo, el resultado de `openssl rand -hex 32`).');
  }
  return token;
};

export interface RateLimit {
  /** Attempts allowed per window. */
  max: number;
  windowSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL URL; when absent the embedded PGlite under `dataDir` is used. */
  databaseUrl: string | null;
  adminEmail: string;
  /** When absent a random one is generated and printed once. */
  adminPassword: string | null;
  seedDemo: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  mailLog: string;
  tokenTtlSeconds: number;
  /** How long change-history entries are kept; older ones are removed by the hourly cleanup. */
  auditRetentionSeconds: number;
  /** How long a deleted record can be restored from its history entry; its files are kept until then. */
  restoreWindowSeconds: number;
  /** After SIGTERM or SIGINT, how long requests in flight may take to finish before their connections are cut. */
  shutdownGraceSeconds: number;
  rateLimit: { perEmail: RateLimit; perAddress: RateLimit };
  /** Where the built panel is; served with a history fallback when it exists. */
  distDir: string;
  /** Which proxies' X-Forwarded-For is believed for the client address used by rate limits. */
  trustProxy: TrustProxy;
  /** The origin page URLs are built from (scheme, host and port, no trailing slash). */
  publicUrl: string;
  /** APP_KEY: encrypts stored credentials; when absent, DATA_DIR/app.key (see resolveAppKey). */
  appKey: Buffer | null;
  /** STORAGE_URL and its settings; null keeps uploads on the local disk, under DATA_DIR/uploads. */
  objectStorage: ObjectStorageSettings | null;
  /**
   * CHECK_ANSWERS: every list and detail body PostgreSQL writes is also checked by zod against
   * its contract (http/list.ts); every other answer is written by its zod schema in any case. The
   * tests and `npm run dev` set it; off by default, where it would only cost CPU.
   */
  checkAnswers: boolean;
  /** METRICS_TOKEN: with it GET /metrics answers Prometheus (with this bearer token); null, the route does not exist. */
  metricsToken: string | null;
  /** LOG_LEVEL (`info` by default: one line per request) and LOG_FORMAT (`json`, or `pretty` for a terminal). */
  log: { level: LogLevel; format: LogFormat };
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** LOG_LEVEL and LOG_FORMAT: one of the listed words, or the default; anything else stops the start. */
const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T, name: string): T => {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return fallback;
  if ((allowed as readonly string[]).includes(text)) return text as T;
  throw new Error(`${name}=${value} no es válido. Usa uno de: ${allowed.join(', ')}.`);
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const windowSeconds = parseDuration(env.RATE_LIMIT_WINDOW || '15m', 'RATE_LIMIT_WINDOW');
  const port = positiveInt(env.PORT, 3000, 'PORT');
  const host = env.HOST || '0.0.0.0';
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    adminEmail: (env.ADMIN_EMAIL || 'admin@example.com').trim().toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || null,
    seedDemo: flag(env.SEED_DEMO, true),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Panel de Control <no-reply@panel.local>',
    mailLog: path.resolve(env.MAIL_LOG || path.join(dataDir, 'mail.log')),
    tokenTtlSeconds: parseDuration(env.TOKEN_TTL || '12h', 'TOKEN_TTL'),
    auditRetentionSeconds: parseDuration(env.AUDIT_RETENTION || '365d', 'AUDIT_RETENTION'),
    restoreWindowSeconds: parseDuration(env.RESTORE_WINDOW || '30d', 'RESTORE_WINDOW'),
    shutdownGraceSeconds: parseDuration(env.SHUTDOWN_GRACE || '10s', 'SHUTDOWN_GRACE'),
    rateLimit: {
      perEmail: { max: positiveInt(env.RATE_LIMIT_PER_EMAIL, 10, 'RATE_LIMIT_PER_EMAIL'), windowSeconds },
      perAddress: { max: positiveInt(env.RATE_LIMIT_PER_IP, 30, 'RATE_LIMIT_PER_IP'), windowSeconds },
    },
    distDir: path.resolve(env.DIST_DIR || './dist'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: parsePublicUrl(env.PUBLIC_URL, host, port),
    appKey: parseAppKey(env.APP_KEY),
    objectStorage: parseObjectStorage(env),
    checkAnswers: flag(env.CHECK_ANSWERS, false),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    log: { level: oneOf(env.LOG_LEVEL, LOG_LEVELS, 'info', 'LOG_LEVEL'), format: oneOf(env.LOG_FORMAT, LOG_FORMATS, 'json', 'LOG_FORMAT') },
  };
};
