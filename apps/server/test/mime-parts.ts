/**
 * The text parts of a raw e-mail as a mail client reads them: each `text/*` part of a (nested)
 * multipart message, its transfer encoding (quoted-printable, base64) undone, decoded as UTF-8.
 * Enough for the messages nodemailer writes; attachments are skipped.
 */
export type TMimeTextPart = { type: string; text: string };

function headerValue(headers: string, name: string): string | undefined {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim();
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const text = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let index = 0; index < text.length; index++) {
        const hex = text[index] === '=' ? /^[0-9A-F]{2}$/i.exec(text.slice(index + 1, index + 3)) : null;
        if (hex) {
          bytes.push(Number.parseInt(hex[0], 16));
          index += 2;
        } else bytes.push(...Buffer.from(text[index]!, 'utf8'));
      }
      return Buffer.from(bytes).toString('utf8');
    }
    default:
      return body;
  }
}

export function readMimeTextParts(raw: string): TMimeTextPart[] {
  const split = /\r?\n\r?\n/.exec(raw);
  const headers = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const contentType = headerValue(headers, 'Content-Type') ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return [];
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => readMimeTextParts(part.replace(/^\r?\n/, '')));
  }
  if (!type.startsWith('text/') || /attachment/i.test(headerValue(headers, 'Content-Disposition') ?? '')) return [];
  return [{ type, text: decodeBody(body, headerValue(headers, 'Content-Transfer-Encoding')).replace(/\r\n/g, '\n') }];
}
