import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { alerts, dismissAlert } from '../alerts/alert-store.ts';
import { useStore } from '../lib/use-store.ts';
import { session } from '../session/session-store.ts';

/** Alerts at the top of the page, each with a close link; the message may embed the user's e-mail. */
export function MessageArea() {
  const { t } = useTranslation();
  const list = useStore(alerts);
  if (list.length === 0) return null;
  return (
    <div className="message-area" role="status" aria-live="polite">
      {list.map((alert) => (
        <Alert
          key={alert.id}
          type={alert.kind}
          showIcon
          data-testid={`alert-${alert.kind}`}
          data-key={alert.key}
          className={alert.fading ? 'alert-fading' : undefined}
          title={t(alert.key, { email: session.user()?.email ?? '', ...alert.params })}
          action={
            alert.action && (
              <Button size="small" type="primary" onClick={alert.action.run} data-testid="alert-action">
                {t(alert.action.key)}
              </Button>
            )
          }
          closable={{
            closeIcon: <span className="alert-close-link">{t('CLOSE')}</span>,
            onClose: () => dismissAlert(alert.id),
          }}
        />
      ))}
    </div>
  );
}
