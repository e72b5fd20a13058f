import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../test/pdf-text.ts';
import { certificateBase64, issueReceiverCertificate, makeTestCa, signAttributes } from '../../test/pki-fixtures.ts';
import { dispatchForTest, eventsOf, portalCall } from '../../test/portal-fixtures.ts';
import { LUCIA, sendShipping } from '../../test/shipping-fixtures.ts';
import { serialOf } from '../../test/test-certificates.ts';
import { certifyShipping } from '../evidence/certificate-worker.ts';
import { createSealLoader } from '../evidence/seal.ts';
import { createTimestamper } from '../evidence/timestamps.ts';
import { setUpPortalTestApp, t, user } from './portal.test-setup.ts';

// PKI: the receiver signs with its own certificate. The test plays the browser: its certificate comes from the
// test's own CA, and it signs what the server prepared with the key the server never sees.

setUpPortalTestApp();

const TYPE = 'Deed acceptance';
const ca = makeTestCa();
const lucia = issueReceiverCertificate(ca, { name: 'LUCIA FERNANDEZ', serialNumber: 'IDCES-12345678Z' });

async function useOwnCertificate() {
  await t.database.db.updateTable('shipping_types').set({ sign_method: 'PKI' }).where('name', '=', TYPE).execute();
}

function documentsOf(shippingId: number, kind: string) {
  return t.database.db
    .selectFrom('shipping_documents')
    .select(['name', 'sha256'])
    .where('shipping_id', '=', String(shippingId))
    .where('kind', '=', kind)
    .execute();
}

function pdfsig(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sello-pki-'));
  try {
    const file = path.join(dir, 'signed.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function preparations() {
  return t.database.db.selectFrom('pki_preparations').select('id').execute();
}

async function expectNothingWritten(shippingId: number) {
  expect(await documentsOf(shippingId, 'signed')).toEqual([]);
  const events = await eventsOf(t, shippingId);
  expect(events.map((event) => event.action)).not.toContain('accept');
  expect(JSON.stringify(events)).not.toMatch(/certificateSerial|"PKI"/);
}

describe('PKI: the receiver signs with its own certificate', () => {
  it('prepares, takes the browser signature, embeds it before the seal; evidence names the certificate', async () => {
    await useOwnCertificate();
    const sent = await dispatchForTest(t, user, TYPE);
    const [token] = sent.tokens as [string];
    const view = await portalCall(t, token, 'GET', 'shipping');
    expect(view.json()).toMatchObject({ certificateRequired: true, pinRequired: false, handwritingRequired: false });
    // The plain accept does not stand in for the certificate.
    const plain = await portalCall(t, token, 'POST', 'accept', {});
    expect(plain.statusCode).toBe(400);
    expect(plain.json().key).toBe('ERR_PKI_SIGNATURE_REQUIRED');

    const prepared = await portalCall(t, token, 'POST', 'pki/prepare', { certificate: certificateBase64(lucia) });
    expect(prepared.statusCode).toBe(200);
    const { prepareId, documents } = prepared.json() as {
      prepareId: string;
      documents: { position: number; signedAttributes: string }[];
    };
    expect(documents.length).toBeGreaterThan(0);

    // A signature by another key signs nothing and writes nothing.
    const other = issueReceiverCertificate(ca, { name: 'Lucía Fernández', serialNumber: 'IDCES-12345678Z' });
    const forged = await portalCall(t, token, 'POST', 'pki/accept', {
      prepareId,
      signatures: documents.map((document) => ({
        position: document.position,
        signature: signAttributes(other, document.signedAttributes),
      })),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().key).toBe('ERR_PKI_SIGNATURE_INVALID');
    await expectNothingWritten(sent.shippingId);

    const accepted = await portalCall(t, token, 'POST', 'pki/accept', {
      prepareId,
      signatures: documents.map((document) => ({
        position: document.position,
        signature: signAttributes(lucia, document.signedAttributes),
      })),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ outcome: 'accepted' });
    expect(await preparations()).toEqual([]);

    const accept = (await eventsOf(t, sent.shippingId)).find((event) => event.action === 'accept')!;
    const details = accept.details as Record<string, string>;
    expect(details).toMatchObject({ signMethod: 'PKI', method: 'certificate', certificateSerial: serialOf(lucia) });
    expect(details.certificateSubject).toContain('CN=LUCIA FERNANDEZ');
    expect(details.certificateSubject).toContain('serialNumber=IDCES-12345678Z');
    expect(details.certificateSha256).toMatch(/^[0-9a-f]{64}$/);

    const [signed] = await documentsOf(sent.shippingId, 'signed');
    expect(signed!.name).toMatch(/-signed\.pdf$/);
    const signatures = pdfsig(await t.ctx.blobs.read(signed!.sha256))
      .split(/^Signature #\d+:$/m)
      .slice(1);
    // The receiver's signature, the provider's seal, then the document time-stamp over the whole (PAdES B-LTA).
    expect(signatures).toHaveLength(3);
    expect(signatures[0]).toContain('Signer Certificate Common Name: LUCIA FERNANDEZ');
    expect(signatures[1]).toMatch(/Signer Certificate Common Name: .*demo seal/);
    for (const signature of signatures.slice(0, 2)) {
      expect(signature).toContain('Signature Validation: Signature is Valid.');
      expect(signature).toContain('ETSI.CAdES.detached');
    }
    expect(signatures[2]).toMatch(/Signer Certificate Common Name: .*demo TSA/);
    expect(signatures[2]).toContain('Total document signed');

    const certified = await certifyShipping(
      {
        ...t.ctx,
        db: t.database.db,
        loadSeal: createSealLoader(t.ctx.config, { warn: () => {} }),
        stamp: createTimestamper(t.ctx.config, { warn: () => {} }),
      },
      String(sent.shippingId),
    );
    expect(certified).toBe('certified');
    const [certificate] = await documentsOf(sent.shippingId, 'certificate');
    const text = readPdfText(await t.ctx.blobs.read(certificate!.sha256), false).replace(/\s+/g, ' ');
    expect(text).toContain('Firma: Certificado electrónico');
    expect(text).toContain('certificado propio del destinatario');
    expect(text).toContain('CN=LUCIA FERNANDEZ');
    expect(text).toContain(`número de serie ${details.certificateSerial}`);
    expect(text).toMatch(
      new RegExp(`huella SHA-256 ${details.certificateSha256}; \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC`),
    );
    expect(text).toContain(signed!.sha256);
  });

  it.each([
    ['ERR_PKI_CERTIFICATE_EXPIRED', { name: 'Lucía Fernández', serialNumber: '12345678Z', validToMinutes: -5 }],
    ['ERR_PKI_CERTIFICATE_NOT_YET_VALID', { name: 'Lucía Fernández', serialNumber: '12345678Z', validFromMinutes: 30 }],
    ['ERR_PKI_CERTIFICATE_MISMATCH', { name: 'Lucía Martín', serialNumber: 'IDCES-12345678Z' }],
    ['ERR_PKI_CERTIFICATE_MISMATCH', { name: 'Lucía Fernández', serialNumber: 'IDCES-87654321X' }],
  ])('refuses a certificate with %s, preparing and writing nothing', async (key, options) => {
    await useOwnCertificate();
    const sent = await dispatchForTest(t, user, TYPE);
    const [token] = sent.tokens as [string];
    const refused = await portalCall(t, token, 'POST', 'pki/prepare', {
      certificate: certificateBase64(issueReceiverCertificate(ca, options)),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().key).toBe(key);
    expect(await preparations()).toEqual([]);
    await expectNothingWritten(sent.shippingId);
  });

  it('refuses what is no certificate with its key', async () => {
    await useOwnCertificate();
    const sent = await dispatchForTest(t, user, TYPE);
    const refused = await portalCall(t, sent.tokens[0]!, 'POST', 'pki/prepare', { certificate: 'bm90IGEgY2VydA==' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().key).toBe('ERR_PKI_CERTIFICATE_UNREADABLE');
    expect(await preparations()).toEqual([]);
  });

  it("a new shipping of a PKI type must name each receiver's document number", async () => {
    await useOwnCertificate();
    await expect(
      sendShipping(user, t.database.db, TYPE, {
        receivers: [{ ...LUCIA, documentType: undefined, documentNumber: undefined }],
      }),
    ).rejects.toThrow(/ERR_PKI_DOCUMENT_REQUIRED/);
  });
});
