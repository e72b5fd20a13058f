import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { certificateBase64, issueReceiverCertificate, makeTestCa, signAttributes } from '../../test/pki-fixtures.ts';
import { assembleCms, fromDer, signedAttributesDer, signedAttributesOf } from '../evidence/cms-signature.ts';
import { embedSignature, preparePdfSignature } from '../evidence/prepare-pdf-signature.ts';
import { assertReceiverCertificate, documentKey, nameWords, readReceiverCertificate } from './pki-certificate.ts';

const ca = makeTestCa();
const RECEIVER = { name: 'Lucía Fernández', documentNumber: '12345678-Z' };

function keyOf(action: () => void): string | null {
  try {
    action();
    return null;
  } catch (error) {
    return (error as { key?: string }).key ?? String(error);
  }
}

describe("the receiver's own certificate", () => {
  it('reads names and document numbers aside from case, accents, spaces and ETSI prefixes', () => {
    expect(nameWords('  LUCÍA   fernández ')).toEqual(['lucia', 'fernandez']);
    expect(documentKey('IDCES-12.345.678-z')).toBe('12345678Z');
    expect(documentKey('PASPT-AB123456')).toBe('AB123456');
  });

  it('takes a citizen certificate whose common name orders the name otherwise and carries the number', () => {
    const certificate = readReceiverCertificate(
      certificateBase64(
        issueReceiverCertificate(ca, { name: 'FERNANDEZ LUCIA - 12345678Z', serialNumber: 'IDCES-12345678Z' }),
      ),
    );
    expect(certificate.commonName).toBe('FERNANDEZ LUCIA - 12345678Z');
    expect(keyOf(() => assertReceiverCertificate(certificate, RECEIVER, new Date()))).toBeNull();
  });

  it('refuses by validity, name and document number, each with its key', () => {
    const read = (options: Parameters<typeof issueReceiverCertificate>[1]) =>
      readReceiverCertificate(certificateBase64(issueReceiverCertificate(ca, options)));
    const now = new Date();
    const base = { name: 'Lucía Fernández', serialNumber: '12345678Z' };
    expect(keyOf(() => assertReceiverCertificate(read({ ...base, validToMinutes: -1 }), RECEIVER, now))).toBe(
      'ERR_PKI_CERTIFICATE_EXPIRED',
    );
    expect(keyOf(() => assertReceiverCertificate(read({ ...base, validFromMinutes: 5 }), RECEIVER, now))).toBe(
      'ERR_PKI_CERTIFICATE_NOT_YET_VALID',
    );
    expect(keyOf(() => assertReceiverCertificate(read({ ...base, name: 'Lucía' }), RECEIVER, now))).toBe(
      'ERR_PKI_CERTIFICATE_MISMATCH',
    );
    expect(keyOf(() => assertReceiverCertificate(read({ ...base, serialNumber: '1234' }), RECEIVER, now))).toBe(
      'ERR_PKI_CERTIFICATE_MISMATCH',
    );
    expect(keyOf(() => readReceiverCertificate('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----'))).toBe(
      'ERR_PKI_CERTIFICATE_UNREADABLE',
    );
  });

  it('a signature made elsewhere over the prepared attributes reads valid in pdfsig', async () => {
    const identity = issueReceiverCertificate(ca, { name: 'Lucía Fernández', serialNumber: 'IDCES-12345678Z' });
    const certificate = readReceiverCertificate(certificateBase64(identity));
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText('Deed');
    const at = new Date('2026-12-07T03:30:00Z');
    const { prepared, content } = await preparePdfSignature(pdf, {
      name: 'Lucía Fernández',
      reason: 'test',
      signingTime: at,
      certificates: [certificate.der],
    });
    const attributes = signedAttributesDer(signedAttributesOf({ content, leaf: certificate.der, signingTime: at }));
    const signature = Buffer.from(signAttributes(identity, attributes.toString('base64')), 'base64');
    const cms = await assembleCms({
      signedAttributes: fromDer(attributes).value as never,
      signature,
      leaf: certificate.der,
      chain: [certificate.der],
      keyType: 'rsa',
    });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sello-pki-unit-'));
    try {
      const file = path.join(dir, 'signed.pdf');
      writeFileSync(file, embedSignature(prepared, cms));
      const report = execFileSync('pdfsig', [file], { encoding: 'utf8' });
      expect(report).toContain('Signer Certificate Common Name: Lucía Fernández');
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Signing Time: Dec 07 2026 03:30:00');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
