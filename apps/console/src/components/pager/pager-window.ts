/** Spec §2/§9: the pager shows 10 page numbers. */
export const PAGER_VISIBLE_PAGES = 10;
/**
 * Pages shown before the current one while the window can shift. Spec "first 6, last 4": the current
 * page is the 6th of the window and 4 pages follow it (5 before it), as in the original console's pager.
 */
export const PAGER_PAGES_BEFORE = 5;

/** Number of pages for `total` records shown `pageSize` at a time; at least one. */
export function pageCountOf(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 1;
  return Math.ceil(total / pageSize);
}

/**
 * The page numbers the pager shows (1-based): 10 at most, the window starting 5 pages before the
 * current one (the current page 6th, 4 more after it), stuck to page 1 while the current page is 6 or
 * less and to the last page near the end. Page 1 → 1..10; page 20 of 50 → 15..24; page 48 of 50 →
 * 41..50. A current page outside 1..pageCount is clamped first.
 */
export function pagerWindow(
  current: number,
  pageCount: number,
  visible = PAGER_VISIBLE_PAGES,
  before = PAGER_PAGES_BEFORE,
): number[] {
  const count = Math.max(1, Math.floor(pageCount));
  const page = Math.min(Math.max(1, Math.floor(current)), count);
  const size = Math.min(visible, count);
  const lastStart = count - size + 1;
  const start = Math.min(Math.max(1, page - before), lastStart);
  return Array.from({ length: size }, (_, index) => start + index);
}
