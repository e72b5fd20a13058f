import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { afterAll, describe, expect, it } from 'vitest';
import { drawQrCode } from './verification-qr.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'sello-qr-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The page rendered by poppler at `dpi` in shades of grey (a binary PGM: a text header, then a byte a pixel). */
function render(bytes: Uint8Array, dpi: number): { width: number; pixels: Buffer } {
  const file = path.join(folder, 'qr.pdf');
  writeFileSync(file, bytes);
  execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-singlefile', file, path.join(folder, 'page')]);
  const image = readFileSync(path.join(folder, 'page.pgm'));
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.toString('latin1', 0, 50))!;
  return { width: Number(header[1]), pixels: image.subarray(header[0].length) };
}

describe('the QR code on a certificate', () => {
  it('prints every module where the code has it, dark or light, as a reader will scan it', async () => {
    const url = 'https://sello.example/#/verify/7KQ2-M9XD-4TBN';
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([200, 200]);
    drawQrCode(page, url, { x: 50, top: 150, size: 100 });
    // 144 dpi: two pixels a point, so each module is several pixels wide.
    const image = render(await pdf.save(), 144);
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const cell = 100 / modules.size;
    const mismatches: string[] = [];
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        // The module's centre in pixels; PDF y grows upwards, the image's downwards.
        const x = Math.round((50 + (column + 0.5) * cell) * 2);
        const y = Math.round((200 - (150 - (row + 0.5) * cell)) * 2);
        const dark = image.pixels[y * image.width + x]! < 128;
        if (dark !== Boolean(modules.get(row, column))) mismatches.push(`${row},${column}`);
      }
    }
    expect(modules.size).toBeGreaterThan(20);
    expect(mismatches).toEqual([]);
  });
});
