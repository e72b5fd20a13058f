import type { PDFPage } from 'pdf-lib';
import { fill, popGraphicsState, pushGraphicsState, rectangle, setFillingGrayscaleColor } from 'pdf-lib';
import QRCode from 'qrcode';

/** The QR code of `text` drawn as vector squares, `size` points wide, top-left at (x, top). */
export function drawQrCode(page: PDFPage, text: string, at: { x: number; top: number; size: number }): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = at.size / modules.size;
  // One path filled once: pdf-lib's drawRectangle writes a whole graphics state per call, which cost a certificate
  // milliseconds for a QR code's few hundred runs.
  const operators = [pushGraphicsState(), setFillingGrayscaleColor(0)];
  for (let row = 0; row < modules.size; row++) {
    // Each run of dark modules in a row is one rectangle: fewer operators, no hairline gaps between cells.
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column++;
      operators.push(rectangle(at.x + start * cell, at.top - (row + 1) * cell, (column - start) * cell, cell));
    }
  }
  page.pushOperators(...operators, fill(), popGraphicsState());
}
