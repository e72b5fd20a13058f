import type { Language } from '@sello/contracts/constants';
import { AcknowledgeStep } from './accept-step.tsx';
import { IdentificationStep } from './identification-step.tsx';
import type { TPortalTextKey } from './portal-texts.ts';
import { SignStep } from './sign-step.tsx';
import type { TPortalStepProps } from './use-portal-view.ts';

/** What the receiver can do now: the end state once answered, else the step of the shipping's mode. */
export function PortalStep({
  language,
  attempt,
  ...step
}: TPortalStepProps & { language: Language; attempt: (work: () => Promise<void>) => Promise<void> }) {
  const { view, t } = step;
  if (view.outcome) {
    const good = view.outcome === 'accepted' || view.outcome === 'acknowledged';
    return (
      <p className={`portal-end ${good ? 'portal-end-good' : 'portal-end-bad'}`} role="status">
        {t(`outcome_${view.outcome}` as TPortalTextKey)}
      </p>
    );
  }
  if (view.waitingForPrevious) return <p className="portal-note">{t('waitingForPrevious')}</p>;
  if (view.mode === 'readOnly') return <p className="portal-note">{t('readOnly')}</p>;
  if (!view.canAnswer) return null;
  if (view.mode === 'acknowledge') return <AcknowledgeStep {...step} />;
  if (view.mode === 'sign') return <SignStep {...step} attempt={attempt} />;
  if (view.mode === 'identification') return <IdentificationStep {...step} language={language} />;
  return null;
}
