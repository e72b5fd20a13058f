import { describe, expect, it } from 'vitest';
import { dispatchForTest, eventsOf, portalCall, shippingRow } from '../../test/portal-fixtures.ts';
import { TIAGO } from '../../test/shipping-fixtures.ts';
import { signedInClient } from '../../test/test-app.ts';
import { LINK_GRACE_DAYS } from '../delivery/dispatch.service.ts';
import { DAY, setUpPortalTestApp, t, user } from './portal.test-setup.ts';
import { portalModeOf } from './portal-rules.ts';

setUpPortalTestApp();

describe('links', () => {
  it('a token opens only its own receiver and shipping', async () => {
    const a = await dispatchForTest(t, user, 'Notarial notification', { body: { subject: 'Shipping A only' } });
    const b = await dispatchForTest(t, user, 'Notarial notification', { body: { subject: 'Shipping B only' } });
    const viewA = await portalCall(t, a.tokens[0]!, 'GET', 'shipping');
    expect(viewA.statusCode).toBe(200);
    expect(viewA.json()).toMatchObject({ subject: 'Shipping A only', mode: 'acknowledge', canAnswer: true });
    expect(viewA.body).not.toContain('Shipping B only');
    const viewB = await portalCall(t, b.tokens[0]!, 'GET', 'shipping');
    expect(viewB.json().subject).toBe('Shipping B only');
  });

  it('answers ERR_LINK_INVALID for a missing, unknown, malformed or expired token, with no session needed', async () => {
    // Dispatched long enough ago that its deadline and the links' grace after it are both past.
    const expired = await dispatchForTest(t, user, 'Notarial notification', {
      now: new Date(Date.now() - (365 + LINK_GRACE_DAYS) * DAY),
    });
    const receiver = await t.database.db
      .selectFrom('shipping_receivers')
      .select('access_expires_at')
      .where('id', '=', expired.receiverIds[0]!)
      .executeTakeFirstOrThrow();
    expect(receiver.access_expires_at!.getTime()).toBeLessThan(Date.now());
    for (const token of [null, 'x'.repeat(43), "' OR 1=1 --", expired.tokens[0]!]) {
      const response = await portalCall(t, token, 'GET', 'shipping');
      expect(response.statusCode).toBe(401);
      expect(response.json().key).toBe('ERR_LINK_INVALID');
    }
    const post = await portalCall(t, 'y'.repeat(43), 'POST', 'acknowledge');
    expect(post.statusCode).toBe(401);
    expect(post.json().key).toBe('ERR_LINK_INVALID');
  });

  it('shows a shipping sent in a template as its access message read: the template filled for the receiver', async () => {
    const template = await t.database.db
      .selectFrom('templates')
      .select('id')
      .where('name', '=', 'Renewal with documents')
      .executeTakeFirstOrThrow();
    const sent = await dispatchForTest(t, user, 'Notarial notification', {
      body: { templateId: Number(template.id), customFields: { reference: 'HOME-7', deadline: '2026-12-31' } },
    });
    const view = (await portalCall(t, sent.tokens[0]!, 'GET', 'shipping')).json();
    expect(view.body).toMatch(/^Your policy HOME-7 renews on 2026-12-31\. The new conditions/);
    expect(view.body).not.toContain('<p>');
    expect(view.body).not.toContain('{{');
    // With a message of the sender's own and no template, the page shows that text.
    const own = await dispatchForTest(t, user, 'Notarial notification', { body: { message: 'Written by hand' } });
    expect((await portalCall(t, own.tokens[0]!, 'GET', 'shipping')).json().body).toBe('Written by hand');
  });

  it('shows a receiver nothing of the other receivers', async () => {
    const joint = await dispatchForTest(t, user, 'Joint deed acceptance');
    const view = await portalCall(t, joint.tokens[0]!, 'GET', 'shipping');
    expect(view.statusCode).toBe(200);
    expect(view.body).not.toContain(TIAGO.email);
    expect(view.body).not.toContain(TIAGO.name);
  });
});

describe('opening', () => {
  it('delivers a sent shipping and records the opening once a day per receiver', async () => {
    const sent = await dispatchForTest(t, user, 'Notarial notification');
    expect((await shippingRow(t, sent.shippingId)).state).toBe('sent');
    await portalCall(t, sent.tokens[0]!, 'GET', 'shipping');
    await portalCall(t, sent.tokens[0]!, 'GET', 'shipping');
    expect((await shippingRow(t, sent.shippingId)).state).toBe('in_course');
    const events = await eventsOf(t, sent.shippingId);
    expect(events.filter((event) => event.action === 'deliver')).toHaveLength(1);
    expect(events.filter((event) => event.action === 'opened')).toHaveLength(1);
    const receiver = await t.database.db
      .selectFrom('shipping_receivers')
      .select(['status', 'opened_at'])
      .where('id', '=', sent.receiverIds[0]!)
      .executeTakeFirstOrThrow();
    expect(receiver.status).toBe('opened');
    expect(receiver.opened_at).not.toBeNull();
  });

  it('lets the receiver download its documents, recording each download', async () => {
    const sent = await dispatchForTest(t, user, 'Notarial notification');
    const file = await portalCall(t, sent.tokens[0]!, 'GET', 'documents/1');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect((await portalCall(t, sent.tokens[0]!, 'GET', 'documents/99')).statusCode).toBe(404);
    const downloads = (await eventsOf(t, sent.shippingId)).filter((event) => event.action === 'downloaded');
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.details).toMatchObject({ receiverId: sent.receiverIds[0], position: 1 });
  });
});

describe('notification and communication', () => {
  it('the receiver acknowledges once; the shipping closes as accepted', async () => {
    const sent = await dispatchForTest(t, user, 'Policy renewal notice');
    const token = sent.tokens[0]!;
    const accept = await portalCall(t, token, 'POST', 'accept', {});
    expect(accept.statusCode).toBe(403);
    const ack = await portalCall(t, token, 'POST', 'acknowledge');
    expect(ack.statusCode).toBe(200);
    expect(ack.json()).toMatchObject({ outcome: 'acknowledged', canAnswer: false });
    expect(await shippingRow(t, sent.shippingId)).toMatchObject({ state: 'pending_cert', result: 'accepted' });
    const again = await portalCall(t, token, 'POST', 'acknowledge');
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('ERR_ALREADY_ANSWERED');
    const accepted = (await eventsOf(t, sent.shippingId)).find((event) => event.action === 'accept');
    expect(accepted?.details).toMatchObject({ receiverId: sent.receiverIds[0], answer: 'acknowledged' });
  });
});

describe('certified e-mail', () => {
  it('carries its content in the message: no link, so no recipient page to answer on', async () => {
    const sent = await dispatchForTest(t, user, 'Certified e-mail');
    expect(sent.tokens).toEqual([]);
    const receiver = await t.database.db
      .selectFrom('shipping_receivers')
      .select(['status', 'access_token_hash'])
      .where('id', '=', sent.receiverIds[0]!)
      .executeTakeFirstOrThrow();
    expect(receiver).toEqual({ status: 'sent', access_token_hash: null });
    const message = await t.database.db
      .selectFrom('outbox')
      .select('body')
      .where('receiver_id', '=', sent.receiverIds[0]!)
      .where('purpose', '=', 'access')
      .executeTakeFirstOrThrow();
    expect(message.body).not.toContain('/portal/');
    // Read-only is what a certified kind's page would be: there is nothing to answer.
    expect(portalModeOf('certified_email')).toBe('readOnly');
    expect(portalModeOf('certified_sms')).toBe('readOnly');
    expect((await shippingRow(t, sent.shippingId)).state).toBe('sent');
  });
});

describe("the page in the message's language, with the message the template leaves out", () => {
  it("shows a template without {{message}} and then the sender's text, nothing dropped", async () => {
    const admin = await signedInClient(t.app, 'company.admin');
    const companyId = (
      await t.database.db
        .selectFrom('companies')
        .select('id')
        .where('tax_id', '=', 'B12345674')
        .executeTakeFirstOrThrow()
    ).id;
    const created = await admin.post('templates/new', {
      companyId: Number(companyId),
      name: 'Page frame without the message',
      content: '<p>{{company}} le ha enviado una notificación.</p>',
    });
    expect(created.statusCode, created.body).toBe(200);
    const sent = await dispatchForTest(t, user, 'Notarial notification', {
      body: { templateId: created.json().id, message: 'Traiga su DNI.' },
    });
    const view = (await portalCall(t, sent.tokens[0]!, 'GET', 'shipping')).json();
    expect(view.body).toBe('Notaría Central S.L. le ha enviado una notificación.\n\nTraiga su DNI.');
  });

  it('is headed by the subject its template writes, the one the access message carried', async () => {
    const admin = await signedInClient(t.app, 'company.admin');
    const companyId = (
      await t.database.db
        .selectFrom('companies')
        .select('id')
        .where('tax_id', '=', 'B12345674')
        .executeTakeFirstOrThrow()
    ).id;
    const created = await admin.post('templates/new', {
      companyId: Number(companyId),
      name: 'Page frame with its own subject',
      subject: '{{company}}: {{subject}}',
      content: '<p>{{message}}</p>',
    });
    expect(created.statusCode, created.body).toBe(200);
    const sent = await dispatchForTest(t, user, 'Notarial notification', {
      body: { templateId: created.json().id, subject: 'Aviso de protesto', message: 'Traiga su DNI.' },
    });
    const view = (await portalCall(t, sent.tokens[0]!, 'GET', 'shipping')).json();
    const [message] = await t.database.db
      .selectFrom('delivery_messages')
      .select('subject')
      .where('shipping_id', '=', String(sent.shippingId))
      .execute();
    expect(view.subject).toBe('Notaría Central S.L.: Aviso de protesto');
    expect(message!.subject).toBe(view.subject);
  });

  it("speaks to a receiver without a language in its sender's, as the access message did", async () => {
    const english = await signedInClient(t.app, 'sandbox.user');
    const sent = await dispatchForTest(t, english, 'Notarial notification', { body: { message: 'Bring your ID.' } });
    const view = (await portalCall(t, sent.tokens[0]!, 'GET', 'shipping')).json();
    expect(view.language).toBe('en-en');
    const [message] = await t.database.db
      .selectFrom('delivery_messages')
      .select('body')
      .where('shipping_id', '=', String(sent.shippingId))
      .execute();
    expect(message!.body).toContain('Open it here:');
  });
});
