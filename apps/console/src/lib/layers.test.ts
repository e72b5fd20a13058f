import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const REPO_ROOT = path.resolve(SRC, '../../..');
const BIOME = path.join(REPO_ROOT, 'node_modules/.bin/biome');

/**
 * Lints a throw-away module written at `relativePath` (under the console's src/), then removes it.
 * Line 1 of `source` is the import under test; later lines hold imports the layers allow.
 */
function lintProbe(relativePath: string, source: string): { status: number | null; flaggedLines: number[] } {
  const file = path.join(SRC, relativePath);
  writeFileSync(file, source);
  try {
    const run = spawnSync(BIOME, ['lint', '--colors=off', path.relative(REPO_ROOT, file)], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    const output = `${run.stdout}${run.stderr}`;
    const name = path.basename(file).replace(/\./g, '\\.');
    const flaggedLines = [
      ...output.matchAll(new RegExp(`${name}:(\\d+):\\d+ lint/style/noRestrictedImports`, 'g')),
    ].map((match) => Number(match[1]));
    return { status: run.status, flaggedLines };
  } finally {
    rmSync(file, { force: true });
  }
}

describe('console layers (biome noRestrictedImports)', () => {
  it('refuses an import of features/ from a base folder', { timeout: 30_000 }, () => {
    const result = lintProbe(
      `lib/layers-probe-${process.pid}.ts`,
      [
        "import FaqsPage from '../features/faqs/faqs-page.tsx';",
        "import { readCookie } from './cookies.ts';",
        'export const probe = [FaqsPage, readCookie];',
        '',
      ].join('\n'),
    );
    expect(result.flaggedLines).toEqual([1]);
    expect(result.status).not.toBe(0);
  });

  it('refuses an import of app/ from a base folder', { timeout: 30_000 }, () => {
    const result = lintProbe(
      `session/layers-probe-${process.pid}.ts`,
      "import { createAppRouter } from '../app/router.tsx';\nexport const probe = createAppRouter;\n",
    );
    expect(result.flaggedLines).toEqual([1]);
    expect(result.status).not.toBe(0);
  });

  it('refuses an import of another feature from a feature', { timeout: 30_000 }, () => {
    const result = lintProbe(
      `features/shippings/create/layers-probe-${process.pid}.ts`,
      [
        "import { useBatches } from '../../postal/use-postal.ts';",
        "import { useShippingTypes } from '../shared/shipping-api.ts';",
        "import { readCookie } from '../../../lib/cookies.ts';",
        'export const probe = [useBatches, useShippingTypes, readCookie];',
        '',
      ].join('\n'),
    );
    expect(result.flaggedLines).toEqual([1]);
    expect(result.status).not.toBe(0);
  });
});
