import path from 'node:path';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
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
  ADMIN_PASSWORD: optional,
  PUBLIC_URL: optional.pipe(z.url().optional()),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(25),
  MAX_SUN_STUDY_MB: z.coerce.number().positive().default(50),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.stringbool().default(false),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(8),
  CLICK_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(60),
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
  trustProxy: boolean;
  /** Login attempts allowed per window, per IP and per e-mail. */
  loginLimits: { perIp: number; perEmail: number; windowMs: number };
  /** How long the public view of a project is served from memory. */
  publicViewTtlMs: number;
  /** Apartment opens one visitor (IPv4 address or IPv6 /64) can count per project per hour. */
  clickLimitPerHour: number;
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
    loginLimits: { perIp: e.LOGIN_LIMIT_PER_IP, perEmail: e.LOGIN_LIMIT_PER_EMAIL, windowMs: 15 * 60 * 1000 },
  };
}
