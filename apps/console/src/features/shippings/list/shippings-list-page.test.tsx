import { accountApi } from '@sello/contracts/catalogue/account';
import { evidenceApi } from '@sello/contracts/catalogue/evidence';
import { shippingsActionsApi } from '@sello/contracts/catalogue/shippings-actions';
import { shippingsListApi } from '@sello/contracts/catalogue/shippings-list';
import type { TEndpoint } from '@sello/contracts/endpoint';
import { PATHS } from '@sello/contracts/routes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { alerts, dismissAlert } from '../../../alerts/alert-store.ts';
import { callEndpoint, type TCallInput } from '../../../api/http-client.ts';
import { session } from '../../../session/session-store.ts';
import { renderRoutes } from '../../../test/render-routes.tsx';
import { makeSessionUser } from '../../../test/session-user.ts';
import { makeShippingRow } from '../../../test/shipping-row.ts';
import { initTestI18n } from '../../../test/test-i18n.ts';
import ShippingsListPage from './shippings-list-page.tsx';

vi.mock('../../../lib/browser.ts', () => ({ browser: { reloadAt: vi.fn() } }));
vi.mock('../../../api/http-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/http-client.ts')>()),
  callEndpoint: vi.fn(),
}));

const AWAITING = makeShippingRow(11, { state: 'pending_auth', service: 'certified_sms', channel: 'sms' });
const FAILED = makeShippingRow(12, { state: 'not_send_error', result: 'error' });
const TRAVELLING = makeShippingRow(13, { state: 'sent' });
const ROWS = [AWAITING, FAILED, TRAVELLING];
const ALL_FLAGS = { shippingList: true, shippingListOnlyAuth: true, newSend: true, editMode: true } as const;

const mockedCall = vi.mocked(callEndpoint);
let total = ROWS.length;

/** The `shippingslist` queries sent so far, newest last. */
function listQueries(): Record<string, unknown>[] {
  return mockedCall.mock.calls
    .filter(([endpoint]) => endpoint === shippingsListApi.list)
    .map(([, input]) => (input as TCallInput<TEndpoint>).query as Record<string, unknown>);
}
const lastListQuery = () => listQueries().at(-1) ?? {};

beforeAll(async () => {
  await initTestI18n('en-en');
});

beforeEach(() => {
  total = ROWS.length;
  mockedCall.mockReset();
  mockedCall.mockImplementation((async (endpoint: TEndpoint, input?: TCallInput<TEndpoint>) => {
    if (endpoint === shippingsListApi.list) return { rows: ROWS, total };
    if (endpoint === shippingsListApi.listTypes) return [{ value: 2, text: 'Deed acceptance' }];
    if (endpoint === accountApi.userCompaniesList) return [{ value: 1, text: 'Notaría Central S.L.' }];
    if (endpoint === evidenceApi.downloadAvailability) return { options: ['original', 'certificate', 'pack'] };
    if (endpoint === shippingsActionsApi.denyList) {
      const ids = (input?.body as { denyShippingList: number[] } | undefined)?.denyShippingList ?? [];
      return {
        succeeded: ids.slice(1),
        failed: ids.slice(0, 1).map((requestId) => ({ requestId, key: 'ERR_TRANSITION_NOT_ALLOWED' })),
      };
    }
    if (endpoint === shippingsActionsApi.authorize) {
      const ids = (input?.body as { authorizeShippingList: number[] } | undefined)?.authorizeShippingList ?? [];
      return { succeeded: ids, failed: [] };
    }
    throw new Error(`unexpected call ${endpoint.id}`);
  }) as typeof callEndpoint);
  session.start(makeSessionUser({ permissions: ALL_FLAGS }));
});

afterEach(() => {
  for (const alert of alerts.get()) dismissAlert(alert.id);
});

function renderAt(url: string) {
  const router = renderRoutes(
    [
      { path: PATHS.shippings, element: <ShippingsListPage /> },
      { path: PATHS.shippingsAll, element: <ShippingsListPage /> },
      { path: PATHS.shippingDetail, element: <div data-testid="detail-route" /> },
    ],
    url,
  );
  return { search: () => new URLSearchParams(router.state.location.search) };
}

const header = (title: string) =>
  screen.getByText(title, { selector: '.ant-table-column-title, .ant-table-column-title *' });
const batchButton = (action: string) => screen.getByTestId(`batch-${action}`) as HTMLButtonElement;
const enabledBatch = () =>
  ['authorize', 'deny', 'retry', 'delete', 'download'].filter((action) => !batchButton(action).disabled);

describe('shippings list page', () => {
  it('shows a row per shipping with translated state, result, service and channel, and the total', async () => {
    renderAt(PATHS.shippings);
    const awaiting = await screen.findByTestId('row-11');
    expect(screen.getByRole('heading', { name: 'My shippings' })).toBeTruthy();
    expect(awaiting.textContent).toContain('REF-11');
    expect(awaiting.textContent).toContain('Certified SMS');
    expect(awaiting.textContent).toContain('SMS');
    expect(awaiting.textContent).toContain('Ana Gil +1');
    expect(screen.getByTestId('row-state-11').textContent).toBe('Awaiting authorisation');
    expect(screen.getByTestId('row-result-12').textContent).toBe('Error');
    expect(screen.getByTestId('row-result-13').textContent).toBe('—');
    expect(screen.getByTestId('row-12').textContent).toContain('E-mail');
    expect(screen.getByTestId('pager-total').textContent).toBe('3 records');
    expect(screen.getByTestId('shipping-link-11').getAttribute('href')).toBe('/shippings/detail/11');
  });

  it('asks for the first page of the own shippings, newest first, over the default range', async () => {
    renderAt(PATHS.shippings);
    await screen.findByTestId('row-11');
    const query = lastListQuery();
    expect(query).toMatchObject({ first: 0, pageSize: 10, sortField: 'createdAt', sortOrder: -1, scope: 'own' });
    expect(query.filters).toBeUndefined();
    expect(query.filterAll).toBeUndefined();
    const from = new Date(query.filterFrom as number);
    const to = new Date(query.filterTo as number);
    expect(to.getHours()).toBe(23);
    expect(from.getHours()).toBe(0);
    // 60 months (spec §9), give or take a day.
    const months = (to.getFullYear() - from.getFullYear()) * 12 + (to.getMonth() - from.getMonth());
    expect(months).toBeGreaterThanOrEqual(59);
    expect(months).toBeLessThanOrEqual(60);
  });

  it('reads every shipping the user may see on /shippings/all', async () => {
    renderAt(PATHS.shippingsAll);
    await screen.findByTestId('row-11');
    expect(lastListQuery().scope).toBe('all');
    expect(screen.getByRole('heading', { name: 'All shippings' })).toBeTruthy();
  });

  it('shows the authorisations view of ?view=auth', async () => {
    renderAt(`${PATHS.shippings}?view=auth`);
    await screen.findByTestId('row-11');
    expect(lastListQuery().scope).toBe('auth');
    expect(screen.getByRole('heading', { name: 'Shippings awaiting authorisation' })).toBeTruthy();
  });

  it('always shows the authorisations view to an authoriser without the list permission', async () => {
    session.start(makeSessionUser({ permissions: { shippingListOnlyAuth: true } }));
    renderAt(PATHS.shippings);
    await screen.findByTestId('row-11');
    expect(lastListQuery().scope).toBe('auth');
    expect(screen.getByRole('heading', { name: 'Shippings awaiting authorisation' })).toBeTruthy();
    expect(screen.queryByTestId('shippings-view')).toBeNull();
  });

  it('filters by company from the toolbar and keeps it in the URL', async () => {
    const { search } = renderAt(PATHS.shippings);
    await screen.findByTestId('row-11');
    fireEvent.mouseDown(within(screen.getByTestId('filter-company')).getByRole('combobox'));
    const option = await waitFor(() => {
      const found = document.querySelector(
        '.ant-select-dropdown .ant-select-item-option[title="Notaría Central S.L."]',
      );
      if (!found) throw new Error('no company option');
      return found;
    });
    fireEvent.click(option);
    await waitFor(() => expect(lastListQuery().filters).toBe(JSON.stringify({ companyId: 1 })));
    expect(JSON.parse(search().get('filters') ?? '{}')).toEqual({ companyId: 1 });
  });

  it('sorts on the server and keeps the order in the URL', async () => {
    const { search } = renderAt(PATHS.shippings);
    await screen.findByTestId('row-11');
    fireEvent.click(header('Reference'));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ sortField: 'reference', sortOrder: 1, first: 0 }));
    expect(search().get('sortField')).toBe('reference');
    fireEvent.click(header('Reference'));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ sortField: 'reference', sortOrder: -1 }));
    expect(search().get('sortOrder')).toBe('-1');
  });

  it('filters by state from the column, sends the filter and keeps it in the URL', async () => {
    const { search } = renderAt(PATHS.shippings);
    await screen.findByTestId('row-11');
    fireEvent.click(screen.getByTestId('filter-state'));
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByText('Closed'));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(lastListQuery().filters).toBe(JSON.stringify({ state: 'closed' })));
    expect(JSON.parse(search().get('filters') ?? '{}')).toEqual({ state: 'closed' });
    expect(screen.getByTestId('list-filter-tag-state').textContent).toContain('Closed');
  });

  it('searches the free text as filterAll, from page 1, and keeps it in the URL', async () => {
    const { search } = renderAt(`${PATHS.shippings}?page=2`);
    await screen.findByTestId('row-11');
    const box = within(screen.getByTestId('shippings-search')).getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'Ana Gil' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastListQuery()).toMatchObject({ filterAll: 'Ana Gil', first: 0 }));
    expect(search().get('q')).toBe('Ana Gil');
    expect(search().get('page')).toBeNull();
  });

  it('pages with the pager and keeps the page in the URL', async () => {
    total = 35;
    const { search } = renderAt(PATHS.shippings);
    await screen.findByTestId('row-11');
    expect(screen.getByTestId('pager-total').textContent).toBe('35 records');
    expect(screen.getByTestId('pager-page-4')).toBeTruthy();
    expect(screen.queryByTestId('pager-page-5')).toBeNull();
    fireEvent.click(screen.getByTestId('pager-next'));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ first: 10, pageSize: 10 }));
    expect(search().get('page')).toBe('2');
    fireEvent.click(screen.getByTestId('pager-last'));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ first: 30 }));
    expect(screen.getByTestId('pager-page-4').getAttribute('aria-current')).toBe('page');
  });

  it('opens on the page, order, filters and text of the URL (a reload keeps them)', async () => {
    const filters = encodeURIComponent(JSON.stringify({ state: 'sent' }));
    total = 60;
    renderAt(
      `${PATHS.shippings}?page=3&pageSize=20&sortField=receiver&sortOrder=1&filters=${filters}&q=acme&from=2026-01-01&to=2026-01-31`,
    );
    await screen.findByTestId('row-11');
    expect(listQueries()[0]).toMatchObject({
      first: 40,
      pageSize: 20,
      sortField: 'receiver',
      sortOrder: 1,
      filters: JSON.stringify({ state: 'sent' }),
      filterAll: 'acme',
      filterFrom: new Date(2026, 0, 1).getTime(),
      filterTo: new Date(2026, 0, 31, 23, 59, 59, 999).getTime(),
    });
    expect(screen.getByTestId('pager-page-3').getAttribute('aria-current')).toBe('page');
    expect((within(screen.getByTestId('shippings-search')).getByRole('searchbox') as HTMLInputElement).value).toBe(
      'acme',
    );
  });

  it('enables a batch action only when every selected shipping allows it', async () => {
    renderAt(PATHS.shippings);
    await screen.findByTestId('row-11');
    expect(enabledBatch()).toEqual([]);
    expect(screen.getByTestId('shippings-selected-count').textContent).toBe('0 shippings selected');

    fireEvent.click(screen.getByTestId('select-11'));
    await waitFor(() => expect(enabledBatch()).toEqual(['authorize', 'deny', 'delete', 'download']));
    expect(screen.getByTestId('shippings-selected-count').textContent).toBe('1 shipping selected');

    // An error to retry and one awaiting authorisation share only delete.
    fireEvent.click(screen.getByTestId('select-12'));
    await waitFor(() => expect(enabledBatch()).toEqual(['delete', 'download']));

    // A shipping on its way can be neither deleted nor retried.
    fireEvent.click(screen.getByTestId('select-13'));
    await waitFor(() => expect(enabledBatch()).toEqual(['download']));

    fireEvent.click(screen.getByTestId('select-11'));
    fireEvent.click(screen.getByTestId('select-13'));
    await waitFor(() => expect(enabledBatch()).toEqual(['retry', 'delete', 'download']));
  });

  it('offers no retry or delete without the edit permission, and no new shipping button', async () => {
    session.start(makeSessionUser({ permissions: { shippingList: true, newSend: true } }));
    renderAt(PATHS.shippings);
    await screen.findByTestId('row-11');
    fireEvent.click(screen.getByTestId('select-12'));
    await waitFor(() => expect(batchButton('download').disabled).toBe(false));
    expect(screen.queryByTestId('batch-retry')).toBeNull();
    expect(screen.queryByTestId('batch-delete')).toBeNull();
    expect(screen.queryByTestId('shippings-create')).toBeNull();
  });

  it('denies the selected shippings with the reason chosen and reports which could not be denied', async () => {
    renderAt(PATHS.shippings);
    await screen.findByTestId('row-11');
    fireEvent.click(screen.getByTestId('select-11'));
    await waitFor(() => expect(batchButton('deny').disabled).toBe(false));
    fireEvent.click(batchButton('deny'));
    fireEvent.click(await screen.findByTestId('deny-ok'));
    await waitFor(() => expect(screen.getByTestId('outcome-11').getAttribute('data-ok')).toBe('false'));
    expect(screen.getByTestId('outcome-11').textContent).not.toContain('ERR_TRANSITION_NOT_ALLOWED');
    const call = mockedCall.mock.calls.find(([endpoint]) => endpoint === shippingsActionsApi.denyList);
    expect(call?.[1]).toEqual({
      body: { denyShippingList: [11], stateCom: 'no_auth', resultCom: 'authorizer_reject' },
    });
    expect(alerts.get().map((alert) => alert.key)).toEqual(['SHIPPING_BATCH_PARTIAL']);
  });

  it('authorises the selected shippings in one call and reports each', async () => {
    renderAt(PATHS.shippings);
    await screen.findByTestId('row-11');
    fireEvent.click(screen.getByTestId('select-11'));
    await waitFor(() => expect(batchButton('authorize').disabled).toBe(false));
    fireEvent.click(batchButton('authorize'));
    await waitFor(() => expect(screen.getByTestId('outcome-11').getAttribute('data-ok')).toBe('true'));
    const call = mockedCall.mock.calls.find(([endpoint]) => endpoint === shippingsActionsApi.authorize);
    expect(call?.[1]).toEqual({ body: { authorizeShippingList: [11] } });
    expect(alerts.get().map((alert) => alert.key)).toEqual(['SHIPPING_BATCH_AUTHORIZE_OK']);
    // The selection is cleared and the list read again.
    await waitFor(() => expect(enabledBatch()).toEqual([]));
    expect(listQueries().length).toBeGreaterThan(1);
  });

  it('offers in the download dialog only the options the server has files for', async () => {
    renderAt(PATHS.shippings);
    await screen.findByTestId('row-11');
    fireEvent.click(screen.getByTestId('select-12'));
    fireEvent.click(screen.getByTestId('select-13'));
    await waitFor(() => expect(batchButton('download').disabled).toBe(false));
    fireEvent.click(batchButton('download'));
    const option = (name: string) =>
      within(screen.getByTestId(`download-option-${name}`).closest('label')!).getByRole('checkbox') as HTMLInputElement;
    await waitFor(() => expect(option('certificate').disabled).toBe(false));
    expect(option('original').disabled).toBe(false);
    expect(option('pack').disabled).toBe(false);
    expect(option('sent').disabled).toBe(true);
    expect(option('courier').disabled).toBe(true);
    expect(option('nonReport').disabled).toBe(true);
    const call = mockedCall.mock.calls.find(([endpoint]) => endpoint === evidenceApi.downloadAvailability);
    expect(call?.[1]).toEqual({ body: { listOfRequests: [12, 13] } });
  });
});
