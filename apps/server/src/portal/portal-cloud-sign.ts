import { SIGN_METHOD_INFO } from '@sello/contracts/reference/sign-methods';
import { PDFDocument } from 'pdf-lib';
import { nextDocumentPosition } from '../evidence/evidence.queries.ts';
import { issueOneTimeCertificate } from '../evidence/one-time-certificate.ts';
import { sealSignedPdf } from '../evidence/seal-signed-pdf.ts';
import { sealPdf } from '../evidence/sign-pdf.ts';
import type { TTrustLoaders } from '../evidence/trust-loaders.ts';
import { ApiError } from '../platform/api-error.ts';
import { insertDocuments } from '../shippings/shipping-documents.queries.ts';
import { selectReceiverDocuments } from './portal.queries.ts';
import { selectSignerIdentity } from './portal-cloud-sign.queries.ts';
import { type TPortalDeps, type TScope, withStore } from './portal-receiver.ts';
import { languageOf } from './portal-rules.ts';

/** The document pdf-lib reads, with at least one page for the signature field, or null. */
export async function readablePdf(bytes: Uint8Array): Promise<PDFDocument | null> {
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    return pdf.getPageCount() > 0 ? pdf : null;
  } catch {
    return null;
  }
}

export function isCloudSigned(scope: Pick<TScope, 'receiver'>): boolean {
  return scope.receiver.signMethod === 'PKI_CLOUD';
}

/** The receiver's name and document number, or a 409 when the shipping holds no document number to certify. */
export async function assertCertifiable(scope: TScope): Promise<{ name: string; documentNumber: string }> {
  const identity = await selectSignerIdentity(scope.trx, scope.receiver.receiverId);
  const documentNumber = identity.documentNumber?.trim();
  if (!documentNumber) throw new ApiError(409, 'ERR_PKI_CLOUD_DOCUMENT_REQUIRED');
  return { name: identity.name, documentNumber };
}

/**
 * A PKI_CLOUD signature, once the PIN proved who signs: a certificate issued now to the receiver by the provider's
 * signing CA; each PDF the receiver was sent signed with it (PAdES, time-stamped), then sealed by the provider, and
 * stored as the receiver's signed copy. The certificate's key is never written anywhere: it is dropped with this
 * call's scope once the documents are signed. Answers what the acceptance event records of it.
 */
export async function signWithOneTimeCertificate(
  deps: Pick<TPortalDeps, 'blobs' | 'config'>,
  cloud: TTrustLoaders,
  scope: TScope,
  now: Date,
) {
  const { trx, shipping, receiver } = scope;
  const identity = await assertCertifiable(scope);
  const [ca, seal] = await Promise.all([cloud.loadCa(), cloud.loadSeal()]);
  const issued = await issueOneTimeCertificate(ca, identity, {
    now,
    minutes: deps.config.ONE_TIME_CERTIFICATE_MINUTES,
    organization: deps.config.PROVIDER_NAME,
  });
  const method = SIGN_METHOD_INFO.PKI_CLOUD.texts[languageOf(receiver)];
  const originals = (await selectReceiverDocuments(trx, shipping.id, receiver.receiverId)).filter(
    (document) => document.mimeType === 'application/pdf',
  );
  const signedDocuments: string[] = [];
  let position = await nextDocumentPosition(trx, shipping.id);
  for (const original of originals) {
    // A PDF that cannot be read cannot be signed: the acceptance is refused whole (the PIN stays unused).
    const pdf = await readablePdf(await withStore(() => deps.blobs.read(original.sha256)));
    if (!pdf) throw new ApiError(409, 'ERR_PKI_CLOUD_DOCUMENT_UNSIGNABLE');
    const bySigner = await sealPdf(
      pdf,
      { ...issued, friendlyName: null },
      {
        providerName: identity.name,
        reason: `${method}: ${identity.name}`,
        signingTime: now,
        stamp: cloud.stamp,
        // The seal follows at once and ends the file with the document time-stamp.
        documentTimestamp: false,
      },
    );
    const sealed = await sealSignedPdf(bySigner, seal, {
      providerName: deps.config.PROVIDER_NAME,
      reason: `${deps.config.PROVIDER_NAME}: ${shipping.id}`,
      signingTime: now,
      stamp: cloud.stamp,
      extra: { certificates: issued.chain.map((certificate) => certificate.raw), crls: [], ocsps: [] },
    });
    const stored = await withStore(() => deps.blobs.put(sealed));
    await insertDocuments(trx, shipping.id, [
      {
        position: position++,
        kind: 'signed',
        name: original.name.replace(/(\.pdf)?$/i, '-signed.pdf'),
        mimeType: 'application/pdf',
        sizeBytes: stored.size,
        category: 'DOCUMENT',
        sha256: stored.sha256,
      },
    ]);
    signedDocuments.push(stored.sha256);
  }
  return {
    signMethod: 'PKI_CLOUD',
    certificateSerial: issued.serial,
    certificateSha256: issued.sha256,
    certificateSubject: issued.subject,
    certificateNotBefore: issued.notBefore.toISOString(),
    certificateNotAfter: issued.notAfter.toISOString(),
    signedDocuments,
  };
}
