import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import { ChannelSendError, type TChannelAdapter, type TOutgoingAttachment } from '../../platform/channel-adapter.ts';
import { convertHtmlToText as textPartOf } from '../html-to-text.ts';

/** Seconds SMTP may take per step, so a stuck server fails a send instead of holding it for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

type TSmtpError = Error & { code?: string; command?: string; responseCode?: number };

/**
 * Tells what an SMTP failure means for the message: a reply code says the server refused it (5xx for
 * good, 4xx for now); a failure while connecting means nothing was handed over; anything else (a cut
 * during or after DATA) may have delivered it, so it is never sent again. nodemailer reports every lost
 * connection as `CONN`/`ECONNECTION`, whatever the stage: `dataStarted` tells a cut after DATA apart.
 */
export function classifySmtpError(error: TSmtpError, dataStarted = false): ChannelSendError {
  const text = `${error.code ?? 'SMTP'}: ${error.message}`.slice(0, 500);
  if (error.responseCode !== undefined && error.responseCode >= 500) return new ChannelSendError('permanent', text);
  if (error.responseCode !== undefined && error.responseCode >= 400) return new ChannelSendError('transient', text);
  if (dataStarted) return new ChannelSendError('unknown', text);
  if (error.command === 'CONN' || error.code === 'ECONNECTION' || error.code === 'EDNS') {
    return new ChannelSendError('transient', text);
  }
  return new ChannelSendError('unknown', text);
}

/** Opens every attachment's stream before the connection: a file that fails to open means nothing was sent. */
async function openAttachments(attachments: readonly TOutgoingAttachment[]): Promise<Readable[]> {
  const streams: Readable[] = [];
  try {
    for (const attachment of attachments) streams.push(await attachment.open());
  } catch (error) {
    for (const stream of streams) stream.destroy();
    throw new ChannelSendError('transient', `attachment not opened: ${(error as Error).message}`.slice(0, 500));
  }
  return streams;
}

/**
 * E-mail over SMTP (nodemailer). The Message-ID carries the message guid; the server's reply is the
 * reference. Attachments are streamed from their source into the message as it is sent.
 */
export function createSmtpAdapter(smtpUrl: string, from: string): TChannelAdapter {
  const domain = from.split('@')[1] ?? 'sello.local';
  return {
    transport: 'smtp',
    async send(message) {
      const attachments = message.attachments ?? [];
      const streams = await openAttachments(attachments);
      // One transport per message (nodemailer opens a connection per message anyway) whose transaction log
      // tells whether the message body was started.
      let dataStarted = false;
      const logger = {
        debug(entry: { tnx?: string } | undefined, line: unknown) {
          if (entry?.tnx === 'client' && /^(DATA|BDAT)\b/.test(String(line))) dataStarted = true;
        },
        trace() {},
        info() {},
        warn() {},
        error() {},
        fatal() {},
      };
      const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS, logger, transactionLog: true });
      try {
        const info = await transport.sendMail({
          from,
          to: message.recipient,
          subject: message.subject ?? '',
          ...(message.html ? { html: message.body, text: textPartOf(message.body) } : { text: message.body }),
          messageId: `<${message.guid}@${domain}>`,
          attachments: attachments.map((attachment, index) => ({
            filename: attachment.name,
            contentType: attachment.mimeType,
            content: streams[index],
          })),
        });
        return { providerRef: String(info.response ?? info.messageId).slice(0, 500) };
      } catch (error) {
        throw classifySmtpError(error as TSmtpError, dataStarted);
      } finally {
        // A stream never read (the connection refused) would otherwise keep its file open.
        for (const stream of streams) stream.destroy();
      }
    },
  };
}
