import type { PermissionFlag } from './permissions.ts';

/** What an API key may be given: send shippings; read shippings and their evidence; manage imports. */
export const API_KEY_SCOPES = ['send', 'read', 'imports'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * The calls an API key may make, by scope (endpoint ids of the catalogue). Every other call, the console-only and
 * the administration ones included, refuses a key: the list is the only way in (default deny).
 */
export const API_KEY_CALLS: Record<ApiKeyScope, readonly string[]> = {
  send: ['shippings.sendRequest', 'shippings.listTypes'],
  read: [
    'shippings.list',
    'shippings.listTypes',
    'shippings.detail',
    'shippings.signatures',
    'shippings.readOriginalFile',
    'shippings.downloadFile',
    'shippings.downloadPtRequest',
    'shippings.downloadFiles',
    'shippings.numberDownloadFiles',
    'evidence.verify',
    'evidence.downloadAvailability',
  ],
  imports: [
    'imports.import',
    'imports.saveFromFile',
    'imports.importWithTemplate',
    'imports.saveWithTemplate',
    'imports.list',
    'imports.listReduced',
    'imports.detail',
    'imports.report',
    'imports.downloadFile',
    'imports.downloadImportErrors',
    'imports.refreshTable',
    'imports.retryErrors',
    'imports.retryWithFile',
    'imports.retryRows',
  ],
};

/**
 * The permission flags a scope lends a key, at most: a key holds the flags of its scopes that its creator holds too,
 * so it never does what its creator may not.
 */
export const API_KEY_SCOPE_FLAGS: Record<ApiKeyScope, readonly PermissionFlag[]> = {
  send: ['newSend', 'editMode'],
  read: ['shippingList'],
  imports: ['shpImport', 'shpImportTemplate', 'editMode'],
};

/** Whether a key of `scopes` may make the call `endpointId`. */
export function isApiKeyCall(scopes: readonly ApiKeyScope[], endpointId: string): boolean {
  return scopes.some((scope) => API_KEY_CALLS[scope].includes(endpointId));
}

/**
 * The calls that take an `Idempotency-Key` header (docs/decisions/integration.md): the creating calls a company's own
 * system repeats after a timeout. The server's wrapper refuses any other call, so the API document stays true.
 */
export const IDEMPOTENT_CALLS: readonly string[] = [
  'shippings.sendRequest',
  'imports.import',
  'imports.saveFromFile',
  'imports.importWithTemplate',
  'imports.saveWithTemplate',
];
