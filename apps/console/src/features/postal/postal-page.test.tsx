import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { alerts, dismissAlert } from '../../alerts/alert-store.ts';
import { resetHostCache } from '../../lib/api-host.ts';
import { session } from '../../session/session-store.ts';
import { renderRoutes } from '../../test/render-routes.tsx';
import { makeSessionUser } from '../../test/session-user.ts';
import { initTestI18n } from '../../test/test-i18n.ts';
import PostalPage from './postal-page.tsx';

vi.mock('../../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const REFERENCE = '3f2b8c1e-0d4a-4e5b-9c6d-7a8b9c0d1e2f';
const LETTER = {
  id: 5,
  reference: REFERENCE,
  status: 'waiting',
  batchId: null,
  shippingId: 31,
  shippingGuid: 'g',
  subject: 'Notice of protest',
  shippingState: 'sent',
  receiverName: 'Lucía Fernández',
  postalCode: '28013',
  city: 'Madrid',
  country: 'ES',
  courierRef: null,
  resultDate: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const BATCH = {
  id: 9,
  status: 'created',
  letterCount: 1,
  fileSha256: 'a'.repeat(64),
  fileSize: 1000,
  createdBy: 'Domain Admin',
  createdAt: '2026-11-20T11:00:00.000Z',
  printedAt: null,
  handedAt: null,
};

let fetchMock: Mock<(input: string, init?: RequestInit) => Promise<Response>>;
let answers: Record<string, () => Response>;

beforeAll(async () => {
  await initTestI18n('en-en');
});

beforeEach(() => {
  resetHostCache();
  session.start(makeSessionUser({ permissions: { administration: true }, roles: ['cust_ctr_admin_dom'] }));
  answers = {};
  fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    if (input.includes('UtilityServlet')) return json(200, { host: '' });
    const key = `${init?.method ?? 'GET'} ${new URL(input, 'http://x').pathname.replace('/rest/services/', '')}`;
    return answers[key]?.() ?? json(200, []);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const alert of alerts.get()) dismissAlert(alert.id);
});

function renderPage(search = '') {
  renderRoutes([{ path: '/administration/postal', element: <PostalPage /> }], `/administration/postal${search}`);
}

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === method && input.includes(`/rest/services/${path}`),
  );

describe('postal page', () => {
  it('tells managers and plain admins that the print room is not theirs, without calling the server', async () => {
    session.start(makeSessionUser({ permissions: { administration: true }, roles: ['cust_ctr_admin'] }));
    renderPage();
    expect(await screen.findByText(/Only super admins and domain admins/)).toBeTruthy();
    expect(calls('GET', 'postal/')).toHaveLength(0);
  });

  it('lists the waiting letters and batches them', async () => {
    answers['GET postal/letters'] = () => json(200, [LETTER]);
    answers['POST postal/batches'] = () => json(200, BATCH);
    renderPage();
    const row = await screen.findByTestId(`postal-letter-${REFERENCE}`);
    expect(row.textContent).toContain('Lucía Fernández');
    expect(row.textContent).toContain('28013 Madrid ES');
    expect(new URL(calls('GET', 'postal/letters')[0]![0], 'http://x').searchParams.get('status')).toBe('waiting');
    fireEvent.click(screen.getByTestId('postal-create-batch'));
    await waitFor(() => expect(alerts.get().map((alert) => alert.key)).toEqual(['POSTAL_BATCH_CREATED']));
    expect(alerts.get()[0]?.params).toEqual({ id: 9, count: 1 });
  });

  it('shows the server refusal to batch when nothing is waiting any more', async () => {
    answers['GET postal/letters'] = () => json(200, [LETTER]);
    answers['POST postal/batches'] = () => json(409, { key: 'ERR_NOTHING_TO_BATCH' });
    renderPage();
    await screen.findByTestId(`postal-letter-${REFERENCE}`);
    fireEvent.click(screen.getByTestId('postal-create-batch'));
    await waitFor(() => expect(alerts.get().map((alert) => alert.key)).toEqual(['ERR_NOTHING_TO_BATCH']));
  });

  it('moves a batch from created to printed', async () => {
    answers['GET postal/batches'] = () => json(200, [BATCH]);
    answers['PUT postal/batches/9/printed'] = () => json(200, { ...BATCH, status: 'printed' });
    renderPage('?tab=batches');
    fireEvent.click(await screen.findByTestId('postal-batch-printed-9'));
    await waitFor(() => expect(calls('PUT', 'postal/batches/9/printed')).toHaveLength(1));
    expect(screen.queryByTestId('postal-batch-handed-9')).toBeNull();
  });

  it('checks a single result before sending it, and places the server answer on the reference', async () => {
    renderPage('?tab=results');
    const form = await screen.findByTestId('postal-result-form');
    fireEvent.change(within(form).getByTestId('postal-result-reference'), { target: { value: 'not-a-guid' } });
    fireEvent.change(within(form).getByTestId('postal-result-courier-ref'), { target: { value: 'CR-1' } });
    fireEvent.click(screen.getByTestId('postal-result-submit'));
    expect(await within(form).findByText('Reference: This value is not valid.')).toBeTruthy();
    expect(calls('POST', 'postal/results')).toHaveLength(0);

    answers['POST postal/results'] = () => json(400, { key: 'ERR_VALIDATION', fields: { reference: 'ERR_NOT_FOUND' } });
    fireEvent.change(within(form).getByTestId('postal-result-reference'), { target: { value: REFERENCE } });
    fireEvent.click(screen.getByTestId('postal-result-submit'));
    await waitFor(() => expect(calls('POST', 'postal/results')).toHaveLength(1));
    const sent = JSON.parse(String(calls('POST', 'postal/results')[0]![1]?.body));
    expect(sent).toMatchObject({ reference: REFERENCE, result: 'delivered', courierRef: 'CR-1' });
    expect(
      await within(form).findByText('Reference: The record does not exist or is not available to you.'),
    ).toBeTruthy();
  });

  it('lists the rows of a refused CSV file by line and field', async () => {
    answers['POST postal/results/import'] = () =>
      json(200, {
        applied: 0,
        failed: [
          { line: 3, field: 'result', key: 'ERR_FIELD_INVALID' },
          { line: 4, field: 'reference', key: 'ERR_NOT_FOUND' },
        ],
      });
    renderPage('?tab=results');
    const upload = await screen.findByTestId('postal-import-upload');
    const input = upload.closest('.ant-upload')?.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['reference,result,date,courierRef\n'], 'results.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    const report = await screen.findByTestId('postal-import-report');
    expect(report.textContent).toContain('No result was entered');
    const rows = within(report).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('3result'), expect.stringContaining('4reference')]),
    );
    const body = JSON.parse(String(calls('POST', 'postal/results/import')[0]![1]?.body));
    expect(body.data).toMatch(/^data:text\/csv;base64,/);
  });
});
