import { type ReactNode, useLayoutEffect, useRef } from 'react';

/** Puts the full text in the native tooltip when, and only when, the cell shows it cut short. */
function titleIfCut(element: HTMLSpanElement) {
  const text = element.textContent?.trim() ?? '';
  if (element.scrollWidth > element.clientWidth && text !== '') element.title = text;
  else element.removeAttribute('title');
}

/**
 * The content of a column that cuts long values with "…": a cut value carries its whole text as a tooltip. Measured
 * again whenever the cell changes size (a resized window, a column that widens).
 */
export function TruncatedCell({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    titleIfCut(element);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => titleIfCut(element));
    observer.observe(element);
    return () => observer.disconnect();
  });
  return (
    <span ref={ref} className="truncated-cell" data-testid="truncated-cell">
      {children}
    </span>
  );
}
