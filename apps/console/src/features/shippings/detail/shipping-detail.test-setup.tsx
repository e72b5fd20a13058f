import { shippingsActionsApi } from '@sello/contracts/catalogue/shippings-actions';
import { shippingsDetailApi, type TShippingDetail } from '@sello/contracts/catalogue/shippings-detail';
import type { TEndpoint } from '@sello/contracts/endpoint';
import { PATHS } from '@sello/contracts/routes';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { alerts, dismissAlert } from '../../../alerts/alert-store.ts';
import { ApiCallError, callEndpoint, type TCallInput } from '../../../api/http-client.ts';
import { session } from '../../../session/session-store.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { makeSessionUser } from '../../../test/session-user.ts';
import { makeShippingRow } from '../../../test/shipping-row.ts';
import { initTestI18n } from '../../../test/test-i18n.ts';
import ShippingDetailPage from './shipping-detail-page.tsx';

export const HASH = 'a'.repeat(64);

export const DETAIL: TShippingDetail = {
  ...makeShippingRow(41, {
    reference: 'EXP-2026-41',
    subject: 'Deed of sale',
    state: 'pending_auth',
    updatedAt: '2026-03-01T10:05:00.000Z',
  }),
  body: 'Please read and accept the deed.',
  templateId: null,
  situationCode: null,
  situationReason: null,
  identificationSubstate: null,
  customFields: { fileNumber: 'F-778' },
  metaProperties: {},
  formValues: [],
  multiSignerOrder: 0,
  pinSignatureText: null,
  font: null,
  custodyDays: null,
  requiresAuth: true,
  authRound: 1,
  authDeadlineAt: '2026-03-08T10:00:00.000Z',
  responseDeadlineAt: null,
  custodyUntil: null,
  receivers: [
    {
      position: 1,
      receiverType: 1,
      name: 'Ana Gil',
      documentType: 'NIF',
      documentNumber: '12345678Z',
      email: 'ana@example.com',
      cc: null,
      mobile: null,
      language: 'es-es',
      postal: null,
      status: 'pending',
      statusAt: null,
    },
    {
      position: 2,
      receiverType: 1,
      name: 'Luis Mora',
      documentType: null,
      documentNumber: null,
      email: 'luis@example.com',
      cc: null,
      mobile: '+34600111222',
      language: null,
      postal: null,
      status: 'opened',
      statusAt: '2026-03-02T09:00:00.000Z',
    },
  ],
  documents: [
    {
      fileRequest: 501,
      name: 'deed.pdf',
      kind: 'original',
      category: 'UNSPECIFIED',
      mimeType: 'application/pdf',
      sizeBytes: 2048,
      sha256: HASH,
      createdAt: '2026-03-01T10:00:00.000Z',
    },
    {
      fileRequest: 502,
      name: 'evidence.pdf',
      kind: 'certificate',
      category: 'UNSPECIFIED',
      mimeType: 'application/pdf',
      sizeBytes: 3 * 1024 * 1024,
      sha256: HASH,
      createdAt: '2026-03-01T10:00:00.000Z',
    },
  ],
  events: [
    {
      seq: 1,
      at: '2026-03-01T10:00:00.000Z',
      actor: 'Javier Ruiz',
      actorUserId: 5,
      action: 'create',
      fromState: null,
      fromResult: null,
      toState: 'pending_auth',
      toResult: null,
      deleted: false,
      reason: null,
      prevHash: '',
      hash: HASH,
    },
    {
      seq: 2,
      at: '2026-03-01T10:05:00.000Z',
      actor: 'system',
      actorUserId: null,
      action: 'authExpire',
      fromState: 'pending_auth',
      fromResult: null,
      toState: 'auths_expired',
      toResult: 'not_send',
      deleted: false,
      reason: 'No answer in time',
      prevHash: HASH,
      hash: HASH,
    },
  ],
  authorisations: [
    {
      id: 9,
      round: 1,
      authoriserKind: 'user',
      authoriserId: 8,
      authoriserName: 'Marta Manager',
      decision: 'pending',
      decidedById: null,
      decidedBy: null,
      decidedAt: null,
      comment: null,
      deadlineAt: '2026-03-08T10:00:00.000Z',
    },
  ],
  allowedActions: ['authorize', 'deny', 'delete'],
  canResendAccess: false,
  handOver: [],
};

export const mockedCall = vi.mocked(callEndpoint);

/**
 * Registers the page's set-up: i18n, a signed-in user and the mocked API answering with the test file's current detail.
 * The test file mocks `api/http-client.ts` and `lib/browser.ts` itself (vi.mock is hoisted per file).
 */
export function setUpShippingDetailPage(current: () => TShippingDetail, reset: () => void): void {
  beforeAll(async () => {
    await initTestI18n('en-en');
  });

  beforeEach(() => {
    reset();
    mockedCall.mockReset();
    mockedCall.mockImplementation((async (endpoint: TEndpoint, input?: TCallInput<TEndpoint>) => {
      if (endpoint === shippingsDetailApi.detail) {
        const requestId = (input?.query as { requestId: number } | undefined)?.requestId;
        if (requestId !== current().requestId) throw new ApiCallError('404 - Not Found', 404, { key: 'ERR_NOT_FOUND' });
        return current();
      }
      if (endpoint === shippingsActionsApi.authorize) return { succeeded: [current().requestId], failed: [] };
      if (endpoint === shippingsActionsApi.deny || endpoint === shippingsActionsApi.cancel) return { ok: true };
      if (endpoint === shippingsActionsApi.sendAccessCommunication) return { receivers: 2 };
      throw new Error(`unexpected call ${endpoint.id}`);
    }) as typeof callEndpoint);
    session.start(makeSessionUser({ permissions: { shippingList: true, newSend: true, editMode: true } }));
  });

  afterEach(() => {
    for (const alert of alerts.get()) dismissAlert(alert.id);
  });
}

export function renderDetail(id: number | string = DETAIL.requestId) {
  return renderRoutes(
    [
      { path: PATHS.shippingDetail, element: <ShippingDetailPage /> },
      { path: PATHS.shippingCopy, element: <div data-testid="copy-route" /> },
    ],
    `/shippings/detail/${id}`,
  );
}
