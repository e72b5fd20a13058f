import type { PDFPage } from 'pdf-lib';
import { rgb } from 'pdf-lib';
import QRCode from 'qrcode';

/** The QR code of `text` drawn as vector squares (one per dark module), `size` points wide, top-left at (x, top). */
export function drawQrCode(page: PDFPage, text: string, at: { x: number; top: number; size: number }): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = at.size / modules.size;
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
      page.drawRectangle({
        x: at.x + start * cell,
        y: at.top - (row + 1) * cell,
        width: (column - start) * cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }
  }
}
