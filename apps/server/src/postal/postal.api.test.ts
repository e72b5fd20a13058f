import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTAL_ADDRESS } from '../../test/postal-address.ts';
import { dispatchToPrintRoom, postalShippingWithLetters, sendPostalShipping } from '../../test/postal-fixtures.ts';
import { createShippingTestApp, dataUrl, LUCIA, pdfDataUrl, readChain, TIAGO } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { sendMessage } from '../delivery/dispatch-send.ts';
import { verifyChain } from '../shippings/event-chain.ts';

/** Starts like a PDF, has no pages: the shipping accepts it, the print room cannot print it. */
const BROKEN_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

let t: TTestApp;
let sender: TestClient;
let domainAdmin: TestClient;
let superAdmin: TestClient;
let acmeAdmin: TestClient;
let companyAdmin: TestClient;

beforeAll(async () => {
  t = await createShippingTestApp();
  sender = await signedInClient(t.app, 'company.user');
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  superAdmin = await signedInClient(t.app, 'super.admin');
  acmeAdmin = await signedInClient(t.app, 'acme.admin');
  companyAdmin = await signedInClient(t.app, 'company.admin');
});
afterAll(() => t.close());

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sello-letter-'));
  try {
    const file = path.join(dir, 'letter.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function shippingRow(id: number) {
  return t.database.db
    .selectFrom('shippings')
    .select(['state', 'result', 'event_count'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
}

async function letterDocument(reference: string) {
  return t.database.db
    .selectFrom('postal_letters as l')
    .innerJoin('shipping_documents as d', 'd.id', 'l.document_id')
    .select(['d.sha256', 'd.kind', 'd.mime_type', 'l.status', 'l.batch_id'])
    .where('l.reference', '=', reference)
    .executeTakeFirstOrThrow();
}

/** Batches every waiting letter of the DEMO domain, prints it and hands it to the courier. */
async function batchAndHand(client = domainAdmin) {
  const created = await client.post('postal/batches');
  expect(created.statusCode, created.body).toBe(200);
  const batch = created.json();
  expect((await client.put(`postal/batches/${batch.id}/printed`)).statusCode).toBe(200);
  expect((await client.put(`postal/batches/${batch.id}/handed`)).statusCode).toBe(200);
  return batch as { id: number; letterCount: number };
}

const today = () => new Date().toISOString().slice(0, 10);

describe('postal adapter', () => {
  it('renders a letter with the window address, the reference and the merged documents', async () => {
    const { shippingId, references } = await postalShippingWithLetters(sender, t);
    const [reference] = references;
    const document = await letterDocument(reference!);
    expect(document).toMatchObject({ kind: 'letter', mime_type: 'application/pdf', status: 'waiting' });
    const text = pdfText(await t.ctx.blobs.read(document.sha256));
    expect(text).toContain(LUCIA.name);
    expect(text).toContain('Calle Mayor, 7');
    expect(text).toContain('3º B');
    expect(text).toContain('28013 Madrid');
    expect(text).toContain(reference);
    expect(text).toContain('Notice of protest');
    // The shipping's PDF document is appended after the letter.
    expect(text).toContain('Notarial notification');
    expect((await shippingRow(shippingId)).state).toBe('sent');
  });

  it('makes one letter however often the message is sent', async () => {
    const { shippingId, references } = await postalShippingWithLetters(sender, t);
    const message = await t.database.db
      .selectFrom('delivery_messages')
      .select(['id', 'status', 'provider_ref'])
      .where('guid', '=', references[0]!)
      .executeTakeFirstOrThrow();
    expect(message).toMatchObject({ status: 'sent', provider_ref: references[0] });
    // The send job run again finds the message sent; the print room asked again answers the same letter.
    await sendMessage({ ...t.ctx, logger: t.app.log }, message.id);
    const again = await t.ctx.channelAdapters.postal!.send({
      guid: references[0]!,
      channel: 'postal',
      recipient: '',
      subject: null,
      body: '',
      language: 'es-es',
    });
    expect(again.providerRef).toBe(references[0]);
    const letters = await t.database.db
      .selectFrom('shipping_documents')
      .select('id')
      .where('shipping_id', '=', String(shippingId))
      .where('kind', '=', 'letter')
      .execute();
    expect(letters).toHaveLength(1);
  });

  it('lists a document that cannot be printed with its SHA-256', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const shippingId = await sendPostalShipping(sender, t.ctx, [{ ...LUCIA, postal: POSTAL_ADDRESS }], {
      subject: 'Photo evidence',
      documents: [
        { name: 'photo.png', content: dataUrl('image/png', png) },
        { name: 'deed.pdf', content: pdfDataUrl('Deed body') },
        { name: 'broken.pdf', content: dataUrl('application/pdf', BROKEN_PDF) },
      ],
    });
    const [reference] = await dispatchToPrintRoom(t, shippingId);
    const text = pdfText(await t.ctx.blobs.read((await letterDocument(reference!)).sha256));
    const compact = text.replace(/\s+/g, '');
    expect(compact).toContain(createHash('sha256').update(png).digest('hex'));
    expect(compact).toContain(createHash('sha256').update(BROKEN_PDF).digest('hex'));
    expect(text).toContain('Deed body');
  });
});

describe('print batches', () => {
  it('takes every waiting letter of the domain, as one PDF, and follows printed → handed', async () => {
    const { references } = await postalShippingWithLetters(sender, t, [
      { ...LUCIA, postal: POSTAL_ADDRESS },
      { ...TIAGO, postal: { ...POSTAL_ADDRESS, street: 'Alcalá', streetNumber: '12' } },
    ]);
    const waiting = (await domainAdmin.get('postal/letters?status=waiting')).json() as { reference: string }[];
    expect(waiting.map((letter) => letter.reference)).toEqual(expect.arrayContaining(references));

    const created = await domainAdmin.post('postal/batches');
    expect(created.statusCode, created.body).toBe(200);
    const batch = created.json();
    expect(batch).toMatchObject({ status: 'created', letterCount: waiting.length });
    expect((await domainAdmin.get('postal/letters?status=waiting')).json()).toEqual([]);
    expect((await domainAdmin.post('postal/batches')).json()).toEqual({ key: 'ERR_NOTHING_TO_BATCH' });

    const file = await domainAdmin.get(`postal/batches/${batch.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = pdfText(file.rawPayload);
    for (const reference of references) expect(text).toContain(reference);
    expect(text).toContain('Calle Alcalá, 12');

    // Handing over comes after printing, and each step happens once.
    expect((await domainAdmin.put(`postal/batches/${batch.id}/handed`)).json().key).toBe('ERR_TRANSITION_NOT_ALLOWED');
    expect((await domainAdmin.put(`postal/batches/${batch.id}/printed`)).json().status).toBe('printed');
    expect((await domainAdmin.put(`postal/batches/${batch.id}/printed`)).statusCode).toBe(409);
    expect((await domainAdmin.put(`postal/batches/${batch.id}/handed`)).json().status).toBe('handed');
    const letters = (await domainAdmin.get(`postal/letters?batchId=${batch.id}`)).json() as { status: string }[];
    expect(letters.every((letter) => letter.status === 'handed')).toBe(true);
    expect((await domainAdmin.get('postal/batches')).json()[0]).toMatchObject({ id: batch.id, status: 'handed' });
  });

  it('is for super admins and domain admins only, and only in their domain', async () => {
    await postalShippingWithLetters(sender, t);
    for (const client of [sender, companyAdmin]) {
      expect((await client.get('postal/letters')).statusCode).toBe(403);
      expect((await client.post('postal/batches')).statusCode).toBe(403);
    }
    // ACME's admin sees none of DEMO's letters or batches and can touch none of them.
    const demo = (await domainAdmin.get('postal/batches')).json() as { id: number }[];
    expect((await acmeAdmin.get('postal/letters')).json()).toEqual([]);
    expect((await acmeAdmin.get('postal/batches')).json()).toEqual([]);
    expect((await acmeAdmin.post('postal/batches')).json().key).toBe('ERR_NOTHING_TO_BATCH');
    const demoDomain = (
      await t.database.db.selectFrom('domains').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()
    ).id;
    expect((await acmeAdmin.get(`postal/letters?domainid=${demoDomain}`)).statusCode).toBe(404);
    expect((await acmeAdmin.post(`postal/batches?domainid=${demoDomain}`)).statusCode).toBe(404);
    for (const batch of demo) {
      expect((await acmeAdmin.get(`postal/batches/${batch.id}/file`)).statusCode).toBe(404);
      expect((await acmeAdmin.put(`postal/batches/${batch.id}/printed`)).statusCode).toBe(404);
    }
    // A super admin works in any domain by naming it.
    const superBatch = await superAdmin.post(`postal/batches?domainid=${demoDomain}`);
    expect(superBatch.statusCode, superBatch.body).toBe(200);
    expect((await superAdmin.put(`postal/batches/${superBatch.json().id}/printed`)).statusCode).toBe(200);
  });
});

describe('courier results', () => {
  it('delivered moves the shipping to pending_cert_postal with the proof as evidence and an event', async () => {
    const { shippingId, references } = await postalShippingWithLetters(sender, t);
    await batchAndHand();
    const before = await shippingRow(shippingId);
    const proof = Buffer.from(pdfDataUrl('Signed receipt').split(',')[1]!, 'base64');
    const response = await domainAdmin.post('postal/results', {
      reference: references[0],
      result: 'delivered',
      date: today(),
      courierRef: 'CR-0001',
      proof: { name: 'receipt.pdf', data: dataUrl('application/pdf', proof) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ letterStatus: 'delivered', shippingState: 'pending_cert_postal' });
    expect(await shippingRow(shippingId)).toMatchObject({
      state: 'pending_cert_postal',
      result: 'accepted',
      event_count: before.event_count + 1,
    });
    const stored = await t.database.db
      .selectFrom('shipping_documents')
      .select(['sha256', 'name'])
      .where('shipping_id', '=', String(shippingId))
      .where('kind', '=', 'courier_proof')
      .executeTakeFirstOrThrow();
    expect((await t.ctx.blobs.read(stored.sha256)).equals(proof)).toBe(true);
    const chain = await readChain(t.database.db, shippingId);
    expect(verifyChain(chain as never)).toBeNull();
    expect(chain.at(-1)).toMatchObject({
      action: 'courierDelivered',
      details: { reference: references[0], courierRef: 'CR-0001', proofSha256: stored.sha256 },
    });
    // The sender's detail lists the letter and the receipt among the shipping's files.
    const detail = await sender.get(`shippings/shippingdetail?requestId=${shippingId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().documents.map((document: { kind: string }) => document.kind)).toEqual(
      expect.arrayContaining(['original', 'letter', 'courier_proof']),
    );
    // One result per letter.
    const again = await domainAdmin.post('postal/results', {
      reference: references[0],
      result: 'failed',
      date: today(),
      courierRef: 'CR-0002',
    });
    expect(again.statusCode).toBe(409);
  });

  it('failed moves the shipping to pending_cert_postal with result error', async () => {
    const { shippingId, references } = await postalShippingWithLetters(sender, t);
    await batchAndHand();
    const response = await superAdmin.post('postal/results', {
      reference: references[0],
      result: 'failed',
      date: today(),
      courierRef: 'CR-0003',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await shippingRow(shippingId)).toMatchObject({ state: 'pending_cert_postal', result: 'error' });
  });

  it('waits for every letter of a shipping, recording each answer as an event', async () => {
    const { shippingId, references } = await postalShippingWithLetters(sender, t, [
      { ...LUCIA, postal: POSTAL_ADDRESS },
      { ...TIAGO, postal: POSTAL_ADDRESS },
    ]);
    await batchAndHand();
    const first = await domainAdmin.post('postal/results', {
      reference: references[0],
      result: 'delivered',
      date: today(),
      courierRef: 'A',
    });
    expect(first.json()).toMatchObject({ shippingState: 'sent' });
    const chain = await readChain(t.database.db, shippingId);
    expect(chain.at(-1)).toMatchObject({ action: 'courierResult', from: { state: 'sent' }, to: { state: 'sent' } });
    await domainAdmin.post('postal/results', {
      reference: references[1],
      result: 'failed',
      date: today(),
      courierRef: 'B',
    });
    expect(await shippingRow(shippingId)).toMatchObject({ state: 'pending_cert_postal', result: 'error' });
  });

  it('refuses letters not handed to the courier, bad input, and other domains', async () => {
    const { shippingId, references } = await postalShippingWithLetters(sender, t);
    const body = { reference: references[0], result: 'delivered', date: today(), courierRef: 'X' };
    expect((await domainAdmin.post('postal/results', body)).json().key).toBe('ERR_TRANSITION_NOT_ALLOWED');
    await batchAndHand();
    const bad = await domainAdmin.post('postal/results', {
      ...body,
      result: 'lost',
      date: '2026-02-30',
      courierRef: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ result: 'ERR_FIELD_INVALID', date: 'ERR_FIELD_INVALID' });
    const future = await domainAdmin.post('postal/results', { ...body, date: '2999-01-01' });
    expect(future.json()).toMatchObject({ key: 'ERR_VALIDATION', fields: { date: 'ERR_FIELD_INVALID' } });
    const exe = await domainAdmin.post('postal/results', {
      ...body,
      proof: { name: 'receipt.exe', data: dataUrl('application/octet-stream', Buffer.from('MZ not a receipt')) },
    });
    expect(exe.json()).toMatchObject({ fields: { 'proof.data': 'ERR_FILE_TYPE' } });
    const unknown = { key: 'ERR_VALIDATION', fields: { reference: 'ERR_NOT_FOUND' } };
    expect((await acmeAdmin.post('postal/results', body)).json()).toEqual(unknown);
    expect((await domainAdmin.post('postal/results', { ...body, reference: crypto.randomUUID() })).json()).toEqual(
      unknown,
    );
    expect((await shippingRow(shippingId)).state).toBe('sent');
  });
});

describe('courier results from a CSV file', () => {
  const csv = (text: string) => ({ data: dataUrl('text/csv', Buffer.from(text)) });

  it('applies every row or none, listing bad rows by line and field', async () => {
    const a = await postalShippingWithLetters(sender, t);
    const b = await postalShippingWithLetters(sender, t);
    await batchAndHand();
    const [refA] = a.references;
    const [refB] = b.references;
    const bad = await domainAdmin.post(
      'postal/results/import',
      csv(
        [
          'reference;result;date;courier_ref',
          `${refA};delivered;${today()};C-1`,
          `${refB};lost;${today()};C-2`,
          `${crypto.randomUUID()};failed;${today()};C-3`,
          `${refA};failed;${today()};C-4`,
        ].join('\n'),
      ),
    );
    expect(bad.statusCode, bad.body).toBe(200);
    expect(bad.json()).toEqual({
      applied: 0,
      failed: [
        { line: 3, field: 'result', key: 'ERR_FIELD_INVALID' },
        { line: 4, field: 'reference', key: 'ERR_NOT_FOUND' },
        { line: 5, field: 'reference', key: 'ERR_DUPLICATE_IN_FILE' },
      ],
    });
    expect((await shippingRow(a.shippingId)).state).toBe('sent');

    const good = await domainAdmin.post(
      'postal/results/import',
      csv(`Reference,Result,Date,Courier Ref\n${refA},Delivered,${today()},C-1\n${refB},failed,${today()},C-2\n`),
    );
    expect(good.json()).toEqual({ applied: 2, failed: [] });
    expect(await shippingRow(a.shippingId)).toMatchObject({ state: 'pending_cert_postal', result: 'accepted' });
    expect(await shippingRow(b.shippingId)).toMatchObject({ state: 'pending_cert_postal', result: 'error' });
  });

  it('reports missing columns and unreadable files, and hides other domains', async () => {
    const missing = await domainAdmin.post('postal/results/import', csv('reference,result\nx,delivered\n'));
    expect(missing.json()).toEqual({
      applied: 0,
      failed: [
        { line: 1, field: 'date', key: 'ERR_FIELD_REQUIRED' },
        { line: 1, field: 'courierRef', key: 'ERR_FIELD_REQUIRED' },
      ],
    });
    expect((await domainAdmin.post('postal/results/import', { data: 'nonsense' })).statusCode).toBe(400);
    expect(
      (await domainAdmin.post('postal/results/import', csv('reference,result,date,courierRef\n'))).json(),
    ).toMatchObject({ key: 'ERR_VALIDATION', fields: { data: 'ERR_FILE_EMPTY' } });

    const { shippingId, references } = await postalShippingWithLetters(sender, t);
    await batchAndHand();
    const foreign = await acmeAdmin.post(
      'postal/results/import',
      csv(`reference,result,date,courierRef\n${references[0]},delivered,${today()},Z\n`),
    );
    expect(foreign.json()).toEqual({ applied: 0, failed: [{ line: 2, field: 'reference', key: 'ERR_NOT_FOUND' }] });
    expect((await shippingRow(shippingId)).state).toBe('sent');
  });
});
