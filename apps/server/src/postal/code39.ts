import { type PDFPage, rgb } from 'pdf-lib';

/** Code 39 patterns (bar, space, bar, …; w = wide) for the characters a reference holds. */
const PATTERNS: Record<string, string> = {
  '0': 'nnnwwnwnn',
  '1': 'wnnwnnnnw',
  '2': 'nnwwnnnnw',
  '3': 'wnwwnnnnn',
  '4': 'nnnwwnnnw',
  '5': 'wnnwwnnnn',
  '6': 'nnwwwnnnn',
  '7': 'nnnwnnwnw',
  '8': 'wnnwnnwnn',
  '9': 'nnwwnnwnn',
  A: 'wnnnnwnnw',
  B: 'nnwnnwnnw',
  C: 'wnwnnwnnn',
  D: 'nnnnwwnnw',
  E: 'wnnnwwnnn',
  F: 'nnwnwwnnn',
  '-': 'nwnnnnwnw',
  '*': 'nwnnwnwnn',
};
const WIDE = 3;
/** Each character is 6 narrow and 3 wide elements, then one narrow gap. */
const UNITS_PER_CHAR = 6 + 3 * WIDE + 1;

/** The bars of `value` in Code 39 (hex digits and dashes), as [start, width] in narrow units. */
export function encodeCode39(value: string): [number, number][] {
  const bars: [number, number][] = [];
  let position = 0;
  for (const char of `*${value}*`) {
    const pattern = PATTERNS[char];
    if (!pattern) throw new Error(`Code 39 cannot encode ${char}`);
    [...pattern].forEach((element, index) => {
      const width = element === 'w' ? WIDE : 1;
      if (index % 2 === 0) bars.push([position, width]);
      position += width;
    });
    position += 1;
  }
  return bars;
}

/** Draws `value` as a Code 39 barcode filling at most `box.width`. */
export function drawCode39(page: PDFPage, value: string, box: { x: number; y: number; width: number; height: number }) {
  const totalUnits = (value.length + 2) * UNITS_PER_CHAR;
  const unit = box.width / totalUnits;
  for (const [start, width] of encodeCode39(value)) {
    page.drawRectangle({
      x: box.x + start * unit,
      y: box.y,
      width: width * unit,
      height: box.height,
      color: rgb(0, 0, 0),
    });
  }
}
