import { createHash, randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailAttachments, readMailLeaves } from '../../test/mail-parts.ts';
import {
  createShippingTestApp,
  dataUrl,
  pdfDataUrl,
  selectMessagesOf,
  sendShipping,
} from '../../test/shipping-fixtures.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { dispatchShippings } from './dispatch.service.ts';
import { sendMessage } from './dispatch-send.ts';

let t: TTestApp;
let user: TestClient;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createShippingTestApp({ SMTP_URL: smtp.url });
  user = await signedInClient(t.app, 'company.user');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A PNG signature and random bytes: a file of its own, whose blob no other test shares. */
function uniquePng(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(6000)]);
}

function blobPath(key: string): string {
  return path.join(t.config.dataDir, 'files', key.slice(0, 2), key.slice(2, 4), key);
}

async function dispatchedCertified(png: Buffer) {
  const id = await sendShipping(user, t.database.db, 'Certified e-mail', {
    message: 'The invoice of March and the photo of the meter.',
    documents: [
      { name: 'invoice-march.pdf', content: pdfDataUrl(`Invoice ${randomBytes(8).toString('hex')}`) },
      { name: 'meter.png', content: dataUrl('image/png', png) },
    ],
  });
  expect(await dispatchShippings(t.ctx, [String(id)])).toEqual([String(id)]);
  return id;
}

const messagesOf = (id: number) => selectMessagesOf(t.database.db, id);

function sentDocumentsOf(id: number) {
  return t.database.db
    .selectFrom('shipping_documents')
    .select(['name', 'mime_type', 'sha256'])
    .where('shipping_id', '=', String(id))
    .where('kind', '=', 'sent')
    .orderBy('position')
    .execute();
}

async function sendAll(id: number) {
  for (const message of await messagesOf(id)) await sendMessage({ ...t.ctx, logger: t.app.log }, message.id);
}

function shippingRow(id: number) {
  return t.database.db
    .selectFrom('shippings')
    .select(['state', 'result'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
}

describe('attachments of e-mail messages', () => {
  it('a certified e-mail carries its sent documents, byte for byte, with their names and types', async () => {
    const png = uniquePng();
    const id = await dispatchedCertified(png);
    const documents = await sentDocumentsOf(id);
    expect(documents.map((document) => [document.name, document.mime_type])).toEqual([
      ['invoice-march.pdf', 'application/pdf'],
      ['meter.png', 'image/png'],
    ]);
    expect(documents[1]!.sha256).toBe(sha256(png));

    const before = smtp.received.length;
    await sendAll(id);
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(1);
    const [message] = await messagesOf(id);
    expect(message).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(mails[0]!.raw).toContain(`Message-ID: <${message!.guid}@`);

    const leaves = readMailLeaves(mails[0]!.raw);
    expect(leaves[0]!.headers.get('content-type')).toMatch(/^text\/plain/);
    const attachments = readMailAttachments(mails[0]!.raw);
    expect(
      attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        sha256: sha256(attachment.content),
      })),
    ).toEqual(
      documents.map((document) => ({
        filename: document.name,
        contentType: document.mime_type,
        sha256: document.sha256,
      })),
    );
    expect(attachments[1]!.content.equals(png)).toBe(true);
    expect(await shippingRow(id)).toMatchObject({ state: 'pending_cert', result: 'accepted' });
  });

  it('a notification by e-mail carries no attachments, though its shipping has sent documents', async () => {
    const id = await sendShipping(user, t.database.db, 'Notarial notification');
    expect(await dispatchShippings(t.ctx, [String(id)])).toEqual([String(id)]);
    expect(await sentDocumentsOf(id)).toHaveLength(1);
    const before = smtp.received.length;
    await sendAll(id);
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(1);
    expect(readMailAttachments(mails[0]!.raw)).toEqual([]);
    // Written from the type's HTML template: a text and an HTML part, nothing else.
    expect(readMailLeaves(mails[0]!.raw)).toHaveLength(2);
    expect(mails[0]!.raw).toMatch(/^Content-Type: text\/html/im);
    expect(mails[0]!.raw).not.toMatch(/^Content-Disposition: attachment/im);
  });

  it.each([
    ['altered', 'does not match its SHA-256'],
    ['missing', 'is missing from the store'],
  ])('a certified e-mail whose document is %s in the store fails for good and sends nothing', async (fault, error) => {
    const png = uniquePng();
    const id = await dispatchedCertified(png);
    const file = blobPath(sha256(png));
    if (fault === 'altered') await writeFile(file, Buffer.concat([png, Buffer.from('tampered')]));
    else await rm(file);

    const before = smtp.received.length;
    await sendAll(id);
    await sendAll(id);
    expect(smtp.received.length).toBe(before);
    const [message, ...others] = await messagesOf(id);
    expect(others).toEqual([]);
    expect(message).toMatchObject({ status: 'failed', attempts: 1 });
    expect(message!.error).toContain('meter.png');
    expect(message!.error).toContain(error);
    expect(await shippingRow(id)).toMatchObject({ state: 'pending_cert', result: 'error' });
  });
});
