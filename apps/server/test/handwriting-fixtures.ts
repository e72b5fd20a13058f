import type { TPortalHandwriting } from '@sello/contracts/catalogue/portal-handwritten';

/**
 * A handwritten signature as the recipient page sends it: a pad of 320×180 pixels and two strokes (a looping
 * name and an underline), with pressure and times in milliseconds from the first point.
 */
export function drawnSignature(pointerType: 'mouse' | 'pen' | 'touch' = 'pen'): TPortalHandwriting {
  const name = Array.from({ length: 40 }, (_, index): [number, number, number, number] => [
    20 + index * 6,
    90 + 35 * Math.sin(index / 2.5),
    0.4 + 0.01 * index,
    index * 12,
  ]);
  const underline = Array.from({ length: 12 }, (_, index): [number, number, number, number] => [
    40 + index * 20,
    150,
    0.5,
    700 + index * 10,
  ]);
  return {
    width: 320,
    height: 180,
    strokes: [
      { pointerType, points: name },
      { pointerType, points: underline },
    ],
  };
}
