import { describe, expect, it } from 'vitest';
import { readBoundedBody } from './bounded-body.ts';

/** An answer streamed in `chunks` chunks of `size` bytes, with no declared length, counting what was pulled. */
function streamed(chunks: number, size: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(size));
    },
  });
  return { response: new Response(body), pulled: () => pulled };
}

describe("a trust service's answer read with a bound", () => {
  it('reads an answer within the bound whole', async () => {
    expect((await readBoundedBody(streamed(4, 1_000).response, 4_000)).length).toBe(4_000);
  });

  it('stops reading a streamed answer as soon as it passes the bound', async () => {
    const { response, pulled } = streamed(1_000, 64 * 1024);
    await expect(readBoundedBody(response, 100 * 1024)).rejects.toThrow('an answer over 102400 bytes');
    expect(pulled()).toBeLessThan(5);
  });

  it('refuses an answer whose declared length is over the bound without reading it', async () => {
    const response = new Response(new Uint8Array(10), { headers: { 'content-length': '2000000' } });
    await expect(readBoundedBody(response, 1_000_000)).rejects.toThrow('an answer over 1000000 bytes');
  });
});
