import { COOKIES } from '@sello/contracts/constants';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readCookie, writeCookie } from '../lib/cookies.ts';

const DAY_MS = 86_400_000;

/** Policy text, a link and a close button; closing sets a cookie for 30 days. */
export function CookieToast({ policyUrl }: { policyUrl: string | null }) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(() => readCookie(COOKIES.toast.name) !== null);
  if (closed) return null;
  const close = () => {
    writeCookie(COOKIES.toast.name, '1', new Date(Date.now() + COOKIES.toast.days * DAY_MS));
    setClosed(true);
  };
  return (
    <div className="cookie-toast" role="dialog" aria-label={t('COOKIE_TOAST_TITLE')} data-testid="cookie-toast">
      <span>{t('COOKIE_TOAST_TEXT')}</span>
      {policyUrl && (
        <a href={policyUrl} target="_blank" rel="noreferrer">
          {t('COOKIE_POLICY')}
        </a>
      )}
      <Button size="small" type="primary" onClick={close}>
        {t('CLOSE')}
      </Button>
    </div>
  );
}
