import { z } from 'zod';
import { API_KEY_SCOPES } from '../api-key-scopes.ts';
import { ZId, ZIdField, ZTimestamp } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ADMIN } from './administration-common.ts';

export const ZApiKeyScope = z.enum(API_KEY_SCOPES);

export const ZApiKey = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  scopes: z.array(ZApiKeyScope),
  /** The first characters of the secret, to tell keys apart; the secret itself is shown once. */
  prefix: z.string(),
  createdBy: z.string(),
  createdAt: ZTimestamp,
  lastUsedAt: ZTimestamp.nullable(),
  revokedAt: ZTimestamp.nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** A new or rotated key with its secret: the only answer that ever carries it. */
export const ZApiKeyWithSecret = ZApiKey.extend({ secret: z.string() });

export const ZApiKeyNew = z.object({
  companyId: ZIdField,
  name: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(100, 'ERR_FIELD_TOO_LONG'),
  scopes: z
    .array(ZApiKeyScope)
    .min(1, 'ERR_FIELD_REQUIRED')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'ERR_FIELD_INVALID'),
});
export type TApiKeyNew = z.infer<typeof ZApiKeyNew>;

const ZKeyId = z.object({ id: ZIdField });

/** A company's API keys (issue 33), for its administrators. */
export const apiKeysApi = {
  list: defineEndpoint({
    id: 'integration.apiKeysList',
    method: 'GET',
    path: 'integration/apiKeys',
    summary: "A company's API keys",
    permission: ADMIN,
    query: z.object({ companyId: ZId }),
    response: z.array(ZApiKey),
    beyondSpec: true,
  }),
  create: defineEndpoint({
    id: 'integration.apiKeysNew',
    method: 'POST',
    path: 'integration/apiKeys/new',
    summary: 'Create an API key for a company; the answer carries its secret, shown once',
    permission: ADMIN,
    body: ZApiKeyNew,
    response: ZApiKeyWithSecret,
    beyondSpec: true,
  }),
  rotate: defineEndpoint({
    id: 'integration.apiKeysRotate',
    method: 'POST',
    path: 'integration/apiKeys/rotate',
    summary: 'Give an API key a new secret (the old one stops working); the caller becomes its creator',
    permission: ADMIN,
    body: ZKeyId,
    response: ZApiKeyWithSecret,
    beyondSpec: true,
  }),
  revoke: defineEndpoint({
    id: 'integration.apiKeysRevoke',
    method: 'POST',
    path: 'integration/apiKeys/revoke',
    summary: 'Revoke an API key for good',
    permission: ADMIN,
    body: ZKeyId,
    response: ZApiKey,
    beyondSpec: true,
  }),
} as const;
