import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The text of a PDF as poppler's pdftotext reads it (what a person copying from the file gets). */
export function readPdfText(bytes: Uint8Array, layout = true): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sello-pdf-'));
  try {
    const file = path.join(dir, 'file.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
