import type { TPickerItem } from '@sello/contracts/common';

/** Spec §2/§9: the picker's search filters its lists this long after the last keystroke. */
export const PICKER_SEARCH_DEBOUNCE_MS = 500;

/** Both lists of a dual-list picker; `selected` is in the chosen order. */
export type TPickerLists = { available: readonly TPickerItem[]; selected: readonly TPickerItem[] };

type TIds = ReadonlySet<number> | readonly number[];

const toSet = (ids: TIds): ReadonlySet<number> => (ids instanceof Set ? ids : new Set(ids as readonly number[]));

const byText = (a: TPickerItem, b: TPickerItem) =>
  a.text.localeCompare(b.text, undefined, { sensitivity: 'base', numeric: true }) || a.value - b.value;

/**
 * Spec §4: an item already selected never shows in the available list. Also drops repeated items
 * (the first one stays), so the lists are sets.
 */
export function normalizeLists(lists: TPickerLists): TPickerLists {
  const seen = new Set<number>();
  const selected = lists.selected.filter((item) => !seen.has(item.value) && seen.add(item.value));
  const available = lists.available.filter((item) => !seen.has(item.value) && seen.add(item.value));
  return { available, selected };
}

/** Whether an item may be moved to the selected list: blocked (inactive) items may not. */
export function canSelect(item: TPickerItem): boolean {
  return !item.blocked;
}

/**
 * Moves the available items of `ids` (in their available order) to the end of the selected list.
 * Blocked items stay where they are.
 */
export function selectItems(lists: TPickerLists, ids: TIds): TPickerLists {
  const wanted = toSet(ids);
  const moving = lists.available.filter((item) => wanted.has(item.value) && canSelect(item));
  if (moving.length === 0) return lists;
  const moved = new Set(moving.map((item) => item.value));
  return {
    available: lists.available.filter((item) => !moved.has(item.value)),
    selected: [...lists.selected, ...moving],
  };
}

/**
 * Moves the selected items of `ids` back to the available list, which stays sorted by text. Blocked
 * items may leave the selection (only choosing them is refused).
 */
export function deselectItems(lists: TPickerLists, ids: TIds): TPickerLists {
  const wanted = toSet(ids);
  const moving = lists.selected.filter((item) => wanted.has(item.value));
  if (moving.length === 0) return lists;
  return {
    available: [...lists.available, ...moving].sort(byText),
    selected: lists.selected.filter((item) => !wanted.has(item.value)),
  };
}

/** Moves every available item of `visible` (all when not given) to selected, skipping blocked ones. */
export function selectAll(lists: TPickerLists, visible?: readonly TPickerItem[]): TPickerLists {
  return selectItems(
    lists,
    (visible ?? lists.available).map((item) => item.value),
  );
}

/** Moves every selected item of `visible` (all when not given) back to available. */
export function deselectAll(lists: TPickerLists, visible?: readonly TPickerItem[]): TPickerLists {
  return deselectItems(
    lists,
    (visible ?? lists.selected).map((item) => item.value),
  );
}

/**
 * Moves the items of `ids` one place up in `items`, keeping the order among them. An item already at
 * the top (or right below another moving item that cannot move) stays.
 */
export function moveUp<T extends { value: number }>(items: readonly T[], ids: TIds): T[] {
  const wanted = toSet(ids);
  const next = [...items];
  for (let index = 1; index < next.length; index++) {
    const item = next[index] as T;
    const above = next[index - 1] as T;
    if (wanted.has(item.value) && !wanted.has(above.value)) {
      next[index - 1] = item;
      next[index] = above;
    }
  }
  return next;
}

/** Moves the items of `ids` one place down in `items`; the mirror of `moveUp`. */
export function moveDown<T extends { value: number }>(items: readonly T[], ids: TIds): T[] {
  return moveUp([...items].reverse(), ids).reverse();
}

/** Lower case without accents, for searching ("Peña" matches "pena"). */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The items whose text or description contains `search` (case and accents ignored); all for an empty search. */
export function filterItems<T extends TPickerItem>(items: readonly T[], search: string): readonly T[] {
  const needle = fold(search.trim());
  if (!needle) return items;
  return items.filter((item) => fold(item.text).includes(needle) || fold(item.description ?? '').includes(needle));
}

/** Ids of the selected list, in order: what the picker hands back. */
export function selectedIds(lists: TPickerLists): number[] {
  return lists.selected.map((item) => item.value);
}
