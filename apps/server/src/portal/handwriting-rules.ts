import { createHash } from 'node:crypto';
import type { TPortalHandwriting } from '@sello/contracts/catalogue/portal-handwritten';
import { HANDWRITING_LIMITS } from '@sello/contracts/portal-limits';
import type { THandwritingOutline } from '../db/handwriting-schema.ts';
import { fieldError } from '../platform/api-error.ts';

/** A signature the server accepts: its biometric data in one canonical text, their hash and the shape to draw. */
export type TCheckedHandwriting = {
  /** The data as hashed and sealed: fixed key order, so the same signature always gives the same hash. */
  canonical: string;
  sha256: string;
  outline: THandwritingOutline;
  pointCount: number;
  strokeCount: number;
};

function inkLength(points: readonly (readonly number[])[]): number {
  let length = 0;
  for (let index = 1; index < points.length; index++) {
    const [x0 = 0, y0 = 0] = points[index - 1]!;
    const [x1 = 0, y1 = 0] = points[index]!;
    length += Math.hypot(x1 - x0, y1 - y0);
  }
  return length;
}

/**
 * Checks a signature the schema already bounded (strokes, points per stroke, values): the points of all strokes
 * together within the limit, each on the pad, times never going back, and enough ink to be a signature rather
 * than a tap or a dash. Throws the field error a receiver sees; answers the checked signature otherwise.
 */
export function checkHandwriting(input: TPortalHandwriting): TCheckedHandwriting {
  const pointCount = input.strokes.reduce((total, stroke) => total + stroke.points.length, 0);
  if (pointCount > HANDWRITING_LIMITS.maxPoints) throw fieldError('strokes', 'ERR_SIGNATURE_TOO_LARGE');
  let lastTime = 0;
  for (const stroke of input.strokes) {
    for (const [x, y, , time] of stroke.points) {
      if (x > input.width || y > input.height || time < lastTime) {
        throw fieldError('strokes', 'ERR_SIGNATURE_UNREADABLE');
      }
      lastTime = time;
    }
  }
  const ink = input.strokes.reduce((total, stroke) => total + inkLength(stroke.points), 0);
  if (pointCount < HANDWRITING_LIMITS.minPoints || ink < HANDWRITING_LIMITS.minInkShare * input.width) {
    throw fieldError('strokes', 'ERR_SIGNATURE_TOO_SHORT');
  }
  const canonical = JSON.stringify({
    width: input.width,
    height: input.height,
    strokes: input.strokes.map((stroke) => ({ pointerType: stroke.pointerType, points: stroke.points })),
  });
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    canonical,
    sha256: createHash('sha256').update(canonical, 'utf8').digest('hex'),
    outline: {
      width: input.width,
      height: input.height,
      strokes: input.strokes.map((stroke) => stroke.points.map(([x, y]) => [round(x), round(y)] as [number, number])),
    },
    pointCount,
    strokeCount: input.strokes.length,
  };
}
