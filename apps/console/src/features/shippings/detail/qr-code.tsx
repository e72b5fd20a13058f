/** Modules of light margin around a QR code, as readers expect (the standard's quiet zone). */
const QUIET = 4;

/**
 * A QR code drawn from the server's rows of modules (`1` dark), one rectangle per run of dark modules in a row.
 * `data-link` carries the text it encodes, for whoever needs it without a camera (tests, assistive tools).
 */
export function QrCode({
  rows,
  link,
  label,
  size = 240,
}: {
  rows: string[];
  link: string;
  label: string;
  size?: number;
}) {
  const width = rows.length + 2 * QUIET;
  const runs: { x: number; y: number; length: number }[] = [];
  rows.forEach((row, y) => {
    for (const match of row.matchAll(/1+/g)) runs.push({ x: match.index, y, length: match[0].length });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${width} ${width}`}
      shapeRendering="crispEdges"
      data-testid="hand-over-qr-code"
      data-link={link}
    >
      <rect width={width} height={width} fill="#fff" />
      {runs.map((run) => (
        <rect key={`${run.y}-${run.x}`} x={run.x + QUIET} y={run.y + QUIET} width={run.length} height={1} fill="#000" />
      ))}
    </svg>
  );
}
