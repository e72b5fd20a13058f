/** A short WebM recording as the page sends it: the EBML header, then bytes (what the server checks). */
export function webmDataUrl(size = 4096, fill = 0x42): string {
  const bytes = Buffer.alloc(size, fill);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3]);
  return `data:video/webm;codecs=vp8;base64,${bytes.toString('base64')}`;
}

export function webmBytes(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}
