import pg from 'pg';

/** `/readyz` answers within this, whatever the database does. */
export const READINESS_TIMEOUT_MS = 800;

/**
 * Whether the database answers `SELECT 1` within READINESS_TIMEOUT_MS, on a connection of its own: a probe that
 * queued behind the pool would wait as long as the requests it is meant to warn about.
 */
export async function isDatabaseReady(pool: pg.Pool): Promise<boolean> {
  const { statement_timeout: _statement, ...options } = pool.options;
  const client = new pg.Client({
    ...options,
    connectionTimeoutMillis: READINESS_TIMEOUT_MS,
    query_timeout: READINESS_TIMEOUT_MS,
  });
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS);
  });
  const probe = client
    .connect()
    .then(() => client.query('SELECT 1'))
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
    // Not awaited: ending a connection to a frozen server would wait for it.
    void client.end().catch(() => {});
  }
}
