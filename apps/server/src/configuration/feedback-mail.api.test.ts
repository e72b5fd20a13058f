import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, signedInClient, TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    SUPPORT_EMAIL: 'helpdesk@provider.test',
    MAIL_FROM: 'console@provider.test',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('configuration/sendFeedback with SMTP configured', () => {
  it('mails the report with its attachment to the support address and records it', async () => {
    const client = await signedInClient(t.app, 'company.manager');
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const response = await client.post('configuration/sendFeedback', {
      name: 'Marta Lopes',
      email: 'company.manager@sello.local',
      subject: 'Certificate download',
      msg: 'The certificate of shipping 42 does not open.',
      requestCid: '42',
      currentUrl: 'http://localhost:8080/#/shippings/detail/42',
      file: {
        name: 'capture.pdf',
        type: 'application/pdf',
        content: `data:application/pdf;base64,${pdf.toString('base64')}`,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['helpdesk@provider.test']);
    expect(mail.from).toBe('console@provider.test');
    expect(mail.raw).toMatch(/Subject: \[Sello feedback #\d+\] Certificate download/);
    expect(mail.raw).toContain('Request: 42');
    expect(mail.raw).toContain('filename=capture.pdf');
    const row = await t.database.db
      .selectFrom('feedback')
      .select('mailed_at')
      .where('request_cid', '=', '42')
      .executeTakeFirstOrThrow();
    expect(row.mailed_at).toBeInstanceOf(Date);
  });

  it("takes a signed-in user's report without an e-mail, and refuses one without a session", async () => {
    const client = await signedInClient(t.app, 'company.manager');
    const report = { name: 'Marta Lopes', subject: 'No e-mail on my account', msg: 'Please call me.' };
    const signedIn = await client.post('configuration/sendFeedback', report);
    expect(signedIn.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('feedback')
      .select(['email', 'user_id'])
      .where('subject', '=', report.subject)
      .executeTakeFirstOrThrow();
    expect(row.email).toBeNull();
    expect(row.user_id).not.toBeNull();
    expect(smtp.received.at(-1)?.raw).toContain('From: Marta Lopes (no e-mail on the account)');
    const anonymous = await new TestClient(t.app).post('configuration/sendFeedback', {
      ...report,
      subject: 'Anonymous without e-mail',
    });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toMatchObject({ key: 'ERR_VALIDATION', fields: { email: 'ERR_FIELD_REQUIRED' } });
    const kept = await t.database.db
      .selectFrom('feedback')
      .select('id')
      .where('subject', '=', 'Anonymous without e-mail')
      .execute();
    expect(kept).toHaveLength(0);
  });

  it('keeps the report when the mail server is gone', async () => {
    await smtp.close();
    const client = await signedInClient(t.app, 'company.user');
    const response = await client.post('configuration/sendFeedback', {
      name: 'Javier Ruiz',
      email: 'company.user@sello.local',
      subject: 'Mail server down',
      msg: 'Testing the fallback.',
    });
    expect(response.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('feedback')
      .select(['subject', 'mailed_at'])
      .where('subject', '=', 'Mail server down')
      .executeTakeFirstOrThrow();
    expect(row.mailed_at).toBeNull();
  });
});
