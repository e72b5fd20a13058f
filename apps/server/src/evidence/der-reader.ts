/** One DER element of `bytes`: its tag byte and where its content starts and it ends (offsets into `bytes`). */
export type TDerNode = { tag: number; start: number; contentStart: number; end: number };

/** The DER element at `offset`; throws on what DER does not allow (indefinite or oversized lengths, overruns). */
export function readDer(bytes: Buffer, offset = 0): TDerNode {
  if (offset + 2 > bytes.length) throw new Error('DER: truncated');
  const tag = bytes[offset]!;
  let position = offset + 1;
  let length = bytes[position++]!;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error('DER: unsupported length');
    length = 0;
    for (let index = 0; index < count; index++) length = length * 256 + bytes[position++]!;
  }
  const end = position + length;
  if (end > bytes.length) throw new Error('DER: element overruns its input');
  return { tag, start: offset, contentStart: position, end };
}

/** The elements inside a constructed element. */
export function childrenOf(bytes: Buffer, node: TDerNode): TDerNode[] {
  const children: TDerNode[] = [];
  for (let position = node.contentStart; position < node.end; ) {
    const child = readDer(bytes, position);
    children.push(child);
    position = child.end;
  }
  return children;
}

export const contentOf = (bytes: Buffer, node: TDerNode) => bytes.subarray(node.contentStart, node.end);
export const encodingOf = (bytes: Buffer, node: TDerNode) => bytes.subarray(node.start, node.end);

/** An OBJECT IDENTIFIER's dotted form. */
export function oidOf(bytes: Buffer, node: TDerNode): string {
  const content = contentOf(bytes, node);
  const arcs: bigint[] = [];
  let value = 0n;
  for (const byte of content) {
    value = (value << 7n) | BigInt(byte & 0x7f);
    if ((byte & 0x80) === 0) {
      arcs.push(value);
      value = 0n;
    }
  }
  const first = arcs.shift() ?? 0n;
  const head = first < 80n ? [first / 40n, first % 40n] : [2n, first - 80n];
  return [...head, ...arcs].join('.');
}

/** The child at `index`, or an error naming what was expected: a malformed structure fails, it never passes. */
export function childAt(bytes: Buffer, node: TDerNode, index: number): TDerNode {
  const child = childrenOf(bytes, node)[index];
  if (!child) throw new Error('DER: missing element');
  return child;
}
