import { PassThrough } from 'node:stream';
import { writeXlsx } from '../src/platform/xlsx-writer.ts';

/** An .xlsx of `rows` data rows of `columns` numbers each (100,000 × 18 is 1.8 M cells in about 8 MB). */
export async function bigSheet(rows: number, columns: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const headers = Array.from({ length: columns }, (_, index) => ({ header: `Column ${index + 1}`, width: 8 }));
  async function* numbers() {
    for (let row = 0; row < rows; row++) yield Array.from({ length: columns }, (_, column) => row * columns + column);
  }
  await writeXlsx(out, 'Sheet', headers, numbers());
  return Buffer.concat(chunks);
}

/** Runs `work` and reports how often the event loop turned meanwhile, and the longest time it went without. */
export async function measureLoopStall<T>(
  work: () => Promise<T>,
): Promise<{ result: T | Error; stallMs: number; ms: number; turns: number }> {
  let stallMs = 0;
  let turns = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    turns++;
    last = now;
  }, 5);
  const started = performance.now();
  let result: T | Error;
  try {
    result = await work();
  } catch (error) {
    result = error as Error;
  }
  clearInterval(timer);
  return { result, stallMs: Math.round(stallMs), ms: Math.round(performance.now() - started), turns };
}
