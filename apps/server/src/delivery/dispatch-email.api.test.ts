import { describe, expect, it } from 'vitest';
import { LUCIA, readChain } from '../../test/shipping-fixtures.ts';
import { signedInClient } from '../../test/test-app.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import { verifyChain } from '../shippings/event-chain.ts';
import { dispatchShippings, LINK_GRACE_DAYS } from './dispatch.service.ts';
import {
  actionsOf,
  DAY,
  deps,
  dispatched,
  messagesOf,
  sendAll,
  setUpDispatchTestApp,
  shippingRow,
  smtp,
  t,
} from './dispatch.test-setup.ts';
import { sendMessage } from './dispatch-send.ts';

setUpDispatchTestApp();

describe('dispatch over e-mail (SMTP)', () => {
  it('sets the deadline, issues the link, sends one message per receiver once, and delivers on SMTP acceptance', async () => {
    const before = Date.now();
    // Written by hand: no template, so the access message is Sello's own words.
    const id = await dispatched('Notarial notification', { message: 'Please read the notice.' });
    expect(await dispatchShippings(t.ctx, [String(id)])).toEqual([]);
    const row = await shippingRow(id);
    expect(row.state).toBe('sent');
    const deadline = row.response_deadline_at!.getTime();
    expect(deadline).toBeGreaterThanOrEqual(before + 15 * DAY);
    expect(deadline).toBeLessThan(Date.now() + 15 * DAY + 1000);
    const receiver = await t.database.db
      .selectFrom('shipping_receivers')
      .select(['id', 'status', 'access_expires_at', 'access_token_hash'])
      .where('shipping_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(receiver.status).toBe('sent');
    expect(receiver.access_expires_at!.getTime()).toBe(deadline + LINK_GRACE_DAYS * DAY);

    const [message, ...others] = await messagesOf(id);
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      transport: 'smtp',
      status: 'queued',
      recipient: LUCIA.email,
      idempotency_key: `access:${receiver.id}:1`,
    });
    expect(message!.subject).toContain('Notarial notification test');
    expect(message!.body).toMatch(/\/portal\/#\/r\/[A-Za-z0-9_-]{43}/);
    const queued = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'messageId' = $2",
      [DELIVERY_JOBS.send.name, message!.id],
    );
    expect(queued.rows[0].n).toBe(1);

    const mailsBefore = smtp.received.length;
    await sendMessage(deps(), message!.id);
    await sendMessage(deps(), message!.id);
    const mails = smtp.received.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([LUCIA.email]);
    expect(mails[0]!.raw).toContain(`Message-ID: <${message!.guid}@`);
    const [after] = await messagesOf(id);
    expect(after).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(after!.provider_ref).toMatch(/^250/);
    expect((await shippingRow(id)).state).toBe('in_course');
    expect(await actionsOf(id)).toEqual(['create', 'dispatch', 'deliver']);
    expect(verifyChain(await readChain(t.database.db, id))).toBeNull();
  });

  it('writes in the receiver language', async () => {
    const id = await dispatched('Notarial notification', {
      message: 'Please read the notice.',
      receivers: [{ ...LUCIA, language: 'pt-pt' }],
    });
    const [message] = await messagesOf(id);
    expect(message!.body).toContain('Abra-o neste endereço');
  });

  it('never sends an SMTP message twice: one left `sending` becomes unknown and the shipping fails with evidence', async () => {
    const id = await dispatched('Notarial notification');
    const [message] = await messagesOf(id);
    // As a copy killed after marking it `sending` leaves it.
    await t.database.db
      .updateTable('delivery_messages')
      .set({ status: 'sending', attempts: 1 })
      .where('id', '=', message!.id)
      .execute();
    const mailsBefore = smtp.received.length;
    await sendMessage(deps(), message!.id);
    expect(smtp.received.length).toBe(mailsBefore);
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'unknown' });
    expect(await shippingRow(id)).toMatchObject({ state: 'pending_cert', result: 'error' });
    const chain = await readChain(t.database.db, id);
    expect(chain.at(-1)).toMatchObject({ action: 'dispatchFailed', details: { outcome: 'unknown' } });
  });

  it('a sandbox user writes to the outbox; the state machine moves the same', async () => {
    const sandbox = await signedInClient(t.app, 'sandbox.user');
    const mailsBefore = smtp.received.length;
    const id = await dispatched('Notarial notification', {}, sandbox);
    const [message] = await messagesOf(id);
    expect(message).toMatchObject({ transport: 'outbox', status: 'sent' });
    const outbox = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('shipping_id', '=', String(id))
      .execute();
    expect(outbox).toHaveLength(1);
    expect((await shippingRow(id)).state).toBe('sent');
    expect(smtp.received.length).toBe(mailsBefore);
  });

  it('a certified e-mail carries its content, no link, and closes as accepted once the server took it', async () => {
    const id = await dispatched('Certified e-mail', { message: 'The invoice of March is attached.' });
    const [message] = await messagesOf(id);
    expect(message!.body).toContain('The invoice of March is attached.');
    expect(message!.body).not.toContain('/portal/');
    await sendAll(id);
    expect(await shippingRow(id)).toMatchObject({ state: 'pending_cert', result: 'accepted' });
    expect(await actionsOf(id)).toEqual(['create', 'dispatch', 'certifiedDelivered']);
  });
});
