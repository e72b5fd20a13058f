import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type TReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on a loopback port that keeps every message it receives; `delayMs` makes it
 * answer each message that much later (a slow provider). It refuses with 550 the recipients of
 * `refuse`, and cuts the connection after the whole message of a recipient of `cutAfterData` without an
 * answer (nobody can tell whether it was delivered).
 */
export async function startSmtpSink(
  options: {
    delayMs?: number;
    refuse?: string[];
    cutAfterData?: string[];
    /** Listen on this port (a server brought back where it was). */
    port?: number;
  } = {},
) {
  const received: TReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.includes(address.address)) {
        const error = new Error('mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        if (session.envelope.rcptTo.some((rcpt) => options.cutAfterData?.includes(rcpt.address))) {
          for (const socket of sockets) if (socket.remotePort === session.remotePort) socket.destroy();
          return;
        }
        const accept = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          });
          callback();
        };
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });
  const sockets = new Set<Socket>();
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
