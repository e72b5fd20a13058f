import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-password.ts';

/**
 * Where the browser tests' own server and database live; apart from `npm start`'s. The ports can be
 * moved with E2E_PORT and E2E_PG_PORT so two checkouts can run their suites side by side.
 */
const port = Number(process.env.E2E_PORT ?? 8091);
const pgPort = Number(process.env.E2E_PG_PORT ?? 54391);

export const E2E = {
  port,
  baseUrl: `http://127.0.0.1:${port}`,
  pgPort,
  databaseUrl: `postgres://sello:sello-embedded@127.0.0.1:${pgPort}/sello`,
  password: DEMO_PASSWORD,
  /** The test mail server (e2e/mail-sink.ts): SMTP for the app, and its messages as JSON for the tests. */
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? port + 1),
  mailApiPort: Number(process.env.E2E_MAIL_API_PORT ?? port + 2),
  /** The secret start-server.sh gives the server as CORE_HANDOVER_SECRET. */
  coreHandoverSecret: process.env.E2E_CORE_HANDOVER_SECRET ?? 'e2e-core-handover-secret-0123456789abcdef',
} as const;
