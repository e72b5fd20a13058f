import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layer rule of docs/architecture.md ("Layers") is biome's noRestrictedImports, set per folder in
 * biome.json. These cases lint a throw-away file placed in a real folder, so they fail if the rule
 * stops firing (a renamed folder, a changed glob) or starts refusing what is allowed.
 */
const SRC = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ROOT = path.resolve(SRC, '../../..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

type TLint = { exitCode: number; output: string };

async function lintFixture(folder: string, source: string): Promise<TLint> {
  const file = path.join(SRC, folder, `layers-fixture-${randomBytes(4).toString('hex')}.ts`);
  try {
    await writeFile(file, source);
    return await new Promise<TLint>((resolve) => {
      execFile(BIOME, ['lint', '--max-diagnostics=50', file], { cwd: ROOT }, (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ exitCode, output: `${stdout}${stderr}` });
      });
    });
  } finally {
    await rm(file, { force: true });
  }
}

describe('server layers (biome noRestrictedImports)', () => {
  it('refuses a base file that imports a feature, the demo data or the assembly', async () => {
    const result = await lintFixture(
      'platform',
      [
        "import { createShippingCreation } from '../shippings/shipping-create.service.ts';",
        "import { seedDemo } from '../demo/seed-demo.ts';",
        "import type { TAppContext } from '../app-context.ts';",
        'export const fixture: unknown = [createShippingCreation, seedDemo] as unknown as TAppContext;',
        '',
      ].join('\n'),
    );
    expect(result.exitCode).not.toBe(0);
    expect(result.output.match(/lint\/style\/noRestrictedImports/g)).toHaveLength(3);
  }, 30_000);

  it('refuses a feature that imports app.ts or main.ts', async () => {
    const result = await lintFixture(
      'shippings',
      ["import { buildApp } from '../app.ts';", 'export const fixture = buildApp;', ''].join('\n'),
    );
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toContain('lint/style/noRestrictedImports');
  }, 30_000);

  it('lets a feature import the base and the app context', async () => {
    const result = await lintFixture(
      'shippings',
      [
        "import type { TAppContext } from '../app-context.ts';",
        "import { toIso } from '../platform/iso-date.ts';",
        'export const fixture = toIso as unknown as TAppContext;',
        '',
      ].join('\n'),
    );
    expect(result.output).not.toContain('noRestrictedImports');
    expect(result.exitCode).toBe(0);
  }, 30_000);
});
