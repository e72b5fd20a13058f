import { ZApiError } from '@sello/contracts/api-error';
import { ZSendRequest } from '@sello/contracts/catalogue/shippings-create';
import { describe, expect, it } from 'vitest';
import { describeAnswers, SEND_REQUEST_EXAMPLE, type TOpenApiDocument } from './api-docs-answers.ts';

type TAnswer = { content: { 'application/json': { examples: Record<string, { value: unknown }> } } };

const documentOf = (): TOpenApiDocument => ({
  paths: {
    '/rest/services/shippings/sendrequest': {
      post: { operationId: 'shippings.sendRequest', requestBody: { content: { 'application/json': {} } } },
    },
    '/rest/services/security/login': { post: { operationId: 'security.login' } },
    '/rest/services/shippings/shippingDownloadPtRequest': { post: { operationId: 'shippings.downloadPtRequest' } },
  },
});

describe('the error answers of the OpenAPI document', () => {
  const document = describeAnswers(documentOf(), new Set(['security.login']));
  const operation = (path: string, method = 'post') => document.paths![`/rest/services/${path}`]![method]!;

  it('documents what sendrequest may answer, with examples that are valid error bodies', () => {
    const responses = operation('shippings/sendrequest').responses!;
    expect(Object.keys(responses).sort()).toEqual(['400', '401', '403', '404', '409', '429']);
    for (const answer of Object.values(responses) as unknown as TAnswer[]) {
      for (const example of Object.values(answer.content['application/json'].examples))
        expect(ZApiError.safeParse(example.value).success, JSON.stringify(example.value)).toBe(true);
    }
    const conflicts = (responses[409] as unknown as TAnswer).content['application/json'].examples;
    expect(Object.keys(conflicts)).toEqual(['ERR_IDEMPOTENCY_KEY_REUSED', 'ERR_IDEMPOTENCY_KEY_IN_FLIGHT']);
    expect(operation('shippings/sendrequest').parameters).toEqual([
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
    ]);
  });

  it('gives a public call no 401 or 403, and its own limit a 429', () => {
    expect(Object.keys(operation('security/login').responses!).sort()).toEqual(['400', '429']);
  });

  it('documents a file answer and the 409 of a certificate not ready yet', () => {
    const responses = operation('shippings/shippingDownloadPtRequest').responses!;
    expect(responses[200]?.content).toHaveProperty(['application/octet-stream']);
    expect(Object.keys((responses[409] as unknown as TAnswer).content['application/json'].examples)).toEqual([
      'ERR_NO_EVIDENCE',
    ]);
  });

  it('puts the error body schema from the contracts in the components', () => {
    const schema = document.components!.schemas!.ApiError as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(schema.properties).sort()).toEqual(['fieldParams', 'fields', 'key', 'params']);
    expect(schema.required).toEqual(['key']);
  });

  it('gives sendrequest a request example the contracts accept', () => {
    expect(ZSendRequest.safeParse(SEND_REQUEST_EXAMPLE).success).toBe(true);
    expect(operation('shippings/sendrequest').requestBody?.content?.['application/json']?.example).toEqual(
      SEND_REQUEST_EXAMPLE,
    );
  });
});
