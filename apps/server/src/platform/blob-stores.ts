import path from 'node:path';
import type { TConfig } from '../config.ts';
import { createLocalBlobStore, type TBlobStore } from './blob-store.ts';
import { createS3BlobStore, createS3Client } from './s3-blob-store.ts';

export type TBlobStores = { blobs: TBlobStore; exportFiles: TBlobStore };

/** The documents' and the exports' stores, on the local disk or in one S3 bucket under two prefixes. */
export function createBlobStores(config: TConfig): TBlobStores {
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
