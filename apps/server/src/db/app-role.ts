import pg from 'pg';

/**
 * The role the server works as (migration 055 creates it and grants it the application's tables): it owns nothing,
 * so it cannot rewrite the audit trail; the owner, who migrates, can.
 */
export const APP_ROLE = 'sello_app';

/** The embedded PostgreSQL listens on loopback only; its roles share one fixed password. */
export const EMBEDDED_APP_PASSWORD = 'sello-embedded';

/** SQLSTATEs of a role creation or change that lost a race with the same one in another session. */
const ROLE_RACE_CODES = new Set(['42710', '23505', 'XX000', '40001']);

/**
 * Makes `sello_app` a login role on the embedded PostgreSQL (whose superuser is at `adminUrl`). Idempotent, and
 * safe when many databases of one cluster are prepared at once: a session that loses the race retries and then
 * finds the role as wanted.
 */
export async function ensureEmbeddedAppRole(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`DO $$
          BEGIN
            IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
              CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '${EMBEDDED_APP_PASSWORD}';
            ELSIF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}' AND rolcanlogin) THEN
              ALTER ROLE ${APP_ROLE} LOGIN PASSWORD '${EMBEDDED_APP_PASSWORD}';
            END IF;
          END
          $$`);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (attempt >= 5 || !ROLE_RACE_CODES.has(code)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    await client.end();
  }
}

/** `url` with the embedded app role's name and password in place of the owner's. */
export function asEmbeddedAppRole(url: string): string {
  const parsed = new URL(url);
  parsed.username = APP_ROLE;
  parsed.password = EMBEDDED_APP_PASSWORD;
  return parsed.toString();
}

/**
 * What lets the pool's role rewrite the audit trail, one line each; empty when it cannot (the server refuses to
 * start in production otherwise). Checks the privileges, ownership of the table (which brings its triggers) and
 * membership in the owner's role, and superuser.
 */
export async function findAuditRoleProblems(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{
    role: string;
    superuser: boolean;
    owns: boolean;
    update: boolean;
    delete: boolean;
    truncate: boolean;
  }>(`SELECT current_user AS role,
        (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
        pg_has_role(current_user, c.relowner, 'USAGE') AS owns,
        has_table_privilege(c.oid, 'UPDATE') AS update,
        has_table_privilege(c.oid, 'DELETE') AS delete,
        has_table_privilege(c.oid, 'TRUNCATE') AS truncate
      FROM pg_class c WHERE c.oid = 'audit_records'::regclass`);
  const row = rows[0];
  if (!row) return ['audit_records does not exist'];
  const problems: string[] = [];
  if (row.superuser) problems.push(`role ${row.role} is a superuser`);
  if (row.owns) problems.push(`role ${row.role} owns audit_records (or is a member of its owner)`);
  for (const privilege of ['update', 'delete', 'truncate'] as const) {
    if (row[privilege]) problems.push(`role ${row.role} may ${privilege.toUpperCase()} audit_records`);
  }
  return problems;
}
