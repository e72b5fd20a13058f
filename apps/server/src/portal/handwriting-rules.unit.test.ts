import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawnSignature } from '../../test/handwriting-fixtures.ts';
import { outlinePath } from '../evidence/handwritten-stamp.ts';
import { checkHandwriting } from './handwriting-rules.ts';

describe('checking a handwritten signature', () => {
  it('hashes the data as they came, and keeps only the rounded shape to draw', () => {
    const signature = drawnSignature('pen');
    const checked = checkHandwriting(signature);
    expect(JSON.parse(checked.canonical)).toEqual(signature);
    expect(checked.sha256).toBe(createHash('sha256').update(checked.canonical).digest('hex'));
    // Key order of the input does not change the hash.
    const reordered = { strokes: signature.strokes, height: signature.height, width: signature.width };
    expect(checkHandwriting(reordered as typeof signature).sha256).toBe(checked.sha256);
    expect(checked).toMatchObject({ pointCount: 52, strokeCount: 2 });
    expect(checked.outline.strokes[0]![1]).toEqual([26, 103.6]);
    expect(checked.outline.strokes.flat().every((point) => point.length === 2)).toBe(true);
  });

  it('refuses a tap, a dash, points off the pad and times going back, with their keys', () => {
    const base = drawnSignature();
    const refusal = (input: unknown) => {
      try {
        checkHandwriting(input as typeof base);
        return null;
      } catch (error) {
        return (error as { fields?: Record<string, string> }).fields?.strokes;
      }
    };
    const tap = { ...base, strokes: [{ pointerType: 'touch', points: [[5, 5, 0.5, 0]] }] };
    const dash = {
      ...base,
      strokes: [{ pointerType: 'mouse', points: Array.from({ length: 30 }, (_, i) => [10 + i * 3, 10, 0.5, i]) }],
    };
    expect(refusal(tap)).toBe('ERR_SIGNATURE_TOO_SHORT');
    expect(refusal(dash)).toBe('ERR_SIGNATURE_TOO_SHORT');
    expect(refusal({ ...base, height: 100 })).toBe('ERR_SIGNATURE_UNREADABLE');
    expect(refusal({ ...base, strokes: [...base.strokes].reverse() })).toBe('ERR_SIGNATURE_UNREADABLE');
    expect(refusal(base)).toBeNull();
  });

  it('draws each stroke as one path, a single point as a dot', () => {
    expect(
      outlinePath({
        width: 100,
        height: 50,
        strokes: [
          [
            [1, 2],
            [3, 4],
          ],
          [[5, 6]],
        ],
      }),
    ).toBe('M1 2 L3 4 M5 6 L5.5 6');
  });
});
