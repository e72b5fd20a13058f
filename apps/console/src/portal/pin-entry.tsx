import type { TPortalPinSent, TPortalView } from '@sello/contracts/catalogue/portal';
import { useState } from 'react';
import { portalApi } from './portal-api.ts';
import type { TTranslate } from './portal-texts.ts';

/** The PIN the receiver types, and where the last one was sent (the server's PIN service). */
export function usePin(token: string, attempt: (work: () => Promise<void>) => Promise<void>) {
  const [pin, setPin] = useState('');
  const [pinSent, setPinSent] = useState<TPortalPinSent | null>(null);
  const requestPin = () => attempt(async () => setPinSent(await portalApi.requestPin(token)));
  return { pin, setPin, pinSent, requestPin };
}

export type TPin = ReturnType<typeof usePin>;

/** Asking for a PIN (again), and typing it: six digits, with the attempts left. */
export function PinEntry({ pin, view, t, busy }: { pin: TPin; view: TPortalView; t: TTranslate; busy: boolean }) {
  return (
    <>
      <button type="button" disabled={busy} onClick={pin.requestPin}>
        {pin.pinSent ? t('resendPin') : t('requestPin')}
      </button>
      {pin.pinSent && <PinSentNote sent={pin.pinSent} t={t} />}
      <label className="portal-field">
        <span>{t('pinLabel')}</span>
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          value={pin.pin}
          onChange={(event) => pin.setPin(event.target.value.replace(/\D/g, ''))}
        />
      </label>
      <p className="portal-note">{t('attemptsLeft', { n: view.pinAttemptsLeft })}</p>
    </>
  );
}

/** Where the PIN went (the channel and the masked address), and where it goes if that channel fails. */
function PinSentNote({ sent, t }: { sent: TPortalPinSent; t: TTranslate }) {
  const channel = t(`channel_${sent.channel}`);
  return (
    <p className="portal-note" role="status">
      {t('pinSent', { channel, to: sent.sentTo })}
      {sent.fallbackChannel && ` ${t('pinFallback', { channel, fallback: t(`channel_${sent.fallbackChannel}`) })}`}
    </p>
  );
}
