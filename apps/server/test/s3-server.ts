import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types; its constructor, run() and close() are all this file uses.
import S3rver from 's3rver';

export type TS3TestServer = { endpoint: string; bucket: string; directory: string; close: () => Promise<void> };

/** A real S3-compatible HTTP server (s3rver, from the registry) on a free loopback port, with one bucket. */
export async function startS3Server(bucket = 'sello-test'): Promise<TS3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'sello-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The S3 variables a server copy needs to keep its files in the test server's bucket. */
export function s3Env(server: TS3TestServer): Record<string, string> {
  return {
    BLOB_STORE: 's3',
    S3_BUCKET: server.bucket,
    S3_ENDPOINT: server.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
}
