import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShippingTestApp, pdfDataUrl, readZip, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { applyTransition } from '../shippings/shipping-transitions.ts';
import { certifyShipping, type TCertificateDeps } from './certificate-worker.ts';
import { createSealLoader } from './seal.ts';
import { prepareSentCopies } from './sent-copies.ts';
import { createTimestamper } from './timestamps.ts';

let t: TTestApp;
let user: TestClient;
let deps: TCertificateDeps;

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  deps = {
    db: t.database.db,
    blobs: t.ctx.blobs,
    jobs: t.ctx.jobs,
    config: t.ctx.config,
    loadSeal: createSealLoader(t.ctx.config, { warn: () => {} }),
    stamp: createTimestamper(t.ctx.config, { warn: () => {} }),
  };
});
afterAll(() => t.close());

/** A shipping of its own bytes (so tampering with its file touches no other), moved by system events. */
async function shippingAfter(actions: ('dispatch' | 'accept' | 'reject' | 'courierDelivered')[]): Promise<number> {
  const id = await sendShipping(user, t.database.db, 'Notarial notification', {
    documents: [{ name: 'deed.pdf', content: pdfDataUrl(`Evidence ${Math.random()}`) }],
  });
  await t.database.db.transaction().execute(async (trx) => {
    const shipping = (await lockShipping(trx, null, String(id)))!;
    for (const action of actions) await applyTransition(trx, t.ctx.jobs, shipping, action, null);
  });
  return id;
}

async function documentsOf(id: number) {
  return t.database.db
    .selectFrom('shipping_documents')
    .select(['position', 'kind', 'sha256', 'size_bytes'])
    .where('shipping_id', '=', String(id))
    .orderBy('position')
    .execute();
}

async function stateOf(id: number) {
  return t.database.db
    .selectFrom('shippings')
    .select(['state', 'result', 'last_event_hash'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
}

function blobPath(sha256: string): string {
  return path.join(t.ctx.config.dataDir, 'files', sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

describe('the certificate worker', () => {
  it('stores a PAdES-signed certificate with the documents and chain hashes, then closes the shipping', async () => {
    const id = await shippingAfter(['dispatch', 'accept']);
    expect(await stateOf(id)).toMatchObject({ state: 'pending_cert', result: 'accepted' });
    const headBefore = (await stateOf(id)).last_event_hash!;
    expect(await certifyShipping(deps, String(id))).toBe('certified');

    expect(await stateOf(id)).toMatchObject({ state: 'closed', result: 'accepted' });
    const documents = await documentsOf(id);
    expect(documents.map((document) => document.kind)).toEqual(['original', 'sent', 'certificate']);
    const [original, sent, certificate] = documents;
    expect(sent!.sha256).toBe(original!.sha256);

    const file = path.join(t.ctx.config.dataDir, `certificate-${id}.pdf`);
    await writeFile(file, await t.ctx.blobs.read(certificate!.sha256));
    const signature = execFileSync('pdfsig', [file], { encoding: 'utf8' });
    expect(signature).toContain('Signature Validation: Signature is Valid.');
    expect(signature).toContain('ETSI.CAdES.detached');
    expect(signature).toMatch(/Signer Certificate Common Name: .*demo seal/);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(original!.sha256);
    expect(text).toContain(headBefore);
    expect(text).toContain('Certificado de entrega electrónica');
    // The event in words (a notification's acknowledgement is a confirmed receipt), its time in Madrid to the second
    // with the zone and its UTC offset named, the codes in words.
    expect(text).toMatch(
      /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} CES?T \(UTC\+0[12]:00\) - Recepción confirmada - Aceptación \(AcceptanceByRecipient\)/,
    );
    expect(text).toContain('Estado: Cerrado');
    expect(text).toMatch(/Servicio: [A-Z][a-zó]+/);
    expect(text).not.toMatch(/pending_cert|Servicio: acceptance|Canal: email/);

    const certify = await t.database.db
      .selectFrom('shipping_events')
      .select(['action', 'details'])
      .where('shipping_id', '=', String(id))
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(certify).toEqual({ action: 'certify', details: { certificate: certificate!.sha256 } });
    // The first certificate of the file: the demo seal, the demo TSA and their CAs are made here (four RSA keys).
  }, 90_000);

  it('does nothing for a shipping that is not waiting for its certificate', async () => {
    const id = await shippingAfter(['dispatch']);
    expect(await certifyShipping(deps, String(id))).toBe('skipped');
    expect((await documentsOf(id)).map((document) => document.kind)).toEqual(['original']);
    expect((await stateOf(id)).state).toBe('sent');
  });

  it('a re-run after a crash finds the certificate and only certifies; a second run does nothing', async () => {
    const id = await shippingAfter(['dispatch', 'reject']);
    // A certificate stored by a run that died before certifying.
    const stored = await t.ctx.blobs.put(Buffer.from(`%PDF-1.7 certificate of ${id}`));
    await t.database.db
      .insertInto('shipping_documents')
      .values({
        shipping_id: String(id),
        position: 2,
        kind: 'certificate',
        name: `certificate-${id}.pdf`,
        mime_type: 'application/pdf',
        size_bytes: stored.size,
        sha256: stored.sha256,
      })
      .execute();
    expect(await certifyShipping(deps, String(id))).toBe('certifiedExisting');
    expect(await stateOf(id)).toMatchObject({ state: 'closed', result: 'deny' });
    expect(await certifyShipping(deps, String(id))).toBe('skipped');
    expect((await documentsOf(id)).filter((document) => document.kind === 'certificate')).toHaveLength(1);
  });

  it('certifies a postal shipping from pending_cert_postal', async () => {
    const id = await shippingAfter(['dispatch', 'courierDelivered']);
    expect((await stateOf(id)).state).toBe('pending_cert_postal');
    expect(await certifyShipping(deps, String(id))).toBe('certified');
    expect((await stateOf(id)).state).toBe('closed');
  });

  it('refuses to certify over a document whose file no longer matches its hash', async () => {
    const id = await shippingAfter(['dispatch', 'accept']);
    const [original] = await documentsOf(id);
    const file = blobPath(original!.sha256);
    const bytes = await readFile(file);
    await writeFile(file, Buffer.concat([bytes, Buffer.from('tampered')]));
    try {
      await expect(certifyShipping(deps, String(id))).rejects.toThrow(/does not verify/);
      expect((await stateOf(id)).state).toBe('pending_cert');
      expect((await documentsOf(id)).map((document) => document.kind)).toEqual(['original']);
    } finally {
      await writeFile(file, bytes);
    }
  });
});

describe('sent copies', () => {
  it('records the original bytes once, however often it is called', async () => {
    const id = await shippingAfter([]);
    for (let run = 0; run < 2; run++) {
      await t.database.db.transaction().execute(async (trx) => {
        await lockShipping(trx, null, String(id));
        await prepareSentCopies(deps, trx, [String(id)]);
      });
    }
    const documents = await documentsOf(id);
    expect(documents.map((document) => [document.position, document.kind])).toEqual([
      [1, 'original'],
      [2, 'sent'],
    ]);
    expect(documents[1]!.sha256).toBe(documents[0]!.sha256);
  });
});

describe('the certificate queue', () => {
  it('a copy that works jobs closes a shipping that reaches pending_cert, with no call from the test', async () => {
    const working = await createShippingTestApp({ JOBS_ENABLED: 'true' });
    try {
      const client = await signedInClient(working.app, 'company.user');
      const id = await sendShipping(client, working.database.db, 'Notarial notification');
      await working.database.db.transaction().execute(async (trx) => {
        const shipping = (await lockShipping(trx, null, String(id)))!;
        await applyTransition(trx, working.ctx.jobs, shipping, 'dispatch', null);
        await applyTransition(trx, working.ctx.jobs, shipping, 'accept', null);
      });
      const closed = async () =>
        (
          await working.database.db
            .selectFrom('shippings')
            .select('state')
            .where('id', '=', String(id))
            .executeTakeFirstOrThrow()
        ).state;
      const deadline = Date.now() + 20_000;
      while ((await closed()) !== 'closed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(await closed()).toBe('closed');
      const kinds = await working.database.db
        .selectFrom('shipping_documents')
        .select('kind')
        .where('shipping_id', '=', String(id))
        .orderBy('position')
        .execute();
      expect(kinds.map((row) => row.kind)).toEqual(['original', 'sent', 'certificate']);
    } finally {
      await working.close();
    }
  });
});

describe('verify', () => {
  it('reports exactly the tampered event and the tampered file, and other shippings stay valid', async () => {
    const tampered = await shippingAfter(['dispatch', 'accept']);
    const altered = await shippingAfter(['dispatch']);
    const untouched = await shippingAfter(['dispatch', 'accept']);
    for (const id of [tampered, altered, untouched]) {
      const answer = await user.get(`shippings/verify?requestId=${id}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ requestId: id, valid: true, chainBreaks: [], documentBreaks: [] });
    }

    await sql`ALTER TABLE shipping_events DISABLE TRIGGER shipping_events_no_update`.execute(t.owner.db);
    try {
      await sql`UPDATE shipping_events SET to_result = 'deny' WHERE shipping_id = ${String(tampered)} AND seq = 3`.execute(
        t.owner.db,
      );
    } finally {
      await sql`ALTER TABLE shipping_events ENABLE TRIGGER shipping_events_no_update`.execute(t.owner.db);
    }
    const [original] = await documentsOf(altered);
    await writeFile(blobPath(original!.sha256), 'not the deed');

    const broken = (await user.get(`shippings/verify?requestId=${tampered}`)).json();
    expect(broken).toMatchObject({ valid: false, events: 3, documentBreaks: [] });
    expect(broken.chainBreaks).toHaveLength(1);
    expect(broken.chainBreaks[0]).toMatchObject({ seq: 3, problem: 'hash' });

    const file = (await user.get(`shippings/verify?requestId=${altered}`)).json();
    expect(file).toMatchObject({ valid: false, chainBreaks: [] });
    expect(file.documentBreaks).toEqual([
      {
        fileRequest: 1,
        kind: 'original',
        name: 'deed.pdf',
        problem: 'hash',
        expected: original!.sha256,
        found: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);

    expect((await user.get(`shippings/verify?requestId=${untouched}`)).json()).toMatchObject({ valid: true });
  });

  it('answers 404 for a shipping of another domain, and a clear key for a bad id', async () => {
    const id = await shippingAfter([]);
    const other = await signedInClient(t.app, 'acme.admin');
    expect((await other.get(`shippings/verify?requestId=${id}`)).statusCode).toBe(404);
    const bad = await user.get('shippings/verify?requestId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().key).toMatch(/^ERR_/);
  });
});

describe('documentation download', () => {
  it('offers exactly the options with files, and packs original, sent copy and certificate with their hashes', async () => {
    const certified = await shippingAfter(['dispatch', 'accept']);
    await certifyShipping(deps, String(certified));
    const fresh = await shippingAfter([]);

    const offer = (ids: number[]) => user.put('shippings/downloadAvailability', { listOfRequests: ids });
    expect((await offer([fresh])).json()).toEqual({ options: ['original', 'pack'] });
    expect((await offer([certified])).json()).toEqual({ options: ['original', 'sent', 'certificate', 'pack'] });
    expect((await offer([fresh, certified])).json()).toEqual({
      options: ['original', 'sent', 'certificate', 'pack'],
    });
    const other = await signedInClient(t.app, 'acme.admin');
    expect((await other.put('shippings/downloadAvailability', { listOfRequests: [certified] })).statusCode).toBe(404);

    const archive = await user.put('shippings/shippingdownloadfiles', {
      listOfRequests: [certified],
      downloadOptions: ['pack'],
    });
    expect(archive.statusCode).toBe(200);
    const entries = await readZip(archive.rawPayload);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    const files = manifest.shippings[0].files as { path: string; kind: string; sha256: string }[];
    expect(files.map((file) => file.kind)).toEqual(['original', 'sent', 'certificate']);
    const { createHash } = await import('node:crypto');
    for (const file of files) {
      expect(createHash('sha256').update(entries.get(file.path)!).digest('hex')).toBe(file.sha256);
    }
    expect(entries.get('SHA256SUMS')!.toString()).toContain(files[2]!.sha256);
  });
});
