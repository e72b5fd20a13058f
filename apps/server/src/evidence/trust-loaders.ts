import type { TConfig } from '../config.ts';
import { createSigningCaLoader, type TSigningCa } from './one-time-certificate.ts';
import { createSealLoader, type TSeal } from './seal.ts';
import { createTimestamper, type TTimestamper } from './timestamps.ts';

/** The provider's signing CA, seal and TSA: each loaded once, and made once with a warning when it is the demo one. */
export type TTrustLoaders = {
  loadCa: () => Promise<TSigningCa>;
  loadSeal: () => Promise<TSeal>;
  stamp: TTimestamper;
};

/** One set per app: the certificate worker and the recipients' cloud signatures share it. */
export function createTrustLoaders(config: TConfig, logger: { warn: (message: string) => void }): TTrustLoaders {
  return {
    loadCa: createSigningCaLoader(config, logger),
    loadSeal: createSealLoader(config, logger),
    stamp: createTimestamper(config, logger),
  };
}
