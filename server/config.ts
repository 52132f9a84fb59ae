import path from 'node:path';

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
  rateLimit: { perEmail: RateLimit; perAddress: RateLimit };
  /** Where the built panel is; served with a history fallback when it exists. */
  distDir: string;
  /** Trust X-Forwarded-* (behind a proxy) for the client address used by rate limits. */
  trustProxy: boolean;
}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const windowSeconds = parseDuration(env.RATE_LIMIT_WINDOW || '15m', 'RATE_LIMIT_WINDOW');
  return {
    port: positiveInt(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    adminEmail: (env.ADMIN_EMAIL || 'admin@example.com').trim().toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || null,
    seedDemo: flag(env.SEED_DEMO, true),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Panel de Control <no-reply@panel.local>',
    mailLog: path.resolve(env.MAIL_LOG || path.join(dataDir, 'mail.log')),
    tokenTtlSeconds: parseDuration(env.TOKEN_TTL || '12h', 'TOKEN_TTL'),
    rateLimit: {
      perEmail: { max: positiveInt(env.RATE_LIMIT_PER_EMAIL, 10, 'RATE_LIMIT_PER_EMAIL'), windowSeconds },
      perAddress: { max: positiveInt(env.RATE_LIMIT_PER_IP, 30, 'RATE_LIMIT_PER_IP'), windowSeconds },
    },
    distDir: path.resolve(env.DIST_DIR || './dist'),
    trustProxy: flag(env.TRUST_PROXY, false),
  };
};
