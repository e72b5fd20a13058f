import { toLanguage } from '@sello/contracts/reference/status-labels';
import { callsForNonReport } from '@sello/contracts/shipping-situations';
import type { Kysely, Transaction } from 'kysely';
import type { TConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import { formatAddressLines } from '../postal/postal-address.ts';
import { insertDocuments } from '../shippings/shipping-documents.queries.ts';
import { lockShipping, type TLockedShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { applyTransition } from '../shippings/shipping-transitions.ts';
import { actorUserIds, describeActors } from './certificate-actors.ts';
import { insertCertificateCode } from './certificate-codes.queries.ts';
import { labelsFor } from './certificate-labels.ts';
import { buildCertificatePdf, certificateEvents } from './certificate-pdf.ts';
import { signaturesByReceiver } from './certificate-signatures.ts';
import type { TStamp } from './cms-signature.ts';
import {
  nextDocumentPosition,
  selectCertificateFacts,
  selectCertificateLetters,
  selectCertificateReceivers,
  selectCertificateSha256,
  selectChain,
  selectEventActors,
  selectStoredDocuments,
} from './evidence.queries.ts';
import { findChainBreaks, findDocumentBreaks } from './evidence-verify.ts';
import { storeHandwrittenCopies } from './handwritten-stamp.ts';
import type { TSeal } from './seal.ts';
import { prepareSentCopies } from './sent-copies.ts';
import { sealPdf } from './sign-pdf.ts';
import { storeSignedCopies } from './signed-copies.ts';
import { createVerificationCode, verificationUrl } from './verification-code.ts';

export type TCertificateDeps = {
  db: Kysely<Database>;
  blobs: TBlobStore;
  jobs: TJobQueue;
  config: Pick<TConfig, 'PROVIDER_NAME' | 'PUBLIC_URL' | 'PORT' | 'TSA_URL'>;
  loadSeal: () => Promise<TSeal>;
  /** The TSA: every certificate's signature is time-stamped, or the certificate is not issued (the job retries). */
  stamp: TStamp;
};

export type TCertificateOutcome = 'certified' | 'certifiedExisting' | 'skipped';

const CERTIFIABLE = new Set(['pending_cert', 'pending_cert_postal']);

async function buildSignedCertificate(
  deps: TCertificateDeps,
  trx: Transaction<Database>,
  shipping: TLockedShipping,
  seal: TSeal,
  report: 'certificate' | 'nonReport' = 'certificate',
) {
  const [facts, receivers, letters, documents, events] = await Promise.all([
    selectCertificateFacts(trx, shipping.id),
    selectCertificateReceivers(trx, shipping.id),
    selectCertificateLetters(trx, shipping.id),
    selectStoredDocuments(trx, [shipping.id]),
    selectChain(trx, shipping.id),
  ]);
  // The certificate vouches for the chain and the files: it is never issued over broken evidence.
  const chainBreaks = findChainBreaks(events, shipping);
  const documentBreaks = await findDocumentBreaks(deps.blobs, documents);
  if (chainBreaks.length > 0 || documentBreaks.length > 0) {
    throw new Error(
      `shipping ${shipping.id}: evidence does not verify (${JSON.stringify({ chainBreaks, documentBreaks })})`,
    );
  }
  const issuedAt = new Date();
  const language = toLanguage(facts.language);
  const signatures = signaturesByReceiver(events);
  const describeActor = describeActors({
    users: await selectEventActors(trx, actorUserIds(events)),
    receivers,
    providerName: deps.config.PROVIDER_NAME,
    language,
  });
  const code = createVerificationCode();
  const pdf = await buildCertificatePdf({
    report,
    providerName: deps.config.PROVIDER_NAME,
    issuedAt,
    language,
    shipping: {
      requestId: facts.id,
      guid: facts.guid,
      reference: facts.reference,
      subject: facts.subject,
      service: facts.service,
      channel: facts.channel,
      // Issued as the shipping closes: the certify transition takes it from pending_cert to closed.
      state: 'closed',
      result: facts.result,
      situationCode: facts.situationCode,
      situationReason: facts.situationReason,
      isSandbox: facts.isSandbox,
    },
    sender: {
      name: facts.sender,
      username: facts.senderUsername,
      company: facts.companyName,
      companyTaxId: facts.companyTaxId,
    },
    receivers: receivers.map((receiver) => ({
      position: receiver.position,
      name: receiver.name,
      document: receiver.documentNumber ? `${receiver.documentType ?? ''} ${receiver.documentNumber}`.trim() : null,
      contact: [receiver.email, receiver.mobile].filter(Boolean).join(', ') || '-',
      status: receiver.status,
      signatures: signatures.get(receiver.id) ?? [],
      letters: letters
        .filter((letter) => letter.receiverId === receiver.id)
        .map((letter) => ({
          addressLines: formatAddressLines({ ...receiver, receiverName: receiver.name }, language).slice(1),
          reference: letter.reference,
          status: letter.status,
          courierRef: letter.courierRef,
          resultDate: letter.resultDate,
        })),
    })),
    formValues: (facts.formValues ?? []).map(({ label, value }) => ({ label, value })),
    documents: documents.map((document) => ({
      fileRequest: document.position,
      kind: document.kind,
      name: document.name,
      sizeBytes: Number(document.sizeBytes),
      sha256: document.sha256,
    })),
    events: certificateEvents(events, describeActor),
    chainHead: { seq: events.length, hash: events.at(-1)?.hash ?? '' },
    verification: {
      code,
      url: verificationUrl(deps.config, code),
      sealSubject: seal.leaf.subject.replace(/\n/g, ', '),
      sealFingerprint: seal.leaf.fingerprint256,
      tsa: deps.config.TSA_URL ? new URL(deps.config.TSA_URL).host : null,
    },
  });
  const labels = labelsFor(facts.language);
  const bytes = await sealPdf(pdf, seal, {
    providerName: deps.config.PROVIDER_NAME,
    reason: `${report === 'nonReport' ? labels.nonReportTitle : labels.title} ${facts.id}`,
    signingTime: issuedAt,
    stamp: deps.stamp,
  });
  return {
    bytes,
    name: `${report === 'nonReport' ? 'non-report' : 'certificate'}-${facts.id}.pdf`,
    code,
    eventCount: events.length,
    issuedAt,
  };
}

/** The code printed on a stored certificate or non-report, bound to its file and the events it lists. */
function storeCode(
  trx: Transaction<Database>,
  shippingId: string,
  built: { code: string; eventCount: number; issuedAt: Date },
  sha256: string,
) {
  return insertCertificateCode(trx, {
    code: built.code,
    shippingId,
    sha256,
    eventCount: built.eventCount,
    issuedAt: built.issuedAt,
  });
}

/** Builds, seals and stores a produced report of the shipping as its next document. */
async function storeProduced(
  deps: TCertificateDeps,
  trx: Transaction<Database>,
  shipping: TLockedShipping,
  seal: TSeal,
  report: 'nonReport',
) {
  const built = await buildSignedCertificate(deps, trx, shipping, seal, report);
  const stored = await deps.blobs.put(built.bytes);
  await storeCode(trx, shipping.id, built, stored.sha256);
  await insertDocuments(trx, shipping.id, [
    {
      position: await nextDocumentPosition(trx, shipping.id),
      kind: 'non_report',
      name: built.name,
      mimeType: 'application/pdf',
      sizeBytes: stored.size,
      category: 'DOCUMENT',
      sha256: stored.sha256,
    },
  ]);
}

/**
 * The certificate job: for a shipping in `pending_cert`/`pending_cert_postal` (anything else is left
 * alone), records the sent copies when missing, builds and seals the certificate PDF, stores it as
 * the `certificate` document and certifies the shipping, all in one transaction on the locked row.
 * A shipping that already has its certificate is only certified.
 */
export async function certifyShipping(deps: TCertificateDeps, shippingId: string): Promise<TCertificateOutcome> {
  // Loaded before the transaction, so a slow first load holds no lock.
  const seal = await deps.loadSeal();
  return deps.db.transaction().execute(async (trx) => {
    const shipping = await lockShipping(trx, null, shippingId);
    if (!shipping || shipping.deletedAt !== null || !CERTIFIABLE.has(shipping.state)) return 'skipped';
    const existing = await selectCertificateSha256(trx, shippingId);
    let sha256 = existing;
    if (!sha256) {
      await prepareSentCopies(deps, trx, [shippingId]);
      await storeSignedCopies(deps, trx, shippingId);
      await storeHandwrittenCopies(deps, trx, shippingId);
      // The non-report first, so the certificate lists it with its hash.
      if (callsForNonReport(shipping.result)) await storeProduced(deps, trx, shipping, seal, 'nonReport');
      const certificate = await buildSignedCertificate(deps, trx, shipping, seal);
      const stored = await deps.blobs.put(certificate.bytes);
      sha256 = stored.sha256;
      await storeCode(trx, shippingId, certificate, sha256);
      await insertDocuments(trx, shippingId, [
        {
          position: await nextDocumentPosition(trx, shippingId),
          kind: 'certificate',
          name: certificate.name,
          mimeType: 'application/pdf',
          sizeBytes: stored.size,
          category: 'DOCUMENT',
          sha256,
        },
      ]);
    }
    await applyTransition(trx, deps.jobs, shipping, 'certify', null, { details: { certificate: sha256 } });
    return existing !== undefined ? 'certifiedExisting' : 'certified';
  });
}
