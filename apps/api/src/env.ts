import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { FileStoreConfig } from './lib/file-store';
import { passwordProblem } from './lib/password-policy';
import { DEFAULT_LIVE_OPTIONS, type LiveHubOptions } from './modules/live/hub';
import type { MailConfig } from './modules/mail/transport';
import { DEFAULT_OUTBOX_OPTIONS, type OutboxOptions } from './modules/outbox/loop';
import type { WebhookConfig } from './modules/webhooks/webhooks';
import type { ConnectionLimits } from './plugins/connection-limits';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies to believe about the client's address: none (false), the last N hops,
 * or the listed proxy addresses. Fastify's `true` would believe the first, client-written
 * X-Forwarded-For entry, so "true" means one hop.
 */
export type TrustProxy = false | number | string[];

const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = (raw ?? '').trim().toLowerCase();
    if (value === '' || value === 'false' || value === '0' || value === 'no' || value === 'off') return false;
    if (value === 'true' || value === 'yes' || value === 'on') return 1;
    if (/^\d+$/.test(value)) return Math.min(Number(value), 20);
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrCidr(e));
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges (not understood: ${bad.join(', ') || raw})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const flag = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const value = (v ?? '').trim().toLowerCase();
    if (['', 'false', '0', 'no', 'off'].includes(value)) return false;
    if (['true', '1', 'yes', 'on'].includes(value)) return true;
    ctx.addIssue({ code: 'custom', message: `must be true or false (not ${v})` });
    return z.NEVER;
  });

const seconds = (fallback: number) =>
  z.coerce
    .number()
    .positive()
    .max(24 * 60 * 60)
    .default(fallback);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('data'),
    DATABASE_URL: optional,
    JWT_SECRET: optional.refine((v) => v === undefined || v.length >= 32, {
      message: 'JWT_SECRET must be at least 32 characters',
    }),
    JWT_EXPIRES_IN: z.string().default('12h'),
    ADMIN_EMAIL: optional,
    ADMIN_PASSWORD: optional.superRefine((value, ctx) => {
      const problem = value === undefined ? null : passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: `ADMIN_PASSWORD is refused: ${problem.message}` });
    }),
    PUBLIC_URL: optional.pipe(z.url().optional()),
    MAX_UPLOAD_MB: z.coerce.number().positive().default(25),
    MAX_SUN_STUDY_MB: z.coerce.number().positive().default(50),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxySchema,
    LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
    LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(8),
    CLICK_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(60),
    LOGIN_BACKOFF_MAX_SECONDS: z.coerce.number().int().positive().default(300),
    LIVE_STREAMS_PER_IP: z.coerce.number().int().positive().default(50),
    WIDGET_RENDERS_PER_MINUTE: z.coerce.number().int().positive().default(60),
    S3_BUCKET: optional,
    S3_ENDPOINT: optional.pipe(z.url().optional()),
    S3_REGION: optional,
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    S3_FORCE_PATH_STYLE: flag,
    S3_PREFIX: optional,
    HEADERS_TIMEOUT_SECONDS: seconds(15),
    REQUEST_TIMEOUT_SECONDS: seconds(120),
    KEEP_ALIVE_TIMEOUT_SECONDS: seconds(72),
    CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(256),
    SMTP_URL: optional.refine((v) => v === undefined || /^smtps?:\/\/[^/]/.test(v), {
      message: 'SMTP_URL must be an smtp:// or smtps:// URL',
    }),
    MAIL_FROM: optional,
    WEBHOOKS_ALLOW_PRIVATE: flag,
    HOLD_DAY_SECONDS: z.coerce.number().positive().max(86_400).default(86_400),
  })
  .superRefine((e, ctx) => {
    const set = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const).filter(
      (k) => e[k] !== undefined,
    );
    if (!e.S3_BUCKET && set.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is needed with ${set.join(', ')}` });
    }
    if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message:
          'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset to use the AWS credential chain)',
      });
    }
    if (e.SMTP_URL && !e.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'is needed with SMTP_URL (the sender of every mail)',
      });
    }
    if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HEADERS_TIMEOUT_SECONDS'],
        message: 'may not exceed REQUEST_TIMEOUT_SECONDS (the headers are part of the request)',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** Absolute path where PGlite data and the generated JWT secret live. */
  dataDir: string;
  databaseUrl?: string;
  jwtSecret?: string;
  jwtExpiresIn: string;
  adminEmail?: string;
  adminPassword?: string;
  publicUrl?: string;
  maxUploadBytes: number;
  /** Largest sun-study upload (images and short videos). */
  maxSunStudyBytes: number;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: TrustProxy;
  /**
   * Password checks allowed per 15-minute window per address (perIp) and per e-mail
   * and address (perEmail); beyond perEmail checks from new addresses, an e-mail backs
   * off exponentially up to backoffMaxSeconds between checks (ADR 007).
   */
  loginLimits: { perIp: number; perEmail: number; windowSeconds: number; backoffMaxSeconds: number };
  /** Longest life of a "log in as" session. */
  impersonationSeconds: number;
  /** How long the public view of a project is served from memory. */
  publicViewTtlMs: number;
  /** Apartment opens one visitor (IPv4 address or IPv6 /64) can count per project per hour. */
  clickLimitPerHour: number;
  /** Widget pages one client address may have rendered (not served from the cache) per minute (ADR 016). */
  widgetRendersPerMinute: number;
  /** Live availability (ADR 015): streams per client address, heartbeat, resumption ring, slow-reader limit. */
  live: LiveHubOptions;
  /** Where uploaded bytes are kept (ADR 022): DATA_DIR/files, or an S3 bucket when S3_BUCKET is set. */
  fileStore: FileStoreConfig;
  /** Time limits on receiving a request and open connections per client address (ADR 021). */
  connections: ConnectionLimits;
  /** Mail (ADR 033): SMTP_URL and MAIL_FROM, or .eml files under DATA_DIR/mail. */
  mail: MailConfig;
  /** The outbox loop (ADR 032); it does not run in tests, which drain it when they need to. */
  outbox: OutboxOptions;
  /** Webhooks (ADR 034): WEBHOOKS_ALLOW_PRIVATE lets them reach http and private addresses (tests only). */
  webhooks: WebhookConfig;
  /** Where links in mail point: PUBLIC_URL, else this server on localhost (never a request's Host header). */
  appUrl: string;
  /**
   * How long a hold's "day" is (ADR 035): 24 hours, unless HOLD_DAY_SECONDS shortens it so the
   * browser test and the benchmark see holds expire and reminders fall due in seconds.
   */
  holdDayMs: number;
  /** How long a password-reset link works. */
  passwordResetMinutes: number;
  /** How long an invitation link works. */
  invitationDays: number;
  /** Interest registrations (ADR 036) per client address, per e-mail and project, and per project, per hour. */
  interestLimits: { perIpHour: number; perEmailHour: number; perProjectHour: number };
}

/** The one place that reads process.env. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // npm sets INIT_CWD to where the user ran npm, so ./data means the repository's data folder.
  const base = source.INIT_CWD ?? process.cwd();
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    maxSunStudyBytes: Math.round(e.MAX_SUN_STUDY_MB * 1024 * 1024),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    publicViewTtlMs: 2000,
    clickLimitPerHour: e.CLICK_LIMIT_PER_HOUR,
    widgetRendersPerMinute: e.WIDGET_RENDERS_PER_MINUTE,
    live: { ...DEFAULT_LIVE_OPTIONS, streamsPerIp: e.LIVE_STREAMS_PER_IP },
    connections: {
      headersTimeoutMs: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
      requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      keepAliveTimeoutMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
      connectionsPerIp: e.CONNECTIONS_PER_IP,
      checkIntervalMs: 250,
    },
    loginLimits: {
      perIp: e.LOGIN_LIMIT_PER_IP,
      perEmail: e.LOGIN_LIMIT_PER_EMAIL,
      windowSeconds: 15 * 60,
      backoffMaxSeconds: e.LOGIN_BACKOFF_MAX_SECONDS,
    },
    impersonationSeconds: 60 * 60,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? 'Planvy <planvy@localhost>',
      dir: path.join(path.resolve(base, e.DATA_DIR), 'mail'),
    },
    outbox: { ...DEFAULT_OUTBOX_OPTIONS, run: e.NODE_ENV !== 'test' },
    webhooks: { allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE },
    appUrl: e.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${e.PORT}`,
    holdDayMs: Math.round(e.HOLD_DAY_SECONDS * 1000),
    passwordResetMinutes: 60,
    invitationDays: 7,
    interestLimits: { perIpHour: 20, perEmailHour: 3, perProjectHour: 300 },
    fileStore: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX ? `${e.S3_PREFIX.replace(/^\/+|\/+$/g, '')}/` : '',
        }
      : { kind: 'disk', dir: path.join(path.resolve(base, e.DATA_DIR), 'files') },
  };
}
