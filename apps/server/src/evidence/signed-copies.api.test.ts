import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdfText } from '../../test/pdf-text.ts';
import { dispatchForTest, portalCall, readPinFromOutbox } from '../../test/portal-fixtures.ts';
import { createShippingTestApp } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { certifyShipping } from './certificate-worker.ts';
import { createSealLoader } from './seal.ts';
import { createTimestamper } from './timestamps.ts';

// The type's PIN signature text and font on the signed document, read back with poppler.

const TYPE = 'Deed acceptance';
const REFERENCE = 'Escritura-Añón-Conceição';

let t: TTestApp;
let user: TestClient;

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
});
afterAll(() => t.close());

function pdffonts(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sello-fonts-'));
  try {
    const file = path.join(dir, 'signed.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdffonts', [file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A shipping of the type with these settings, accepted with its PIN by SMS and certified; its stored files. */
async function signedAndCertified(settings: { pin_signature_text: string | null; font: string }) {
  await t.database.db
    .updateTable('shipping_types')
    .set({ ...settings, sign_method: 'PIN_SMS' })
    .where('name', '=', TYPE)
    .execute();
  const sent = await dispatchForTest(t, user, TYPE, { body: { reference: REFERENCE } });
  const token = sent.tokens[0]!;
  await portalCall(t, token, 'POST', 'pin');
  const accepted = await portalCall(t, token, 'POST', 'accept', {
    pin: await readPinFromOutbox(t, sent.receiverIds[0]!),
  });
  expect(accepted.json()).toMatchObject({ outcome: 'accepted' });
  const deps = {
    ...t.ctx,
    db: t.database.db,
    loadSeal: createSealLoader(t.ctx.config, { warn: () => {} }),
    stamp: createTimestamper(t.ctx.config, { warn: () => {} }),
  };
  expect(await certifyShipping(deps, String(sent.shippingId))).toBe('certified');
  const documents = await t.database.db
    .selectFrom('shipping_documents')
    .select(['kind', 'name', 'sha256'])
    .where('shipping_id', '=', String(sent.shippingId))
    .orderBy('position')
    .execute();
  const file = async (kind: string) => t.ctx.blobs.read(documents.find((document) => document.kind === kind)!.sha256);
  return { documents, file };
}

const STAMP =
  /Firmado por Lucía Fernández \| PIN por SMS; canal del PIN: SMS; enviado a •••••••••678; \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC \| Referencia Escritura-Añón-Conceição/;

describe('the PIN signature on the signed document', () => {
  it.each([
    ['signatureVal', 'courier', 'Cousine'],
    ['summaryVal', 'times-roman', 'Tinos'],
    ['signatureVal', 'helvetica', 'Arimo'],
    ['summaryVal', 'liberation-sans', 'Arimo'],
  ])('%s in %s: embedded (%s) and read back with who, how, when and the reference', async (text, font, embedded) => {
    const { documents, file } = await signedAndCertified({ pin_signature_text: text, font });
    expect(documents.map((document) => document.kind)).toEqual(['original', 'sent', 'signed', 'certificate']);
    expect(documents[2]!.name).toBe('document-signed.pdf');
    const signed = await file('signed');
    // name, type, encoding, emb: the type's font is embedded (pdf-lib names its subset without a tag).
    expect(pdffonts(signed)).toMatch(new RegExp(`^${embedded}-Regular\\S* +CID TrueType +Identity-H +yes `, 'm'));
    const pages = readPdfText(signed, false)
      .split('\f')
      .filter((page) => page.trim() !== '');
    const originalPages = readPdfText(await file('original'), false)
      .split('\f')
      .filter((page) => page.trim() !== '');
    if (text === 'signatureVal') {
      expect(pages).toHaveLength(originalPages.length);
      for (const page of pages) expect(page.replace(/\s+/g, ' ')).toMatch(STAMP);
    } else {
      expect(pages).toHaveLength(originalPages.length + 1);
      const summary = pages.at(-1)!.replace(/\s+/g, ' ');
      expect(summary).toContain('Resumen de firmas: document.pdf');
      expect(summary).toMatch(STAMP);
      for (const page of pages.slice(0, -1)) expect(page).not.toContain('Firmado por');
    }
    // The certificate lists the signed document with its hash.
    expect(readPdfText(await file('certificate'), false)).toContain('[Documento firmado] document-signed.pdf');
  });

  it('stamps nothing when the type names no signature text', async () => {
    const { documents } = await signedAndCertified({ pin_signature_text: null, font: 'helvetica' });
    expect(documents.map((document) => document.kind)).toEqual(['original', 'sent', 'certificate']);
  });
});
