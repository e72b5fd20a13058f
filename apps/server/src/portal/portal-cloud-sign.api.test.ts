import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../test/pdf-text.ts';
import { dispatchForTest, eventsOf, portalCall, readPinFromOutbox } from '../../test/portal-fixtures.ts';
import { LUCIA, sendShipping } from '../../test/shipping-fixtures.ts';
import { certifyShipping } from '../evidence/certificate-worker.ts';
import { createSealLoader } from '../evidence/seal.ts';
import { createTimestamper } from '../evidence/timestamps.ts';
import { setUpPortalTestApp, t, user } from './portal.test-setup.ts';

// PKI_CLOUD: the PIN proves who signs, then a one-time certificate issued to the receiver signs the document
// (PAdES) before the provider's seal; read back with pdfsig, openssl and pdftotext.

setUpPortalTestApp();

const TYPE = 'Deed acceptance';

async function useCloudSigning() {
  await t.database.db
    .updateTable('shipping_types')
    .set({ sign_method: 'PKI_CLOUD' })
    .where('name', '=', TYPE)
    .execute();
}

function documentsOf(shippingId: number, kind: string) {
  return t.database.db
    .selectFrom('shipping_documents')
    .select(['name', 'sha256'])
    .where('shipping_id', '=', String(shippingId))
    .where('kind', '=', kind)
    .execute();
}

/** What pdfsig says of the PDF, and the signer certificates of its signatures (PEM), in order. */
function inspectSignatures(bytes: Buffer) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sello-cloud-'));
  try {
    const file = path.join(dir, 'signed.pdf');
    writeFileSync(file, bytes);
    const report = execFileSync('pdfsig', [file], { encoding: 'utf8' });
    execFileSync('pdfsig', ['-dump', file], { cwd: dir });
    const dumps = readdirSync(dir)
      .filter((name) => /\.sig\d+$/.test(name))
      .sort();
    const leaves = dumps.map((name) => {
      const certificates = execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-print_certs'], {
        input: readFileSync(path.join(dir, name)),
        encoding: 'utf8',
      });
      const leaf = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(certificates)![0];
      return execFileSync('openssl', ['x509', '-noout', '-serial', '-fingerprint', '-sha256', '-subject'], {
        input: leaf,
        encoding: 'utf8',
      });
    });
    return { report, leaves };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('PKI_CLOUD: a one-time certificate for the receiver', () => {
  it('after the right PIN, signs the document as the receiver and then seals it; evidence names the certificate', async () => {
    await useCloudSigning();
    const sent = await dispatchForTest(t, user, TYPE);
    const [token] = sent.tokens as [string];
    const [receiverId] = sent.receiverIds as [string];
    const requested = await portalCall(t, token, 'POST', 'pin');
    expect(requested.json()).toMatchObject({ channel: 'sms' });
    const accepted = await portalCall(t, token, 'POST', 'accept', { pin: await readPinFromOutbox(t, receiverId) });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ outcome: 'accepted' });

    const accept = (await eventsOf(t, sent.shippingId)).find((event) => event.action === 'accept')!;
    const details = accept.details as Record<string, string>;
    expect(details).toMatchObject({ signMethod: 'PKI_CLOUD', pinChannel: 'sms', receiverId });
    expect(details.certificateSerial).toMatch(/^[0-9A-F]{34}$/);
    expect(details.certificateSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(details.certificateSubject).toContain('CN=Lucía Fernández');
    expect(details.certificateSubject).toContain('serialNumber=IDCES-12345678Z');
    const validity = Date.parse(details.certificateNotAfter!) - Date.parse(details.certificateNotBefore!);
    expect(validity).toBe(15 * 60_000);

    const [signed] = await documentsOf(sent.shippingId, 'signed');
    expect(signed!.name).toMatch(/-signed\.pdf$/);
    const { report, leaves } = inspectSignatures(await t.ctx.blobs.read(signed!.sha256));
    const signatures = report.split(/^Signature #\d+:$/m).slice(1);
    // The receiver's signature, the provider's seal, then the document time-stamp over the whole (PAdES B-LTA).
    expect(signatures).toHaveLength(3);
    expect(signatures[0]).toContain('Signer Certificate Common Name: Lucía Fernández');
    expect(signatures[1]).toMatch(/Signer Certificate Common Name: .*demo seal/);
    for (const signature of signatures.slice(0, 2)) {
      expect(signature).toContain('Signature Validation: Signature is Valid.');
      expect(signature).toContain('ETSI.CAdES.detached');
    }
    expect(signatures[2]).toMatch(/Signer Certificate Common Name: .*demo TSA/);
    expect(signatures[2]).toContain('Total document signed');
    // The certificate inside the receiver's signature is the one the evidence names.
    expect(leaves[0]).toContain(`serial=${details.certificateSerial}`);
    expect(leaves[0]!.replace(/:/g, '').toLowerCase()).toContain(details.certificateSha256);
    expect(leaves[0]).toMatch(/serialNumber ?= ?IDCES-12345678Z/);

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
    expect(text).toContain('Firma: Certificado electrónico en la nube; canal del PIN: SMS;');
    expect(text).toContain('certificado de un solo uso para CN=Lucía Fernández');
    expect(text).toContain(`número de serie ${details.certificateSerial}`);
    expect(text).toContain(`huella SHA-256 ${details.certificateSha256}`);
    expect(text).toMatch(/huella SHA-256 [0-9a-f]{64}; \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    // The signed copy is listed with its hash among the shipping's documents.
    expect(text).toContain(signed!.sha256);
  });

  it('a wrong PIN issues no certificate and records no signature', async () => {
    await useCloudSigning();
    const sent = await dispatchForTest(t, user, TYPE);
    const [token] = sent.tokens as [string];
    await portalCall(t, token, 'POST', 'pin');
    const pin = await readPinFromOutbox(t, sent.receiverIds[0]!);
    const wrong = await portalCall(t, token, 'POST', 'accept', { pin: pin === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ key: 'ERR_PIN_INVALID', params: { attemptsLeft: 2 } });
    expect(await documentsOf(sent.shippingId, 'signed')).toEqual([]);
    const events = await eventsOf(t, sent.shippingId);
    expect(events.map((event) => event.action)).not.toContain('accept');
    expect(JSON.stringify(events)).not.toMatch(/certificateSerial|PKI_CLOUD/);
  });

  it('a receiver without a document number gets no PIN and no certificate, and a new shipping must name it', async () => {
    await useCloudSigning();
    await expect(
      sendShipping(user, t.database.db, TYPE, {
        receivers: [{ ...LUCIA, documentType: undefined, documentNumber: undefined }],
      }),
    ).rejects.toThrow(/ERR_PKI_CLOUD_DOCUMENT_REQUIRED/);

    // One made before the type signed this way: the page refuses it with the same key.
    await t.database.db.updateTable('shipping_types').set({ sign_method: null }).where('name', '=', TYPE).execute();
    const sent = await dispatchForTest(t, user, TYPE, {
      body: { receivers: [{ ...LUCIA, documentType: undefined, documentNumber: undefined }] },
    });
    await useCloudSigning();
    const [token] = sent.tokens as [string];
    const pin = await portalCall(t, token, 'POST', 'pin');
    expect(pin.statusCode).toBe(409);
    expect(pin.json().key).toBe('ERR_PKI_CLOUD_DOCUMENT_REQUIRED');
    const accept = await portalCall(t, token, 'POST', 'accept', { pin: '123456' });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().key).toBe('ERR_PKI_CLOUD_DOCUMENT_REQUIRED');
    const pins = await t.database.db
      .selectFrom('receiver_pins')
      .select('id')
      .where('receiver_id', '=', sent.receiverIds[0]!)
      .execute();
    expect(pins).toEqual([]);
    expect(await documentsOf(sent.shippingId, 'signed')).toEqual([]);
  });

  it('a PDF that cannot be read refuses the acceptance whole, with its key', async () => {
    await useCloudSigning();
    const unreadable = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const sent = await dispatchForTest(t, user, TYPE, {
      body: {
        documents: [{ name: 'deed.pdf', content: `data:application/pdf;base64,${unreadable.toString('base64')}` }],
      },
    });
    const [token] = sent.tokens as [string];
    await portalCall(t, token, 'POST', 'pin');
    const pin = await readPinFromOutbox(t, sent.receiverIds[0]!);
    const refused = await portalCall(t, token, 'POST', 'accept', { pin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().key).toBe('ERR_PKI_CLOUD_DOCUMENT_UNSIGNABLE');
    expect(await documentsOf(sent.shippingId, 'signed')).toEqual([]);
    const events = await eventsOf(t, sent.shippingId);
    expect(events.map((event) => event.action)).not.toContain('accept');
    const used = await t.database.db
      .selectFrom('receiver_pins')
      .select('used_at')
      .where('receiver_id', '=', sent.receiverIds[0]!)
      .executeTakeFirstOrThrow();
    expect(used.used_at).toBeNull();
  });
});
