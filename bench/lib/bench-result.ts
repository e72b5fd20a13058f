import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const RESULTS_DIR = path.join(REPO_ROOT, 'bench/results');

export type TMachine = {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1-minute load average when the figures were taken: other work on the machine skews them. */
  loadAverage1m: number;
};

/** What the figures were measured on; kept with every result because they mean nothing without it. */
export function machineInfo(): TMachine {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
  };
}

/** `2026-07-14-1530` (UTC), the stamp result files are named with. */
export function fileStamp(date: Date = new Date()): string {
  return date.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
}

export type TResult = {
  /** False when a budget is broken or the measurement went wrong. */
  ok: boolean;
  /** Markdown lines for the run's summary. */
  summary: string[];
  [figure: string]: unknown;
};

/**
 * Hands a bench's figures over: to the file `scripts/run-bench.mjs` asked for (BENCH_RESULT_FILE), or,
 * when the bench runs on its own, to `bench/results/<stamp>-<name>.json` together with the machine.
 */
export function writeResult(name: string, figures: TResult): string {
  const target = process.env.BENCH_RESULT_FILE;
  const date = new Date();
  const stamped = path.join(RESULTS_DIR, `${fileStamp(date)}-${name}.json`);
  // A second run within the same minute keeps the first one's file.
  const file = target ?? (existsSync(stamped) ? stamped.replace(/\.json$/, `-${date.getUTCSeconds()}s.json`) : stamped);
  const content = target
    ? { name, ...figures }
    : { name, date: date.toISOString(), machine: machineInfo(), ...figures };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
  return file;
}

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
