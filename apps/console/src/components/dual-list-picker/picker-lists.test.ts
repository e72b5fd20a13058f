import type { TPickerItem } from '@sello/contracts/common';
import { describe, expect, it } from 'vitest';
import {
  canSelect,
  deselectAll,
  deselectItems,
  filterItems,
  moveDown,
  moveUp,
  normalizeLists,
  PICKER_SEARCH_DEBOUNCE_MS,
  selectAll,
  selectedIds,
  selectItems,
  type TPickerLists,
} from './picker-lists.ts';

const item = (value: number, text: string, blocked = false, description: string | null = null): TPickerItem => ({
  value,
  text,
  description,
  blocked,
});

const alpha = item(1, 'Alpha');
const bravo = item(2, 'Bravo');
const charlie = item(3, 'Charlie', true);
const delta = item(4, 'Delta');
const echo = item(5, 'Echo');

const values = (items: readonly TPickerItem[]) => items.map((entry) => entry.value);
const lists = (available: TPickerItem[], selected: TPickerItem[] = []): TPickerLists => ({ available, selected });

describe('picker lists', () => {
  it('debounces the search 500 ms (spec §9)', () => {
    expect(PICKER_SEARCH_DEBOUNCE_MS).toBe(500);
  });

  describe('normalizeLists', () => {
    it('removes from the available list every item already selected', () => {
      const result = normalizeLists(lists([alpha, bravo, delta], [bravo]));
      expect(values(result.available)).toEqual([1, 4]);
      expect(values(result.selected)).toEqual([2]);
    });

    it('drops repeated items, keeping the selected order', () => {
      const result = normalizeLists(lists([alpha, alpha, echo], [delta, bravo, delta]));
      expect(values(result.selected)).toEqual([4, 2]);
      expect(values(result.available)).toEqual([1, 5]);
    });
  });

  describe('selectItems (move one or the marked ones)', () => {
    it('moves one item to the end of the selected list', () => {
      const result = selectItems(lists([alpha, bravo, delta], [echo]), [bravo.value]);
      expect(values(result.available)).toEqual([1, 4]);
      expect(values(result.selected)).toEqual([5, 2]);
    });

    it('moves the marked items in their available order, whatever order they were marked in', () => {
      const result = selectItems(lists([alpha, bravo, delta, echo]), new Set([5, 1, 4]));
      expect(values(result.selected)).toEqual([1, 4, 5]);
      expect(values(result.available)).toEqual([2]);
    });

    it('never moves a blocked item', () => {
      expect(canSelect(charlie)).toBe(false);
      expect(canSelect(alpha)).toBe(true);
      const start = lists([alpha, charlie]);
      const result = selectItems(start, [charlie.value, alpha.value]);
      expect(values(result.available)).toEqual([3]);
      expect(values(result.selected)).toEqual([1]);
      expect(selectItems(start, [charlie.value])).toBe(start);
    });

    it('ignores ids that are not available', () => {
      const start = lists([alpha], [bravo]);
      expect(selectItems(start, [bravo.value, 99])).toBe(start);
    });
  });

  describe('deselectItems', () => {
    it('moves selected items back, keeping the available list sorted by text', () => {
      const result = deselectItems(lists([bravo, echo], [delta, alpha]), [alpha.value]);
      expect(values(result.available)).toEqual([1, 2, 5]);
      expect(values(result.selected)).toEqual([4]);
    });

    it('lets a blocked item leave the selection', () => {
      const result = deselectItems(lists([], [charlie, alpha]), [charlie.value]);
      expect(values(result.available)).toEqual([3]);
      expect(values(result.selected)).toEqual([1]);
    });
  });

  describe('selectAll / deselectAll', () => {
    it('moves every available item but the blocked ones', () => {
      const result = selectAll(lists([alpha, bravo, charlie, delta], [echo]));
      expect(values(result.selected)).toEqual([5, 1, 2, 4]);
      expect(values(result.available)).toEqual([3]);
    });

    it('moves only the items shown when a search narrows the list', () => {
      const start = lists([alpha, bravo, delta]);
      const result = selectAll(start, filterItems(start.available, 'ta'));
      expect(values(result.selected)).toEqual([4]);
      expect(values(result.available)).toEqual([1, 2]);
    });

    it('moves every selected item back, blocked ones too', () => {
      const result = deselectAll(lists([bravo], [charlie, alpha]));
      expect(values(result.selected)).toEqual([]);
      expect(values(result.available)).toEqual([1, 2, 3]);
    });
  });

  describe('moveUp / moveDown (reorder the selected list)', () => {
    const ordered = [alpha, bravo, delta, echo];

    it('moves a single item up and down one place', () => {
      expect(values(moveUp(ordered, [delta.value]))).toEqual([1, 4, 2, 5]);
      expect(values(moveDown(ordered, [bravo.value]))).toEqual([1, 4, 2, 5]);
    });

    it('leaves the first item at the top and the last at the bottom', () => {
      expect(values(moveUp(ordered, [alpha.value]))).toEqual([1, 2, 4, 5]);
      expect(values(moveDown(ordered, [echo.value]))).toEqual([1, 2, 4, 5]);
    });

    it('moves several marked items together, keeping their order', () => {
      expect(values(moveUp(ordered, [bravo.value, echo.value]))).toEqual([2, 1, 5, 4]);
      expect(values(moveDown(ordered, [alpha.value, delta.value]))).toEqual([2, 1, 5, 4]);
      expect(values(moveUp(ordered, [bravo.value, delta.value]))).toEqual([2, 4, 1, 5]);
    });

    it('keeps a block stuck at an edge in place', () => {
      expect(values(moveUp(ordered, [alpha.value, bravo.value, echo.value]))).toEqual([1, 2, 5, 4]);
      expect(values(moveDown(ordered, [delta.value, echo.value, alpha.value]))).toEqual([2, 1, 4, 5]);
    });

    it('does nothing without marked items and never mutates its input', () => {
      const copy = [...ordered];
      expect(values(moveUp(ordered, []))).toEqual([1, 2, 4, 5]);
      moveDown(ordered, [alpha.value]);
      expect(ordered).toEqual(copy);
    });
  });

  describe('filterItems', () => {
    const people = [item(1, 'José Peña', false, 'jose@example.com'), item(2, 'Ana Ruiz', false, 'ana@example.com')];

    it('matches text and description, ignoring case and accents', () => {
      expect(values(filterItems(people, 'PENA'))).toEqual([1]);
      expect(values(filterItems(people, 'jose'))).toEqual([1]);
      expect(values(filterItems(people, 'ana@'))).toEqual([2]);
      expect(values(filterItems(people, 'example'))).toEqual([1, 2]);
      expect(values(filterItems(people, 'zzz'))).toEqual([]);
    });

    it('answers every item for an empty or blank search', () => {
      expect(filterItems(people, '')).toBe(people);
      expect(filterItems(people, '   ')).toBe(people);
    });
  });

  it('hands back the selected ids in order', () => {
    expect(selectedIds(lists([alpha], [echo, bravo, delta]))).toEqual([5, 2, 4]);
  });
});
