import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The alert rules of ops/alerts.yml, checked by Prometheus's own promtool (Debian's `prometheus` package, which
 * scripts/run-tests.mjs installs when absent): they parse, and each alert fires on the series of
 * ops/alerts.test.yml that should raise it and not before. That the rules name only series the server exports is
 * checked against a real scrape in apps/server/src/metrics.api.test.ts.
 */
const OPS = path.resolve(import.meta.dirname, '../ops');
const PROMTOOL = '/usr/bin/promtool';

function promtool(...args: string[]) {
  const result = spawnSync(PROMTOOL, args, { cwd: OPS, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('alert rules', () => {
  it('every alert of ops/alerts.yml has a case in ops/alerts.test.yml', () => {
    const alerts = [...readFileSync(path.join(OPS, 'alerts.yml'), 'utf8').matchAll(/^\s+- alert: (\w+)$/gm)].map(
      (m) => m[1],
    );
    const tested = new Set(
      [...readFileSync(path.join(OPS, 'alerts.test.yml'), 'utf8').matchAll(/alertname: (\w+)$/gm)].map((m) => m[1]),
    );
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts.filter((alert) => !tested.has(alert))).toEqual([]);
  });
});

describe.skipIf(!existsSync(PROMTOOL))('alert rules (promtool)', () => {
  it('ops/alerts.yml is a valid rule file', () => {
    const { status, output } = promtool('check', 'rules', 'alerts.yml');
    expect(status, output).toBe(0);
    expect(output).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('each alert fires on the series that should raise it (ops/alerts.test.yml)', () => {
    const { status, output } = promtool('test', 'rules', 'alerts.test.yml');
    expect(status, output).toBe(0);
  });
});
