import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.ts';

/** SQL text → statement name, for the few statements every request runs (the principal, the account). */
const NAMES = new Map<string, string>();

/**
 * A connection prepares a statement of its own once it has run the same SQL text this many times: after that,
 * PostgreSQL skips parsing it, and for statements whose plan does not depend on their arguments, planning it
 * (plan_cache_mode auto keeps re-planning a statement whose generic plan would cost more, e.g. a list page).
 */
export const PREPARE_AFTER_RUNS = 3;
/** At most this many statements prepared per connection (each holds its parse tree in the backend). */
export const MAX_PREPARED_PER_CONNECTION = 200;
/** Texts seen on a connection but not yet prepared: forgotten all at once beyond this many. */
const MAX_COUNTED_TEXTS = 2_000;
/**
 * `SELECT *` / `t.*` / `RETURNING *`: never prepared. A prepared statement's columns are fixed when it is parsed, so
 * a column another copy's migration adds would make it fail ("cached plan must not change result type").
 */
const EVERY_COLUMN = /(?:\bselect|\breturning|,)\s+(?:"?\w+"?\.)?\*/i;
/**
 * A pattern match (LIKE, ILIKE, SIMILAR TO, ~): never prepared. How many rows a pattern keeps depends on the pattern
 * alone, so a generic plan can only guess, and PostgreSQL took a guess that made the list's free-text search 6 times
 * slower (the count of a 1,000,000-shipping domain read row by row instead of through the trigram index).
 */
const PATTERN_MATCH = /\b(?:i?like|similar\s+to)\b|\s!?~\*?\s/i;
/** Runs counted for a text that is never prepared. */
const NEVER = -1;

/**
 * A fixed-shape query run as a named prepared statement: built and compiled by Kysely once, then each call
 * only swaps in its arguments, and each pool connection parses and plans it once, then only binds and
 * executes it. For hot lookups by key whose SQL never varies: `build` must use its arguments as values
 * only (no branching on them, no IN lists of varying length).
 */
export function definePreparedQuery<A extends unknown[], R>(
  name: string,
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>,
): (db: Kysely<Database>, ...args: A) => Promise<R[]> {
  let compiled: CompiledQuery<R> | null = null;
  /** For each parameter of the compiled query: the index of the argument it takes, or -1 (a constant). */
  let slots: number[] = [];
  return async (db, ...args) => {
    if (!compiled) {
      const markers = args.map((_, index) => `\u0000sello-argument-${name}-${index}`);
      compiled = build(db, ...(markers as A)).compile();
      slots = compiled.parameters.map((parameter) => markers.indexOf(parameter as string));
      if (new Set(slots.filter((slot) => slot >= 0)).size !== args.length) {
        throw new Error(`prepared query ${name} must use each argument exactly as a value`);
      }
      if (NAMES.has(compiled.sql)) throw new Error(`prepared query ${name} is defined twice`);
      NAMES.set(compiled.sql, name);
    }
    const constants = compiled.parameters;
    const parameters = slots.map((slot, index) => (slot >= 0 ? args[slot] : constants[index]));
    return (await db.executeQuery({ ...compiled, parameters } as CompiledQuery<R>)).rows;
  };
}

/**
 * The name a connection runs `text` under, or undefined to run it unnamed. Only statements with parameters are
 * named: the extended protocol a named statement needs takes one command, and a text without parameters may be
 * several (a migration, a test's set-up).
 */
function nameFor(text: string, counts: Map<string, number>, prepared: Map<string, string>): string | undefined {
  const defined = NAMES.get(text);
  if (defined) return defined;
  const name = prepared.get(text);
  if (name) return name;
  if (prepared.size >= MAX_PREPARED_PER_CONNECTION) return undefined;
  const counted = counts.get(text) ?? 0;
  if (counted === NEVER) return undefined;
  if (counts.size >= MAX_COUNTED_TEXTS) counts.clear();
  if (counted + 1 < PREPARE_AFTER_RUNS) {
    counts.set(text, counted + 1);
    return undefined;
  }
  if (EVERY_COLUMN.test(text) || PATTERN_MATCH.test(text)) {
    counts.set(text, NEVER);
    return undefined;
  }
  counts.delete(text);
  // One name per text, the same on every connection: pg refuses a name reused for another text.
  const named = `q${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  prepared.set(text, named);
  return named;
}

/**
 * Makes a pool's connections send the registered statements by name (pg prepares a name once per connection),
 * and any other statement with parameters once the connection has run it PREPARE_AFTER_RUNS times.
 */
export function namePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as unknown as (...args: unknown[]) => unknown;
  const counts = new Map<string, number>();
  const prepared = new Map<string, string>();
  (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name =
      typeof text === 'string' && args.length === 2 && Array.isArray(values) && values.length > 0
        ? nameFor(text, counts, prepared)
        : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
}
