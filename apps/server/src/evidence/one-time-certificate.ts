import { createHash, generateKeyPair, type KeyObject, randomBytes, X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { readSigningCertificate } from '../administration/certificates/certificate-file.ts';
import type { TConfig } from '../config.ts';
import { certificate, forgeKeys, readOrCreateSecret } from './seal.ts';

/** The provider's signing CA: what issues a PKI_CLOUD receiver's one-time certificate. */
export type TSigningCa = { certificate: forge.pki.Certificate; privateKey: forge.pki.rsa.PrivateKey; der: Buffer };

/** A certificate issued to one receiver for one signature, with its key (held in memory only, never stored). */
export type TOneTimeCertificate = {
  leaf: X509Certificate;
  chain: X509Certificate[];
  privateKey: KeyObject;
  serial: string;
  sha256: string;
  subject: string;
  notBefore: Date;
  notAfter: Date;
};

type TLogger = { warn: (message: string) => void };
type TCaConfig = Pick<
  TConfig,
  | 'dataDir'
  | 'PROVIDER_NAME'
  | 'SIGNING_CA_CERT_PATH'
  | 'SIGNING_CA_KEY_PATH'
  | 'SIGNING_CA_CERT_PEM'
  | 'SIGNING_CA_KEY_PEM'
>;

const DEMO_SIGNING_CA = 'demo-signing-ca.json';
const generateRsa = promisify(generateKeyPair);

function readCa(certificatePem: string, keyPem: string): TSigningCa {
  const caCertificate = forge.pki.certificateFromPem(certificatePem);
  let privateKey: forge.pki.rsa.PrivateKey;
  try {
    privateKey = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  } catch (error) {
    throw new Error('the signing CA key must be an unencrypted RSA key in PEM', { cause: error });
  }
  const publicKey = caCertificate.publicKey as forge.pki.rsa.PublicKey;
  if (publicKey.n.compareTo(privateKey.n) !== 0) throw new Error('the signing CA key does not match its certificate');
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(caCertificate)).getBytes(), 'binary');
  return { certificate: caCertificate, privateKey, der };
}

/** A self-signed demo CA as a PKCS#12 (its key and certificate). */
function createDemoSigningCa(providerName: string, password: string): { p12: Buffer } {
  const keys = forgeKeys();
  const ca = certificate(`${providerName} demo signing CA`, keys, null);
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [ca], password, { algorithm: '3des', friendlyName: 'ca' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary') };
}

async function readOrCreateDemoCa(config: TCaConfig): Promise<TSigningCa> {
  const file = path.join(config.dataDir, 'secrets', DEMO_SIGNING_CA);
  const content = await readOrCreateSecret(file, (password) => createDemoSigningCa(config.PROVIDER_NAME, password));
  const { password, p12 } = JSON.parse(content) as { password: string; p12: string };
  const bundle = readSigningCertificate({ content: `data:application/x-pkcs12;base64,${p12}`, password });
  if (!bundle.privateKey) throw new Error('the demo signing CA has no private key');
  return readCa(bundle.leaf.toString(), bundle.privateKey.export({ format: 'pem', type: 'pkcs1' }).toString());
}

/**
 * The signing CA from its files or PEM variables, else the demo one made once in DATA_DIR/secrets (warned about
 * when the loader is made, at start); loaded once, at the first one-time certificate.
 */
export function createSigningCaLoader(config: TCaConfig, logger: TLogger): () => Promise<TSigningCa> {
  const configured = Boolean(config.SIGNING_CA_CERT_PEM || config.SIGNING_CA_CERT_PATH);
  if (!configured) {
    logger.warn(
      'SIGNING_CA_CERT_PATH/SIGNING_CA_KEY_PATH are not set: PKI_CLOUD one-time certificates are issued by a demo ' +
        `signing CA (${path.join(config.dataDir, 'secrets', DEMO_SIGNING_CA)}) that nobody trusts. ` +
        'Several copies of the server must share the configured CA.',
    );
  }
  let loading: Promise<TSigningCa> | null = null;
  return () => {
    loading ??= (async () => {
      if (config.SIGNING_CA_CERT_PEM && config.SIGNING_CA_KEY_PEM) {
        return readCa(config.SIGNING_CA_CERT_PEM, config.SIGNING_CA_KEY_PEM);
      }
      if (config.SIGNING_CA_CERT_PATH && config.SIGNING_CA_KEY_PATH) {
        const [certificatePem, keyPem] = await Promise.all([
          readFile(config.SIGNING_CA_CERT_PATH, 'utf8'),
          readFile(config.SIGNING_CA_KEY_PATH, 'utf8'),
        ]);
        return readCa(certificatePem, keyPem);
      }
      return readOrCreateDemoCa(config);
    })();
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
}

/** The serialNumber attribute (X.520) the certificate carries for a document number: `IDCES-12345678Z`. */
export function subjectSerialOf(documentNumber: string): string {
  return `IDCES-${documentNumber.replace(/[^0-9A-Za-z]/g, '').toUpperCase()}`;
}

/**
 * Issues a certificate to the receiver: CN their name, serialNumber their document number, valid `minutes` from
 * `now` (to the second), for signing only (digitalSignature, nonRepudiation). Its key pair is made here and its
 * private key is answered only to the caller, which signs with it and lets it go.
 */
export async function issueOneTimeCertificate(
  ca: TSigningCa,
  receiver: { name: string; documentNumber: string },
  options: { now: Date; minutes: number; organization: string },
): Promise<TOneTimeCertificate> {
  const { publicKey, privateKey } = await generateRsa('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ format: 'pem', type: 'spki' }).toString());
  // Positive (leading 01), 128 bits of randomness: unique without a counter shared between copies.
  cert.serialNumber = `01${randomBytes(16).toString('hex')}`;
  const notBefore = new Date(Math.floor(options.now.getTime() / 1000) * 1000);
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = new Date(notBefore.getTime() + options.minutes * 60_000);
  // UTF8String (forge encodes the text), so names with accents read right.
  const utf8 = (value: string) => ({ value, valueTagClass: forge.asn1.Type.UTF8 });
  cert.setSubject([
    { name: 'commonName', ...utf8(receiver.name) },
    { name: 'serialNumber', value: subjectSerialOf(receiver.documentNumber) },
    { name: 'organizationName', ...utf8(`${options.organization} (one-time certificate)`) },
    { name: 'countryName', value: 'ES' },
  ] as forge.pki.CertificateField[]);
  cert.setIssuer(ca.certificate.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.certificate.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(ca.privateKey, forge.md.sha256.create());
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  const leaf = new X509Certificate(der);
  return {
    leaf,
    chain: [leaf, new X509Certificate(ca.der)],
    privateKey,
    serial: leaf.serialNumber.toUpperCase(),
    sha256: createHash('sha256').update(der).digest('hex'),
    subject: leaf.subject.split('\n').join(', '),
    notBefore,
    notAfter: cert.validity.notAfter,
  };
}
