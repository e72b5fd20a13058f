import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokensOfBody } from '../../test/password-fixtures.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('password mail through SMTP', () => {
  it('pwdrecover mails the link by SMTP; nothing waits in the outbox and no link is stored in clear', async () => {
    const client = new TestClient(t.app);
    expect((await client.post('security/pwdrecover', { login: 'sandbox.user', language: 'es-es' })).statusCode).toBe(
      200,
    );
    const mail = await vi.waitFor(() => {
      const found = sink.received.find((received) => received.to.includes('sandbox.user@sello.local'));
      expect(found).toBeDefined();
      return found as NonNullable<typeof found>;
    });
    expect(mail.raw).toContain('Recover your Sello password');
    const tokens = tokensOfBody(mail.raw);
    expect((await new TestClient(t.app).post('security/pwdrecoverlogin', tokens)).statusCode).toBe(200);
    const rows = await t.database.db.selectFrom('account_messages').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({ transport: 'smtp', status: 'sent', body: null, purpose: 'recovery' }),
    ]);
    expect(await t.database.db.selectFrom('account_outbox').selectAll().execute()).toEqual([]);
  });
});
