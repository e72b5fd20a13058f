import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError, notFound } from '../platform/api-error.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { manageVisibility } from './shipping-access.ts';
import { lockShipping, type TLockedShipping } from './shipping-lifecycle.queries.ts';
import { applyTransition } from './shipping-transitions.ts';

/**
 * The review of an imported shipping (`to_review`): its supervisor submits it (authorize) or rejects it
 * (deny: `closed`, `supervisor_reject`, with the reason written). The supervisor is a user who manages
 * the shipping's company with edit mode (docs/decisions/shippings.md "Review"); anyone else who sees it answers
 * 404 (they do not manage it) or ERR_NOT_AUTHORISER (no edit mode).
 */
export async function reviewShipping(
  trx: Transaction<Database>,
  jobs: TJobQueue,
  principal: TPrincipal,
  shipping: TLockedShipping,
  action: 'submit' | 'supervisorReject',
  reason: string | null,
): Promise<void> {
  if (!(await lockShipping(trx, manageVisibility(principal), shipping.id))) throw notFound();
  if (principal.permissions.editMode !== true) throw new ApiError(409, 'ERR_NOT_AUTHORISER');
  await applyTransition(trx, jobs, shipping, action, principal.userId, { reason });
}
