import type { TLocalisedText } from '@sello/contracts/reference/localised-text';
import { inLanguage } from '@sello/contracts/reference/status-labels';

const BIOMETRIC_HASH: TLocalisedText = {
  'es-es': 'hash SHA-256 de los datos biométricos',
  'en-en': 'SHA-256 hash of the biometric data',
  'pt-pt': 'hash SHA-256 dos dados biométricos',
};

/** How the certificate and the stamp name the hash of a handwritten signature's biometric data. */
export function biometricHashLabel(language: string): string {
  return inLanguage(BIOMETRIC_HASH, language);
}
