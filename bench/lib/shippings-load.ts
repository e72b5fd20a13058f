// Bulk shippings for the shippings-list bench: N shippings (one receiver each) in one domain, streamed
// into PostgreSQL with COPY … FROM STDIN. Values are deterministic (a seeded generator) and spread the
// way a provider's data is: ~5 years of dates with growth, most shippings closed, a realistic share of
// results, types, companies and senders, Spanish and Portuguese receiver names, subjects and references
// for the free-text search. `receiver_summary` and `search_text` are built as shipping-create.service.ts
// builds them. The kept counts (migration 008) are filled by the statement triggers COPY fires.
// The rows themselves are made in shippings-load-rows.ts.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  makeRow,
  RECEIVER_COLUMNS,
  SHIPPING_COLUMNS,
  seeded,
  type TShippingLoadContext,
} from './shippings-load-rows.ts';

/** Lines of COPY text in chunks of `batch` rows. */
function copySource(lines: (i: number) => string, count: number, batch = 2000): Readable {
  let next = 0;
  return new Readable({
    read() {
      if (next >= count) {
        this.push(null);
        return;
      }
      const end = Math.min(count, next + batch);
      const parts: string[] = [];
      for (let i = next; i < end; i++) parts.push(lines(i));
      next = end;
      this.push(`${parts.join('\n')}\n`);
    },
  });
}

/**
 * Loads `count` shippings with their receivers. The indexes of both tables (but the primary keys and
 * unique constraints) are dropped first and built again afterwards, with their definitions as they were:
 * building an index once is much cheaper than a million index insertions. Then VACUUM (ANALYZE), as
 * autovacuum would leave the tables (statistics and the visibility map for index-only scans), the dashboard's
 * kept counts (filled by the COPY's trigger) too, and a CHECKPOINT.
 */
export async function loadShippings(
  pool: pg.Pool,
  context: TShippingLoadContext,
  count: number,
): Promise<{ seconds: { copy: number; indexes: number; vacuum: number } }> {
  const client = await pool.connect();
  const seconds = { copy: 0, indexes: 0, vacuum: 0 };
  try {
    await client.query("SET maintenance_work_mem = '512MB'");
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       WHERE i.indrelid IN ('shippings'::regclass, 'shipping_receivers'::regclass)
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    );
    const { rows: first } = await client.query<{ id: string }>('SELECT coalesce(max(id), 0) + 1 AS id FROM shippings');
    const firstId = Number(first[0]!.id);
    const now = Date.now();
    const rowAt = (() => {
      // Rows are made in order once; the receiver line of each is kept for the second COPY.
      const receivers: string[] = new Array(count);
      const r = seeded(20260101);
      return {
        shipping: (i: number) => {
          const row = makeRow(i, count, firstId + i, now, context, r);
          receivers[i] = row.receiver;
          return row.shipping;
        },
        receiver: (i: number) => {
          const line = receivers[i]!;
          receivers[i] = '';
          return line;
        },
      };
    })();

    let started = performance.now();
    await client.query('BEGIN');
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    await pipeline(
      copySource(rowAt.shipping, count),
      client.query(copyFrom(`COPY shippings (${SHIPPING_COLUMNS}) FROM STDIN`)),
    );
    await pipeline(
      copySource(rowAt.receiver, count),
      client.query(copyFrom(`COPY shipping_receivers (${RECEIVER_COLUMNS}) FROM STDIN`)),
    );
    await client.query("SELECT setval(pg_get_serial_sequence('shippings', 'id'), (SELECT max(id) FROM shippings))");
    seconds.copy = (performance.now() - started) / 1000;
    started = performance.now();
    for (const index of indexes) await client.query(index.definition);
    await client.query('COMMIT');
    seconds.indexes = (performance.now() - started) / 1000;
    started = performance.now();
    await client.query('VACUUM (ANALYZE) shippings');
    await client.query('VACUUM (ANALYZE) shipping_receivers');
    await client.query('VACUUM (ANALYZE) shipping_day_counts');
    await client.query('VACUUM (ANALYZE) shipping_hour_totals');
    // The load's gigabyte of dirty pages written now, not by a checkpoint in the middle of the measurements:
    // a server that has been running has no such backlog.
    await client.query('CHECKPOINT');
    seconds.vacuum = (performance.now() - started) / 1000;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return { seconds };
}
