import type { TPortalHandOverOpened } from '@sello/contracts/catalogue/portal-hand-over';
import {
  HAND_OVER_SESSION_MINUTES,
  type HandOverMethod,
  handsOver,
  type THandOver,
  type THandOverRequest,
} from '@sello/contracts/catalogue/shippings-hand-over';
import { ROLE_NAMES } from '@sello/contracts/reference/status-labels';
import QRCode from 'qrcode';
import { ApiError, notFound } from '../platform/api-error.ts';
import { recordAudit } from '../platform/audit.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { createToken, hashToken } from '../platform/tokens.ts';
import { manageVisibility } from '../shippings/shipping-access.ts';
import { lockShipping } from '../shippings/shipping-lifecycle.queries.ts';
import { appendEvent, eventTime, lifecycleOf } from '../shippings/shipping-transitions.ts';
import {
  claimHandOver,
  expireUnopenedHandOvers,
  insertHandOver,
  selectHandOverByToken,
  selectHandOverTarget,
} from './hand-over.queries.ts';
import { buildView, type TPortalDeps, withAccess } from './portal-receiver.ts';

const MINUTE = 60_000;
const linkInvalid = () => new ApiError(401, 'ERR_LINK_INVALID');

/** The address a hand-over opens: the kiosk's own route, or the phone's one-time link (under the console's URL). */
export function handOverLink(consoleUrl: string, token: string, method: HandOverMethod): string {
  const base = consoleUrl.endsWith('/') ? consoleUrl : `${consoleUrl}/`;
  return `${base}portal/#/${method === 'kiosk' ? 'kiosk' : 'h'}/${token}`;
}

/** The QR code of `text` as rows of modules, `1` dark: the generator the certificate's verification code uses. */
export function qrRows(text: string): string[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const rows: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let line = '';
    for (let column = 0; column < modules.size; column++) line += modules.get(row, column) ? '1' : '0';
    rows.push(line);
  }
  return rows;
}

/**
 * Hand-over at the desk of an on-screen shipping (docs/decisions/recipient-pages.md): the sender mints a one-time,
 * short-lived access to one receiver's page; the receiver's page spends it when it opens, and only then is the
 * `handedOver` event written. The receiver's own link and PIN are never read or changed.
 */
export function createHandOverService(deps: TPortalDeps) {
  /** `shippings/handOver`: who manages the shipping through its company mints the access; audited. */
  async function handOver(principal: TPrincipal, request: THandOverRequest, now = new Date()): Promise<THandOver> {
    const token = createToken();
    const expiresAt = new Date(now.getTime() + deps.config.HAND_OVER_MINUTES * MINUTE);
    const receiverName = await deps.db.transaction().execute(async (trx) => {
      const shipping = await lockShipping(trx, manageVisibility(principal), String(request.requestId));
      if (!shipping || shipping.deletedAt !== null) throw notFound();
      const target = await selectHandOverTarget(trx, shipping.id, request.position);
      if (!target) throw notFound();
      const live = { state: shipping.state, channel: target.channel, deleted: false };
      if (!handsOver(live, { status: 'sent' })) throw new ApiError(409, 'ERR_HANDOVER_NOT_AVAILABLE');
      if (!handsOver(live, target)) {
        throw new ApiError(409, target.status === 'pending' ? 'ERR_NOT_YOUR_TURN' : 'ERR_ALREADY_ANSWERED');
      }
      await expireUnopenedHandOvers(trx, target.receiverId, now);
      const id = await insertHandOver(trx, {
        shippingId: shipping.id,
        receiverId: target.receiverId,
        method: request.method,
        tokenHash: hashToken(token),
        createdBy: principal.userId,
        createdAt: now,
        expiresAt,
      });
      await recordAudit(trx, principal, {
        domainId: shipping.domainId,
        entity: 'receiver_hand_overs',
        entityId: id,
        action: 'create',
        after: { shippingId: shipping.id, position: request.position, method: request.method, expiresAt },
      });
      return target.name;
    });
    const url = handOverLink(await deps.preferences.consoleUrl(), token, request.method);
    return {
      method: request.method,
      url,
      expiresAt: expiresAt.toISOString(),
      receiverName,
      qr: request.method === 'qr' ? qrRows(url) : null,
    };
  }

  /**
   * `portal/handOver/open`: the page opens with the one-time access. Spending it, the `handedOver` event and the
   * opening are one transaction on the locked shipping: a second opening, or one past the expiry, is refused with
   * nothing written. The page goes on with an access of its own for a bounded time.
   */
  async function open(token: string, now = new Date()): Promise<TPortalHandOverOpened> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw linkInvalid();
    const handOver = await selectHandOverByToken(deps.db, hashToken(token));
    if (!handOver || handOver.openedAt !== null || handOver.expiresAt <= now) throw linkInvalid();
    const session = createToken();
    const sessionExpiresAt = new Date(now.getTime() + HAND_OVER_SESSION_MINUTES * MINUTE);
    const role = handOver.actorRoles.find((code) => code in ROLE_NAMES) ?? handOver.actorRoles[0] ?? null;
    return withAccess(
      deps,
      handOver,
      now,
      async (scope) => ({
        token: session,
        expiresAt: sessionExpiresAt.toISOString(),
        kiosk: handOver.method === 'kiosk',
        view: await buildView(scope.trx, scope, now),
      }),
      async (trx, shipping) => {
        const spent = await claimHandOver(
          trx,
          handOver.id,
          { hash: hashToken(session), expiresAt: sessionExpiresAt },
          now,
        );
        if (!spent) throw linkInvalid();
        const lifecycle = lifecycleOf(shipping);
        await appendEvent(trx, shipping, {
          at: eventTime(),
          actor: handOver.createdBy,
          action: 'handedOver',
          from: lifecycle,
          to: lifecycle,
          details: { receiverId: handOver.receiverId, method: handOver.method, by: handOver.actorName, role },
        });
      },
    );
  }

  return { handOver, open };
}
