import type { ErrorKey } from '@sello/contracts/error-keys';
import { ApiError } from '../platform/api-error.ts';

/** node-saml refuses with plain messages; each family becomes the key the login page shows. */
const REFUSALS: readonly [RegExp, ErrorKey][] = [
  [/InResponseTo/i, 'ERR_SAML_IN_RESPONSE_TO_INVALID'],
  [/signature|signed data|signed references|transforms|refer to/i, 'ERR_SAML_SIGNATURE_INVALID'],
  [/not yet valid/i, 'ERR_SAML_NOT_YET_VALID'],
  [/expired|valid subject confirmation/i, 'ERR_SAML_EXPIRED'],
  [/audience/i, 'ERR_SAML_AUDIENCE_INVALID'],
  [/issuer/i, 'ERR_SAML_ISSUER_INVALID'],
];

export function samlRefusal(key: ErrorKey): ApiError {
  return new ApiError(401, key);
}

/** The refusal for an error thrown while node-saml checked a response. */
export function toSamlRefusal(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : '';
  const match = REFUSALS.find(([pattern]) => pattern.test(message));
  return samlRefusal(match ? match[1] : 'ERR_SAML_INVALID');
}
