import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The decisions stay findable: one file per area under docs/decisions/, each within 300 lines, each file and
 * each of its sections listed in the index (docs/decisions/README.md), dated rather than numbered by session
 * or issue, and every mention of a decisions file in the docs names one that exists.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DECISIONS = path.join(ROOT, 'docs', 'decisions');
const INDEX = 'README.md';
const MAX_LINES = 300;

const read = (file: string): string => readFileSync(file, 'utf8');
const lineCount = (text: string): number => text.replace(/\n$/, '').split('\n').length;
const areaFiles = (): string[] =>
  readdirSync(DECISIONS)
    .filter((name) => name.endsWith('.md') && name !== INDEX)
    .sort();
const sectionTitles = (text: string): string[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('## '))
    .map((line) => line.slice(3).trim());

describe('docs/decisions', () => {
  it(`keeps every file within ${MAX_LINES} lines`, () => {
    const tooLong = [INDEX, ...areaFiles()]
      .map((name) => ({ name, lines: lineCount(read(path.join(DECISIONS, name))) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(tooLong).toEqual([]);
  });

  it('lists every area file in the index, and links no file that is missing', () => {
    const index = read(path.join(DECISIONS, INDEX));
    const linked = [...index.matchAll(/\]\(([a-z0-9-]+\.md)\)/g)].map((match) => match[1]);
    const files = areaFiles();
    expect(files.filter((name) => !linked.includes(name))).toEqual([]);
    expect(linked.filter((name) => name !== undefined && !files.includes(name))).toEqual([]);
  });

  it("lists every section of an area file in the index, as a line under that file's entry", () => {
    const indexLines = read(path.join(DECISIONS, INDEX)).split('\n');
    const unlisted = areaFiles().flatMap((name) => {
      const entry = indexLines.findIndex((line) => line.includes(`](${name})`));
      const next = indexLines.findIndex((line, at) => at > entry && line.startsWith('- '));
      const listed = indexLines.slice(entry + 1, next === -1 ? undefined : next).map((line) => line.trim());
      return sectionTitles(read(path.join(DECISIONS, name)))
        .filter((title) => !listed.includes(`- ${title}`))
        .map((title) => `${name}: ${title}`);
    });
    expect(unlisted).toEqual([]);
  });

  it('dates decisions instead of naming sessions or issues', () => {
    const numbered = areaFiles().flatMap((name) =>
      read(path.join(DECISIONS, name))
        .split('\n')
        .filter((line) => /\b(session|issue)s? \d+/i.test(line))
        .map((line) => `${name}: ${line.trim()}`),
    );
    expect(numbered).toEqual([]);
  });

  it('is what the docs point to: every docs/decisions path they mention exists', () => {
    const docs = [
      'README.md',
      'bench/README.md',
      ...readdirSync(path.join(ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    const files = areaFiles();
    const broken = docs.flatMap((doc) =>
      [...read(path.join(ROOT, doc)).matchAll(/docs\/decisions(\/[a-z0-9-]+\.md|\.md)/g)]
        .map((match) => match[0])
        .filter((mention) => mention === 'docs/decisions.md' || !files.includes(path.basename(mention)))
        .map((mention) => `${doc}: ${mention}`),
    );
    expect(broken).toEqual([]);
  });
});
