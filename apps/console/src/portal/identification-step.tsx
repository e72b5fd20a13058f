import type { Language } from '@sello/contracts/constants';
import type { ChangeEvent } from 'react';
import { readAsDataUrl } from '../lib/read-as-data-url.ts';
import { portalApi } from './portal-api.ts';
import { PrimaryButton, StepCard } from './portal-buttons.tsx';
import { PORTAL_TEXTS, type TPortalTextKey } from './portal-texts.ts';
import type { TPortalStepProps } from './use-portal-view.ts';
import { VideoRecorder } from './video-recorder.tsx';

/**
 * The receiver identifies: photos of an identity document and a selfie, a video when the kind asks for one,
 * then done (the server's identification and video services).
 */
export function IdentificationStep({ token, view, t, busy, run, language }: TPortalStepProps & { language: Language }) {
  const identification = view.identification;
  if (!identification) return null;
  if (identification.substate === null) {
    return (
      <StepCard
        hint="idWelcome"
        label="idStart"
        t={t}
        busy={busy}
        onClick={() => run(() => portalApi.startIdentification(token))}
      />
    );
  }

  async function upload(kind: string, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    await run(async () => portalApi.capture(token, kind, await readAsDataUrl(file)));
  }

  const substateText = identification.substate ? `substate_${identification.substate}` : null;
  return (
    <section className="portal-card">
      <h2>{t('idCaptures')}</h2>
      {substateText && substateText in PORTAL_TEXTS[language] && (
        <p className="portal-warning">{t(substateText as TPortalTextKey)}</p>
      )}
      <ul className="portal-captures">
        {identification.captures.map(({ kind, count }) => {
          const full = kind === 'OTHER' && count >= identification.otherLimit;
          return (
            <li key={kind}>
              <span>
                {t(`kind_${kind}` as TPortalTextKey)} {count > 0 && <strong>✓ {count}</strong>}
              </span>
              <label className={`portal-upload ${busy || full ? 'portal-disabled' : ''}`}>
                {t('idAdd')}
                <input
                  type="file"
                  accept="image/*"
                  capture={kind === 'SELFIE' ? 'user' : 'environment'}
                  disabled={busy || full}
                  data-kind={kind}
                  onChange={(event) => upload(kind, event)}
                />
              </label>
            </li>
          );
        })}
      </ul>
      <p className="portal-note">
        {t('idOtherLimit', { n: identification.otherLimit })} ·{' '}
        {t('idFailuresLeft', { n: identification.failuresLeft })}
      </p>
      {identification.videoRequired && (
        <VideoRecorder
          t={t}
          busy={busy}
          recorded={identification.videoRecorded}
          onRecorded={(content) => run(() => portalApi.video(token, content, language))}
        />
      )}
      {identification.videoRequired && !identification.videoRecorded && (
        <p className="portal-note">{t('videoMissing')}</p>
      )}
      <PrimaryButton
        label="idFinish"
        t={t}
        busy={busy}
        disabled={identification.videoRequired && !identification.videoRecorded}
        onClick={() => run(() => portalApi.finishIdentification(token))}
      />
    </section>
  );
}
