import type { TPortalTextKey, TTranslate } from './portal-texts.ts';

/** The step's main button, kept disabled while any answer runs. */
export function PrimaryButton({
  label,
  t,
  busy,
  disabled = false,
  onClick,
}: {
  label: TPortalTextKey;
  t: TTranslate;
  busy: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className="portal-primary" disabled={busy || disabled} onClick={onClick}>
      {t(label)}
    </button>
  );
}

/** A step that is one hint and one button. */
export function StepCard({
  hint,
  label,
  t,
  busy,
  onClick,
}: {
  hint: TPortalTextKey;
  label: TPortalTextKey;
  t: TTranslate;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <section className="portal-card">
      <p>{t(hint)}</p>
      <PrimaryButton label={label} t={t} busy={busy} onClick={onClick} />
    </section>
  );
}
