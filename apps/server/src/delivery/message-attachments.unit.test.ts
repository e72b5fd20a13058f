import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore, type TBlobStore } from '../platform/blob-store.ts';
import { ChannelSendError } from '../platform/channel-adapter.ts';
import { prepareAttachments } from './message-attachments.ts';

let root: string;
let blobs: TBlobStore;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sello-attachments-'));
  blobs = createLocalBlobStore(root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const fileOf = (key: string) => path.join(root, key.slice(0, 2), key.slice(2, 4), key);

async function storedDocument(name = 'contract.pdf') {
  const content = randomBytes(200_000);
  const { sha256 } = await blobs.put(content);
  return { content, row: { id: '7', name, mimeType: 'application/pdf', sha256 } };
}

async function failureOf(promise: Promise<unknown>): Promise<ChannelSendError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChannelSendError);
  return error as ChannelSendError;
}

describe('prepareAttachments', () => {
  it('answers the documents in order, each opening a fresh stream of its bytes', async () => {
    const first = await storedDocument('first.pdf');
    const second = await storedDocument('second.pdf');
    const attachments = await prepareAttachments(blobs, [first.row, second.row]);
    expect(attachments.map(({ name, mimeType, sha256 }) => ({ name, mimeType, sha256 }))).toEqual([
      { name: 'first.pdf', mimeType: 'application/pdf', sha256: first.row.sha256 },
      { name: 'second.pdf', mimeType: 'application/pdf', sha256: second.row.sha256 },
    ]);
    for (const [index, expected] of [first.content, second.content].entries()) {
      for (let read = 0; read < 2; read += 1) {
        const chunks: Buffer[] = [];
        for await (const chunk of await attachments[index]!.open()) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).equals(expected)).toBe(true);
      }
    }
    expect(await prepareAttachments(blobs, [])).toEqual([]);
  });

  it('fails for good on a file whose bytes no longer match its SHA-256', async () => {
    const { row } = await storedDocument();
    await writeFile(fileOf(row.sha256), randomBytes(10));
    const error = await failureOf(prepareAttachments(blobs, [row]));
    expect(error.kind).toBe('permanent');
    expect(error.message).toContain('contract.pdf');
    expect(error.message).toContain('does not match its SHA-256');
  });

  it('fails for good on a missing file', async () => {
    const { row } = await storedDocument();
    await rm(fileOf(row.sha256));
    const error = await failureOf(prepareAttachments(blobs, [row]));
    expect(error.kind).toBe('permanent');
    expect(error.message).toContain('is missing from the store');
  });

  it('tries again later when the file cannot be read for another reason', async () => {
    const { row } = await storedDocument();
    await rm(fileOf(row.sha256));
    await mkdir(fileOf(row.sha256));
    expect((await failureOf(prepareAttachments(blobs, [row]))).kind).toBe('transient');
  });
});
