import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchForTest, linkFromOutbox, portalCall, readPinFromOutbox } from '../../test/portal-fixtures.ts';
import { createShippingTestApp, LUCIA, readChain, TIAGO } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let user: TestClient;
let acmeAdmin: TestClient;

beforeAll(async () => {
  t = await createShippingTestApp();
  user = await signedInClient(t.app, 'company.user');
  acmeAdmin = await signedInClient(t.app, 'acme.admin');
});
afterAll(() => t.close());

describe('signatures/{id}', () => {
  it('answers each receiver’s method, PIN and answer event as the evidence chain records them', async () => {
    const sent = await dispatchForTest(t, user, 'Joint deed acceptance');
    const [lucia, tiago] = sent.receiverIds as [string, string];
    const pending = (await user.get(`shippings/signatures/${sent.shippingId}`)).json();
    expect(pending.map((row: { state: string; method: string }) => [row.state, row.method])).toEqual([
      ['pending', 'pin'],
      ['pending', 'pin'],
    ]);
    expect(pending[0]).toMatchObject({ signer: LUCIA.name, pinChannel: null, evidence: null, signedAt: null });

    const first = (await linkFromOutbox(t, lucia)) as string;
    expect((await portalCall(t, first, 'POST', 'pin')).statusCode).toBe(200);
    const pin = await readPinFromOutbox(t, lucia);
    const wrong = pin === '000000' ? '111111' : '000000';
    expect((await portalCall(t, first, 'POST', 'accept', { pin: wrong })).statusCode).toBe(400);
    expect((await portalCall(t, first, 'POST', 'accept', { pin })).statusCode).toBe(200);

    const second = (await linkFromOutbox(t, tiago)) as string;
    expect(second).toBeTruthy();
    const rejected = await portalCall(t, second, 'POST', 'reject', { reason: 'The deed names the wrong property' });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const signatures = (await user.get(`shippings/signatures/${sent.shippingId}`)).json();
    const chain = await readChain(t.database.db, sent.shippingId);
    const accepted = chain.find((event) => event.action === 'receiverAccepted')!;
    const refusal = chain.find((event) => event.action === 'reject')!;
    expect(signatures).toEqual([
      {
        position: 1,
        signer: LUCIA.name,
        method: 'pin',
        pinChannel: 'sms',
        pinNumber: 1,
        attempt: 2,
        state: 'signed',
        signedAt: accepted.at,
        reason: null,
        evidence: { seq: accepted.seq, action: 'receiverAccepted', at: accepted.at, hash: accepted.hash },
      },
      {
        position: 2,
        signer: TIAGO.name,
        method: 'pin',
        pinChannel: null,
        pinNumber: null,
        attempt: null,
        state: 'rejected',
        signedAt: refusal.at,
        reason: 'The deed names the wrong property',
        evidence: { seq: refusal.seq, action: 'reject', at: refusal.at, hash: refusal.hash },
      },
    ]);
    expect((await acmeAdmin.get(`shippings/signatures/${sent.shippingId}`)).statusCode).toBe(404);
  });

  it('answers a one-click acceptance as click, with no PIN', async () => {
    const sent = await dispatchForTest(t, user, 'Claim settlement acceptance');
    expect((await portalCall(t, sent.tokens[0]!, 'POST', 'accept', {})).statusCode).toBe(200);
    const [signature] = (await user.get(`shippings/signatures/${sent.shippingId}`)).json();
    expect(signature).toMatchObject({ method: 'click', pinChannel: null, pinNumber: null, state: 'signed' });
    expect(signature.evidence.action).toBe('accept');
  });
});
