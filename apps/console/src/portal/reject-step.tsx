import { RECIPIENT_REJECT_REASONS } from '@sello/contracts/portal-limits';
import { useState } from 'react';
import { portalApi } from './portal-api.ts';
import type { TPortalStepProps } from './use-portal-view.ts';

/** The reason being written, kept while the receiver goes back to the documents and returns. */
export function useRejection() {
  const [reason, setReason] = useState('');
  const [why, setWhy] = useState('');
  return { reason, setReason, why, setWhy };
}

/** The receiver rejects a shipping to sign, with a reason (the server's reject service). */
export function RejectStep({
  token,
  t,
  busy,
  run,
  rejection,
  onCancel,
}: TPortalStepProps & { rejection: ReturnType<typeof useRejection>; onCancel: () => void }) {
  const { reason, setReason, why, setWhy } = rejection;
  return (
    <section className="portal-card">
      <label className="portal-field">
        <span>{t('rejectWhy')}</span>
        <select value={why} onChange={(event) => setWhy(event.target.value)} data-testid="reject-why">
          <option value="">—</option>
          {RECIPIENT_REJECT_REASONS.map((value) => (
            <option key={value} value={value}>
              {t(`why_${value}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="portal-field">
        <span>{t('rejectReason')}</span>
        <textarea value={reason} maxLength={500} rows={4} onChange={(event) => setReason(event.target.value)} />
      </label>
      <div className="portal-buttons">
        <button type="button" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="portal-danger"
          disabled={busy || reason.trim() === ''}
          onClick={() => run(() => portalApi.reject(token, reason.trim(), why || undefined))}
        >
          {t('rejectConfirm')}
        </button>
      </div>
    </section>
  );
}
