/**
 * The body of a trust service's answer (TSA, OCSP responder, CRL server), refused as soon as it passes `max` bytes,
 * declared or read: an answer is parsed in memory, so a peer must not choose its size.
 */
export async function readBoundedBody(response: Response, max: number): Promise<Buffer> {
  if (Number(response.headers.get('content-length') ?? 0) > max) throw new Error(`an answer over ${max} bytes`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
    if (chunk.done) break;
    size += chunk.value.length;
    if (size > max) {
      await reader!.cancel();
      throw new Error(`an answer over ${max} bytes`);
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
}
