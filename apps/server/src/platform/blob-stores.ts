import path from 'node:path';
import type { TConfig } from '../config.ts';
import { BlobUnavailableError, createLocalBlobStore, type TBlobStore } from './blob-store.ts';
import { countDependencyError } from './metrics.ts';
import { createS3BlobStore, createS3Client } from './s3-blob-store.ts';

export type TBlobStores = { blobs: TBlobStore; exportFiles: TBlobStore };

/** The store, counting each time it could not answer (a file it does not hold is an answer: not counted). */
function countFailures(store: TBlobStore): TBlobStore {
  const watched =
    <TArgs extends unknown[], TResult>(call: (...args: TArgs) => Promise<TResult>) =>
    (...args: TArgs) =>
      call(...args).catch((error: unknown) => {
        if (error instanceof BlobUnavailableError && error.code === 'EUNAVAILABLE') countDependencyError('blob_store');
        throw error;
      });
  return {
    put: watched(store.put.bind(store)),
    open: watched(store.open.bind(store)),
    has: watched(store.has.bind(store)),
    read: watched(store.read.bind(store)),
    remove: watched(store.remove.bind(store)),
  };
}

/** The documents' and the exports' stores, on the local disk or in one S3 bucket under two prefixes. */
export function createBlobStores(config: TConfig): TBlobStores {
  const stores = createStores(config);
  return { blobs: countFailures(stores.blobs), exportFiles: countFailures(stores.exportFiles) };
}

function createStores(config: TConfig): TBlobStores {
  if (config.BLOB_STORE === 'local' || !config.S3_BUCKET) {
    return {
      blobs: createLocalBlobStore(path.join(config.dataDir, 'files')),
      exportFiles: createLocalBlobStore(path.join(config.dataDir, 'exports')),
    };
  }
  const settings = {
    bucket: config.S3_BUCKET,
    prefix: config.S3_PREFIX,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
  const client = createS3Client(settings);
  return {
    blobs: createS3BlobStore({ ...settings, prefix: `${settings.prefix}files/` }, client),
    exportFiles: createS3BlobStore({ ...settings, prefix: `${settings.prefix}exports/` }, client),
  };
}
