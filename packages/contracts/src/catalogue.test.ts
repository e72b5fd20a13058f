import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_GROUPS, CATALOGUE } from './catalogue.ts';
import type { TEndpoint, TPermissionRule } from './endpoint.ts';
import { PERMISSION_FLAGS } from './permissions.ts';
import { ROLE_KEYS } from './roles.ts';

type TSpecCall = { method: string; path: string; line: number };

/** The calls of spec §7, written by hand into the fixture (`METHOD path`, `?` when the spec names none). */
const SPEC_CALLS: TSpecCall[] = readFileSync(new URL('./fixtures/spec-calls.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((text, index) => ({ text: text.trim(), line: index + 1 }))
  .filter(({ text }) => text !== '' && !text.startsWith('#'))
  .map(({ text, line }) => {
    const [method = '', path = '', ...rest] = text.split(/\s+/);
    if (rest.length > 0 || path === '') throw new Error(`Malformed fixture line ${line}: ${text}`);
    return { method, path, line };
  });

const placeholders = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
/** Two paths that differ only in placeholder names collide in the HTTP router. */
const routeKey = (endpoint: TEndpoint) => `${endpoint.method} ${endpoint.path.replace(/\{\w+\}/g, '{}')}`;
const byPath = (path: string) => CATALOGUE.filter((endpoint) => endpoint.path === path);

function permissionProblems(rule: TPermissionRule): string[] {
  if (rule === 'public' || rule === 'session') return [];
  if (typeof rule !== 'object' || rule === null) return [`not a rule: ${String(rule)}`];
  const problems: string[] = [];
  for (const key of Object.keys(rule)) {
    if (!['all', 'any', 'roles'].includes(key)) problems.push(`unknown key ${key}`);
  }
  for (const flag of [...(rule.all ?? []), ...(rule.any ?? [])]) {
    if (!(PERMISSION_FLAGS as readonly string[]).includes(flag)) problems.push(`unknown flag ${flag}`);
  }
  for (const role of rule.roles ?? []) {
    if (!ROLE_KEYS.includes(role)) problems.push(`unknown role ${role}`);
  }
  if ((rule.all?.length ?? 0) + (rule.any?.length ?? 0) + (rule.roles?.length ?? 0) === 0) {
    problems.push('grants nothing');
  }
  return problems;
}

describe('spec-calls fixture', () => {
  it('lists each call once', () => {
    const keys = SPEC_CALLS.map((call) => call.path);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(SPEC_CALLS.length).toBeGreaterThan(150);
  });

  it('uses only known methods', () => {
    for (const call of SPEC_CALLS)
      expect(['GET', 'POST', 'PUT', 'DELETE', '?'], `line ${call.line}`).toContain(call.method);
  });
});

describe('catalogue covers spec §7', () => {
  it.each(SPEC_CALLS)('$method $path', (call) => {
    const matches = byPath(call.path);
    expect(matches, `no catalogue entry for ${call.path}`).toHaveLength(1);
    const endpoint = matches[0]!;
    if (call.method === '?') {
      expect(endpoint.methodChosen, `${endpoint.id}: the spec names no method, so methodChosen must be true`).toBe(
        true,
      );
    } else {
      expect(endpoint.method, `${endpoint.id}: method differs from the spec`).toBe(call.method);
      expect(endpoint.methodChosen, `${endpoint.id}: the spec names the method`).toBeFalsy();
    }
  });

  it('has no call the spec does not list, unless it is marked as beyond the spec', () => {
    const listed = new Set(SPEC_CALLS.map((call) => call.path));
    const unlisted = CATALOGUE.filter((endpoint) => !listed.has(endpoint.path) && !endpoint.beyondSpec);
    expect(unlisted.map((endpoint) => endpoint.id)).toEqual([]);
  });

  it('marks as beyond the spec only calls the spec does not list', () => {
    const listed = new Set(SPEC_CALLS.map((call) => call.path));
    const marked = CATALOGUE.filter((endpoint) => endpoint.beyondSpec && listed.has(endpoint.path));
    expect(marked.map((endpoint) => endpoint.id)).toEqual([]);
  });
});

describe('catalogue entries', () => {
  it('have unique ids', () => {
    const ids = CATALOGUE.map((endpoint) => endpoint.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('have unique method and path pairs', () => {
    const keys = CATALOGUE.map(routeKey);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('are named group.key after their place in API_GROUPS', () => {
    for (const [group, endpoints] of Object.entries(API_GROUPS)) {
      for (const [key, endpoint] of Object.entries(endpoints)) expect(endpoint.id).toBe(`${group}.${key}`);
    }
  });

  it.each(CATALOGUE.map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s: path is relative and every placeholder has a params schema',
    (_id, endpoint) => {
      expect(endpoint.path).toMatch(/^[A-Za-z][\w/{}-]*$/);
      const names = placeholders(endpoint.path);
      if (names.length === 0) {
        expect(endpoint.params).toBeUndefined();
        return;
      }
      expect(endpoint.params).toBeInstanceOf(z.ZodObject);
      const shape = (endpoint.params as z.ZodObject).shape;
      expect(Object.keys(shape).sort()).toEqual([...names].sort());
    },
  );

  it.each(CATALOGUE.map((endpoint) => [endpoint.id, endpoint] as const))('%s: permission is valid', (_id, endpoint) => {
    expect(permissionProblems(endpoint.permission)).toEqual([]);
  });

  it('send no body with GET or DELETE', () => {
    const offenders = CATALOGUE.filter((endpoint) => endpoint.method === 'GET' || endpoint.method === 'DELETE');
    expect(offenders.filter((endpoint) => endpoint.body !== undefined).map((endpoint) => endpoint.id)).toEqual([]);
  });

  it('answer files only through responseKind file', () => {
    for (const endpoint of CATALOGUE) {
      const isFile = endpoint.responseKind === 'file';
      expect(endpoint.response.description === 'binary file', endpoint.id).toBe(isFile);
    }
  });

  it('parse a placeholder value into the params', () => {
    const endpoint = API_GROUPS.shippings.delete;
    expect(endpoint.params.parse({ id: '42' })).toEqual({ id: 42 });
    expect(endpoint.params.safeParse({ id: 'x' }).success).toBe(false);
  });
});

describe('permission validation', () => {
  it('rejects unknown flags, keys and empty rules', () => {
    expect(permissionProblems({ all: ['nope' as never] })).toEqual(['unknown flag nope']);
    expect(permissionProblems({ roles: ['root' as never] })).toEqual(['unknown role root']);
    expect(permissionProblems({})).toEqual(['grants nothing']);
    expect(permissionProblems({ some: [] } as never)).toEqual(['unknown key some', 'grants nothing']);
  });
});
