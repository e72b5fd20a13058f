import { verify } from 'node:crypto';
import type { TPortalView } from '@sello/contracts/catalogue/portal';
import type { TPortalPkiAccept, TPortalPkiPrepare, TPortalPkiPrepared } from '@sello/contracts/catalogue/portal-pki';
import { SIGN_METHOD_INFO } from '@sello/contracts/reference/sign-methods';
import type forge from 'node-forge';
import { assembleCms, fromDer, signedAttributesDer, signedAttributesOf } from '../evidence/cms-signature.ts';
import { nextDocumentPosition } from '../evidence/evidence.queries.ts';
import { embedSignature, preparePdfSignature } from '../evidence/prepare-pdf-signature.ts';
import { sealSignedPdf } from '../evidence/seal-signed-pdf.ts';
import type { TTrustLoaders } from '../evidence/trust-loaders.ts';
import { ApiError } from '../platform/api-error.ts';
import { insertDocuments } from '../shippings/shipping-documents.queries.ts';
import { assertReceiverCertificate, readReceiverCertificate, type TReceiverCertificate } from './pki-certificate.ts';
import { selectReceiverDocuments } from './portal.queries.ts';
import { recordAcceptance } from './portal-accept.service.ts';
import { selectSignerIdentity } from './portal-cloud-sign.queries.ts';
import { readablePdf } from './portal-cloud-sign.ts';
import {
  deletePreparation,
  deleteStalePreparations,
  insertPreparation,
  selectPreparation,
  type TPreparedDocument,
} from './portal-pki.queries.ts';
import {
  assertCanAnswer,
  buildView,
  type TPortalDeps,
  type TScope,
  withReceiver,
  withStore,
} from './portal-receiver.ts';
import { languageOf } from './portal-rules.ts';

/** How long a preparation waits for the browser's signatures. */
const PREPARATION_MINUTES = 10;

/** The receiver who signs with its own certificate, or a refusal: another method, or no document number to match. */
async function signerOf(scope: TScope): Promise<{ name: string; documentNumber: string }> {
  await assertCanAnswer(scope, ['sign']);
  if (scope.receiver.signMethod !== 'PKI') throw new ApiError(403, 'ERR_FORBIDDEN');
  const identity = await selectSignerIdentity(scope.trx, scope.receiver.receiverId);
  const documentNumber = identity.documentNumber?.trim();
  if (!documentNumber) throw new ApiError(409, 'ERR_PKI_DOCUMENT_REQUIRED');
  return { name: identity.name, documentNumber };
}

function wholeSecond(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/**
 * The receiver accepts with its own certificate (sign method PKI): the server prepares each PDF and answers what
 * to sign; the browser signs with the key (which never leaves it); the server checks each signature, embeds it as
 * the receiver's PAdES signature, seals each copy and records the acceptance with the certificate.
 */
export function createPortalPkiService(deps: TPortalDeps, cloud: Pick<TTrustLoaders, 'loadSeal' | 'stamp'>) {
  async function prepareDocuments(
    scope: TScope,
    signer: { name: string },
    certificate: TReceiverCertificate,
    at: Date,
  ) {
    const method = SIGN_METHOD_INFO.PKI.texts[languageOf(scope.receiver)];
    const originals = (await selectReceiverDocuments(scope.trx, scope.shipping.id, scope.receiver.receiverId)).filter(
      (document) => document.mimeType === 'application/pdf',
    );
    if (originals.length === 0) throw new ApiError(409, 'ERR_PKI_NOTHING_TO_SIGN');
    const documents: TPreparedDocument[] = [];
    for (const original of originals) {
      const pdf = await readablePdf(await withStore(() => deps.blobs.read(original.sha256)));
      if (!pdf) throw new ApiError(409, 'ERR_PKI_DOCUMENT_UNSIGNABLE');
      const { prepared, content } = await preparePdfSignature(pdf, {
        name: signer.name,
        reason: `${method}: ${signer.name}`,
        signingTime: at,
        certificates: [certificate.der],
      });
      const attributes = signedAttributesOf({ content, leaf: certificate.der, signingTime: at });
      documents.push({
        position: original.position,
        name: original.name,
        preparedPdf: prepared,
        signedAttributes: signedAttributesDer(attributes),
      });
    }
    return documents;
  }

  return {
    preparePki(token: string, input: TPortalPkiPrepare, now = new Date()): Promise<TPortalPkiPrepared> {
      const certificate = readReceiverCertificate(input.certificate);
      return withReceiver(deps, token, now, async (scope) => {
        const signer = await signerOf(scope);
        assertReceiverCertificate(certificate, signer, now);
        const documents = await prepareDocuments(scope, signer, certificate, wholeSecond(now));
        const expiresAt = new Date(now.getTime() + PREPARATION_MINUTES * 60_000);
        await deleteStalePreparations(scope.trx, scope.receiver.receiverId, now);
        const prepareId = await insertPreparation(
          scope.trx,
          {
            receiverId: scope.receiver.receiverId,
            certificate: certificate.der,
            signingTime: wholeSecond(now),
            expiresAt,
          },
          documents,
        );
        return {
          prepareId,
          expiresAt: expiresAt.toISOString(),
          documents: documents.map((document) => ({
            position: document.position,
            name: document.name,
            signedAttributes: document.signedAttributes.toString('base64'),
          })),
        };
      });
    },

    acceptPki(token: string, input: TPortalPkiAccept, now = new Date()): Promise<TPortalView> {
      return withReceiver(deps, token, now, async (scope) => {
        const signer = await signerOf(scope);
        const preparation = await selectPreparation(scope.trx, input.prepareId, scope.receiver.receiverId, now);
        if (!preparation) throw new ApiError(409, 'ERR_PKI_PREPARATION_UNKNOWN');
        const certificate = readReceiverCertificate(preparation.certificate.toString('base64'));
        assertReceiverCertificate(certificate, signer, now);
        // Every signature is checked before anything is signed or written: one bad signature signs nothing.
        const byPosition = new Map(input.signatures.map((entry) => [entry.position, entry.signature]));
        const signed = preparation.documents.map((document) => {
          const signature = Buffer.from(byPosition.get(document.position) ?? '', 'base64');
          const valid =
            signature.length > 0 && verify('sha256', document.signedAttributes, certificate.x509.publicKey, signature);
          if (!valid) throw new ApiError(400, 'ERR_PKI_SIGNATURE_INVALID');
          return { document, signature };
        });
        if (byPosition.size !== signed.length) throw new ApiError(400, 'ERR_PKI_SIGNATURE_INVALID');
        const seal = await cloud.loadSeal();
        const provider = deps.config.PROVIDER_NAME;
        const signedDocuments: string[] = [];
        let position = await nextDocumentPosition(scope.trx, scope.shipping.id);
        for (const { document, signature } of signed) {
          const attributes = fromDer(document.signedAttributes).value as forge.asn1.Asn1[];
          const cms = await assembleCms({
            signedAttributes: attributes,
            signature,
            leaf: certificate.der,
            chain: [certificate.der],
            keyType: 'rsa',
            stamp: cloud.stamp,
          });
          const sealed = await sealSignedPdf(embedSignature(document.preparedPdf, cms), seal, {
            providerName: provider,
            reason: `${provider}: ${scope.shipping.id}`,
            signingTime: now,
            stamp: cloud.stamp,
            extra: { certificates: [certificate.der], crls: [], ocsps: [] },
          });
          const stored = await withStore(() => deps.blobs.put(sealed));
          await insertDocuments(scope.trx, scope.shipping.id, [
            {
              position: position++,
              kind: 'signed',
              name: document.name.replace(/(\.pdf)?$/i, '-signed.pdf'),
              mimeType: 'application/pdf',
              sizeBytes: stored.size,
              category: 'DOCUMENT',
              sha256: stored.sha256,
            },
          ]);
          signedDocuments.push(stored.sha256);
        }
        await deletePreparation(scope.trx, preparation.id);
        await recordAcceptance(deps, scope, now, {
          answer: 'accepted',
          method: 'certificate',
          signMethod: 'PKI',
          certificateSubject: certificate.subject,
          certificateSerial: certificate.serial,
          certificateSha256: certificate.sha256,
          certificateNotBefore: certificate.x509.validFromDate.toISOString(),
          certificateNotAfter: certificate.x509.validToDate.toISOString(),
          signedDocuments,
        });
        return buildView(scope.trx, scope, now);
      });
    },
  };
}
