import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import yauzl from 'yauzl';
import type { Database } from '../src/db/schema.ts';
import { createTestApp, type TTestApp } from './test-app.ts';

export { pdfDataUrl } from '../src/db/seed-shippings.ts';

/** A test app whose blob store lives in a temporary directory, removed on close. */
export async function createShippingTestApp(env: Record<string, string> = {}): Promise<TTestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sello-shippings-'));
  const t = await createTestApp({ DATA_DIR: dataDir, ...env });
  return {
    ...t,
    close: async () => {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function typeIdOf(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db.selectFrom('shipping_types').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return Number(row.id);
}

export function dataUrl(mime: string, bytes: Buffer): string {
  return `data:${mime};base64,${bytes.toString('base64')}`;
}

/** Every entry of a ZIP archive: name → bytes. */
export function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
