import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import type { ErrorKey } from '@sello/contracts/error-keys';
import forge from 'node-forge';

/** A certificate upload that cannot be used, with the field error key the form shows. */
export class CertificateFileError extends Error {
  readonly key: ErrorKey;
  readonly field: string;

  constructor(key: ErrorKey, field = 'content') {
    super(key);
    this.key = key;
    this.field = field;
  }
}

/** The certificate of an upload, its chain (leaf first) and, for signing certificates, the private key. */
export type TCertificateBundle = {
  leaf: X509Certificate;
  chain: X509Certificate[];
  privateKey: KeyObject | null;
  /** The PKCS#12 friendly name, when the file has one. */
  friendlyName: string | null;
};

/**
 * node-forge derives PKCS#12 keys in JavaScript, on the event loop, with the iteration counts the file
 * names. Real tools use 2,048 (OpenSSL) to 10,000 (Java); a file asking for more than this would stall
 * the server for seconds to hours, so it is refused as unreadable.
 */
export const MAX_KEY_DERIVATION_ITERATIONS = 200_000;

function guardKeyDerivation(): void {
  type TAnyFunction = (...args: unknown[]) => unknown;
  const limit = (derive: TAnyFunction, iterationsAt: number): TAnyFunction =>
    function limited(this: unknown, ...args: unknown[]) {
      if (Number(args[iterationsAt]) > MAX_KEY_DERIVATION_ITERATIONS) {
        throw new Error('Key derivation iteration count is too high');
      }
      return derive.apply(this, args);
    };
  // forge calls both through their module objects, so every PKCS#12 MAC, PBE and PBES2 path is covered.
  forge.pkcs5.pbkdf2 = limit(forge.pkcs5.pbkdf2 as TAnyFunction, 2) as typeof forge.pkcs5.pbkdf2;
  forge.pkcs12.generateKey = limit(forge.pkcs12.generateKey as TAnyFunction, 3) as typeof forge.pkcs12.generateKey;
}
guardKeyDerivation();

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const PEM_PRIVATE_KEY = /-----BEGIN ((?:ENCRYPTED |RSA |EC |DSA )?PRIVATE KEY)-----[\s\S]+?-----END \1-----/;

/** Bytes of a base64 data URL (the shape is checked by the contract). */
export function decodeDataUrl(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

function looksLikePem(bytes: Buffer): boolean {
  return bytes.subarray(0, 4096).toString('latin1').includes('-----BEGIN ');
}

function parseCertificate(der: Buffer | string): X509Certificate {
  try {
    return new X509Certificate(der);
  } catch {
    throw new CertificateFileError('ERR_CERT_UNREADABLE');
  }
}

function pemCertificates(text: string): X509Certificate[] {
  return (text.match(PEM_CERTIFICATE) ?? []).map((block) => parseCertificate(block));
}

function pemPrivateKey(text: string, password: string | undefined, field: string): KeyObject | null {
  const match = PEM_PRIVATE_KEY.exec(text);
  if (!match) return null;
  const encrypted = match[1] === 'ENCRYPTED PRIVATE KEY' || match[0].includes('Proc-Type: 4,ENCRYPTED');
  if (encrypted && !password) throw new CertificateFileError('ERR_CERT_PASSWORD', 'password');
  try {
    return createPrivateKey({ key: match[0], format: 'pem', ...(encrypted && { passphrase: password }) });
  } catch {
    throw new CertificateFileError(
      encrypted ? 'ERR_CERT_PASSWORD' : 'ERR_CERT_UNREADABLE',
      encrypted ? 'password' : field,
    );
  }
}

function toBytes(asn1: forge.asn1.Asn1): Buffer {
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

function decodePfx(der: Buffer, password: string | undefined): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(der.toString('binary'));
  } catch {
    throw new CertificateFileError('ERR_CERT_UNREADABLE');
  }
  // Files made without a password use either an empty one or none at all.
  const attempts = password ? [password] : ['', undefined];
  let failure: unknown;
  for (const attempt of attempts) {
    try {
      return forge.pkcs12.pkcs12FromAsn1(asn1, true, attempt as string);
    } catch (error) {
      failure = error;
    }
  }
  const message = failure instanceof Error ? failure.message : '';
  if (/password|decrypt/i.test(message)) throw new CertificateFileError('ERR_CERT_PASSWORD', 'password');
  throw new CertificateFileError('ERR_CERT_UNREADABLE');
}

/** PKCS#12 (.p12/.pfx): node-forge opens the container; Node reads the certificates and keys it holds. */
function readPkcs12(der: Buffer, password: string | undefined) {
  const pfx = decodePfx(der, password);
  const certificates: X509Certificate[] = [];
  const keys: KeyObject[] = [];
  let friendlyName: string | null = null;
  for (const safe of pfx.safeContents) {
    for (const bag of safe.safeBags) {
      if (bag.type === forge.pki.oids.certBag) {
        // forge parses RSA certificates and leaves others (EC…) as ASN.1.
        const der = bag.cert ? toBytes(forge.pki.certificateToAsn1(bag.cert)) : toBytes(bag.asn1);
        certificates.push(parseCertificate(der));
      } else if (bag.type === forge.pki.oids.keyBag || bag.type === forge.pki.oids.pkcs8ShroudedKeyBag) {
        const info = bag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key)) : bag.asn1;
        try {
          keys.push(createPrivateKey({ key: toBytes(info), format: 'der', type: 'pkcs8' }));
        } catch {
          throw new CertificateFileError('ERR_CERT_UNREADABLE');
        }
        // Keystores name the entry (the alias) on its key.
        friendlyName ??= (bag.attributes?.friendlyName as string[] | undefined)?.[0] ?? null;
      }
    }
  }
  return { certificates, keys, friendlyName };
}

/** The path from `leaf` up through the certificates it was issued by (each signature checked). */
function buildChain(leaf: X509Certificate, pool: X509Certificate[]): X509Certificate[] {
  const chain = [leaf];
  let current = leaf;
  const remaining = pool.filter((candidate) => candidate !== leaf);
  while (!(current.checkIssued(current) && current.verify(current.publicKey))) {
    const issuer = remaining.find((candidate) => current.checkIssued(candidate) && current.verify(candidate.publicKey));
    if (!issuer) break;
    chain.push(issuer);
    remaining.splice(remaining.indexOf(issuer), 1);
    current = issuer;
  }
  return chain;
}

/** Picks the certificate the key belongs to; without a key, the first end-entity certificate. */
function assemble(
  certificates: X509Certificate[],
  keys: KeyObject[],
  friendlyName: string | null,
  requireKey: boolean,
  keyField = 'content',
): TCertificateBundle {
  if (certificates.length === 0) throw new CertificateFileError('ERR_CERT_UNREADABLE');
  if (keys.length === 0) {
    if (requireKey) throw new CertificateFileError('ERR_CERT_NO_KEY');
    const leaf = certificates.find((certificate) => !certificate.ca) ?? certificates[0]!;
    return { leaf, chain: buildChain(leaf, certificates), privateKey: null, friendlyName };
  }
  for (const key of keys) {
    const leaf = certificates.find((certificate) => certificate.checkPrivateKey(key));
    if (leaf) return { leaf, chain: buildChain(leaf, certificates), privateKey: key, friendlyName };
  }
  throw new CertificateFileError('ERR_CERT_KEY_MISMATCH', keyField);
}

function assertNotExpired(bundle: TCertificateBundle, now: Date): TCertificateBundle {
  if (bundle.leaf.validToDate.getTime() <= now.getTime()) throw new CertificateFileError('ERR_CERT_EXPIRED');
  return bundle;
}

export type TSigningCertificateUpload = {
  /** PKCS#12 file, or PEM text with the certificate (and chain, and possibly the key), as a data URL. */
  content: string;
  /** PEM private key file as a data URL, when `content` is PEM without it. */
  privateKey?: string | undefined;
  password?: string | undefined;
};

/** A signing certificate upload: a certificate with its private key, not expired. */
export function readSigningCertificate(upload: TSigningCertificateUpload, now = new Date()): TCertificateBundle {
  const bytes = decodeDataUrl(upload.content);
  if (!looksLikePem(bytes)) {
    const { certificates, keys, friendlyName } = readPkcs12(bytes, upload.password);
    return assertNotExpired(assemble(certificates, keys, friendlyName, true), now);
  }
  const text = bytes.toString('utf8');
  const certificates = pemCertificates(text);
  if (certificates.length === 0) throw new CertificateFileError('ERR_CERT_UNREADABLE');
  let key = pemPrivateKey(text, upload.password, 'content');
  let keyField = 'content';
  if (!key && upload.privateKey) {
    keyField = 'privateKey';
    key = pemPrivateKey(decodeDataUrl(upload.privateKey).toString('utf8'), upload.password, keyField);
    if (!key) throw new CertificateFileError('ERR_CERT_UNREADABLE', keyField);
  }
  return assertNotExpired(assemble(certificates, key ? [key] : [], null, true, keyField), now);
}

/**
 * A public certificate (SAML identity provider): PEM text, the bare base64 of a DER certificate (as in
 * IdP metadata), or a PEM/DER file as a data URL. A private key in it is refused, never stored.
 */
export function readPublicCertificate(content: string, now = new Date()): TCertificateBundle {
  const text = content.trim();
  let bytes: Buffer;
  if (text.startsWith('data:')) {
    if (!/^data:[\w.+/-]*;base64,[A-Za-z0-9+/=\s]+$/.test(text)) throw new CertificateFileError('ERR_CERT_UNREADABLE');
    bytes = decodeDataUrl(text);
  } else if (text.includes('-----BEGIN ')) {
    bytes = Buffer.from(text, 'utf8');
  } else if (/^[A-Za-z0-9+/=\s]+$/.test(text)) {
    bytes = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  } else {
    throw new CertificateFileError('ERR_CERT_UNREADABLE');
  }
  if (!looksLikePem(bytes)) return assertNotExpired(assemble([parseCertificate(bytes)], [], null, false), now);
  const pem = bytes.toString('utf8');
  if (PEM_PRIVATE_KEY.test(pem)) throw new CertificateFileError('ERR_CERT_UNEXPECTED_KEY');
  return assertNotExpired(assemble(pemCertificates(pem), [], null, false), now);
}
