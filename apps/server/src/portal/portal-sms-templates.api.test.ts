import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchForTest, portalCall, readPinFromOutbox, shippingRow } from '../../test/portal-fixtures.ts';
import { createShippingTestApp } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { runPortalExpiry } from './portal-expiry.ts';

let t: TTestApp;
let user: TestClient;
let domainAdmin: TestClient;
let demo: string;

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  domainAdmin = await signedInClient(t.app, 'domain.admin');
  demo = (await t.database.db.selectFrom('domains').select('id').where('code', '=', 'DEMO').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t.close());

async function smsTemplate(name: string, body: string): Promise<number> {
  const row = await t.database.db
    .insertInto('templates')
    .values({ domain_id: demo, name, content_type: 'SMS', kind: 'ADVANCED_COMMUNICATION', body })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The domain administrator chooses the domain's templates on its TEMPLATES tab. */
async function choose(ids: number[]) {
  const response = await domainAdmin.put(`administration/domains/updateAdvComTemplate/${demo}`, {
    advancedComTemplates: ids,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const outbox = (receiverId: string, purpose: 'pin' | 'reminder') =>
  t.database.db
    .selectFrom('delivery_messages')
    .select(['body', 'channel'])
    .where('receiver_id', '=', receiverId)
    .where('purpose', '=', purpose)
    .orderBy('id')
    .execute();

describe('the PIN and reminder SMS written from the domain chosen SMS templates', () => {
  it('sends the PIN in the chosen template with {{pin}} filled, and that PIN signs', async () => {
    const pinTemplate = await smsTemplate('PIN SMS', 'Hola {{receiverName}}: su PIN de {{company}} es {{pin}}.');
    await choose([
      await smsTemplate('Reminder SMS', 'Recuerde responder a {{subject}} antes de {{deadline}}'),
      pinTemplate,
    ]);
    const sent = await dispatchForTest(t, user, 'Deed acceptance');
    const [token] = sent.tokens as [string];
    const [receiverId] = sent.receiverIds as [string];
    expect((await portalCall(t, token, 'POST', 'pin')).json()).toMatchObject({ channel: 'sms' });
    const pin = await readPinFromOutbox(t, receiverId);
    const [message] = await outbox(receiverId, 'pin');
    expect(message).toEqual({
      channel: 'sms',
      body: `Hola Lucía Fernández: su PIN de Notaría Central S.L. es ${pin}.`,
    });
    const accepted = await portalCall(t, token, 'POST', 'accept', { pin });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ result: 'accepted' });
  });

  it('sends an SMS reminder in the chosen template without {{pin}}, its link placed', async () => {
    await choose([await smsTemplate('Aviso SMS', 'Aviso de {{company}}: {{subject}}. Responda aquí {{accessLink}}')]);
    const sent = await dispatchForTest(t, user, 'Deed acceptance', {
      body: { channel: 'sms', subject: 'Escritura 7' },
    });
    const [receiverId] = sent.receiverIds as [string];
    const row = await t.database.db
      .selectFrom('shippings')
      .select(['response_deadline_at as deadline', 'created_at as createdAt'])
      .where('id', '=', String(sent.shippingId))
      .executeTakeFirstOrThrow();
    const halfway = new Date((row.createdAt.getTime() + row.deadline!.getTime()) / 2 + 3_600_000);
    await runPortalExpiry(t.ctx, halfway);
    const [reminder] = await outbox(receiverId, 'reminder');
    expect(reminder?.channel).toBe('sms');
    expect(reminder?.body).toMatch(
      /^Aviso de Notaría Central S\.L\.: Escritura 7\. Responda aquí https?:\/\/\S+\/portal\/#\/r\/[\w-]{43}$/,
    );
  });

  it('keeps Sello words when no chosen SMS template fits', async () => {
    await choose([]);
    const sent = await dispatchForTest(t, user, 'Deed acceptance');
    const [token] = sent.tokens as [string];
    const [receiverId] = sent.receiverIds as [string];
    await portalCall(t, token, 'POST', 'pin');
    const [message] = await outbox(receiverId, 'pin');
    expect(message?.body).toMatch(/^Su PIN para aceptar es \d{6}\./);
  });
});
