import { createHash } from 'node:crypto';
import { Signer, SignPdf } from '@signpdf/signpdf';
import type { TStamp } from './cms-signature.ts';
import { appendSignatureField, countSignatureFields } from './pdf-increment.ts';
import type { TTimestamper } from './timestamps.ts';
import { addDss, collectTimestampValidationData, type TValidationData } from './validation-data.ts';

// PAdES B-LTA (ETSI EN 319 142-1 §5.5): a document time-stamp, an RFC 3161 token over every byte of the file
// before it, in a signature dictionary of /Type /DocTimeStamp. Each archive time-stamp is one more of these.

const signpdf = new SignPdf();
/** Room for the token: its TSTInfo, the TSA's signature and certificates (as for signature time-stamps). */
const TOKEN_ROOM = 16_384;

class TimestampSigner extends Signer {
  private readonly stamp: TStamp;
  token: Buffer | null = null;

  constructor(stamp: TStamp) {
    super();
    this.stamp = stamp;
  }

  override async sign(content: Buffer): Promise<Buffer> {
    this.token = await this.stamp(createHash('sha256').update(content).digest());
    return this.token;
  }
}

/**
 * Appends a document time-stamp over the whole of `pdf` in an incremental update; answers the new file and the token.
 * Throws (and changes nothing) when the TSA does not answer.
 */
export async function addDocumentTimestamp(pdf: Buffer, stamp: TStamp): Promise<{ pdf: Buffer; token: Buffer }> {
  const prepared = appendSignatureField(pdf, {
    entries: '/Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161',
    contentsBytes: TOKEN_ROOM,
    name: `Timestamp${countSignatureFields(pdf) + 1}`,
  });
  const signer = new TimestampSigner(stamp);
  const stamped = await signpdf.sign(prepared, signer);
  return { pdf: stamped, token: signer.token! };
}

/** The TSA's chain and revocation data for one of its tokens. */
export function timestampValidationData(stamp: TTimestamper, token: Buffer, now: Date): Promise<TValidationData> {
  return stamp.validationData ? stamp.validationData(token, now) : collectTimestampValidationData(token, now);
}

/** `stamp`, remembering every token it answers (the signature time-stamp, whose TSA the DSS must also cover). */
export function recordingTokens(stamp: TStamp): { stamp: TStamp; tokens: Buffer[] } {
  const tokens: Buffer[] = [];
  return {
    tokens,
    stamp: async (digest) => {
      const token = await stamp(digest);
      tokens.push(token);
      return token;
    },
  };
}

/**
 * Makes a freshly signed PDF long-term verifiable: B-LT, a DSS with `data` (the signers' chains and revocation data)
 * and the chain and revocation data of the TSA of each of `tokens`; then B-LTA, a document time-stamp over the whole
 * (unless `documentTimestamp` is false).
 */
export async function addLongTermData(
  signed: Buffer,
  options: { stamp: TTimestamper; data: TValidationData; tokens: Buffer[]; now: Date; documentTimestamp?: boolean },
): Promise<Buffer> {
  const tsaData = await Promise.all(
    options.tokens.map((token) => timestampValidationData(options.stamp, token, options.now)),
  );
  const withDss = addDss(signed, {
    certificates: [...options.data.certificates, ...tsaData.flatMap((data) => data.certificates)],
    crls: [...options.data.crls, ...tsaData.flatMap((data) => data.crls)],
    ocsps: [...options.data.ocsps, ...tsaData.flatMap((data) => data.ocsps)],
  });
  if (options.documentTimestamp === false) return withDss;
  return (await addDocumentTimestamp(withDss, options.stamp)).pdf;
}
