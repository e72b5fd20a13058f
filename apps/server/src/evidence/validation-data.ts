import { createHash, sign, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { readBoundedBody } from './bounded-body.ts';
import { algorithm, der, fromDer, integer, OID, octets, oid, sequence } from './cms-signature.ts';
import { isListedIn } from './crl-entries.ts';
import { childrenOf, contentOf, readDer } from './der-reader.ts';
import { CertificateRevokedError, extensionOf, fetchOcspResponse, isIssuerOf, ocspUrlsOf } from './ocsp-client.ts';
import { appendIncrement, readDss, setKey, streamObject, type TDssKey } from './pdf-increment.ts';
import type { TSeal } from './seal.ts';
import { TrustServiceUnavailableError } from './timestamp-authority.ts';

const { asn1 } = forge;
const { Class, Type } = asn1;

/** What a validator needs to check a signature years later without asking anyone: certificates, CRLs, OCSP answers (DER). */
export type TValidationData = { certificates: Buffer[]; crls: Buffer[]; ocsps: Buffer[] };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CRL_NUMBER = '2.5.29.20';
const CRL_DISTRIBUTION_POINTS = '2.5.29.31';

const children = (node: forge.asn1.Asn1) => node.value as forge.asn1.Asn1[];

function tbsOf(certificateDer: Buffer) {
  const tbs = children(children(fromDer(certificateDer))[0]!);
  return tbs.slice(tbs[0]!.tagClass === Class.CONTEXT_SPECIFIC ? 1 : 0);
}

/** The demo CA's CRL (X.509 v2, no revoked certificate), valid a week from `now`, signed with its key. */
export function buildDemoCrl(caCertificate: Buffer, caKey: NonNullable<TSeal['demoCaKey']>, now: Date): Buffer {
  const subject = tbsOf(caCertificate)[4]!;
  const time = (date: Date) => asn1.create(Class.UNIVERSAL, Type.UTCTIME, false, asn1.dateToUtcTime(date));
  const crlNumber = sequence([oid(CRL_NUMBER), octets(der(integer(Math.floor(now.getTime() / 1000))))]);
  const tbs = sequence([
    integer(1),
    algorithm(OID.sha256WithRsa, true),
    subject,
    time(now),
    time(new Date(now.getTime() + 7 * DAY)),
    asn1.create(Class.CONTEXT_SPECIFIC, 0, true, [sequence([crlNumber])]),
  ]);
  const signature = sign('sha256', der(tbs), caKey);
  return der(
    sequence([
      tbs,
      algorithm(OID.sha256WithRsa, true),
      asn1.create(Class.UNIVERSAL, Type.BITSTRING, false, `\u0000${signature.toString('binary')}`),
    ]),
  );
}

/** The http(s) URLs of a certificate's CRL distribution points (each point's full name, its URIs). */
export function crlUrlsOf(certificateDer: Buffer): string[] {
  const value = extensionOf(certificateDer, CRL_DISTRIBUTION_POINTS);
  if (!value) return [];
  // DistributionPoint: distributionPoint [0] { fullName [0] GeneralNames }; a URI is GeneralName [6].
  return childrenOf(value, readDer(value))
    .flatMap((point) => childrenOf(value, point).filter((node) => node.tag === 0xa0))
    .flatMap((name) => childrenOf(value, name).filter((node) => node.tag === 0xa0))
    .flatMap((fullName) => childrenOf(value, fullName).filter((node) => node.tag === 0x86))
    .map((uri) => contentOf(value, uri).toString('latin1'))
    .filter((url) => /^https?:\/\//.test(url));
}

/** A CA's CRL can list many thousands of serials; one larger than this is refused before it is read whole. */
const CRL_MAX_BYTES = 20 * 1024 * 1024;
const fetched = new Map<string, { crl: Buffer; until: number }>();

async function fetchCrl(url: string, now: number): Promise<Buffer> {
  const cached = fetched.get(url);
  if (cached && cached.until > now) return cached.crl;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const crl = await readBoundedBody(response, CRL_MAX_BYTES);
    fetched.set(url, { crl, until: now + HOUR });
    return crl;
  } catch (error) {
    throw new TrustServiceUnavailableError(`the CRL at ${url} could not be fetched: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

const demoCrls = new WeakMap<TSeal, { crl: Buffer; until: number }>();

/** Whether a certificate names itself as its issuer (a trust anchor: nothing revokes it). */
function isSelfIssued(certificateDer: Buffer): boolean {
  const tbs = tbsOf(certificateDer);
  return der(tbs[2]!).equals(der(tbs[4]!));
}

/**
 * The revocation data of every issued certificate of `certificates`: an OCSP answer when it names a responder and its
 * issuer is among `certificates`; the CRLs at its distribution points when it has no responder, or when the responder
 * does not answer as it should. A responder saying `revoked`, or a CRL listing the certificate, throws
 * CertificateRevokedError; no answer and no CRL to fall back on throws TrustServiceUnavailableError.
 */
async function fetchRevocationDataOf(
  certificates: Buffer[],
  now: Date,
): Promise<Omit<TValidationData, 'certificates'>> {
  const ocsps: Buffer[] = [];
  const crlUrls = new Set<string>();
  const byCrl: { certificate: Buffer; urls: string[] }[] = [];
  for (const certificate of certificates.filter((item) => !isSelfIssued(item))) {
    const responders = ocspUrlsOf(certificate);
    const distributionPoints = crlUrlsOf(certificate);
    if (responders.length > 0) {
      try {
        const issuer = certificates.find((item) => item !== certificate && isIssuerOf(item, certificate));
        if (!issuer)
          throw new TrustServiceUnavailableError("the certificate's issuer is not in its chain: no OCSP request");
        ocsps.push(await fetchOcspResponse(certificate, issuer, responders, now));
        continue;
      } catch (error) {
        if (!(error instanceof TrustServiceUnavailableError) || distributionPoints.length === 0) throw error;
      }
    }
    for (const url of distributionPoints) crlUrls.add(url);
    byCrl.push({ certificate, urls: distributionPoints });
  }
  const urls = [...crlUrls];
  const crls = await Promise.all(urls.map((url) => fetchCrl(url, now.getTime())));
  for (const { certificate, urls: own } of byCrl) {
    const listing = own.find((url) => isListedIn(crls[urls.indexOf(url)]!, certificate));
    if (listing) {
      const subject = new X509Certificate(certificate).subject.replace(/\n/g, ', ');
      throw new CertificateRevokedError(
        `the certificate ${subject} is listed as revoked in the CRL at ${listing}: nothing is sealed or time-stamped ` +
          'with it; replace it',
      );
    }
  }
  return { crls, ocsps };
}

/**
 * The seal's chain and the revocation data of each issued certificate in it: the demo CA's own CRL for the demo seal,
 * otherwise OCSP answers from the certificates' responders, or the CRLs at their distribution points (kept an hour).
 */
export async function collectValidationData(seal: TSeal, now = new Date()): Promise<TValidationData> {
  const certificates = seal.chain.map((certificate) => certificate.raw);
  if (seal.demoCaKey) {
    let demo = demoCrls.get(seal);
    if (!demo || demo.until <= now.getTime()) {
      demo = { crl: buildDemoCrl(certificates.at(-1)!, seal.demoCaKey, now), until: now.getTime() + HOUR };
      demoCrls.set(seal, demo);
    }
    return { certificates, crls: [demo.crl], ocsps: [] };
  }
  return { certificates, ...(await fetchRevocationDataOf(certificates, now)) };
}

/** The certificates a CMS SignedData carries (a time-stamp token carries its TSA's, when asked to). */
export function certificatesOfCms(cms: Buffer): Buffer[] {
  const signedData = children(children(children(fromDer(cms))[1]!)[0]!);
  const set = signedData.find((node) => node.tagClass === Class.CONTEXT_SPECIFIC && node.type === 0);
  return set ? children(set).map((node) => der(node)) : [];
}

/** What a time-stamp needs to be checked years later: its TSA's chain and that chain's revocation data. */
export async function collectTimestampValidationData(token: Buffer, now = new Date()): Promise<TValidationData> {
  const certificates = certificatesOfCms(token);
  return { certificates, ...(await fetchRevocationDataOf(certificates, now)) };
}

/**
 * Adds a Document Security Store (ISO 32000-2 §12.8.4.3, PAdES B-LT) holding `data` in an incremental update, so
 * the signatures before it stay intact.
 */
/**
 * Appends a DSS holding what the PDF's DSS held already and `data`'s certificates, CRLs and OCSP answers not in it
 * yet: a validator reads the newest DSS only, so an archive time-stamp's increment must not hide the earlier
 * validation data.
 */
export function addDss(pdf: Buffer, data: TValidationData): Buffer {
  const existing = readDss(pdf);
  const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const seen = new Set(Object.values(existing).flatMap((entries) => entries.map((entry) => hashOf(entry.bytes))));
  const added = (items: Buffer[]) =>
    items.filter((item) => {
      const key = hashOf(item);
      return !seen.has(key) && seen.add(key);
    });
  const certificates = added(data.certificates);
  const crls = added(data.crls);
  const ocsps = added(data.ocsps);
  return appendIncrement(pdf, (first) => {
    const objects = [...certificates, ...crls, ...ocsps].map((bytes) => streamObject(bytes));
    const refs = (key: TDssKey, from: number, count: number) =>
      [
        ...existing[key].map((entry) => entry.ref),
        ...Array.from({ length: count }, (_, index) => `${first + from + index} 0 R`),
      ].join(' ');
    const dssNumber = first + objects.length;
    const ocspRefs = refs('OCSPs', certificates.length + crls.length, ocsps.length);
    objects.push({
      body: `<< /Type /DSS /Certs [${refs('Certs', 0, certificates.length)}] /CRLs [${refs('CRLs', certificates.length, crls.length)}]${ocspRefs ? ` /OCSPs [${ocspRefs}]` : ''} >>`,
    });
    return { objects, catalog: (current) => setKey(current, 'DSS', `${dssNumber} 0 R`) };
  });
}
