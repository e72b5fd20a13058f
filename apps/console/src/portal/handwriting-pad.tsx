import type { THandwritingStroke, TPortalHandwriting } from '@sello/contracts/catalogue/portal-handwritten';
import { HANDWRITING_LIMITS } from '@sello/contracts/portal-limits';
import { type PointerEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { PortalError, portalApi } from './portal-api.ts';
import { PrimaryButton } from './portal-buttons.tsx';
import type { TPortalStepProps } from './use-portal-view.ts';

const PAD_HEIGHT = 180;

function pointerTypeOf(type: string): THandwritingStroke['pointerType'] {
  return type === 'pen' || type === 'touch' ? type : 'mouse';
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * What the page checks before sending (the server checks again): something drawn, and enough of it to be a
 * signature. Answers the error key, or null.
 */
function problemOf(strokes: readonly THandwritingStroke[], width: number): string | null {
  const points = strokes.reduce((total, stroke) => total + stroke.points.length, 0);
  if (points === 0) return 'ERR_SIGNATURE_EMPTY';
  if (points > HANDWRITING_LIMITS.maxPoints || strokes.length > HANDWRITING_LIMITS.maxStrokes) {
    return 'ERR_SIGNATURE_TOO_LARGE';
  }
  let ink = 0;
  for (const { points: line } of strokes) {
    for (let index = 1; index < line.length; index++) {
      ink += Math.hypot(line[index]![0] - line[index - 1]![0], line[index]![1] - line[index - 1]![1]);
    }
  }
  return points < HANDWRITING_LIMITS.minPoints || ink < HANDWRITING_LIMITS.minInkShare * width
    ? 'ERR_SIGNATURE_TOO_SHORT'
    : null;
}

/**
 * The handwritten signature (sign method BIOHAND_GRAPH): a pad that takes mouse, pen and touch through pointer
 * events, keeping per point its position, pressure and time since the signature began, draws the strokes as they
 * come, can be cleared and signed again, and sends the strokes with the acceptance.
 */
export function HandwritingPad({ token, t, busy, run, rejectButton }: TPortalStepProps & { rejectButton: ReactNode }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokesRef = useRef<THandwritingStroke[]>([]);
  const startRef = useRef<number | null>(null);
  const drawingRef = useRef<number | null>(null);
  const [pointCount, setPointCount] = useState(0);

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    const { width } = canvas.getBoundingClientRect();
    if (canvas.width !== Math.round(width * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(PAD_HEIGHT * ratio);
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, PAD_HEIGHT);
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#10206a';
    for (const stroke of strokesRef.current) {
      for (let index = 0; index < stroke.points.length; index++) {
        const [x, y, pressure] = stroke.points[index]!;
        const [px, py] = stroke.points[Math.max(0, index - 1)]!;
        context.lineWidth = 1.2 + 2.4 * pressure;
        context.beginPath();
        context.moveTo(px, py);
        context.lineTo(x + (index === 0 ? 0.1 : 0), y);
        context.stroke();
      }
    }
  }, []);

  useEffect(() => {
    redraw();
    window.addEventListener('resize', redraw);
    return () => window.removeEventListener('resize', redraw);
  }, [redraw]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): THandwritingStroke['points'][number] => {
    const rect = event.currentTarget.getBoundingClientRect();
    const now = event.timeStamp;
    startRef.current ??= now;
    const x = Math.min(Math.max(event.clientX - rect.left, 0), rect.width);
    const y = Math.min(Math.max(event.clientY - rect.top, 0), rect.height);
    // A mouse reports 0.5 while a button is down; pen and touch their own pressure.
    const pressure = Math.min(Math.max(event.pressure || 0.5, 0), 1);
    return [round(x, 1), round(y, 1), round(pressure, 3), Math.round(now - startRef.current)];
  };

  const add = (event: PointerEvent<HTMLCanvasElement>) => {
    const index = drawingRef.current;
    if (index === null) return;
    const stroke = strokesRef.current[index]!;
    if (stroke.points.length >= HANDWRITING_LIMITS.maxPoints) return;
    const point = pointOf(event);
    const last = stroke.points.at(-1);
    if (last && last[0] === point[0] && last[1] === point[1]) return;
    stroke.points.push(point);
    setPointCount((count) => count + 1);
    redraw();
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (busy || strokesRef.current.length >= HANDWRITING_LIMITS.maxStrokes) return;
    event.preventDefault();
    try {
      // The stroke goes on when the finger or pen slips past the pad's edge.
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks: the stroke just ends at the edge.
    }
    strokesRef.current.push({ pointerType: pointerTypeOf(event.pointerType), points: [] });
    drawingRef.current = strokesRef.current.length - 1;
    add(event);
  };

  const onPointerUp = () => {
    drawingRef.current = null;
  };

  const clear = () => {
    strokesRef.current = [];
    startRef.current = null;
    drawingRef.current = null;
    setPointCount(0);
    redraw();
  };

  const submit = () =>
    run(async () => {
      const width = canvasRef.current?.getBoundingClientRect().width ?? 0;
      const strokes = strokesRef.current.filter((stroke) => stroke.points.length > 0);
      const problem = problemOf(strokes, width);
      if (problem) throw new PortalError(400, problem);
      const signature: TPortalHandwriting = { width: round(width, 1), height: PAD_HEIGHT, strokes };
      return portalApi.acceptHandwritten(token, signature);
    });

  return (
    <section className="portal-card">
      <p id="portal-pad-hint">{t('padHint')}</p>
      <canvas
        ref={canvasRef}
        className="portal-pad"
        style={{ height: PAD_HEIGHT, touchAction: 'none' }}
        role="img"
        aria-label={t('padLabel')}
        aria-describedby="portal-pad-hint"
        data-points={pointCount}
        onPointerDown={onPointerDown}
        onPointerMove={add}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onPointerLeave={onPointerUp}
      />
      <div className="portal-buttons">
        {rejectButton}
        <button type="button" className="portal-secondary" disabled={busy || pointCount === 0} onClick={clear}>
          {t('padClear')}
        </button>
        <PrimaryButton label="acceptWithSignature" t={t} busy={busy} onClick={submit} />
      </div>
    </section>
  );
}
