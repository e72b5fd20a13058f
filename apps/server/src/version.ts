import { readFileSync } from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/** The product version: the root package.json's `version`. */
export function readVersion(): string {
  cached ??= (
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string }
  ).version;
  return cached;
}
