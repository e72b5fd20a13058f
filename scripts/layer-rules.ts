// The layer rule of docs/architecture.md ("Layers"), written into biome.json's `overrides` as
// noRestrictedImports entries: `node scripts/layer-rules.ts` rewrites them, and
// scripts/layer-rules.unit.test.ts fails when biome.json differs from what this file generates.
//
// The entries name no feature. A pattern is written per nesting level instead, relative to the file
// (`../*/**` from a file directly in a console feature is another feature), so a new feature folder is
// covered the day it is created. Only the base is listed by name: base files may import the base alone.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER = {
  src: 'apps/server/src',
  /** The base: may import only itself (and packages, and the test harness outside src/). */
  baseFolders: ['platform', 'db', 'preferences'],
  baseFiles: ['config.ts', 'config.unit.test.ts', 'version.ts'],
  /**
   * The assembly: imports every feature; features may import app-context.ts (types), never app.ts or main.ts.
   * open-database.ts starts the database for main.ts and the scripts (migrations, then the job queue's schema).
   */
  assembly: ['app.ts', 'main.ts', 'app-context.ts', 'open-database.ts'],
} as const;

export const CONSOLE = {
  src: 'apps/console/src',
  /** The base (portal/ is the recipient portal's own entry, held to the same rule). */
  baseFolders: ['alerts', 'api', 'components', 'i18n', 'lib', 'portal', 'session'],
  features: 'features',
  app: 'app',
  /** Test helpers (only tests import them) and style sheets: no import rule. */
  support: ['test', 'styles'],
  entry: 'main.tsx',
} as const;

/** Folder levels below a layer folder that the rules cover; the unit test fails on a deeper folder. */
export const NESTING = 4;

type TPatterns = { group: string[]; message: string }[];
export type TOverride = {
  includes: string[];
  linter: { rules: { style: { noRestrictedImports: { level: 'error'; options: { patterns: TPatterns } } } } };
};

const up = (levels: number) => '../'.repeat(levels);
/** `*` once per folder level below the layer folder, then the file. */
const filesAt = (folder: string, level: number) => `${folder}/${'*/'.repeat(level)}*`;
const rule = (includes: string[], patterns: TPatterns): TOverride => ({
  includes,
  linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
});
const allow = (prefix: string, names: readonly string[]) =>
  names.flatMap((n) => [`!${prefix}${n}`, `!${prefix}${n}/**`]);
const TESTS = ['!**/*.test.ts', '!**/*.test.tsx'];
const levels = [...Array(NESTING).keys()];

const SERVER_BASE_MESSAGE =
  "Layers: the server's base (platform/, db/, preferences/, config.ts, version.ts) imports only the base; move the shared piece into platform/ (docs/architecture.md, Layers).";
const SERVER_FEATURE_MESSAGE =
  'Layers: a feature does not import the assembly (app.ts, main.ts); it receives what it needs through app-context.ts (docs/architecture.md, Layers).';
const CONSOLE_BASE_MESSAGE =
  'Console layers: the base (alerts, api, components, i18n, lib, portal, session) imports only the base, never features/ or app/; move what both need down into a base folder.';
const CONSOLE_FEATURE_MESSAGE =
  'Console layers: a feature imports no other feature and not app/; move what both need down into a base folder (components/, lib/, ...).';

/** A file `level` folders below a server base folder reaches src/ with `level + 1` steps up. */
function serverBase(prefix: string): string[] {
  return [
    `${prefix}*`,
    `${prefix}*/**`,
    `!${prefix === './' ? '' : prefix}../**`,
    ...allow(prefix, SERVER.baseFolders),
    ...SERVER.baseFiles.map((file) => `!${prefix}${file}`),
  ];
}

function consoleBase(prefix: string, withTestHelpers: boolean): string[] {
  return [
    `${prefix}*`,
    `${prefix}*/**`,
    `!${prefix}../**`,
    ...allow(prefix, CONSOLE.baseFolders),
    ...(withTestHelpers ? allow(prefix, ['test']) : []),
  ];
}

export function layerOverrides(): TOverride[] {
  const server = SERVER.src;
  const consoleSrc = CONSOLE.src;
  return [
    rule(
      SERVER.baseFiles.map((file) => `${server}/${file}`),
      [{ group: serverBase('./'), message: SERVER_BASE_MESSAGE }],
    ),
    ...levels.map((level) =>
      rule(
        SERVER.baseFolders.map((folder) => filesAt(`${server}/${folder}`, level)),
        [{ group: serverBase(up(level + 1)), message: SERVER_BASE_MESSAGE }],
      ),
    ),
    // Every other folder of src/ is a feature (or demo/, above them): a new one is covered as it is.
    ...levels.map((level) =>
      rule(
        [filesAt(`${server}/*`, level), ...SERVER.baseFolders.map((folder) => `!${server}/${folder}/**`)],
        [{ group: [`${up(level + 1)}app.ts`, `${up(level + 1)}main.ts`], message: SERVER_FEATURE_MESSAGE }],
      ),
    ),
    // The base's tests may also use the console's test helpers; its code may not.
    ...levels.map((level) =>
      rule(
        [...CONSOLE.baseFolders.map((folder) => filesAt(`${consoleSrc}/${folder}`, level)), ...TESTS],
        [{ group: consoleBase(up(level + 1), false), message: CONSOLE_BASE_MESSAGE }],
      ),
    ),
    ...levels.map((level) =>
      rule(
        CONSOLE.baseFolders.flatMap((folder) =>
          ['ts', 'tsx'].map((ext) => `${consoleSrc}/${folder}/${'*/'.repeat(level)}*.test.${ext}`),
        ),
        [{ group: consoleBase(up(level + 1), true), message: CONSOLE_BASE_MESSAGE }],
      ),
    ),
    // A file `level` folders below features/<name>/: `level + 1` steps up is features/, one more is src/.
    ...levels.map((level) => {
      const features = up(level + 1);
      const src = up(level + 2);
      return rule(
        [filesAt(`${consoleSrc}/${CONSOLE.features}/*`, level)],
        [
          {
            group: [
              `${features}*`,
              `${features}*/**`,
              `!${src}**`,
              `${src}${CONSOLE.app}`,
              `${src}${CONSOLE.app}/**`,
              `${src}${CONSOLE.features}`,
              `${src}${CONSOLE.features}/**`,
            ],
            message: CONSOLE_FEATURE_MESSAGE,
          },
        ],
      );
    }),
  ];
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIOME_JSON = path.join(ROOT, 'biome.json');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const config = JSON.parse(readFileSync(BIOME_JSON, 'utf8'));
  config.overrides = layerOverrides();
  writeFileSync(BIOME_JSON, `${JSON.stringify(config, null, 2)}\n`);
  spawnSync(path.join(ROOT, 'node_modules/.bin/biome'), ['format', '--write', 'biome.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
