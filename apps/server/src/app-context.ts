import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { TConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import type { TBlobStore } from './platform/blob-store.ts';
import type { TCertificateKey } from './platform/certificate-key.ts';
import type { TChannelAdapters } from './platform/channel-adapter.ts';
import type { TJobQueue } from './platform/jobs.ts';
import type { TMailer } from './platform/mailer.ts';
import type { TRateLimits } from './platform/rate-limit.ts';
import type { TPreferences } from './preferences/preferences.service.ts';
import type { TSecurityService } from './security/security.service.ts';

/** What route modules receive: the app to register on and the services they bind to. */
export type TAppContext = {
  app: FastifyInstance;
  config: TConfig;
  db: Kysely<Database>;
  /** The pool behind `db`, for COPY (imports stage their rows with it). */
  pool: pg.Pool;
  preferences: TPreferences;
  security: TSecurityService;
  mailer: TMailer;
  version: string;
  /** Encrypts certificate private keys at rest. */
  certificateKey: TCertificateKey;
  /** Shipping documents, addressed by their SHA-256 (DATA_DIR/files). */
  blobs: TBlobStore;
  /** Prepared export files (DATA_DIR/exports). */
  exportFiles: TBlobStore;
  /** Background work: queue jobs here (inside the transaction that causes them, with `within`). */
  jobs: TJobQueue;
  /** Limits counted in PostgreSQL, shared by every copy: `rateLimits.hit(key, limit, windowSeconds)`. */
  rateLimits: TRateLimits;
  /** The ways messages leave, by transport (built from the configuration; postal adds its own). */
  channelAdapters: TChannelAdapters;
};
