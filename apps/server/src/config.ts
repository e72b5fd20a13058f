import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const ENCRYPTION_KEY_HINT =
  'must be 32 bytes written as 64 hexadecimal characters or as base64 (openssl rand -base64 32)';

/** Reads a 256-bit key written as 64 hex characters or as base64 (standard or URL alphabet); null otherwise. */
export function parseEncryptionKey(value: string): Buffer | null {
  const text = value.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(text)) key = Buffer.from(text, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) key = Buffer.from(text, 'base64');
  return key?.length === 32 ? key : null;
}

const encryptionKeyFromEnv = z.string().transform((value, context) => {
  const key = parseEncryptionKey(value);
  if (!key) {
    context.addIssue({ code: 'custom', message: ENCRYPTION_KEY_HINT });
    return z.NEVER;
  }
  return key;
});

const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /** The owner of the schema, who migrates; DATABASE_URL is then the role the server works as (sello_app). */
    DATABASE_OWNER_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Longest wait for a pool connection before the request fails with 503 ERR_SYSTEM_NOT_AVAILABLE. */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    /** PostgreSQL cancels a statement running longer (statement_timeout; migrations are exempt). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    /** The server stops waiting for any answer (a database that does not answer at all); above the statement timeout. */
    DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(35_000),
    SEED_DEMO: booleanFromEnv.default(true),
    /** Whether this copy of the server works background jobs (every copy may; pg-boss shares them out). */
    JOBS_ENABLED: booleanFromEnv.default(true),
    /**
     * Seconds a running job's lease lasts: its copy renews it every third of that; a lease that runs out (the copy
     * died) is taken over by another working copy, which queues the job again.
     */
    JOB_LEASE_SECONDS: z.coerce.number().int().min(3).max(600).default(15),
    FRONTEND_SESSION_TIME_MINUTES: z.coerce.number().positive().max(1440).default(5),
    LOGIN_MAX_FAILED_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
    LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /** Days an audit record is kept (eIDAS: at least as long as the service's evidence); default five years. */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(365).max(36_500).default(1825),
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
    /** Shortest password accepted (password-policy.ts); never below 8 (NIST SP 800-63B). */
    PASSWORD_MIN_LENGTH: z.coerce.number().int().min(8).max(128).default(12),
    /** Lifetime of the link an administrator's creation or reset mails. */
    PASSWORD_WELCOME_LINK_HOURS: z.coerce.number().int().min(1).max(720).default(72),
    /** Lifetime of the link a user's own `pwdrecover` mails. */
    PASSWORD_RECOVERY_LINK_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
    /** `pwdrecover` calls per login, and per caller address, in an hour; past them 429. */
    PASSWORD_RECOVER_PER_LOGIN_PER_HOUR: z.coerce.number().int().min(1).max(100).default(3),
    PASSWORD_RECOVER_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
    FEEDBACK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(5),
    /** Calls to /docs (the OpenAPI document and its UI) per client IP and minute. */
    DOCS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
    /** Calls one API key may make per minute (counted in PostgreSQL); past them 429. */
    API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** Largest `sendFeedback` body without a session, KiB; signed-in reports keep the 12 MiB limit. */
    FEEDBACK_ANONYMOUS_BODY_LIMIT_KB: z.coerce.number().int().min(16).max(12_288).default(256),
    /** How long a receiver's page handed over at the desk (kiosk view or QR code) may be opened, once. */
    HAND_OVER_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
    /** Asynchronous shipping exports a user may have in course (pending or running) at once; the next is 429. */
    EXPORTS_IN_COURSE_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
    /** Import rows checked, created or released per transaction. */
    IMPORT_BATCH_ROWS: z.coerce.number().int().min(50).max(10_000).default(2000),
    COOKIE_SECURE: booleanFromEnv.default(false),
    /** Let the server fetch URLs of loopback, private and link-local hosts a tenant configured (tests, development). */
    OUTBOUND_ALLOW_PRIVATE_HOSTS: booleanFromEnv.default(false),
    TRUST_PROXY: booleanFromEnv.default(false),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.email().default('no-reply@sello.local'),
    SUPPORT_EMAIL: z.email().default('support@sello.local'),
    CONSOLE_DIST_DIR: z.string().optional(),
    /** AES-256-GCM key that encrypts certificate private keys at rest (see docs/decisions/administration.md, "Certificates"). */
    CERTIFICATE_ENCRYPTION_KEY: encryptionKeyFromEnv.optional(),
    /** Where people reach the console (links in messages), unless the CONSOLE_URL preference says otherwise. */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** The provider named on certificates and in messages to receivers. */
    PROVIDER_NAME: z.string().min(1).max(200).default('Sello Trust Services'),
    /** Generic JSON HTTP providers for SMS and WhatsApp (docs/decisions/delivery.md "Dispatch"); without one, the outbox. */
    SMS_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMS_PROVIDER_TOKEN: z.string().min(1).optional(),
    WHATSAPP_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
    WHATSAPP_PROVIDER_TOKEN: z.string().min(1).optional(),
    /** Generic JSON HTTP voice provider that reads a PIN in a call (WHATSAPP_VOICE); without one, the outbox. */
    VOICE_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
    VOICE_PROVIDER_TOKEN: z.string().min(1).optional(),
    /** Seconds a shipping may wait in `pending_to_send` (or a message overdue) before the sweep queues it again. */
    DELIVERY_SWEEP_STALE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    /** Shared secret the providers sign their delivery callbacks with (HMAC-SHA256). */
    PROVIDER_CALLBACK_SECRET: z.string().min(16).optional(),
    /** Shared secret the core platform signs `security/saml/coreHandover` with (HMAC-SHA256 of the body); without it the hand-over is off. */
    CORE_HANDOVER_SECRET: z.string().min(32).optional(),
    /** The provider's seal for signing certificates: a PKCS#12 file and its password. Without it a demo CA and seal are made in DATA_DIR/secrets. */
    SEAL_P12_PATH: z.string().min(1).optional(),
    SEAL_P12_PASSWORD: z.string().optional(),
    /**
     * The provider's signing CA that issues the one-time certificates of PKI_CLOUD signatures: its certificate and
     * RSA key (unencrypted PEM), as files or as the PEM text itself. Without it a demo signing CA is made in DATA_DIR/secrets.
     */
    SIGNING_CA_CERT_PATH: z.string().min(1).optional(),
    SIGNING_CA_KEY_PATH: z.string().min(1).optional(),
    SIGNING_CA_CERT_PEM: z.string().includes('-----BEGIN CERTIFICATE-----').optional(),
    SIGNING_CA_KEY_PEM: z.string().includes('PRIVATE KEY-----').optional(),
    /** Minutes a one-time certificate is valid from its issuance. */
    ONE_TIME_CERTIFICATE_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
    /** RFC 3161 time-stamping authority of the certificates' signatures; without it a demo TSA in DATA_DIR/secrets. */
    TSA_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** HTTP Basic credentials of the TSA, when it asks for them. */
    TSA_USERNAME: z.string().min(1).optional(),
    TSA_PASSWORD: z.string().min(1).optional(),
    /** Milliseconds to wait for the TSA's answer before the certificate job retries later. */
    TSA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** Days before the last document time-stamp's TSA certificate ends that a signed PDF gets an archive time-stamp. */
    ARCHIVE_TIMESTAMP_RENEW_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
    /** Webhook retries: the first waits this many seconds, each next one twice as long (docs/decisions/integration.md). */
    WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(3_600).default(10),
    /** The longest wait between two attempts of a webhook delivery, seconds. */
    WEBHOOK_RETRY_MAX_SECONDS: z.coerce.number().min(0.1).max(86_400).default(14_400),
    /** Attempts of one delivery before it is given up (and its endpoint disabled); the default spans about 30 hours. */
    WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(18),
    /** Milliseconds an endpoint has to answer a delivery. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Largest `sendrequest` body, MiB: the documents travel in it base64-encoded. */
    /** Where documents, certificates and exports are kept: `local` (DATA_DIR/files) or an S3-compatible bucket shared by every copy. */
    BLOB_STORE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
    /** Endpoint of an S3-compatible service (MinIO, Ceph, ...); without it, AWS's own for S3_REGION. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Without both keys the SDK's usual chain is used (environment, instance role, ...). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible services need. */
    S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
    /** Prefix of every object this installation writes, e.g. `sello/`. */
    S3_PREFIX: z
      .string()
      .regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or folder names each ending in /')
      .default(''),
    /** Bearer token of `GET /metrics` (Prometheus); without it the path answers 404. */
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters (openssl rand -hex 32)').optional(),
    SHIPPING_BODY_LIMIT_MB: z.coerce.number().int().min(1).max(2048).default(200),
  })
  .superRefine((config, context) => {
    if (config.BLOB_STORE === 's3' && !config.S3_BUCKET) {
      context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when BLOB_STORE is s3' });
    }
    if (config.DATABASE_QUERY_TIMEOUT_MS <= config.DATABASE_STATEMENT_TIMEOUT_MS) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_QUERY_TIMEOUT_MS'],
        message: 'must be above DATABASE_STATEMENT_TIMEOUT_MS (PostgreSQL cancels a slow statement first)',
      });
    }
    if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
      context.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if (Boolean(config.TSA_USERNAME) !== Boolean(config.TSA_PASSWORD)) {
      context.addIssue({
        code: 'custom',
        path: ['TSA_PASSWORD'],
        message: 'TSA_USERNAME and TSA_PASSWORD go together',
      });
    }
    checkDatabaseRoles(config, context);
    checkSigningCa(config, context);
    if (config.TSA_USERNAME && !config.TSA_URL) {
      context.addIssue({ code: 'custom', path: ['TSA_URL'], message: 'required with TSA_USERNAME' });
    }
    // Copies of the server sharing a database must share the key: a key file per machine would not do.
    if (config.NODE_ENV === 'production' && config.DATABASE_URL && !config.CERTIFICATE_ENCRYPTION_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['CERTIFICATE_ENCRYPTION_KEY'],
        message: `required in production with DATABASE_URL; ${ENCRYPTION_KEY_HINT}`,
      });
    }
  });

/** The owner migrates and the server works as another role on the same database. */
function checkDatabaseRoles(
  config: { DATABASE_URL?: string | undefined; DATABASE_OWNER_URL?: string | undefined },
  context: z.RefinementCtx,
) {
  if (!config.DATABASE_OWNER_URL) return;
  if (!config.DATABASE_URL) {
    context.addIssue({ code: 'custom', path: ['DATABASE_OWNER_URL'], message: 'goes with DATABASE_URL' });
    return;
  }
  const owner = new URL(config.DATABASE_OWNER_URL);
  const app = new URL(config.DATABASE_URL);
  if (decodeURIComponent(owner.username) === decodeURIComponent(app.username)) {
    context.addIssue({
      code: 'custom',
      path: ['DATABASE_OWNER_URL'],
      message: 'must name another role than DATABASE_URL (the server works as a role that owns nothing)',
    });
  }
  if (owner.host !== app.host || owner.pathname !== app.pathname) {
    context.addIssue({
      code: 'custom',
      path: ['DATABASE_OWNER_URL'],
      message: 'must name the same server and database as DATABASE_URL',
    });
  }
}

/** The signing CA comes whole (certificate and key) from one source: files or PEM variables, never a mix. */
function checkSigningCa(
  config: Partial<
    Record<'SIGNING_CA_CERT_PATH' | 'SIGNING_CA_KEY_PATH' | 'SIGNING_CA_CERT_PEM' | 'SIGNING_CA_KEY_PEM', string>
  >,
  context: z.RefinementCtx,
) {
  const paths = Boolean(config.SIGNING_CA_CERT_PATH) || Boolean(config.SIGNING_CA_KEY_PATH);
  const pems = Boolean(config.SIGNING_CA_CERT_PEM) || Boolean(config.SIGNING_CA_KEY_PEM);
  if (paths && pems) {
    context.addIssue({
      code: 'custom',
      path: ['SIGNING_CA_CERT_PEM'],
      message: 'set SIGNING_CA_CERT_PATH/SIGNING_CA_KEY_PATH or SIGNING_CA_CERT_PEM/SIGNING_CA_KEY_PEM, not both',
    });
  } else if (paths && !(config.SIGNING_CA_CERT_PATH && config.SIGNING_CA_KEY_PATH)) {
    context.addIssue({
      code: 'custom',
      path: ['SIGNING_CA_KEY_PATH'],
      message: 'SIGNING_CA_CERT_PATH and SIGNING_CA_KEY_PATH go together',
    });
  } else if (pems && !(config.SIGNING_CA_CERT_PEM && config.SIGNING_CA_KEY_PEM)) {
    context.addIssue({
      code: 'custom',
      path: ['SIGNING_CA_KEY_PEM'],
      message: 'SIGNING_CA_CERT_PEM and SIGNING_CA_KEY_PEM go together',
    });
  }
}

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
