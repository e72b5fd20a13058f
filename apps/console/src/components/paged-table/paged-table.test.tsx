import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test/test-i18n.ts';
import type { TListState } from '../list-state/list-state.ts';
import { PagedTable, type TPagedColumn } from './paged-table.tsx';

type TRow = { id: number; name: string; active: boolean };

beforeAll(async () => {
  await initTestI18n('en-en');
});

const COLUMNS: TPagedColumn<TRow>[] = [
  { key: 'name', title: 'Name', sortable: true, filter: { kind: 'text' } },
  { key: 'active', title: 'Active', sortable: true, filter: { kind: 'boolean' }, render: (row) => String(row.active) },
];
const ROWS: TRow[] = [
  { id: 1, name: 'Acme', active: true },
  { id: 2, name: 'Beta', active: false },
];
const START: TListState = { page: 2, pageSize: 10, sortField: 'name', sortOrder: 1, filters: {} };

function renderTable(state: TListState = START, total = 35) {
  const onStateChange = vi.fn();
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <PagedTable<TRow>
        columns={COLUMNS}
        rows={ROWS}
        total={total}
        state={state}
        onStateChange={onStateChange}
        rowKey={(row) => row.id}
        actions={(row) => <button type="button">{`act ${row.id}`}</button>}
      />
    </ConfigProvider>,
  );
  return onStateChange;
}

const header = (title: string) =>
  screen.getByText(title, { selector: '.ant-table-column-title, .ant-table-column-title *' });

describe('PagedTable', () => {
  it('shows the rows, a row test id, the actions and the pager with the total', () => {
    renderTable();
    expect(screen.getByTestId('row-1').textContent).toContain('Acme');
    expect(screen.getByText('act 2')).toBeTruthy();
    expect(screen.getByTestId('pager-total').textContent).toBe('35 records');
    expect(screen.getByTestId('pager-page-2').getAttribute('aria-current')).toBe('page');
  });

  it('sorts on the server: clicking the sorted column reverses it and goes back to page 1', () => {
    const onStateChange = renderTable();
    fireEvent.click(header('Name'));
    expect(onStateChange).toHaveBeenLastCalledWith({ ...START, page: 1, sortOrder: -1 });
  });

  it('sorts by another column ascending first', () => {
    const onStateChange = renderTable();
    fireEvent.click(header('Active'));
    expect(onStateChange).toHaveBeenLastCalledWith({ ...START, page: 1, sortField: 'active', sortOrder: 1 });
  });

  it('filters a text column from its dropdown and goes back to page 1', async () => {
    const onStateChange = renderTable();
    fireEvent.click(screen.getByTestId('filter-name'));
    fireEvent.change(await screen.findByTestId('filter-input-name'), { target: { value: 'acm' } });
    fireEvent.click(screen.getByTestId('filter-apply-name'));
    await waitFor(() =>
      expect(onStateChange).toHaveBeenLastCalledWith({ ...START, page: 1, filters: { name: 'acm' } }),
    );
  });

  it('filters a yes/no column with a boolean value', async () => {
    const onStateChange = renderTable();
    fireEvent.click(screen.getByTestId('filter-active'));
    const dropdown = await screen.findByRole('menu');
    fireEvent.click(within(dropdown).getByText('No'));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(onStateChange).toHaveBeenLastCalledWith({ ...START, page: 1, filters: { active: false } }),
    );
  });

  it('shows the active filters as tags that remove them, and clears them all', () => {
    const state = { ...START, filters: { name: 'acm', active: true } };
    const onStateChange = renderTable(state);
    expect(screen.getByTestId('list-filter-tag-active').textContent).toContain('Active: Yes');
    const close = screen.getByTestId('list-filter-tag-name').querySelector('.ant-tag-close-icon');
    fireEvent.click(close as Element);
    expect(onStateChange).toHaveBeenLastCalledWith({ ...state, page: 1, filters: { active: true } });
    fireEvent.click(screen.getByTestId('list-filters-clear'));
    expect(onStateChange).toHaveBeenLastCalledWith({ ...state, page: 1, filters: {} });
  });

  it('pages through the pager, keeping order and filters', () => {
    const onStateChange = renderTable();
    fireEvent.click(screen.getByTestId('pager-next'));
    expect(onStateChange).toHaveBeenLastCalledWith({ ...START, page: 3 });
  });

  it('goes to the last page when the page asked is past the end', () => {
    const onStateChange = renderTable({ ...START, page: 9 }, 35);
    expect(onStateChange).toHaveBeenCalledWith({ ...START, page: 4 });
  });
});
