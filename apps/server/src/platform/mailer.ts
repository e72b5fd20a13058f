import nodemailer from 'nodemailer';

export type TMail = {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

export type TMailer = { enabled: boolean; send: (mail: TMail) => Promise<void> };

/** SMTP when `SMTP_URL` is set; otherwise mail is not sent and callers record that. */
export function createMailer(smtpUrl: string | undefined, from: string): TMailer {
  if (!smtpUrl) return { enabled: false, send: async () => {} };
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    enabled: true,
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
  };
}
