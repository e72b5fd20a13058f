// Initial JavaScript of the console's /login route, gzip-compressed (level 9), against its budget.
// Counts the entry script(s) of dist/index.html, the modulepreload links, every chunk they import
// statically (recursively), and the lazily loaded login-page chunk with its own static imports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';
import { kib, REPO_ROOT, writeResult } from './lib/bench-result.ts';

const BUDGET_BYTES = 250 * 1024;
const DIST = path.join(REPO_ROOT, 'apps/console/dist');
const LOGIN_CHUNK = /^login-page-[\w-]+\.js$/;

type TReason = 'entry' | 'modulepreload' | 'static import' | 'login chunk';
type TFile = { file: string; reason: TReason; bytes: number; gzipBytes: number };

function fail(message: string): never {
  process.stderr.write(`login-bundle: ${message}\n`);
  process.exit(2);
}

/** Attributes of every `<script>` and `<link>` tag of the built index.html. */
function htmlTags(html: string): { tag: string; attributes: Map<string, string> }[] {
  const tags = [];
  for (const match of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attributes = new Map<string, string>();
    for (const attribute of (match[2] ?? '').matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attributes.set(attribute[1]!.toLowerCase(), attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
    }
    tags.push({ tag: match[1]!.toLowerCase(), attributes });
  }
  return tags;
}

/** A same-origin URL of the built page as a file under dist/; anything else is not ours to count. */
function distFile(url: string, from: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return null;
  const clean = url.split(/[?#]/)[0]!;
  const file = clean.startsWith('/') ? path.join(DIST, clean) : path.resolve(from, clean);
  return file.startsWith(DIST + path.sep) ? file : null;
}

/** Specifiers of the static `import`/`export … from` statements of a built chunk (dynamic imports excluded). */
function staticImports(file: string): string[] {
  const [imports] = parse(readFileSync(file, 'utf8'), file);
  return imports.filter((entry) => entry.d === -1 && entry.n !== undefined).map((entry) => entry.n!);
}

async function main(): Promise<void> {
  const indexHtml = path.join(DIST, 'index.html');
  if (!existsSync(indexHtml)) fail(`${path.relative(REPO_ROOT, indexHtml)} is missing: run \`npm run build\` first`);
  await init;

  const reasons = new Map<string, TReason>();
  const visit = (file: string, reason: TReason) => {
    if (reasons.has(file)) return;
    if (!existsSync(file)) fail(`${path.relative(DIST, file)} is referenced but does not exist`);
    reasons.set(file, reason);
    for (const specifier of staticImports(file)) {
      const imported = distFile(specifier, path.dirname(file));
      if (imported) visit(imported, 'static import');
    }
  };

  for (const { tag, attributes } of htmlTags(readFileSync(indexHtml, 'utf8'))) {
    if (tag === 'script' && attributes.get('type') === 'module' && attributes.get('src')) {
      const file = distFile(attributes.get('src')!, DIST);
      if (file) visit(file, 'entry');
    }
    if (tag === 'link' && attributes.get('rel') === 'modulepreload' && attributes.get('href')) {
      const file = distFile(attributes.get('href')!, DIST);
      if (file) visit(file, 'modulepreload');
    }
  }
  if (reasons.size === 0) fail('index.html references no module script');

  const assets = path.join(DIST, 'assets');
  const loginChunks = readdirSync(assets).filter((name) => LOGIN_CHUNK.test(name));
  if (loginChunks.length !== 1) fail(`expected one login-page chunk in dist/assets, found ${loginChunks.length}`);
  const loginChunk = path.join(assets, loginChunks[0]!);
  const shell = [...reasons.keys()].map((file) => readFileSync(file, 'utf8')).join('\n');
  if (!shell.includes(loginChunks[0]!)) fail(`${loginChunks[0]} is not referenced by the initial scripts`);
  if (reasons.has(loginChunk)) reasons.set(loginChunk, 'login chunk');
  else visit(loginChunk, 'login chunk');

  const files: TFile[] = [...reasons].map(([file, reason]) => {
    const content = readFileSync(file);
    return {
      file: path.relative(DIST, file),
      reason,
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length,
    };
  });
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const totalGzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0);
  const ok = totalGzipBytes <= BUDGET_BYTES;

  const width = Math.max(...files.map((file) => file.file.length));
  const lines = files.map(
    (file) =>
      `  ${file.file.padEnd(width)}  ${kib(file.bytes).padStart(10)}  ${kib(file.gzipBytes).padStart(9)} gzip  ${file.reason}`,
  );
  process.stdout.write(
    [
      'Initial JavaScript of /login (gzip level 9):',
      ...lines,
      `  ${'total'.padEnd(width)}  ${kib(totalBytes).padStart(10)}  ${kib(totalGzipBytes).padStart(9)} gzip  (${files.length} files)`,
      `Budget ${kib(BUDGET_BYTES)} gzip: ${ok ? 'OK' : 'OVER BUDGET'} (${kib(BUDGET_BYTES - totalGzipBytes)} to spare)`,
      '',
    ].join('\n'),
  );

  const summary = [
    `Initial JavaScript of /login: **${kib(totalGzipBytes)} gzip** in ${files.length} files ` +
      `(${kib(totalBytes)} raw); budget ${kib(BUDGET_BYTES)}: ${ok ? 'OK' : '**over budget**'}.`,
  ];
  writeResult('login-bundle', { ok, summary, budgetBytes: BUDGET_BYTES, totalBytes, totalGzipBytes, files });
  process.exit(ok ? 0 : 1);
}

await main();
