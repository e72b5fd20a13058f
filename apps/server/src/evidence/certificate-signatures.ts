import type { TLocalisedText } from '@sello/contracts/reference/localised-text';
import { PIN_CHANNEL_NAMES, SIGN_METHOD_INFO } from '@sello/contracts/reference/sign-methods';
import { inLanguage, labelOf } from '@sello/contracts/reference/status-labels';
import type { TChainEvent } from '../shippings/event-chain.ts';
import { labelsFor } from './certificate-labels.ts';
import { biometricHashLabel } from './handwritten-labels.ts';

/** How a receiver signed, as the acceptance event recorded it, and when (to the second). */
export type TCertificateSignature = {
  method: string;
  /** The channel that carried the PIN and the address it went to, partly hidden. */
  channel: string | null;
  sentTo: string | null;
  /** The certificate a PKI_CLOUD (one-time) or PKI (the receiver's own) signature was made with. */
  certificate: { subject: string; serial: string; sha256: string } | null;
  /** A handwritten signature's biometric data, hashed (SHA-256, hex). */
  biometricSha256?: string | null;
  at: string;
};

/** A PKI signature's certificate is the receiver's own, not one issued for the signature. */
const OWN_CERTIFICATE: TLocalisedText = {
  'es-es': 'certificado propio del destinatario',
  'en-en': "receiver's own certificate",
  'pt-pt': 'certificado próprio do destinatário',
};

function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The signatures the chain records (an acceptance whose details name its `signMethod`), by receiver id. */
export function signaturesByReceiver(events: readonly TChainEvent[]): Map<string, TCertificateSignature[]> {
  const byReceiver = new Map<string, TCertificateSignature[]>();
  for (const event of events) {
    const receiverId = textOf(event.details.receiverId);
    const method = textOf(event.details.signMethod);
    if (!receiverId || !method || event.details.answer !== 'accepted') continue;
    const list = byReceiver.get(receiverId) ?? [];
    list.push({
      method,
      channel: textOf(event.details.pinChannel),
      sentTo: textOf(event.details.pinSentTo),
      certificate: certificateOf(event.details),
      biometricSha256: textOf(event.details.biometricSha256),
      at: event.at,
    });
    byReceiver.set(receiverId, list);
  }
  return byReceiver;
}

function certificateOf(details: Record<string, unknown>): TCertificateSignature['certificate'] {
  const [subject, serial, sha256] = [details.certificateSubject, details.certificateSerial, details.certificateSha256];
  if (typeof subject !== 'string' || typeof serial !== 'string' || typeof sha256 !== 'string') return null;
  return { subject, serial, sha256 };
}

/** `Firma: PIN por SMS; canal del PIN: SMS; enviado a •••678; 2026-11-28 19:20:31 UTC`. */
export function signatureLine(signature: TCertificateSignature, language: string): string {
  return `${labelsFor(language).signature}: ${signatureText(signature, language)}`;
}

/** `PIN por SMS; canal del PIN: SMS; enviado a •••678; 2026-11-28 19:20:31 UTC`. */
export function signatureText(signature: TCertificateSignature, language: string): string {
  const labels = labelsFor(language);
  const method = labelOf(
    Object.fromEntries(Object.entries(SIGN_METHOD_INFO).map(([key, info]) => [key, info.texts])),
    signature.method,
    language,
  );
  const parts = [method];
  if (signature.channel) parts.push(`${labels.pinChannel}: ${labelOf(PIN_CHANNEL_NAMES, signature.channel, language)}`);
  if (signature.sentTo) parts.push(`${labels.sentTo} ${signature.sentTo}`);
  if (signature.certificate) {
    const { subject, serial, sha256 } = signature.certificate;
    const subjectLabel = signature.method === 'PKI' ? inLanguage(OWN_CERTIFICATE, language) : labels.certificateSubject;
    parts.push(`${subjectLabel} ${subject}`);
    parts.push(`${labels.certificateSerial} ${serial}`);
    parts.push(`${labels.certificateFingerprint} ${sha256}`);
  }
  if (signature.biometricSha256) parts.push(`${biometricHashLabel(language)}: ${signature.biometricSha256}`);
  parts.push(`${signature.at.slice(0, 10)} ${signature.at.slice(11, 19)} ${labels.utc}`);
  // Not ` - `: pdftotext takes a dash at the end of a wrapped line for a hyphenation and joins the words.
  return parts.join('; ');
}
