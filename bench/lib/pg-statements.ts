// What PostgreSQL did for a number of requests, from pg_stat_statements (the embedded PostgreSQL preloads it):
// each statement's calls per request and execution time, so a bench shows where the database's time goes.
import pg from 'pg';

export type TStatementFigures = {
  query: string;
  callsPerRequest: number;
  meanExecMs: number;
  totalExecMs: number;
  rowsPerCall: number;
};

export type TStatementReader = {
  /** Forgets every statement counted so far (call it before the requests to look at). */
  reset: () => Promise<void>;
  /**
   * The `limit` statements with most calls (or, by `time`, most execution time) since the last reset, per request
   * over `requests` requests.
   */
  top: (requests: number, limit?: number, by?: 'calls' | 'time') => Promise<TStatementFigures[]>;
  close: () => Promise<void>;
};

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function openStatementReader(connectionString: string): Promise<TStatementReader> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  return {
    reset: async () => {
      await client.query('SELECT pg_stat_statements_reset()');
    },
    top: async (requests, limit = 8, by = 'calls') => {
      const { rows } = await client.query<{
        query: string;
        calls: string;
        mean_exec_time: number;
        total_exec_time: number;
        rows: string;
      }>(
        `SELECT query, calls, mean_exec_time, total_exec_time, rows
           FROM pg_stat_statements
          WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND query NOT ILIKE '%pg_stat_statements%'
          ORDER BY CASE WHEN $2 = 'time' THEN total_exec_time ELSE calls END DESC, total_exec_time DESC
          LIMIT $1`,
        [limit, by],
      );
      return rows.map((row) => ({
        query: row.query.replace(/\s+/g, ' ').slice(0, 160),
        callsPerRequest: round(Number(row.calls) / requests, 3),
        meanExecMs: round(row.mean_exec_time, 3),
        totalExecMs: round(row.total_exec_time, 1),
        rowsPerCall: round(Number(row.rows) / Math.max(1, Number(row.calls)), 2),
      }));
    },
    close: () => client.end(),
  };
}

export function statementLines(title: string, statements: TStatementFigures[]): string[] {
  return [
    title,
    ...statements.map(
      (row) =>
        `  ${String(row.callsPerRequest).padStart(6)} calls/request  ${String(row.meanExecMs).padStart(7)} ms mean  ${String(row.totalExecMs).padStart(8)} ms total  ${row.query}`,
    ),
  ];
}
