import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types; its constructor, run() and close() are all this file uses.
import S3rver from 's3rver';

export type TS3TestServer = {
  endpoint: string;
  bucket: string;
  directory: string;
  /** Takes the server down, keeping its objects (the store is away). */
  stop: () => Promise<void>;
  /** Brings it back on the same port with the same objects. */
  restart: () => Promise<void>;
  close: () => Promise<void>;
};

/** A real S3-compatible HTTP server (s3rver, from the registry) on a free loopback port, with one bucket. */
export async function startS3Server(bucket = 'sello-test'): Promise<TS3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'sello-s3-'));
  const run = async (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    return { server, address: (await server.run()) as AddressInfo };
  };
  let { server, address } = await run(0);
  let running = true;
  const stop = async () => {
    if (running) await server.close();
    running = false;
  };
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    directory,
    stop,
    restart: async () => {
      await stop();
      ({ server, address } = await run(address.port));
      running = true;
    },
    close: async () => {
      await stop();
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
