/**
 * Just enough MIME reading for the tests (mailparser is not a dependency): headers unfolded, nested
 * multiparts flattened into their leaves, base64 attachments decoded. ASCII file names only.
 */
export type TMailPart = { headers: Map<string, string>; body: string };
export type TMailAttachment = { filename: string | null; contentType: string; content: Buffer };

function splitPart(raw: string): TMailPart {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? '' : raw.slice(end + 4) };
}

function readParameter(value: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}=("([^"]*)"|[^;\\s]+)`, 'i').exec(value);
  if (!match) return null;
  return match[2] ?? match[1] ?? null;
}

/** The leaf parts of a message, in order; a message that is not multipart is its own only leaf. */
export function readMailLeaves(raw: string): TMailPart[] {
  const part = splitPart(raw);
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const boundary = readParameter(contentType, 'boundary');
  if (!/^multipart\//i.test(contentType) || !boundary) return [part];
  // Every delimiter line follows a CRLF (the first one too, once the body is prefixed with one): the
  // first section is the preamble, the last the closing `--` and the epilogue.
  const sections = `\r\n${part.body}`.split(`\r\n--${boundary}`);
  const inner = sections.slice(1, -1).map((section) => section.replace(/^[ \t]*\r\n/, ''));
  return inner.flatMap((section) => readMailLeaves(section));
}

/** The parts sent as attachments, their base64 bodies decoded. */
export function readMailAttachments(raw: string): TMailAttachment[] {
  return readMailLeaves(raw)
    .filter((part) => /^attachment\b/i.test(part.headers.get('content-disposition') ?? ''))
    .map((part) => {
      const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
      if (encoding !== 'base64') throw new Error(`attachment encoded as ${encoding}, expected base64`);
      return {
        filename: readParameter(part.headers.get('content-disposition')!, 'filename'),
        contentType: (part.headers.get('content-type') ?? '').split(';')[0]!.trim(),
        content: Buffer.from(part.body.replace(/\s+/g, ''), 'base64'),
      };
    });
}
