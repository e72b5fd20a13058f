import { createHash, randomBytes } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  BlobUnavailableError,
  blobNotFound,
  checkBlobKey,
  createHashingStream,
  readWhole,
  type TBlobStore,
} from './blob-store.ts';

export type TS3Settings = {
  bucket: string;
  /** Folder-like prefix inside the bucket (`files/`, `exports/`), so several stores share one bucket. */
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/** Parts of 8 MiB, two in flight: a streamed upload holds at most about 16 MiB whatever the file's size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;
const S3_CONNECT_TIMEOUT_MS = 5_000;
/** A transfer with no byte in either direction for this long is given up. */
const S3_IDLE_TIMEOUT_MS = 30_000;

function isMissing(error: unknown): boolean {
  const named = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return named.name === 'NotFound' || named.name === 'NoSuchKey' || named.$metadata?.httpStatusCode === 404;
}

export function createS3Client(settings: TS3Settings): S3Client {
  const config: S3ClientConfig = {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Our own SHA-256 guards the content; S3-compatible stores do not all speak the SDK's newer checksum trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request instead of holding it (and its caller) forever.
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, socketTimeout: S3_IDLE_TIMEOUT_MS },
  };
  if (settings.accessKeyId && settings.secretAccessKey) {
    config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
  }
  return new S3Client(config);
}

/**
 * Files in an S3-compatible bucket, addressed by their SHA-256 exactly as on the local disk. A stream is
 * uploaded in parts under a temporary name while hashed, then copied under its hash (unless the same
 * bytes are already there) and the temporary object deleted: the bucket never shows half a file under a hash.
 */
export function createS3BlobStore(settings: TS3Settings, client = createS3Client(settings)): TBlobStore {
  const { bucket, prefix } = settings;
  const objectKey = (key: string) => `${prefix}${key.slice(0, 2)}/${key.slice(2, 4)}/${checkBlobKey(key)}`;

  async function has(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async function upload(key: string, body: Readable | Buffer): Promise<void> {
    await new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: body },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    }).done();
  }

  return {
    async put(content) {
      if (Buffer.isBuffer(content)) {
        const sha256 = createHash('sha256').update(content).digest('hex');
        const size = content.length;
        if (!(await has(objectKey(sha256)))) await upload(objectKey(sha256), content);
        return { key: sha256, sha256, size };
      }
      const temporary = `${prefix}tmp/${randomBytes(12).toString('hex')}`;
      const hashing = createHashingStream();
      try {
        // pipeline (not pipe): a failing source destroys the hashing stream, so the upload fails instead of hanging.
        await upload(
          temporary,
          pipeline(content, hashing.stream, () => {}),
        );
        const { sha256, size } = hashing.digest();
        const target = objectKey(sha256);
        if (!(await has(target))) {
          await client.send(
            new CopyObjectCommand({ Bucket: bucket, Key: target, CopySource: `${bucket}/${encodeURI(temporary)}` }),
          );
        }
        return { key: sha256, sha256, size };
      } finally {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: temporary })).catch(() => {});
      }
    },
    async open(key) {
      const Key = objectKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        if (!(answer.Body instanceof Readable)) throw new Error('S3 answered a body that is not a Node stream');
        return answer.Body;
      } catch (error) {
        if (isMissing(error)) throw blobNotFound(key);
        throw new BlobUnavailableError('EUNAVAILABLE', key, error);
      }
    },
    async has(key) {
      const Key = objectKey(key);
      return has(Key).catch((error: unknown) => {
        throw new BlobUnavailableError('EUNAVAILABLE', key, error);
      });
    },
    async read(key) {
      return readWhole(await this.open(key));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
  };
}
