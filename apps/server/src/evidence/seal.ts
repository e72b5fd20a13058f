import { createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { certificateCheckApi } from '@sello/contracts/catalogue/certificate-check';
import { API_PREFIX } from '@sello/contracts/endpoint';
import forge from 'node-forge';
import { readSigningCertificate, type TCertificateBundle } from '../administration/certificates/certificate-file.ts';
import type { TConfig } from '../config.ts';

/** The provider's seal: what signs every certificate PDF. */
export type TSeal = TCertificateBundle & {
  privateKey: NonNullable<TCertificateBundle['privateKey']>;
  /** The demo CA's key, which signs its revocation list (demo seals made before it was kept have none). */
  demoCaKey?: KeyObject;
};

type TLogger = { warn: (message: string) => void };

/** The demo seal's PKCS#12 and its password, in one file so no copy ever reads half of it. */
const DEMO_SEAL = 'demo-seal.json';
const DAY = 86_400_000;

export function forgeKeys(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } {
  // Node generates the key natively; forge would take seconds in JavaScript.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ format: 'pem', type: 'pkcs1' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
  return { privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e) };
}

type TForgeKeys = ReturnType<typeof forgeKeys>;

/**
 * A self-signed CA certificate when `issuer` is null, otherwise a seal certificate the issuer signs. A time-stamping
 * certificate is self-signed but no CA: its one key purpose is timeStamping, critical (RFC 3161 section 2.3). With
 * `crlUrl`, the certificate names it as its CRL distribution point.
 */
export function certificate(
  subjectName: string,
  keys: TForgeKeys,
  issuer: { certificate: forge.pki.Certificate; keys: TForgeKeys } | null,
  purpose: 'seal' | 'timeStamping' = 'seal',
  crlUrl?: string,
): forge.pki.Certificate {
  const isCa = issuer === null && purpose === 'seal';
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = Date.now();
  cert.validity.notBefore = new Date(now - DAY);
  cert.validity.notAfter = new Date(now + (isCa ? 20 : 10) * 365 * DAY);
  const subject = [
    { name: 'commonName', value: subjectName },
    { name: 'organizationName', value: 'Sello demo (not trusted)' },
    { name: 'countryName', value: 'ES' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.certificate.subject.attributes : subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: isCa, critical: isCa },
    isCa
      ? { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true }
      : { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    ...(purpose === 'timeStamping' ? [{ name: 'extKeyUsage', timeStamping: true, critical: true }] : []),
    { name: 'subjectKeyIdentifier' },
    // uniformResourceIdentifier (GeneralName 6) of the one distribution point.
    ...(crlUrl ? [{ name: 'cRLDistributionPoints', altNames: [{ type: 6, value: crlUrl }] }] : []),
  ]);
  cert.sign((issuer?.keys ?? keys).privateKey, forge.md.sha256.create());
  return cert;
}

/** A demo CA and a seal it issued, as one PKCS#12 (seal key, seal certificate, CA certificate). */
export function createDemoSealP12(providerName: string, password: string, crlUrl?: string): Buffer {
  return createDemoSeal(providerName, password, crlUrl).p12;
}

/** Where this server publishes the demo seal CA's CRL: its call's path at the origin of PUBLIC_URL (else its own). */
export function demoSealCrlUrl(config: Pick<TConfig, 'PUBLIC_URL' | 'PORT'>): string {
  const base = config.PUBLIC_URL ?? `http://localhost:${config.PORT}/`;
  return new URL(`${API_PREFIX}${certificateCheckApi.demoSealCrl.path}`, base).toString();
}

/**
 * The demo seal's PKCS#12 and its CA's key (PEM), which signs the demo CA's revocation list; the seal certificate names
 * `crlUrl` as its CRL distribution point.
 */
function createDemoSeal(providerName: string, password: string, crlUrl?: string): { p12: Buffer; caKey: string } {
  const caKeys = forgeKeys();
  const ca = certificate(`${providerName} demo CA`, caKeys, null);
  const sealKeys = forgeKeys();
  const seal = certificate(`${providerName} demo seal`, sealKeys, { certificate: ca, keys: caKeys }, 'seal', crlUrl);
  const asn1 = forge.pkcs12.toPkcs12Asn1(sealKeys.privateKey, [seal, ca], password, {
    algorithm: '3des',
    friendlyName: 'seal',
  });
  return {
    p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
    caKey: forge.pki.privateKeyToPem(caKeys.privateKey),
  };
}

function readSeal(p12: Buffer, password: string | undefined): TSeal {
  const bundle = readSigningCertificate({
    content: `data:application/x-pkcs12;base64,${p12.toString('base64')}`,
    password,
  });
  if (!bundle.privateKey) throw new Error('the seal PKCS#12 has no private key');
  return bundle as TSeal;
}

async function readOrCreateDemo(config: TConfig, logger: TLogger): Promise<TSeal> {
  const folder = path.join(config.dataDir, 'secrets');
  const file = path.join(folder, DEMO_SEAL);
  logger.warn(
    `SEAL_P12_PATH is not set: certificates are signed with a demo seal (${file}) that nobody trusts. ` +
      'Set SEAL_P12_PATH/SEAL_P12_PASSWORD to the provider seal; several copies of the server must share it.',
  );
  const crlUrl = demoSealCrlUrl(config);
  return readDemo(await readOrCreateSecret(file, (password) => createDemoSeal(config.PROVIDER_NAME, password, crlUrl)));
}

/**
 * The `{ password, p12 }` JSON of a demo secret in `file`, made by `create` the first time (under a new random
 * password). A link never replaces: when another copy made its file first, that one is kept and used.
 */
export async function readOrCreateSecret(
  file: string,
  create: (password: string) => { p12: Buffer; caKey?: string },
): Promise<string> {
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing !== null) return existing;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const password = randomBytes(18).toString('base64url');
  const { p12, caKey } = create(password);
  const content = JSON.stringify({ password, p12: p12.toString('base64'), ...(caKey && { caKey }) });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, content, { mode: 0o600 });
  try {
    await link(temporary, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(temporary, { force: true });
  }
  return readFile(file, 'utf8');
}

export function readDemo(content: string): TSeal {
  const { password, p12, caKey } = JSON.parse(content) as { password: string; p12: string; caKey?: string };
  const seal = readSeal(Buffer.from(p12, 'base64'), password);
  return caKey ? { ...seal, demoCaKey: createPrivateKey(caKey) } : seal;
}

/**
 * The seal from SEAL_P12_PATH/SEAL_P12_PASSWORD, or the demo seal made once in DATA_DIR/secrets.
 * Loaded at most once per process.
 */
export function createSealLoader(config: TConfig, logger: TLogger): () => Promise<TSeal> {
  let loading: Promise<TSeal> | null = null;
  return () => {
    loading ??= (async () =>
      config.SEAL_P12_PATH
        ? readSeal(await readFile(config.SEAL_P12_PATH), config.SEAL_P12_PASSWORD)
        : readOrCreateDemo(config, logger))();
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
}
