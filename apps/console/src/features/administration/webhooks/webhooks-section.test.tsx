import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { alerts, dismissAlert } from '../../../alerts/alert-store.ts';
import { resetHostCache } from '../../../lib/api-host.ts';
import { session } from '../../../session/session-store.ts';
import { makeSessionUser } from '../../../test/session-user.ts';
import { initTestI18n } from '../../../test/test-i18n.ts';
import { WebhooksSection } from './webhooks-section.tsx';

const BASE = '/rest/services/integration/webhooks';
const SECRET = `whsec_${'A'.repeat(43)}=`;
const ENDPOINT = {
  id: 7,
  companyId: 3,
  url: 'https://erp.example.com/hooks',
  events: ['shipping.sent', 'shipping.closed'],
  enabled: true,
  createdAt: '2026-12-01T10:00:00.000Z',
};
const DELIVERY = {
  id: 41,
  eventId: 'msg_0a1b2c',
  eventType: 'shipping.sent',
  attempt: 2,
  manual: false,
  succeeded: false,
  responseStatus: 503,
  latencyMs: 87,
  responseExcerpt: 'maintenance window',
  attemptedAt: '2026-12-01T11:00:00.000Z',
};

let fetchMock: Mock<(input: string, init?: RequestInit) => Promise<Response>>;
let answers: Record<string, () => Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  await initTestI18n('en-en');
});

beforeEach(() => {
  resetHostCache();
  session.start(makeSessionUser({ permissions: { administration: true }, roles: ['cust_ctr_admin'] }));
  answers = {
    [`GET ${BASE}?companyId=3`]: () => json(200, [ENDPOINT]),
    [`GET ${BASE}/deliveries?endpointId=7`]: () => json(200, [DELIVERY]),
    [`POST ${BASE}/new`]: () => json(200, { ...ENDPOINT, id: 8, secret: SECRET }),
    [`POST ${BASE}/sendAgain`]: () => json(200, { ok: true }),
    [`POST ${BASE}/setEnabled`]: () => json(200, { ...ENDPOINT, enabled: false }),
  };
  fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    if (input.includes('UtilityServlet')) return json(200, { host: '' });
    const answer = answers[`${init?.method ?? 'GET'} ${input}`];
    return answer ? answer() : json(404, { key: 'ERR_NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const alert of alerts.get()) dismissAlert(alert.id);
});

function renderSection() {
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient()}>
        <WebhooksSection companyId={3} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

const posted = (path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => input === `${BASE}/${path}` && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('webhooks of a company', () => {
  it('lists the endpoints with their events and status', async () => {
    renderSection();
    const section = await screen.findByTestId('webhooks');
    await within(section).findByText(ENDPOINT.url);
    expect(within(section).getByText('Shipping sent')).toBeTruthy();
    expect(within(section).getByText('Closed')).toBeTruthy();
    expect(within(section).getByText('Enabled')).toBeTruthy();
  });

  it('creates an endpoint with its URL and events and shows the signing secret once', async () => {
    renderSection();
    fireEvent.click(await screen.findByTestId('webhook-new'));
    fireEvent.change(await screen.findByTestId('webhook-url'), { target: { value: 'https://erp.example.com/new' } });
    fireEvent.click(screen.getByLabelText('Import finished'));
    fireEvent.click(screen.getByTestId('webhook-save'));
    expect((await screen.findByTestId('webhook-secret')).textContent).toContain(SECRET);
    const [body] = posted('new');
    expect(body).toMatchObject({ companyId: 3, url: 'https://erp.example.com/new' });
    expect(body.events).toContain('shipping.certificate_ready');
    expect(body.events).not.toContain('import.finished');
  });

  it('shows the server’s refusal of a private address next to the URL', async () => {
    answers[`POST ${BASE}/new`] = () =>
      json(400, { key: 'ERR_VALIDATION', fields: { url: 'ERR_WEBHOOK_URL_REFUSED' } });
    renderSection();
    fireEvent.click(await screen.findByTestId('webhook-new'));
    fireEvent.change(await screen.findByTestId('webhook-url'), { target: { value: 'https://10.0.0.8/hook' } });
    fireEvent.click(screen.getByTestId('webhook-save'));
    await waitFor(() =>
      expect(document.getElementById('webhook_url_help')?.textContent).toContain('an https URL of a public host'),
    );
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('shows the delivery log and sends one delivery again', async () => {
    renderSection();
    fireEvent.click(await screen.findByTestId('webhook-log-7'));
    const log = await screen.findByTestId('webhook-deliveries');
    await within(log).findByText('maintenance window');
    expect(within(log).getByText('503')).toBeTruthy();
    expect(within(log).getByText('87 ms')).toBeTruthy();
    fireEvent.click(within(log).getByTestId('webhook-send-again-41'));
    await waitFor(() => expect(posted('sendAgain')).toEqual([{ deliveryId: 41 }]));
  });

  it('disables an endpoint', async () => {
    renderSection();
    fireEvent.click(await screen.findByTestId('webhook-toggle-7'));
    await waitFor(() => expect(posted('setEnabled')).toEqual([{ id: 7, enabled: false }]));
  });
});
