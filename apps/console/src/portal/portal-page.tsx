import type { TPortalPinSent, TPortalView } from '@sello/contracts/catalogue/portal';
import { LANGUAGES, type Language, LOCALE_BY_LANGUAGE } from '@sello/contracts/constants';
import { RECIPIENT_REJECT_REASONS } from '@sello/contracts/portal-limits';
import { type ChangeEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { readAsDataUrl } from '../lib/read-as-data-url.ts';
import { PortalError, portalApi } from './portal-api.ts';
import { PORTAL_TEXTS, portalErrorText, portalText, type TPortalTextKey } from './portal-texts.ts';
import { VideoRecorder } from './video-recorder.tsx';

const LANGUAGE_NAMES: Record<Language, string> = { 'es-es': 'Español', 'en-en': 'English', 'pt-pt': 'Português' };

/** The browser's language among ours, until the receiver's own language is known. */
export function guessLanguage(browserLanguage: string): Language {
  const code = browserLanguage.toLowerCase();
  if (code.startsWith('pt')) return 'pt-pt';
  if (code.startsWith('en')) return 'en-en';
  return 'es-es';
}

/** The message as plain text: templates write HTML, which the page never injects as markup. */
export function messageText(body: string): string {
  if (!/<[a-z/!]/i.test(body)) return body;
  const parsed = new DOMParser().parseFromString(body.replace(/<\/p>|<br\s*\/?>/gi, '$&\n'), 'text/html');
  for (const element of parsed.querySelectorAll('script, style')) element.remove();
  return (parsed.body.textContent ?? '').trim();
}

type TStatus = { kind: 'loading' } | { kind: 'invalid' } | { kind: 'ready'; view: TPortalView };

export function PortalPage({ token }: { token: string | null }) {
  const [chosen, setChosen] = useState<Language | null>(null);
  const [status, setStatus] = useState<TStatus>(token ? { kind: 'loading' } : { kind: 'invalid' });
  const [error, setError] = useState<string | null>(null);
  const [errorParams, setErrorParams] = useState<Record<string, string | number>>({});
  const [busy, setBusy] = useState(false);
  const [pinSent, setPinSent] = useState<TPortalPinSent | null>(null);
  const [pin, setPin] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [why, setWhy] = useState('');

  // The receiver's own language once known (kept if the link stops working), else the browser's.
  const [known, setKnown] = useState<Language | null>(null);
  const language: Language = chosen ?? known ?? guessLanguage(navigator.language);
  useEffect(() => {
    if (status.kind === 'ready') setKnown(status.view.language);
  }, [status]);
  const t = (key: TPortalTextKey, values?: Record<string, string | number>) => portalText(language, key, values);

  useEffect(() => {
    document.documentElement.lang = LOCALE_BY_LANGUAGE[language];
    document.title = portalText(language, 'title');
  }, [language]);

  const fail = useCallback((caught: unknown) => {
    if (caught instanceof PortalError && caught.status === 401) {
      setStatus({ kind: 'invalid' });
      return;
    }
    setError(caught instanceof PortalError ? (caught.key ?? 'unknown') : 'unknown');
    setErrorParams(caught instanceof PortalError ? caught.params : {});
  }, []);

  const run = useCallback(
    async (work: () => Promise<TPortalView | undefined>) => {
      if (!token) return;
      setBusy(true);
      setError(null);
      try {
        const view = await work();
        if (view) setStatus({ kind: 'ready', view });
      } catch (caught) {
        fail(caught);
        // An answer that failed may still have changed the shipping (a wrong PIN, a bad photo).
        await portalApi.view(token).then((view) => setStatus({ kind: 'ready', view }), fail);
      } finally {
        setBusy(false);
      }
    },
    [token, fail],
  );

  useEffect(() => {
    if (!token) return;
    portalApi.view(token).then((view) => setStatus({ kind: 'ready', view }), fail);
  }, [token, fail]);

  const header = (
    <header className="portal-header">
      <span className="portal-brand">Sello</span>
      <label className="portal-language">
        <span>{t('language')}</span>
        <select
          value={language}
          onChange={(event) => setChosen(event.target.value as Language)}
          aria-label={t('language')}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
    </header>
  );

  if (status.kind !== 'ready') {
    return (
      <div className="portal">
        {header}
        <main className="portal-main">
          {status.kind === 'loading' ? (
            <p>{t('loading')}</p>
          ) : (
            <p className="portal-end portal-end-bad" role="alert">
              {token ? portalErrorText(language, 'ERR_LINK_INVALID') : t('unknownLink')}
            </p>
          )}
        </main>
      </div>
    );
  }

  const { view } = status;
  // In the reader's own time zone (the browser's), named, since the sender may be elsewhere.
  const date = (iso: string) =>
    new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[language], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(iso));

  async function download(position: number, name: string) {
    if (!token) return;
    try {
      const blob = await portalApi.document(token, position);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (caught) {
      fail(caught);
    }
  }

  async function requestPin() {
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      setPinSent(await portalApi.requestPin(token));
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  }

  async function upload(kind: string, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !token) return;
    await run(async () => portalApi.capture(token, kind, await readAsDataUrl(file)));
  }

  const primaryButton = (label: TPortalTextKey, work: () => Promise<TPortalView>, disabled = false) => (
    <button type="button" className="portal-primary" disabled={busy || disabled} onClick={() => run(work)}>
      {t(label)}
    </button>
  );
  const rejectButton = (
    <button type="button" className="portal-danger" disabled={busy} onClick={() => setRejecting(true)}>
      {t('reject')}
    </button>
  );
  const stepCard = (hint: TPortalTextKey, label: TPortalTextKey, work: () => Promise<TPortalView>) => (
    <section className="portal-card">
      <p>{t(hint)}</p>
      {primaryButton(label, work)}
    </section>
  );

  let actions: ReactNode = null;
  if (view.outcome) {
    const good = view.outcome === 'accepted' || view.outcome === 'acknowledged';
    actions = (
      <p className={`portal-end ${good ? 'portal-end-good' : 'portal-end-bad'}`} role="status">
        {t(`outcome_${view.outcome}` as TPortalTextKey)}
      </p>
    );
  } else if (view.waitingForPrevious) {
    actions = <p className="portal-note">{t('waitingForPrevious')}</p>;
  } else if (view.mode === 'readOnly') {
    actions = <p className="portal-note">{t('readOnly')}</p>;
  } else if (view.canAnswer && view.mode === 'acknowledge') {
    actions = stepCard('acknowledgeHint', 'acknowledge', () => portalApi.acknowledge(token!));
  } else if (view.canAnswer && view.mode === 'sign') {
    actions = rejecting ? (
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
          <button type="button" onClick={() => setRejecting(false)} disabled={busy}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className="portal-danger"
            disabled={busy || reason.trim() === ''}
            onClick={() => run(() => portalApi.reject(token!, reason.trim(), why || undefined))}
          >
            {t('rejectConfirm')}
          </button>
        </div>
      </section>
    ) : (
      <section className="portal-card">
        <p>{t('signHint')}</p>
        {view.pinRequired ? (
          <>
            <button type="button" disabled={busy} onClick={requestPin}>
              {pinSent ? t('resendPin') : t('requestPin')}
            </button>
            {pinSent && <p className="portal-note">{t('pinSent', { to: pinSent.sentTo })}</p>}
            <label className="portal-field">
              <span>{t('pinLabel')}</span>
              <input
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d{6}"
                maxLength={6}
                value={pin}
                onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
              />
            </label>
            <p className="portal-note">{t('attemptsLeft', { n: view.pinAttemptsLeft })}</p>
            <div className="portal-buttons">
              {rejectButton}
              {primaryButton('acceptWithPin', () => portalApi.accept(token!, pin), pin.length !== 6)}
            </div>
          </>
        ) : (
          <div className="portal-buttons">
            {rejectButton}
            {primaryButton('accept', () => portalApi.accept(token!))}
          </div>
        )}
      </section>
    );
  } else if (view.canAnswer && view.mode === 'identification' && view.identification) {
    const identification = view.identification;
    const substateText = identification.substate ? `substate_${identification.substate}` : null;
    actions =
      identification.substate === null ? (
        stepCard('idWelcome', 'idStart', () => portalApi.startIdentification(token!))
      ) : (
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
              onRecorded={(content) => run(() => portalApi.video(token!, content, language))}
            />
          )}
          {identification.videoRequired && !identification.videoRecorded && (
            <p className="portal-note">{t('videoMissing')}</p>
          )}
          {primaryButton(
            'idFinish',
            () => portalApi.finishIdentification(token!),
            identification.videoRequired && !identification.videoRecorded,
          )}
        </section>
      );
  }

  return (
    <div className="portal">
      {header}
      <main className="portal-main">
        <p className="portal-sender">
          {t('from')}: <strong>{view.senderCompany}</strong>
        </p>
        <h1>{view.subject}</h1>
        {view.body && <p className="portal-body">{messageText(view.body)}</p>}
        {view.responseDeadlineAt && !view.outcome && (
          <p className="portal-note">
            {t('deadline')} {date(view.responseDeadlineAt)}
          </p>
        )}
        {view.custodyUntil && (
          <p className="portal-note">
            {t('custodyUntil')} {date(view.custodyUntil)}
          </p>
        )}
        <section className="portal-card">
          <h2>{t('documents')}</h2>
          {view.documents.length === 0 ? (
            <p className="portal-note">{t('noDocuments')}</p>
          ) : (
            <ul className="portal-documents">
              {view.documents.map((document) => (
                <li key={document.position}>
                  <span className="portal-document-name">{document.name}</span>
                  <button type="button" onClick={() => download(document.position, document.name)}>
                    {t('download')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        {error && (
          <p className="portal-error" role="alert">
            {portalErrorText(language, error)}
            {errorParams.attemptsLeft !== undefined && ` ${t('attemptsLeft', { n: errorParams.attemptsLeft })}`}
          </p>
        )}
        {actions}
      </main>
    </div>
  );
}
