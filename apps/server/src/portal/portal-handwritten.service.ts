import type { TPortalView } from '@sello/contracts/catalogue/portal';
import type { TPortalHandwriting } from '@sello/contracts/catalogue/portal-handwritten';
import { ApiError } from '../platform/api-error.ts';
import type { TCertificateKey } from '../platform/certificate-key.ts';
import { sealBox } from '../platform/sealed-box.ts';
import { insertHandwriting } from './handwriting.queries.ts';
import { checkHandwriting } from './handwriting-rules.ts';
import { recordAcceptance } from './portal-accept.service.ts';
import { assertCanAnswer, assertLiveLink, buildView, type TPortalDeps, withReceiver } from './portal-receiver.ts';

/** What the sealed biometric data are bound to: a box copied to another receiver does not open. */
export function handwritingBinding(receiverId: string) {
  return { purpose: 'handwritten-signature', owner: receiverId };
}

/**
 * The receiver accepts with its handwritten signature (sign method BIOHAND_GRAPH). The signature is checked
 * before anything is read or written; its biometric data are sealed with the provider's key (no call gives them
 * back), and the acceptance event records their SHA-256.
 */
export function createPortalHandwrittenService(deps: TPortalDeps & { certificateKey: TCertificateKey }) {
  return {
    acceptHandwrittenLink(token: string, now = new Date()): Promise<void> {
      return assertLiveLink(deps, token, now);
    },

    acceptHandwritten(token: string, input: TPortalHandwriting, now = new Date()): Promise<TPortalView> {
      const checked = checkHandwriting(input);
      return withReceiver(deps, token, now, async (scope) => {
        await assertCanAnswer(scope, ['sign']);
        const { receiver } = scope;
        if (receiver.signMethod !== 'BIOHAND_GRAPH') throw new ApiError(403, 'ERR_FORBIDDEN');
        await insertHandwriting(scope.trx, {
          receiverId: receiver.receiverId,
          sealed: sealBox(checked.canonical, deps.certificateKey, handwritingBinding(receiver.receiverId)),
          keyId: deps.certificateKey.id,
          sha256: checked.sha256,
          outline: checked.outline,
          pointCount: checked.pointCount,
          strokeCount: checked.strokeCount,
          createdAt: now,
        });
        await recordAcceptance(deps, scope, now, {
          answer: 'accepted',
          method: 'handwritten',
          signMethod: 'BIOHAND_GRAPH',
          biometricSha256: checked.sha256,
          handwritingPoints: checked.pointCount,
          handwritingStrokes: checked.strokeCount,
        });
        return buildView(scope.trx, scope, now);
      });
    },
  };
}
