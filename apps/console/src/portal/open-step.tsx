import type { TPortalView } from '@sello/contracts/catalogue/portal';
import { type Language, LOCALE_BY_LANGUAGE } from '@sello/contracts/constants';
import { portalApi } from './portal-api.ts';
import type { TTranslate } from './portal-texts.ts';

/** The message as plain text: templates write HTML, which the page never injects as markup. */
export function messageText(body: string): string {
  if (!/<[a-z/!]/i.test(body)) return body;
  const parsed = new DOMParser().parseFromString(body.replace(/<\/p>|<br\s*\/?>/gi, '$&\n'), 'text/html');
  for (const element of parsed.querySelectorAll('script, style')) element.remove();
  return (parsed.body.textContent ?? '').trim();
}

/** What the link opens (the server's open service): the sender, the message, its dates and its documents. */
export function OpenStep({
  token,
  view,
  language,
  t,
  onFail,
}: {
  token: string;
  view: TPortalView;
  language: Language;
  t: TTranslate;
  onFail: (caught: unknown) => void;
}) {
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
    try {
      const blob = await portalApi.document(token, position);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (caught) {
      onFail(caught);
    }
  }

  return (
    <>
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
    </>
  );
}
