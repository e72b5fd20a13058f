import { describe, expect, it } from 'vitest';
import { PAGER_PAGES_BEFORE, PAGER_VISIBLE_PAGES, pageCountOf, pagerWindow } from './pager-window.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('pageCountOf', () => {
  it('rounds up and never answers less than one page', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(1, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(pageCountOf(500, 10)).toBe(50);
    expect(pageCountOf(501, 100)).toBe(6);
  });
});

describe('pagerWindow', () => {
  it('uses the spec constants: 10 pages, the current one 6th (5 before it, 4 after it)', () => {
    expect(PAGER_VISIBLE_PAGES).toBe(10);
    expect(PAGER_PAGES_BEFORE).toBe(5);
  });

  it('shows every page when there are fewer than 10', () => {
    expect(pagerWindow(1, 1)).toEqual([1]);
    expect(pagerWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pagerWindow(3, 3)).toEqual([1, 2, 3]);
    for (let page = 1; page <= 9; page++) expect(pagerWindow(page, 9)).toEqual(range(1, 9));
  });

  it('shows exactly the 10 pages when there are 10, whatever the current page', () => {
    for (let page = 1; page <= 10; page++) expect(pagerWindow(page, 10)).toEqual(range(1, 10));
  });

  it('starts at page 1 while the current page is 6 or less', () => {
    for (let page = 1; page <= 6; page++) expect(pagerWindow(page, 50)).toEqual(range(1, 10));
    expect(pagerWindow(7, 50)).toEqual(range(2, 11));
  });

  it('shifts with the current page 6th: 5 pages before it, 4 after it', () => {
    expect(pagerWindow(8, 50)).toEqual(range(3, 12));
    expect(pagerWindow(20, 50)).toEqual(range(15, 24));
    expect(pagerWindow(30, 50)).toEqual(range(25, 34));
    for (let page = 6; page <= 46; page++) {
      const window = pagerWindow(page, 50);
      expect(window.indexOf(page)).toBe(5);
      expect(window).toHaveLength(10);
    }
  });

  it('sticks to the last 10 pages once the current page is 4 or fewer from the end', () => {
    expect(pagerWindow(46, 50)).toEqual(range(41, 50));
    expect(pagerWindow(47, 50)).toEqual(range(41, 50));
    expect(pagerWindow(50, 50)).toEqual(range(41, 50));
    expect(pagerWindow(45, 50)).toEqual(range(40, 49));
    expect(pagerWindow(11, 11)).toEqual(range(2, 11));
    expect(pagerWindow(7, 11)).toEqual(range(2, 11));
  });

  it('always holds the current page and never leaves 1..pageCount', () => {
    for (let count = 1; count <= 40; count++) {
      for (let page = 1; page <= count; page++) {
        const window = pagerWindow(page, count);
        expect(window).toContain(page);
        expect(window).toHaveLength(Math.min(10, count));
        expect(window[0]).toBeGreaterThanOrEqual(1);
        expect(window.at(-1)).toBeLessThanOrEqual(count);
      }
    }
  });

  it('clamps a current page outside the pages', () => {
    expect(pagerWindow(0, 50)).toEqual(range(1, 10));
    expect(pagerWindow(-3, 5)).toEqual(range(1, 5));
    expect(pagerWindow(99, 50)).toEqual(range(41, 50));
    expect(pagerWindow(3, 0)).toEqual([1]);
  });
});
