import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LUCIA, pdfDataUrl, readChain, sendShipping, typeIdOf } from '../../test/shipping-fixtures.ts';
import { DELIVERY_JOBS } from '../platform/job-catalogue.ts';
import { verifyChain } from '../shippings/event-chain.ts';
import { dispatchBatch, dispatchShippings, releaseNextReceiver } from './dispatch.service.ts';
import {
  actionsOf,
  DAY,
  dispatched,
  messagesOf,
  sendAll,
  setUpDispatchTestApp,
  shippingRow,
  t,
  user,
} from './dispatch.test-setup.ts';
import { sweepDispatch } from './dispatch-sweep.ts';

setUpDispatchTestApp();

describe('on-screen, signing order, missing adapters and the sweep', () => {
  it('records an on-screen message as sent', async () => {
    const id = await dispatched('Notarial notification', { channel: 'onscreen' });
    await sendAll(id);
    expect((await messagesOf(id))[0]).toMatchObject({ transport: 'onscreen', status: 'sent', recipient: LUCIA.name });
    expect((await shippingRow(id)).state).toBe('sent');
  });

  it('fails loudly when no adapter carries the transport', async () => {
    const id = await dispatched('Notarial notification', { channel: 'onscreen' });
    const adapter = t.ctx.channelAdapters.onscreen;
    delete t.ctx.channelAdapters.onscreen;
    try {
      await sendAll(id);
    } finally {
      t.ctx.channelAdapters.onscreen = adapter;
    }
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'failed', error: 'no adapter for transport onscreen' });
    expect(await shippingRow(id)).toMatchObject({ state: 'pending_cert', result: 'error' });
  });

  it('with signing order, reaches the second receiver only when released', async () => {
    // Sent without authorisation, to reach the dispatch directly.
    const typeId = await typeIdOf(t.database.db, 'Joint deed acceptance');
    await t.database.db.deleteFrom('shipping_type_authorisers').where('type_id', '=', String(typeId)).execute();
    await t.database.db
      .updateTable('shipping_types')
      .set({ requires_auth: false })
      .where('id', '=', String(typeId))
      .execute();
    const id = await dispatched('Joint deed acceptance', { multiSignerOrder: 1 });
    const first = await messagesOf(id);
    expect(first).toHaveLength(1);
    expect(first[0]!.recipient).toBe(LUCIA.email);
    const released = await t.database.db.transaction().execute((trx) => releaseNextReceiver(t.ctx, trx, String(id)));
    const all = await messagesOf(id);
    expect(all).toHaveLength(2);
    expect(released).toEqual({ receiverId: all[1]!.receiver_id, messageGuid: all[1]!.guid });
    expect(await t.database.db.transaction().execute((trx) => releaseNextReceiver(t.ctx, trx, String(id)))).toBeNull();
  });

  it('without signing order, reaches both receivers at once', async () => {
    const id = await dispatched('Joint deed acceptance', { multiSignerOrder: 0 });
    expect(await messagesOf(id)).toHaveLength(2);
  });

  it('a custody keeps its documents for the custody days', async () => {
    const id = await dispatched('Document custody');
    const row = await shippingRow(id);
    expect(row.custody_until!.getTime() - row.response_deadline_at!.getTime()).toBe((365 - 15) * DAY);
  });

  it('the sweep queues again shippings left in pending_to_send and overdue messages', async () => {
    const id = await sendShipping(user, t.database.db, 'Notarial notification');
    const old = new Date(Date.now() - 10 * 60_000);
    await t.database.db.updateTable('shippings').set({ updated_at: old }).where('id', '=', String(id)).execute();
    const swept = await sweepDispatch(t.ctx);
    expect(swept.shippings).toBeGreaterThanOrEqual(1);
    const jobs = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'shippingId' = $2",
      [DELIVERY_JOBS.dispatch.name, String(id)],
    );
    expect(jobs.rows[0].n).toBe(2);
    expect(await dispatchShippings(t.ctx, [String(id)])).toEqual([String(id)]);
    const [message] = await messagesOf(id);
    await t.database.db
      .updateTable('delivery_messages')
      .set({ next_attempt_at: old })
      .where('id', '=', message!.id)
      .execute();
    expect((await sweepDispatch(t.ctx)).messages).toBeGreaterThanOrEqual(1);
  });
});

describe('dispatch in batches', () => {
  async function stateOf(id: number) {
    return (await shippingRow(id)).state;
  }

  it('dispatches many shippings in one call, each with its own deadline, message and intact chain; a receiver without the contact fails only its shipping', async () => {
    const ids = [
      await sendShipping(user, t.database.db, 'Notarial notification'),
      await sendShipping(user, t.database.db, 'Notarial notification'),
      await sendShipping(user, t.database.db, 'Document custody'),
    ];
    const [first, noEmail, custody] = ids as [number, number, number];
    await t.database.db
      .updateTable('shipping_receivers')
      .set({ email: null })
      .where('shipping_id', '=', String(noEmail))
      .execute();
    const dispatchedIds = await dispatchShippings(t.ctx, ids.map(String).reverse());
    expect(dispatchedIds.sort()).toEqual([String(first), String(custody)].sort());
    expect(await stateOf(first)).toBe('sent');
    expect(await stateOf(custody)).toBe('sent');
    expect(await shippingRow(noEmail)).toMatchObject({ state: 'not_send_error', response_deadline_at: null });
    expect(await messagesOf(noEmail)).toEqual([]);
    const custodyRow = await shippingRow(custody);
    expect(custodyRow.custody_until!.getTime() - custodyRow.response_deadline_at!.getTime()).toBe((365 - 15) * DAY);
    expect((await shippingRow(first)).custody_until).toBeNull();
    for (const id of [first, custody]) {
      const [message] = await messagesOf(id);
      expect(message).toMatchObject({ purpose: 'access', recipient: LUCIA.email });
      const chain = await readChain(t.database.db, id);
      expect(verifyChain(chain)).toBeNull();
      expect(chain.at(-1)).toMatchObject({ action: 'dispatch', details: { messages: [message!.guid] } });
      const copies = await t.database.db
        .selectFrom('shipping_documents')
        .select('kind')
        .where('shipping_id', '=', String(id))
        .where('kind', '=', 'sent')
        .execute();
      expect(copies).toHaveLength(1);
    }
    expect(await actionsOf(noEmail)).toContain('dispatchFailed');
    expect(await dispatchShippings(t.ctx, ids.map(String))).toEqual([]);
  });

  it('a failing batch goes one shipping at a time: a shipping whose file is gone waits, the others are sent', async () => {
    const good = await sendShipping(user, t.database.db, 'Notarial notification');
    const broken = await sendShipping(user, t.database.db, 'Notarial notification', {
      documents: [{ name: 'lost.pdf', content: pdfDataUrl(`a file lost before dispatch ${Date.now()}`) }],
    });
    const [lost] = await t.database.db
      .selectFrom('shipping_documents')
      .select('sha256')
      .where('shipping_id', '=', String(broken))
      .execute();
    const sha = lost!.sha256;
    await rm(path.join(t.ctx.config.dataDir, 'files', sha.slice(0, 2), sha.slice(2, 4), sha));
    await expect(dispatchShippings(t.ctx, [String(good), String(broken)])).rejects.toThrow();
    expect(await stateOf(good)).toBe('pending_to_send');
    await expect(dispatchBatch(t.ctx, [String(broken), String(good)])).rejects.toThrow();
    expect(await stateOf(good)).toBe('sent');
    expect(await stateOf(broken)).toBe('pending_to_send');
    expect(await messagesOf(broken)).toEqual([]);
  });
});
