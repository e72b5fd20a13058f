import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: booleanFromEnv.default(true),
  FRONTEND_SESSION_TIME_MINUTES: z.coerce.number().positive().max(1440).default(5),
  LOGIN_MAX_FAILED_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  COOKIE_SECURE: booleanFromEnv.default(false),
  TRUST_PROXY: booleanFromEnv.default(false),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.email().default('no-reply@sello.local'),
  SUPPORT_EMAIL: z.email().default('support@sello.local'),
  CONSOLE_DIST_DIR: z.string().optional(),
});

export type TConfig = z.infer<typeof ZConfig> & { dataDir: string; consoleDistDir: string };

/** Reads and validates the configuration; throws one message listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ZConfig.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    ...parsed.data,
    dataDir: path.resolve(root, parsed.data.DATA_DIR),
    consoleDistDir: path.resolve(root, parsed.data.CONSOLE_DIST_DIR ?? 'apps/console/dist'),
  };
}
