import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { certificateKeyId, GENERATED_KEY_PATH, loadCertificateKey } from './certificate-key.ts';

const HEX_KEY = 'a1'.repeat(32);
const BASE64_KEY = Buffer.alloc(32, 9).toString('base64');

let dataDir: string;
const logger = pino({ level: 'silent' });

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sello-key-test-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('CERTIFICATE_ENCRYPTION_KEY', () => {
  it('accepts 64 hex characters or base64 of 32 bytes', () => {
    expect(loadConfig({ CERTIFICATE_ENCRYPTION_KEY: HEX_KEY }).CERTIFICATE_ENCRYPTION_KEY).toEqual(
      Buffer.alloc(32, 0xa1),
    );
    expect(loadConfig({ CERTIFICATE_ENCRYPTION_KEY: BASE64_KEY }).CERTIFICATE_ENCRYPTION_KEY).toEqual(
      Buffer.alloc(32, 9),
    );
  });

  it.each(['short', 'a1'.repeat(31), Buffer.alloc(24).toString('base64'), `${HEX_KEY}00`])(
    'refuses %s with a clear message',
    (value) => {
      expect(() => loadConfig({ CERTIFICATE_ENCRYPTION_KEY: value })).toThrow(
        /CERTIFICATE_ENCRYPTION_KEY: must be 32 bytes written as 64 hexadecimal characters or as base64/,
      );
    },
  );

  it('is required in production with an external database, and optional otherwise', () => {
    const external = { DATABASE_URL: 'postgres://u:p@db:5432/sello' };
    expect(() => loadConfig({ ...external, NODE_ENV: 'production' })).toThrow(
      /CERTIFICATE_ENCRYPTION_KEY: required in production with DATABASE_URL/,
    );
    expect(loadConfig({ ...external, NODE_ENV: 'production', CERTIFICATE_ENCRYPTION_KEY: HEX_KEY }).NODE_ENV).toBe(
      'production',
    );
    expect(loadConfig({ ...external, NODE_ENV: 'development' }).CERTIFICATE_ENCRYPTION_KEY).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production' }).CERTIFICATE_ENCRYPTION_KEY).toBeUndefined();
  });
});

describe('loadCertificateKey', () => {
  it('uses the configured key', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, CERTIFICATE_ENCRYPTION_KEY: HEX_KEY });
    const key = await loadCertificateKey(config, logger);
    expect(key).toEqual({
      key: Buffer.alloc(32, 0xa1),
      id: certificateKeyId(Buffer.alloc(32, 0xa1)),
      source: 'configuration',
    });
    await expect(stat(path.join(dataDir, GENERATED_KEY_PATH))).rejects.toThrow();
  });

  it('without one, generates a key file readable by its owner only, keeps it and warns', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' });
    const warnings: string[] = [];
    const watching = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    const first = await loadCertificateKey(config, watching);
    const file = path.join(dataDir, GENERATED_KEY_PATH);
    expect(first.source).toBe('file');
    expect(first.key).toHaveLength(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toEqual(first.key);
    expect(warnings.join('')).toContain('CERTIFICATE_ENCRYPTION_KEY is not set');
    expect((await loadCertificateKey(config, logger)).key).toEqual(first.key);
  });

  it('agrees on one key when several copies start together', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadCertificateKey(config, logger)));
    expect(new Set(keys.map((key) => key.id)).size).toBe(1);
  });

  it('refuses a key file that holds no key', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    await loadCertificateKey(config, logger);
    await writeFile(path.join(dataDir, GENERATED_KEY_PATH), 'garbage');
    await expect(loadCertificateKey(config, logger)).rejects.toThrow(/does not hold a 32-byte key/);
  });
});
