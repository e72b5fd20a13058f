import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { E2E } from './e2e-env.ts';

/**
 * The browser tests' mail server: a real SMTP peer for the app (SMTP_URL points here) that keeps every
 * message and lists them as JSON over HTTP, so a test can read the link a receiver was sent.
 */
type TMail = { to: string[]; subject: string; text: string; raw: string; receivedAt: string };

const received: TMail[] = [];

/** Undoes quoted-printable soft breaks and escapes, so long links read whole. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=); the space between two of them goes. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_whole, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    );
}

function readSubject(raw: string): string {
  const match = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw);
  return match ? decodeHeader(match[1]!.replace(/\r?\n[ \t]/g, ' ')) : '';
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        subject: readSubject(raw),
        text: decodeQuotedPrintable(raw),
        raw,
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});

const http = createServer((request, response) => {
  if (request.url !== '/messages') {
    response.writeHead(request.url === '/' ? 200 : 404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
});

smtp.listen(E2E.smtpPort, '127.0.0.1');
http.listen(E2E.mailApiPort, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    smtp.close(() => process.exit(0));
    http.close();
  });
}
