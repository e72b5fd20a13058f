import { ZApiError } from '@sello/contracts/api-error';
import { API_KEY_SCOPES, IDEMPOTENT_CALLS, isApiKeyCall } from '@sello/contracts/api-key-scopes';
import { CATALOGUE } from '@sello/contracts/catalogue';
import { HEADERS } from '@sello/contracts/constants';
import type { TEndpoint } from '@sello/contracts/endpoint';
import type { ErrorKey, TApiError } from '@sello/contracts/error-keys';
import { z } from 'zod';

type TExample = { summary: string; value: TApiError };
type TResponse = { description: string; content?: Record<string, Record<string, unknown>> };
type TOperation = {
  operationId?: string;
  parameters?: Record<string, unknown>[];
  requestBody?: { content?: Record<string, Record<string, unknown>> };
  responses?: Record<string, TResponse>;
};
export type TOpenApiDocument = {
  paths?: Record<string, Record<string, TOperation>>;
  components?: Record<string, Record<string, unknown>>;
};

const API_ERROR_REF = { $ref: '#/components/schemas/ApiError' };

/**
 * Calls beyond the idempotent ones whose service answers 409 when the record is not in a state that allows it, with
 * the key they answer. Kept by hand next to the services that raise them.
 */
const CONFLICT_CALLS = new Map<string, [ErrorKey, string]>([
  [
    'shippings.authorize',
    ['ERR_NOT_AUTHORISER', 'The caller is not an authoriser of this shipping, or decided already'],
  ],
  ['shippings.deny', ['ERR_NOT_AUTHORISER', 'The caller is not an authoriser of this shipping, or decided already']],
  ['shippings.cancel', ['ERR_TRANSITION_NOT_ALLOWED', 'The shipping is not in a state that allows this']],
  ['shippings.delete', ['ERR_TRANSITION_NOT_ALLOWED', 'The shipping is not in a state that allows this']],
  ['shippings.recover', ['ERR_TRANSITION_NOT_ALLOWED', 'The shipping is not in a state that allows this']],
  ['shippings.retry', ['ERR_TRANSITION_NOT_ALLOWED', 'The shipping is not in a state that allows this']],
  ['shippings.sendAccessCommunication', ['ERR_RESEND_NOT_AVAILABLE', 'This shipping cannot send its access again']],
  ['shippings.handOver', ['ERR_HANDOVER_NOT_AVAILABLE', 'The shipping is not on screen, or no longer live']],
  ['shippings.signatures', ['ERR_NO_SIGNATURES', 'The shipping’s type collects no signatures']],
  ['shippings.urlVideoDownload', ['ERR_NO_VIDEO', 'The shipping has no video']],
  ['shippings.downloadAuthFile', ['ERR_NOT_PENDING_AUTH', 'The shipping no longer waits for authorisation']],
  [
    'shippings.downloadPtRequest',
    ['ERR_NO_EVIDENCE', 'The certificate is not ready yet (the shipping has not closed)'],
  ],
  ['shippings.downloadFiles', ['ERR_DOWNLOAD_NOT_AVAILABLE', 'None of the chosen documents exist for these shippings']],
  ['integration.apiKeysRotate', ['ERR_API_KEY_INVALID', 'The key was revoked']],
]);

/** Field names that address one record: a call taking one may answer 404 when it is not there or not the caller's. */
const RECORD_FIELD = /^(id|\w+Id|listOfRequests|ids)$/;

const fieldsOf = (schema: z.ZodType | undefined): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape as Record<string, unknown>) : [];

function inputFields(endpoint: TEndpoint): string[] {
  return [...fieldsOf(endpoint.params), ...fieldsOf(endpoint.query), ...fieldsOf(endpoint.body)];
}

const keyCallable = (endpoint: TEndpoint) => isApiKeyCall(API_KEY_SCOPES, endpoint.id);

const example = (summary: string, value: TApiError): [string, TExample] => [value.key, { summary, value }];

/** The error answers a call may give, each with the example bodies a caller would see. */
function errorAnswersOf(endpoint: TEndpoint, rateLimited: boolean): Record<string, TExample[]> {
  const answers: Record<string, TExample[]> = {};
  const add = (status: number, ...examples: [string, TExample][]) => {
    answers[status] = [...(answers[status] ?? []), ...examples.map(([, value]) => value)];
  };
  const fields = inputFields(endpoint);
  const idempotent = IDEMPOTENT_CALLS.includes(endpoint.id);
  if (fields.length > 0 || endpoint.body || endpoint.query) {
    add(
      400,
      example('A field is missing or invalid', {
        key: 'ERR_VALIDATION',
        fields: { [fields[0] ?? '_']: 'ERR_FIELD_REQUIRED' },
      }),
    );
  }
  if (idempotent) {
    add(
      400,
      example('The Idempotency-Key header is not 1 to 200 visible ASCII characters', {
        key: 'ERR_IDEMPOTENCY_KEY_INVALID',
      }),
    );
  }
  if (endpoint.permission !== 'public') {
    add(401, example('No session, or it expired', { key: 'ERR_TKN_INVALID' }));
    if (keyCallable(endpoint))
      add(401, example('The API key is unknown, revoked or rotated', { key: 'ERR_API_KEY_INVALID' }));
    add(403, example('The caller lacks the permission or the record is outside its reach', { key: 'ERR_FORBIDDEN' }));
    add(403, example('An API key called outside its scopes (every console-only call)', { key: 'ERR_API_KEY_CALL' }));
    if (endpoint.method !== 'GET') {
      add(403, example('A session call without the XSRF double submit', { key: 'ERR_XSRF_INVALID' }));
    }
  }
  if (endpoint.params || fields.some((field) => RECORD_FIELD.test(field))) {
    add(404, example('No such record for this caller', { key: 'ERR_NOT_FOUND' }));
  }
  if (idempotent) {
    add(409, example('The Idempotency-Key was used with another request', { key: 'ERR_IDEMPOTENCY_KEY_REUSED' }));
    add(
      409,
      example('The first request under this Idempotency-Key is still running', {
        key: 'ERR_IDEMPOTENCY_KEY_IN_FLIGHT',
      }),
    );
  }
  const conflict = CONFLICT_CALLS.get(endpoint.id);
  if (conflict) add(409, example(conflict[1], { key: conflict[0] }));
  if (rateLimited || keyCallable(endpoint)) {
    add(
      429,
      example('Too many calls in the last minute', { key: 'ERR_TOO_MANY_REQUESTS', params: { retryAfterSeconds: 12 } }),
    );
  }
  return answers;
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'The input is invalid: `fields` names each wrong field with its error key',
  401: 'Not signed in: no valid session token or API key',
  403: 'Refused for this caller',
  404: 'Not found, or not within the caller’s reach',
  409: 'Conflicts with the state of the record or with an earlier request',
  429: 'Rate limit reached: wait `params.retryAfterSeconds` (when given) and try again',
};

function toResponse(status: number, examples: TExample[]): TResponse {
  const named = Object.fromEntries(examples.map((entry) => [entry.value.key, entry]));
  return {
    description: DESCRIPTIONS[status] ?? 'Error',
    content: { 'application/json': { schema: API_ERROR_REF, examples: named } },
  };
}

/** The 200 answer of a call that answers a file or text, which has no JSON schema of its own. */
function successOf(endpoint: TEndpoint): TResponse | null {
  if (endpoint.responseKind === 'file') {
    return {
      description: 'The file, with its name in Content-Disposition',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  if (endpoint.responseKind === 'text') {
    return { description: 'The answer as text', content: { 'text/plain': { schema: { type: 'string' } } } };
  }
  return null;
}

const IDEMPOTENCY_HEADER = {
  in: 'header',
  name: HEADERS.idempotencyKey,
  required: false,
  description:
    'Any 1 to 200 visible ASCII characters (an order number). The same key and request within 24 hours answer the first answer and create nothing; the same key with another request answers 409.',
  schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' },
  example: 'order-1001',
};

/** The body the guide's first call sends: one PDF to one receiver by certified e-mail. */
export const SEND_REQUEST_EXAMPLE = {
  companyId: 12,
  typeId: 3,
  channel: 'email',
  reference: 'ORDER-1001',
  subject: 'Your contract',
  receivers: [{ name: 'Lucía Fernández', email: 'lucia@example.es', documentType: 'DNI', documentNumber: '12345678Z' }],
  documents: [{ name: 'contract.pdf', content: 'data:application/pdf;base64,JVBERi0xLjQK' }],
};

const REQUEST_EXAMPLES: Record<string, unknown> = { 'shippings.sendRequest': SEND_REQUEST_EXAMPLE };

/**
 * Completes the generated OpenAPI document for integrators: the error body (`ApiError`, from the contracts) and each
 * call's error answers with examples, the file answers, the Idempotency-Key header, and request examples.
 * `rateLimited` holds the calls with a per-route limit of their own (sign-in, feedback); every call a key may make
 * counts against the key's limit too.
 */
export function describeAnswers(document: TOpenApiDocument, rateLimited: ReadonlySet<string>): TOpenApiDocument {
  const byId = new Map(CATALOGUE.map((endpoint) => [endpoint.id, endpoint as TEndpoint]));
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ApiError: z.toJSONSchema(ZApiError, { target: 'openapi-3.0' }) },
  };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const endpoint = operation.operationId === undefined ? undefined : byId.get(operation.operationId);
      if (!endpoint) continue;
      const responses = { ...operation.responses };
      const success = successOf(endpoint);
      if (success) responses[200] = success;
      for (const [status, examples] of Object.entries(errorAnswersOf(endpoint, rateLimited.has(endpoint.id)))) {
        responses[status] = toResponse(Number(status), examples);
      }
      operation.responses = responses;
      if (IDEMPOTENT_CALLS.includes(endpoint.id))
        operation.parameters = [...(operation.parameters ?? []), IDEMPOTENCY_HEADER];
      const requestExample = REQUEST_EXAMPLES[endpoint.id];
      const json = operation.requestBody?.content?.['application/json'];
      if (requestExample !== undefined && json) json.example = requestExample;
    }
  }
  return document;
}
