import { describe, expect, it } from 'vitest';
import { checkDocumentType, decodeDocument } from './document-check.ts';

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n%%EOF\n', 'latin1');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const ZIP = Buffer.from('504b0304140000000800', 'hex');

describe('checkDocumentType', () => {
  it('recognises a PDF and an image by their bytes', () => {
    expect(checkDocumentType('contract.pdf', decodeDocument(dataUrl('application/pdf', PDF)))).toBe('application/pdf');
    expect(checkDocumentType('scan.PNG', decodeDocument(dataUrl('image/png', PNG)))).toBe('image/png');
    expect(checkDocumentType('no extension', decodeDocument(dataUrl('', PDF)))).toBe('application/pdf');
  });

  it('refuses a file disguised as a PDF, by name or by declared type', () => {
    expect(checkDocumentType('contract.pdf', decodeDocument(dataUrl('application/pdf', ZIP)))).toBeNull();
    expect(checkDocumentType('scan.pdf', decodeDocument(dataUrl('application/pdf', PNG)))).toBeNull();
    expect(checkDocumentType('contract.pdf', decodeDocument(dataUrl('image/png', PDF)))).toBeNull();
    expect(checkDocumentType('contract.exe', decodeDocument(dataUrl('application/pdf', PDF)))).toBeNull();
  });
});
