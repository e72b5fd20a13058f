import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { pendingRequests } from '../api/loading-store.ts';
import { useStore } from '../lib/use-store.ts';

/** LOADING with a spinner while any request is in flight. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const pending = useStore(pendingRequests);
  if (pending === 0) return null;
  return (
    <div className="loading-overlay" data-testid="loading-overlay">
      <Spin size="large" />
      <span className="loading-text">{t('LOADING')}</span>
    </div>
  );
}
