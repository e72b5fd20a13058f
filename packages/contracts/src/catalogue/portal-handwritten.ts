import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { HANDWRITING_LIMITS } from '../portal-limits.ts';
import { ZPortalView } from './portal.ts';

/**
 * The handwritten signature (sign method BIOHAND_GRAPH) as the recipient page captures it: the pad's size in CSS
 * pixels and, per stroke (pen down to pen up), the device and its points `[x, y, pressure, ms]`, the time counted
 * from the first point of the signature. Sizes are bounded here so an oversized body is refused before any work.
 */
const ZCoordinate = z.number('ERR_SIGNATURE_UNREADABLE').finite('ERR_SIGNATURE_UNREADABLE');

export const ZHandwritingPoint = z.tuple([
  ZCoordinate.min(0, 'ERR_SIGNATURE_UNREADABLE').max(HANDWRITING_LIMITS.maxPadSize, 'ERR_SIGNATURE_UNREADABLE'),
  ZCoordinate.min(0, 'ERR_SIGNATURE_UNREADABLE').max(HANDWRITING_LIMITS.maxPadSize, 'ERR_SIGNATURE_UNREADABLE'),
  ZCoordinate.min(0, 'ERR_SIGNATURE_UNREADABLE').max(1, 'ERR_SIGNATURE_UNREADABLE'),
  ZCoordinate.min(0, 'ERR_SIGNATURE_UNREADABLE').max(HANDWRITING_LIMITS.maxDurationMs, 'ERR_SIGNATURE_UNREADABLE'),
]);

export const ZHandwritingStroke = z.object({
  pointerType: z.enum(['mouse', 'pen', 'touch'], 'ERR_SIGNATURE_UNREADABLE'),
  points: z
    .array(ZHandwritingPoint, 'ERR_SIGNATURE_UNREADABLE')
    .min(1, 'ERR_SIGNATURE_EMPTY')
    .max(HANDWRITING_LIMITS.maxPoints, 'ERR_SIGNATURE_TOO_LARGE'),
});

export const ZPortalHandwriting = z.object({
  width: ZCoordinate.min(50, 'ERR_SIGNATURE_UNREADABLE').max(HANDWRITING_LIMITS.maxPadSize, 'ERR_SIGNATURE_UNREADABLE'),
  height: ZCoordinate.min(30, 'ERR_SIGNATURE_UNREADABLE').max(
    HANDWRITING_LIMITS.maxPadSize,
    'ERR_SIGNATURE_UNREADABLE',
  ),
  strokes: z
    .array(ZHandwritingStroke, 'ERR_SIGNATURE_EMPTY')
    .min(1, 'ERR_SIGNATURE_EMPTY')
    .max(HANDWRITING_LIMITS.maxStrokes, 'ERR_SIGNATURE_TOO_LARGE'),
});
export type TPortalHandwriting = z.infer<typeof ZPortalHandwriting>;
export type THandwritingStroke = z.infer<typeof ZHandwritingStroke>;

export const portalHandwrittenApi = {
  acceptHandwritten: defineEndpoint({
    id: 'portal.acceptHandwritten',
    method: 'POST',
    path: 'portal/accept/handwritten',
    summary: 'The receiver accepts with its handwritten signature (sign method BIOHAND_GRAPH)',
    permission: 'public',
    body: ZPortalHandwriting,
    response: ZPortalView,
    beyondSpec: true,
  }),
} as const;
