import { randomBytes } from 'node:crypto';
import path from 'node:path';
import forge from 'node-forge';
import type { TConfig } from '../config.ts';
import { algorithm, der, integer, OID, octets, oid, sequence, signCms, type TStamp } from './cms-signature.ts';
import { certificate, forgeKeys, readDemo, readOrCreateSecret } from './seal.ts';
import { createRemoteTsa } from './timestamp-authority.ts';
import { buildDemoCrl, collectTimestampValidationData, type TValidationData } from './validation-data.ts';

const { asn1 } = forge;
const { Class, Type } = asn1;

const DEMO_TSA = 'demo-tsa.json';
/** The demo TSA's policy: an OID under 2.25 (a UUID), which anyone may use without registering it. */
const DEMO_POLICY = '2.25.198146862301374127436120385468297513802';

const HOUR = 3_600_000;

type TLogger = { warn: (message: string) => void };

/**
 * A TSA: stamps a digest and answers what a validator needs to check its tokens later (its chain and the CRLs of the
 * chain's issuers, or their OCSP answers), for the DSS of a PAdES B-LT/B-LTA file. Without `validationData`, the token's own certificates
 * and their OCSP answers or the CRLs at their distribution points.
 */
export type TTimestamper = TStamp & { validationData?: (token: Buffer, now: Date) => Promise<TValidationData> };

/** A demo TSA CA and a time-stamping certificate it issued (key purpose timeStamping only, critical), as a PKCS#12. */
export function createDemoTsaP12(providerName: string, password: string): { p12: Buffer; caKey: string } {
  const caKeys = forgeKeys();
  const ca = certificate(`${providerName} demo TSA CA`, caKeys, null);
  const keys = forgeKeys();
  const cert = certificate(`${providerName} demo TSA`, keys, { certificate: ca, keys: caKeys }, 'timeStamping');
  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert, ca], password, {
    algorithm: '3des',
    friendlyName: 'tsa',
  });
  return {
    p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'),
    caKey: forge.pki.privateKeyToPem(caKeys.privateKey),
  };
}

type TDemoTsa = { stamp: TStamp; validationData: (now: Date) => TValidationData };

/**
 * A time-stamping authority in the process itself, for a demo: its tokens verify, but nobody trusts its certificate.
 * Its CA's CRL is made here like the demo seal CA's (a demo TSA made before it had a CA is self-signed: no CRL).
 */
async function createDemoTsa(config: TConfig): Promise<TDemoTsa> {
  const file = path.join(config.dataDir, 'secrets', DEMO_TSA);
  const tsa = readDemo(await readOrCreateSecret(file, (password) => createDemoTsaP12(config.PROVIDER_NAME, password)));
  const chain = tsa.chain.map((certificate) => certificate.raw);
  const signer = { leaf: tsa.leaf.raw, chain, privateKey: tsa.privateKey };
  let crl: { bytes: Buffer; until: number } | null = null;
  const validationData = (now: Date): TValidationData => {
    if (!tsa.demoCaKey) return { certificates: chain, crls: [], ocsps: [] };
    if (!crl || crl.until <= now.getTime()) {
      crl = { bytes: buildDemoCrl(chain.at(-1)!, tsa.demoCaKey, now), until: now.getTime() + HOUR };
    }
    return { certificates: chain, crls: [crl.bytes], ocsps: [] };
  };
  const stamp: TStamp = async (digest) => {
    const info = sequence([
      integer(1),
      oid(DEMO_POLICY),
      sequence([algorithm(OID.sha256, true), octets(digest)]),
      asn1.create(Class.UNIVERSAL, Type.INTEGER, false, `\u0001${randomBytes(15).toString('binary')}`),
      asn1.create(Class.UNIVERSAL, Type.GENERALIZEDTIME, false, asn1.dateToGeneralizedTime(new Date())),
    ]);
    return signCms({ content: der(info), encapsulate: OID.tstInfo, signer });
  };
  return { stamp, validationData };
}

/**
 * The time-stamping authority of TSA_URL, or the demo TSA made once in DATA_DIR/secrets (with a warning).
 * The demo one is loaded at most once per process.
 */
export function createTimestamper(config: TConfig, logger: TLogger): TTimestamper {
  if (config.TSA_URL) {
    const remote = createRemoteTsa({
      url: config.TSA_URL,
      username: config.TSA_USERNAME,
      password: config.TSA_PASSWORD,
      timeoutMs: config.TSA_TIMEOUT_MS,
    });
    return Object.assign(remote, { validationData: collectTimestampValidationData });
  }
  logger.warn(
    `TSA_URL is not set: certificates are time-stamped by a demo TSA (${path.join(config.dataDir, 'secrets', DEMO_TSA)}) ` +
      'that nobody trusts. Set TSA_URL to a qualified time-stamping authority.',
  );
  let loading: Promise<TDemoTsa> | null = null;
  const load = () => {
    loading ??= createDemoTsa(config);
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  const stamp: TStamp = async (digest) => (await load()).stamp(digest);
  return Object.assign(stamp, {
    validationData: async (_token: Buffer, now: Date) => (await load()).validationData(now),
  });
}
