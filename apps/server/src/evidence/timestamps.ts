import { randomBytes } from 'node:crypto';
import path from 'node:path';
import forge from 'node-forge';
import type { TConfig } from '../config.ts';
import { algorithm, der, integer, OID, octets, oid, sequence, signCms, type TStamp } from './cms-signature.ts';
import { certificate, forgeKeys, readDemo, readOrCreateSecret } from './seal.ts';
import { createRemoteTsa } from './timestamp-authority.ts';

const { asn1 } = forge;
const { Class, Type } = asn1;

const DEMO_TSA = 'demo-tsa.json';
/** The demo TSA's policy: an OID under 2.25 (a UUID), which anyone may use without registering it. */
const DEMO_POLICY = '2.25.198146862301374127436120385468297513802';

type TLogger = { warn: (message: string) => void };

/** A self-signed time-stamping certificate (key purpose timeStamping only, critical) and its key, as a PKCS#12. */
export function createDemoTsaP12(providerName: string, password: string): Buffer {
  const keys = forgeKeys();
  const cert = certificate(`${providerName} demo TSA`, keys, null, 'timeStamping');
  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], password, { algorithm: '3des', friendlyName: 'tsa' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/** A time-stamping authority in the process itself, for a demo: its tokens verify, but nobody trusts its certificate. */
async function createDemoTsa(config: TConfig): Promise<TStamp> {
  const file = path.join(config.dataDir, 'secrets', DEMO_TSA);
  const tsa = readDemo(
    await readOrCreateSecret(file, (password) => ({ p12: createDemoTsaP12(config.PROVIDER_NAME, password) })),
  );
  const signer = { leaf: tsa.leaf.raw, chain: [tsa.leaf.raw], privateKey: tsa.privateKey };
  return async (digest) => {
    const info = sequence([
      integer(1),
      oid(DEMO_POLICY),
      sequence([algorithm(OID.sha256, true), octets(digest)]),
      asn1.create(Class.UNIVERSAL, Type.INTEGER, false, `\u0001${randomBytes(15).toString('binary')}`),
      asn1.create(Class.UNIVERSAL, Type.GENERALIZEDTIME, false, asn1.dateToGeneralizedTime(new Date())),
    ]);
    return signCms({ content: der(info), encapsulate: OID.tstInfo, signer });
  };
}

/**
 * The time-stamping authority of TSA_URL, or the demo TSA made once in DATA_DIR/secrets (with a warning).
 * The demo one is loaded at most once per process.
 */
export function createTimestamper(config: TConfig, logger: TLogger): TStamp {
  if (config.TSA_URL) {
    return createRemoteTsa({
      url: config.TSA_URL,
      username: config.TSA_USERNAME,
      password: config.TSA_PASSWORD,
      timeoutMs: config.TSA_TIMEOUT_MS,
    });
  }
  logger.warn(
    `TSA_URL is not set: certificates are time-stamped by a demo TSA (${path.join(config.dataDir, 'secrets', DEMO_TSA)}) ` +
      'that nobody trusts. Set TSA_URL to a qualified time-stamping authority.',
  );
  let loading: Promise<TStamp> | null = null;
  return async (digest) => {
    loading ??= createDemoTsa(config);
    loading.catch(() => {
      loading = null;
    });
    return (await loading)(digest);
  };
}
