import { useEffect, useState } from 'react';
import type { TTranslate } from './portal-texts.ts';

/**
 * The kiosk view's note: the page was handed over on the sender's screen, to be given back when done, and a way
 * to fill the screen (browsers allow it only on a tap of the person in front of it).
 */
export function KioskBar({ t }: { t: TTranslate }) {
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const canFill = typeof document.documentElement.requestFullscreen === 'function' && !full;
  return (
    <div className="portal-kiosk-bar" data-testid="kiosk-bar">
      <span>{t('kioskNote')}</span>
      {canFill && (
        <button
          type="button"
          className="portal-kiosk-full"
          onClick={() => void document.documentElement.requestFullscreen().catch(() => undefined)}
        >
          {t('fullScreen')}
        </button>
      )}
    </div>
  );
}
