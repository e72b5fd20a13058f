import { applyAction, type TLifecycle, type TLifecycleContext } from '@sello/contracts/shipping-lifecycle';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShippingTestApp, readChain, sendShipping } from '../../test/shipping-fixtures.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { verifyChain } from './event-chain.ts';
import { createShippingActions } from './shipping-actions.service.ts';

let t: TTestApp;
let sender: TestClient;
let authoriser: TestClient;
/** Holds the shippings bin permission, which recovering needs. */
let admin: TestClient;

beforeAll(async () => {
  t = await createShippingTestApp();
  sender = await signedInClient(t.app, 'company.user');
  authoriser = await signedInClient(t.app, 'company.manager');
  admin = await signedInClient(t.app, 'company.admin');
});
afterAll(() => t.close());

const STEPS = ['authorize', 'deny', 'retry', 'delete', 'recover', 'authExpire'] as const;
type TStep = (typeof STEPS)[number];

/** Performs one step through the API (or the expiry job's function); answers whether it was accepted. */
async function perform(step: TStep, id: number): Promise<boolean> {
  const answer = async (call: Promise<{ statusCode: number }>) => {
    const { statusCode } = await call;
    expect([200, 409], `${step} answered ${statusCode}`).toContain(statusCode);
    return statusCode === 200;
  };
  switch (step) {
    case 'authorize': {
      const response = await authoriser.put('shippings/shippingauthorize', { authorizeShippingList: [id] });
      expect(response.statusCode).toBe(200);
      return (response.json().succeeded as number[]).includes(id);
    }
    case 'deny':
      return answer(authoriser.put(`shippings/deny/${id}`, { stateCom: 'no_auth', resultCom: 'authorizer_reject' }));
    case 'retry':
      return answer(sender.put('shippings/shippingretry', { requestId: id }));
    case 'delete':
      return answer(admin.delete(`shippings/delete/${id}`));
    case 'recover':
      return answer(admin.put(`shippings/recover/${id}`));
    case 'authExpire': {
      const farFuture = new Date(Date.now() + 400 * 86_400_000);
      return (await createShippingActions(t.database.db, t.ctx.jobs).expireAuthorisations(farFuture)).includes(id);
    }
  }
}

async function lifecycleOf(id: number): Promise<TLifecycle & { events: number }> {
  const row = await t.database.db
    .selectFrom('shippings')
    .select(['state', 'result', 'deleted_at', 'event_count'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
  return { state: row.state, result: row.result, deleted: row.deleted_at !== null, events: row.event_count } as never;
}

describe('the server follows the transition table (model-based property)', () => {
  it('random action sequences change a shipping exactly as the table says and never lose an event', async () => {
    const typeArb = fc.constantFrom(
      { name: 'Deed acceptance', requiresAuth: true },
      { name: 'Policy renewal notice', requiresAuth: false },
    );
    await fc.assert(
      fc.asyncProperty(
        typeArb,
        fc.array(fc.constantFrom(...STEPS), { minLength: 1, maxLength: 10 }),
        async (type, steps) => {
          const id = await sendShipping(sender, t.database.db, type.name);
          // One authoriser per shipping of these types, so nobody else is ever pending.
          const context: TLifecycleContext = {
            requiresAuth: type.requiresAuth,
            needsReview: false,
            othersPending: false,
          };
          let model: TLifecycle = {
            state: type.requiresAuth ? 'pending_auth' : 'pending_to_send',
            result: null,
            deleted: false,
          };
          let accepted = 0;
          for (const step of steps) {
            const expected = applyAction(model, step, context);
            const before = await lifecycleOf(id);
            const done = await perform(step, id);
            const after = await lifecycleOf(id);
            expect(done, `${step} from ${JSON.stringify(model)}`).toBe(expected !== null);
            if (expected === null) {
              expect(after).toEqual(before);
              continue;
            }
            accepted++;
            model = expected;
            expect(after).toEqual({ ...model, events: before.events + 1 });
          }
          const chain = await readChain(t.database.db, id);
          // The creation event plus one per accepted action, chained without a break.
          expect(chain).toHaveLength(1 + accepted);
          expect(verifyChain(chain)).toBeNull();
        },
      ),
      { numRuns: 30 },
    );
  });
});
