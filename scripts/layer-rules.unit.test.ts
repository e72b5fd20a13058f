import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIOME_JSON, CONSOLE, layerOverrides, NESTING, SERVER } from './layer-rules.ts';

const ROOT = path.dirname(BIOME_JSON);
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');
const TEST_FILE = /\.test\.tsx?$|test-setup\.tsx?$/;

function foldersBelow(folder: string, relative = ''): string[] {
  return readdirSync(path.join(ROOT, folder, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const child = path.posix.join(relative, entry.name);
      return [child, ...foldersBelow(folder, child)];
    });
}

const topFolders = (folder: string) => foldersBelow(folder).filter((f) => !f.includes('/'));
const topFiles = (folder: string) =>
  readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

describe('layer rules (biome noRestrictedImports, scripts/layer-rules.ts)', () => {
  it('are the ones biome.json holds (run `node scripts/layer-rules.ts` after changing them)', () => {
    expect(JSON.parse(readFileSync(BIOME_JSON, 'utf8')).overrides).toEqual(layerOverrides());
  });

  it('know every top-level folder and file: a new one is a feature, or must be named as base', () => {
    const serverBase: readonly string[] = [...SERVER.baseFolders, ...SERVER.baseFiles, ...SERVER.assembly];
    const unknownServerFiles = topFiles(SERVER.src).filter((f) => !serverBase.includes(f) && !TEST_FILE.test(f));
    expect(unknownServerFiles).toEqual([]);
    const consoleFolders: readonly string[] = [
      ...CONSOLE.baseFolders,
      CONSOLE.features,
      CONSOLE.app,
      ...CONSOLE.support,
    ];
    expect(topFolders(CONSOLE.src).filter((f) => !consoleFolders.includes(f))).toEqual([]);
    expect(topFiles(CONSOLE.src).filter((f) => f !== CONSOLE.entry && !f.endsWith('.css'))).toEqual([]);
  });

  it('refuse a forbidden import placed in any folder, and in a feature folder that did not exist', {
    timeout: 60_000,
  }, () => {
    const id = `${process.pid}-${Date.now()}`;
    const newServerRoom = `${SERVER.src}/layer-probe-room-${id}`;
    const newConsoleRoom = `${CONSOLE.src}/${CONSOLE.features}/layer-probe-room-${id}`;
    const probes: { file: string; source: string }[] = [];
    const probe = (folder: string, imports: string[]) =>
      probes.push({
        file: `${folder}/layer-probe-${id}-${probes.length}.ts`,
        source: `${imports.map((spec, i) => `import p${i} from '${spec}';`).join('\n')}\nexport default [${imports.map((_, i) => `p${i}`).join(', ')}];\n`,
      });
    const depth = (relative: string) => relative.split('/').length;
    try {
      mkdirSync(path.join(ROOT, newServerRoom));
      mkdirSync(path.join(ROOT, newConsoleRoom));
      const serverBase: readonly string[] = SERVER.baseFolders;
      for (const folder of foldersBelow(SERVER.src)) {
        const toSrc = '../'.repeat(depth(folder));
        if (serverBase.includes(folder.split('/')[0]!)) {
          probe(`${SERVER.src}/${folder}`, [
            `${toSrc}${path.basename(newServerRoom)}/x.ts`,
            `${toSrc}shippings/x.ts`,
            `${toSrc}demo/x.ts`,
            `${toSrc}app-context.ts`,
          ]);
        } else {
          probe(`${SERVER.src}/${folder}`, [`${toSrc}app.ts`, `${toSrc}main.ts`]);
        }
      }
      const consoleBase: readonly string[] = CONSOLE.baseFolders;
      for (const folder of foldersBelow(CONSOLE.src)) {
        const [top, feature] = folder.split('/');
        const toSrc = '../'.repeat(depth(folder));
        if (consoleBase.includes(top!)) {
          probe(`${CONSOLE.src}/${folder}`, [
            `${toSrc}${CONSOLE.features}/${path.basename(newConsoleRoom)}/x.ts`,
            `${toSrc}${CONSOLE.features}/shippings/x.ts`,
            `${toSrc}${CONSOLE.app}/router.tsx`,
            `${toSrc}test/setup.ts`,
          ]);
        } else if (top === CONSOLE.features && feature) {
          const toFeatures = '../'.repeat(depth(folder) - 1);
          const other = feature === 'shippings' ? 'postal' : 'shippings';
          probe(`${CONSOLE.src}/${folder}`, [
            `${toFeatures}${other}/x.ts`,
            `${toFeatures}new-room-${id}/x.ts`,
            `${toSrc}${CONSOLE.app}/router.tsx`,
          ]);
        }
      }
      for (const { file, source } of probes) writeFileSync(path.join(ROOT, file), source);
      const run = spawnSync(BIOME, ['lint', '--colors=off', '--max-diagnostics=none', ...probes.map((p) => p.file)], {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      });
      const output = `${run.stdout}${run.stderr}`;
      const flagged = new Set(
        [...output.matchAll(/^(\S+\.ts):(\d+):\d+ lint\/style\/noRestrictedImports/gm)].map((m) => `${m[1]}:${m[2]}`),
      );
      const passing = probes.flatMap(({ file, source }) =>
        source
          .split('\n')
          .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
          .filter(({ line, at }) => line.startsWith('import') && !flagged.has(at))
          .map(({ line, at }) => `${at} ${line}`),
      );
      expect(passing).toEqual([]);
      expect(probes.length).toBeGreaterThan(50);
    } finally {
      for (const { file } of probes) rmSync(path.join(ROOT, file), { force: true });
      rmSync(path.join(ROOT, newServerRoom), { recursive: true, force: true });
      rmSync(path.join(ROOT, newConsoleRoom), { recursive: true, force: true });
    }
  });

  it(`cover every folder: none is nested deeper than ${NESTING} levels below its layer folder`, () => {
    const tooDeep = [
      ...foldersBelow(SERVER.src).filter((f) => f.split('/').length > NESTING),
      ...foldersBelow(CONSOLE.src).filter((f) => f.split('/').length > NESTING + (f.startsWith('features/') ? 1 : 0)),
    ];
    expect(tooDeep).toEqual([]);
  });
});
