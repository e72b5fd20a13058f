import { createHash, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { parseEncryptionKey, type TConfig } from '../config.ts';

/** The key that encrypts certificate private keys at rest, and a short id telling keys apart. */
export type TCertificateKey = { key: Buffer; id: string; source: 'configuration' | 'file' };

/** Where the generated key lives when CERTIFICATE_ENCRYPTION_KEY is not set, below DATA_DIR. */
export const GENERATED_KEY_PATH = path.join('secrets', 'certificate-encryption.key');

/** First 16 hex characters of the key's SHA-256: stored beside each encrypted key, never the key itself. */
export function certificateKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/**
 * The configured CERTIFICATE_ENCRYPTION_KEY or, when it is not set (configuration refuses that in
 * production with DATABASE_URL), a key generated on first start in DATA_DIR/secrets (mode 600), with a
 * warning at every start.
 */
export async function loadCertificateKey(config: TConfig, logger: Logger): Promise<TCertificateKey> {
  const configured = config.CERTIFICATE_ENCRYPTION_KEY;
  if (configured) return { key: configured, id: certificateKeyId(configured), source: 'configuration' };
  const file = path.join(config.dataDir, GENERATED_KEY_PATH);
  const key = await readOrCreateKeyFile(file);
  logger.warn(
    { file },
    'CERTIFICATE_ENCRYPTION_KEY is not set: certificate private keys are encrypted with a generated key kept ' +
      'in this file. Back it up with the data, and set CERTIFICATE_ENCRYPTION_KEY in production.',
  );
  return { key, id: certificateKeyId(key), source: 'file' };
}

async function readKeyFile(file: string): Promise<Buffer> {
  const key = parseEncryptionKey(await readFile(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key (base64 or 64 hex characters)`);
  const { mode } = await stat(file);
  // The file is ours: keep it readable by the server's user only.
  if ((mode & 0o077) !== 0) await chmod(file, 0o600);
  return key;
}

/** Creates the file atomically, so server copies starting together on one DATA_DIR agree on one key. */
async function readOrCreateKeyFile(file: string): Promise<Buffer> {
  try {
    return await readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(temporary, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await chmod(temporary, 0o600);
    // link() fails when the file exists: whoever links first wins and everyone reads the same key.
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  return readKeyFile(file);
}
