import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.ts';

/** SQL text → statement name, for the few statements every request runs (the principal, the account). */
const NAMES = new Map<string, string>();

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

/** Makes a pool's connections send the registered statements by name (pg prepares a name once per connection). */
export function namePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as unknown as (...args: unknown[]) => unknown;
  (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length === 2 ? NAMES.get(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
}
