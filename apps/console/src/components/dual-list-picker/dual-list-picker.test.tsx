import type { TPickerItem } from '@sello/contracts/common';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test/test-i18n.ts';
import { DualListPicker } from './dual-list-picker.tsx';

beforeAll(async () => {
  await initTestI18n('en-en');
});

const item = (value: number, text: string, blocked = false): TPickerItem => ({
  value,
  text,
  description: null,
  blocked,
});

const ALPHA = item(1, 'Alpha');
const BRAVO = item(2, 'Bravo');
const CHARLIE = item(3, 'Charlie (inactive)', true);
const DELTA = item(4, 'Delta');
const ECHO = item(5, 'Echo');

function renderPicker(available: TPickerItem[], selected: TPickerItem[] = []) {
  const onChange = vi.fn();
  render(<DualListPicker available={available} selected={selected} onChange={onChange} />);
  return onChange;
}

/** Ids shown in a list, in order. */
function idsIn(side: 'available' | 'selected'): number[] {
  return within(screen.getByTestId(`picker-${side}`))
    .queryAllByRole('option')
    .map((option) => Number(option.getAttribute('data-testid')?.replace('picker-item-', '')));
}

const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const isDisabled = (testId: string) => (screen.getByTestId(testId) as HTMLButtonElement).disabled;
const lastChange = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.at(-1)?.[0];

describe('DualListPicker', () => {
  it('never shows an item already selected in the available list', () => {
    renderPicker([ALPHA, BRAVO, DELTA], [BRAVO]);
    expect(idsIn('available')).toEqual([1, 4]);
    expect(idsIn('selected')).toEqual([2]);
    expect(screen.getByTestId('picker-available-count').textContent).toBe('(2)');
    expect(screen.getByTestId('picker-selected-count').textContent).toBe('(1)');
  });

  it('moves one item with a double click, each way', () => {
    const onChange = renderPicker([ALPHA, BRAVO, DELTA], [ECHO]);
    fireEvent.doubleClick(screen.getByTestId('picker-item-2'));
    expect(idsIn('available')).toEqual([1, 4]);
    expect(idsIn('selected')).toEqual([5, 2]);
    expect(lastChange(onChange)).toEqual([5, 2]);
    fireEvent.doubleClick(screen.getByTestId('picker-item-5'));
    expect(idsIn('selected')).toEqual([2]);
    expect(idsIn('available')).toEqual([1, 4, 5]);
    expect(lastChange(onChange)).toEqual([2]);
  });

  it('moves one item with the Enter key', () => {
    const onChange = renderPicker([ALPHA, BRAVO]);
    fireEvent.keyDown(screen.getByTestId('picker-item-1'), { key: 'Enter' });
    expect(lastChange(onChange)).toEqual([1]);
  });

  it('moves the marked items with the button, in list order', () => {
    const onChange = renderPicker([ALPHA, BRAVO, DELTA, ECHO]);
    expect(isDisabled('picker-move-selected')).toBe(true);
    click('picker-item-5');
    click('picker-item-1');
    click('picker-item-4');
    click('picker-item-4'); // a second click unmarks
    expect(screen.getByTestId('picker-item-1').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('picker-item-4').getAttribute('aria-selected')).toBe('false');
    click('picker-move-selected');
    expect(idsIn('selected')).toEqual([1, 5]);
    expect(idsIn('available')).toEqual([2, 4]);
    expect(lastChange(onChange)).toEqual([1, 5]);
    expect(isDisabled('picker-move-selected')).toBe(true);
  });

  it('moves the marked selected items back', () => {
    const onChange = renderPicker([ALPHA], [ECHO, BRAVO, DELTA]);
    click('picker-item-2');
    click('picker-item-4');
    click('picker-remove-selected');
    expect(idsIn('selected')).toEqual([5]);
    expect(idsIn('available')).toEqual([1, 2, 4]);
    expect(lastChange(onChange)).toEqual([5]);
  });

  it('moves all items but the blocked ones, which show disabled and cannot be moved or marked', () => {
    const onChange = renderPicker([ALPHA, BRAVO, CHARLIE, DELTA]);
    const blocked = screen.getByTestId('picker-item-3');
    expect(blocked.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(blocked);
    expect(blocked.getAttribute('aria-selected')).toBe('false');
    fireEvent.doubleClick(blocked);
    expect(onChange).not.toHaveBeenCalled();
    click('picker-move-all');
    expect(idsIn('selected')).toEqual([1, 2, 4]);
    expect(idsIn('available')).toEqual([3]);
    expect(lastChange(onChange)).toEqual([1, 2, 4]);
    expect(isDisabled('picker-move-all')).toBe(true);
  });

  it('moves all selected items back, blocked ones included', () => {
    const onChange = renderPicker([ALPHA], [CHARLIE, DELTA]);
    click('picker-remove-all');
    expect(idsIn('selected')).toEqual([]);
    expect(idsIn('available')).toEqual([1, 3, 4]);
    expect(lastChange(onChange)).toEqual([]);
  });

  it('reorders a selected item up and down', () => {
    const onChange = renderPicker([], [ALPHA, BRAVO, DELTA]);
    click('picker-item-4');
    click('picker-up');
    expect(idsIn('selected')).toEqual([1, 4, 2]);
    expect(lastChange(onChange)).toEqual([1, 4, 2]);
    click('picker-down');
    expect(idsIn('selected')).toEqual([1, 2, 4]);
    expect(lastChange(onChange)).toEqual([1, 2, 4]);
  });

  it('cannot move the first item up nor the last one down', () => {
    renderPicker([], [ALPHA, BRAVO, DELTA]);
    expect(isDisabled('picker-up')).toBe(true);
    expect(isDisabled('picker-down')).toBe(true);
    click('picker-item-1');
    expect(isDisabled('picker-up')).toBe(true);
    expect(isDisabled('picker-down')).toBe(false);
    click('picker-item-1');
    click('picker-item-4');
    expect(isDisabled('picker-up')).toBe(false);
    expect(isDisabled('picker-down')).toBe(true);
  });

  it('moves several marked selected items together', () => {
    const onChange = renderPicker([], [ALPHA, BRAVO, DELTA, ECHO]);
    click('picker-item-2');
    click('picker-item-5');
    click('picker-up');
    expect(lastChange(onChange)).toEqual([2, 1, 5, 4]);
  });

  it('filters both lists only once the search has been still for 500 ms', () => {
    vi.useFakeTimers();
    renderPicker([ALPHA, BRAVO, DELTA], [item(6, 'Bravura'), ECHO]);
    fireEvent.change(screen.getByTestId('picker-search'), { target: { value: 'brav' } });
    act(() => vi.advanceTimersByTime(499));
    expect(idsIn('available')).toEqual([1, 2, 4]);
    expect(idsIn('selected')).toEqual([6, 5]);
    act(() => vi.advanceTimersByTime(1));
    expect(idsIn('available')).toEqual([2]);
    expect(idsIn('selected')).toEqual([6]);
  });

  it('restarts the 500 ms wait on every keystroke', () => {
    vi.useFakeTimers();
    renderPicker([ALPHA, BRAVO, DELTA]);
    const search = screen.getByTestId('picker-search');
    fireEvent.change(search, { target: { value: 'd' } });
    act(() => vi.advanceTimersByTime(400));
    fireEvent.change(search, { target: { value: 'de' } });
    act(() => vi.advanceTimersByTime(400));
    expect(idsIn('available')).toEqual([1, 2, 4]);
    act(() => vi.advanceTimersByTime(100));
    expect(idsIn('available')).toEqual([4]);
  });

  it('moves all only the items the search shows', () => {
    vi.useFakeTimers();
    const onChange = renderPicker([ALPHA, BRAVO, DELTA]);
    fireEvent.change(screen.getByTestId('picker-search'), { target: { value: 'a' } });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.change(screen.getByTestId('picker-search'), { target: { value: 'lta' } });
    act(() => vi.advanceTimersByTime(500));
    click('picker-move-all');
    expect(lastChange(onChange)).toEqual([4]);
  });

  it('starts afresh when the parent hands new lists', () => {
    const onChange = vi.fn();
    const { rerender } = render(<DualListPicker available={[ALPHA]} selected={[]} onChange={onChange} />);
    fireEvent.doubleClick(screen.getByTestId('picker-item-1'));
    expect(idsIn('selected')).toEqual([1]);
    rerender(<DualListPicker available={[BRAVO]} selected={[DELTA]} onChange={onChange} />);
    expect(idsIn('available')).toEqual([2]);
    expect(idsIn('selected')).toEqual([4]);
  });

  it('does nothing while disabled', () => {
    const onChange = vi.fn();
    render(<DualListPicker available={[ALPHA]} selected={[BRAVO]} onChange={onChange} disabled />);
    fireEvent.doubleClick(screen.getByTestId('picker-item-1'));
    expect(isDisabled('picker-move-all')).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });
});
