import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIOME_JSON, CONSOLE, SERVER } from './layer-rules.ts';

/**
 * Folder-level import cycles, read from the import statements of the code (tests and their setup files are
 * left out: nothing imports them). A folder is a top-level folder of src/ (a console feature is
 * features/<name>); a top-level file is its own unit. Two folders that import each other cannot be layered.
 */
const ROOT = path.dirname(BIOME_JSON);
const TEST_FILE = /\.test\.tsx?$|test-setup\.tsx?$/;
/** The throw-away files and folders the layer tests lint while this one may be reading the tree. */
const LINT_PROBE = /^layers?-(probe|fixture)/;
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/**
 * The one two-way pair allowed: app-context.ts is the assembly's contract with the features and names
 * TSecurityService, so it and security/ import each other, both ways by `import type` only (erased at run time).
 */
const TYPE_ONLY_ASSEMBLY = ['app.ts', 'app-context.ts'];

type TEdge = { from: string; to: string; file: string; typeOnly: boolean };

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (LINT_PROBE.test(entry.name)) return [];
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !TEST_FILE.test(entry.name) ? [file] : [];
  });
}

function unitOf(src: string, file: string): string | null {
  const relative = path.relative(src, file);
  if (relative.startsWith('..')) return null;
  const parts = relative.split(path.sep);
  if (parts[0] === CONSOLE.features && src.endsWith(CONSOLE.src) && parts.length > 2) return `features/${parts[1]}`;
  return parts[0]!;
}

function edgesOf(srcFolder: string): TEdge[] {
  const src = path.join(ROOT, srcFolder);
  return sourceFiles(src).flatMap((file) => {
    const code = readFileSync(file, 'utf8');
    const from = unitOf(src, file)!;
    const specs = [
      ...[...code.matchAll(IMPORT)].map((m) => ({ spec: m[2]!, typeOnly: Boolean(m[1]) })),
      ...[...code.matchAll(DYNAMIC_IMPORT)].map((m) => ({ spec: m[1]!, typeOnly: false })),
    ];
    return specs.flatMap(({ spec, typeOnly }) => {
      const to = unitOf(src, path.resolve(path.dirname(file), spec));
      return to && to !== from ? [{ from, to, file: path.relative(ROOT, file), typeOnly }] : [];
    });
  });
}

/** Pairs of units that import each other, with the imports of each direction. */
function twoWayPairs(edges: TEdge[]): Map<string, string[]> {
  const counted = edges.filter(
    (e) => !(e.typeOnly && TYPE_ONLY_ASSEMBLY.includes(e.to)) && !(e.typeOnly && TYPE_ONLY_ASSEMBLY.includes(e.from)),
  );
  const pairs = new Map<string, string[]>();
  for (const edge of counted) {
    if (edge.from > edge.to) continue;
    const back = counted.filter((e) => e.from === edge.to && e.to === edge.from);
    if (back.length === 0) continue;
    const key = `${edge.from} <-> ${edge.to}`;
    pairs.set(key, [...(pairs.get(key) ?? back.map((e) => `${e.file} -> ${e.to}`)), `${edge.file} -> ${edge.to}`]);
  }
  return pairs;
}

/** Strongly connected groups of more than one unit (Tarjan), once the listed pairs are set aside. */
function cycles(edges: TEdge[], setAside: string[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to, typeOnly } of edges) {
    if (typeOnly && (TYPE_ONLY_ASSEMBLY.includes(to) || TYPE_ONLY_ASSEMBLY.includes(from))) continue;
    if (setAside.includes([from, to].sort().join(' <-> '))) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

describe('folder-level import cycles', () => {
  const server = edgesOf(SERVER.src);
  const consoleEdges = edgesOf(CONSOLE.src);

  it('reads the imports it checks (a broken reader would find no cycle)', () => {
    expect(server.some((e) => e.from === 'delivery' && e.to === 'shippings')).toBe(true);
    expect(server.some((e) => e.from === 'security' && e.to === 'app-context.ts' && e.typeOnly)).toBe(true);
    expect(consoleEdges.some((e) => e.from === 'features/shippings' && e.to === 'components')).toBe(true);
    expect(
      cycles([...server, { from: 'platform', to: 'delivery', file: 'probe.ts', typeOnly: false }], []),
    ).not.toEqual([]);
  });

  it('finds no two server folders that import each other', () => {
    expect([...twoWayPairs(server).keys()].sort()).toEqual([]);
    expect(cycles(server, [])).toEqual([]);
  });

  it('finds no two console folders or features that import each other', () => {
    expect(Object.fromEntries(twoWayPairs(consoleEdges))).toEqual({});
    expect(cycles(consoleEdges, [])).toEqual([]);
  });
});
