import { useState } from 'react';
import { AcceptStep } from './accept-step.tsx';
import { usePin } from './pin-entry.tsx';
import { RejectStep, useRejection } from './reject-step.tsx';
import type { TPortalStepProps } from './use-portal-view.ts';

/**
 * A shipping to sign: accepted (with its PIN) or rejected. Both answers keep what was typed while the
 * receiver moves between them.
 */
export function SignStep({
  attempt,
  ...step
}: TPortalStepProps & { attempt: (work: () => Promise<void>) => Promise<void> }) {
  const [rejecting, setRejecting] = useState(false);
  const pin = usePin(step.token, attempt);
  const rejection = useRejection();
  return rejecting ? (
    <RejectStep {...step} rejection={rejection} onCancel={() => setRejecting(false)} />
  ) : (
    <AcceptStep {...step} pin={pin} onReject={() => setRejecting(true)} />
  );
}
