import { CertificateSign } from './certificate-sign.tsx';
import { HandwritingPad } from './handwriting-pad.tsx';
import { PinEntry, type TPin } from './pin-entry.tsx';
import { portalApi } from './portal-api.ts';
import { PrimaryButton, StepCard } from './portal-buttons.tsx';
import type { TPortalStepProps } from './use-portal-view.ts';

/** The receiver confirms a notification was received and read (the server's accept service, acknowledging). */
export function AcknowledgeStep({ token, t, busy, run }: TPortalStepProps) {
  return (
    <StepCard
      hint="acknowledgeHint"
      label="acknowledge"
      t={t}
      busy={busy}
      onClick={() => run(() => portalApi.acknowledge(token))}
    />
  );
}

/** The receiver accepts a shipping to sign, with a PIN when its kind asks for one, or goes on to reject it. */
export function AcceptStep({
  token,
  view,
  t,
  busy,
  run,
  pin,
  onReject,
}: TPortalStepProps & { pin: TPin; onReject: () => void }) {
  const rejectButton = (
    <button type="button" className="portal-danger" disabled={busy} onClick={onReject}>
      {t('reject')}
    </button>
  );
  if (view.handwritingRequired) {
    return <HandwritingPad token={token} view={view} t={t} busy={busy} run={run} rejectButton={rejectButton} />;
  }
  if (view.certificateRequired) {
    return <CertificateSign token={token} view={view} t={t} busy={busy} run={run} rejectButton={rejectButton} />;
  }
  return (
    <section className="portal-card">
      <p>{t('signHint')}</p>
      {view.pinRequired ? (
        <>
          <PinEntry pin={pin} view={view} t={t} busy={busy} />
          <div className="portal-buttons">
            {rejectButton}
            <PrimaryButton
              label="acceptWithPin"
              t={t}
              busy={busy}
              disabled={pin.pin.length !== 6}
              onClick={() => run(() => portalApi.accept(token, pin.pin))}
            />
          </div>
        </>
      ) : (
        <div className="portal-buttons">
          {rejectButton}
          <PrimaryButton label="accept" t={t} busy={busy} onClick={() => run(() => portalApi.accept(token))} />
        </div>
      )}
    </section>
  );
}
