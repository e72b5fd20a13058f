import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test/test-i18n.ts';
import { Pager } from './pager.tsx';

beforeAll(async () => {
  await initTestI18n('en-en');
});

function renderPager(page: number, total: number, pageSize = 10) {
  const onChange = vi.fn();
  render(<Pager page={page} pageSize={pageSize} total={total} onChange={onChange} />);
  return onChange;
}

function shownPages(): number[] {
  return screen
    .getAllByTestId(/^pager-page-\d+$/)
    .map((button) => Number(button.getAttribute('data-testid')?.replace('pager-page-', '')));
}

const isDisabled = (testId: string) => (screen.getByTestId(testId) as HTMLButtonElement).disabled;

describe('Pager', () => {
  it('shows pages 1..10 on the first page, with first and previous disabled', () => {
    renderPager(1, 500);
    expect(shownPages()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(isDisabled('pager-first')).toBe(true);
    expect(isDisabled('pager-previous')).toBe(true);
    expect(isDisabled('pager-next')).toBe(false);
    expect(isDisabled('pager-last')).toBe(false);
    expect(screen.getByTestId('pager-page-1').getAttribute('aria-current')).toBe('page');
  });

  it('shifts the window around the current page: page 20 of 50 shows 15..24', () => {
    renderPager(20, 500);
    expect(shownPages()).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(screen.getByTestId('pager-page-20').getAttribute('aria-current')).toBe('page');
  });

  it('sticks to the last 10 pages at the end, with next and last disabled', () => {
    renderPager(50, 500);
    expect(shownPages()).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
    expect(isDisabled('pager-next')).toBe(true);
    expect(isDisabled('pager-last')).toBe(true);
  });

  it('goes to the first, previous, next, last and a chosen page', () => {
    const onChange = renderPager(20, 500);
    fireEvent.click(screen.getByTestId('pager-first'));
    fireEvent.click(screen.getByTestId('pager-previous'));
    fireEvent.click(screen.getByTestId('pager-next'));
    fireEvent.click(screen.getByTestId('pager-last'));
    fireEvent.click(screen.getByTestId('pager-page-17'));
    expect(onChange.mock.calls).toEqual([
      [1, 10],
      [19, 10],
      [21, 10],
      [50, 10],
      [17, 10],
    ]);
  });

  it('does not call back for the page already shown', () => {
    const onChange = renderPager(3, 500);
    fireEvent.click(screen.getByTestId('pager-page-3'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows a single page for an empty or short list, every button but the page disabled', () => {
    renderPager(1, 0);
    expect(shownPages()).toEqual([1]);
    for (const id of ['pager-first', 'pager-previous', 'pager-next', 'pager-last']) expect(isDisabled(id)).toBe(true);
  });

  it('shows the total count', () => {
    renderPager(1, 1234);
    expect(screen.getByTestId('pager-total').textContent).toBe('1234 records');
  });

  it('changes the page size and goes back to page 1', async () => {
    const onChange = renderPager(5, 500);
    const select = screen.getByTestId('pager-size');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    fireEvent.click(await screen.findByText('50 / page'));
    expect(onChange).toHaveBeenCalledWith(1, 50);
  });

  it('computes the pages from the page size', () => {
    renderPager(1, 101, 50);
    expect(shownPages()).toEqual([1, 2, 3]);
  });
});
