import { securityApi } from '@sello/contracts/catalogue/security';
import { PATHS } from '@sello/contracts/routes';
import { Spin } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { clearAlertsOnNavigation, notify } from '../alerts/alert-store.ts';
import { callEndpoint } from '../api/http-client.ts';
import { useOtherConfig } from '../api/use-other-config.ts';
import { requestIdFromPath } from '../components/feedback/feedback-identifier.ts';
import { MessageArea } from '../components/message-area.tsx';
import { takePendingAlert } from '../session/logout.ts';
import { startSessionWatch } from '../session/session-watch.ts';
import { useSession } from '../session/use-session.ts';
import { AppHeader } from './app-header.tsx';
import { CookieToast } from './cookie-toast.tsx';
import { PublicFooter, SignedInFooter } from './footers.tsx';
import { LoadingOverlay } from './loading-overlay.tsx';
import { startVersionCheck } from './version-check.ts';

const DEFAULT_MAX_UPLOAD_KB = 5120;

/** The dialog brings antd's Form, Upload and Modal: it is loaded the first time it opens, not with the shell. */
const FeedbackModal = lazy(async () => ({
  default: (await import('../components/feedback/feedback-modal.tsx')).FeedbackModal,
}));

async function refreshSession(): Promise<number> {
  return (await callEndpoint(securityApi.refreshToken)).expiration;
}

/** Header, routed content, message area, loading overlay, footers, cookie toast and feedback dialog. */
export function AppShell() {
  const location = useLocation();
  const { loggedIn, user } = useSession();
  const { data: config } = useOtherConfig();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  // Mounted from the first opening on, so that later closings keep antd's closing animation.
  const [feedbackMounted, setFeedbackMounted] = useState(false);
  const [feedbackGuid, setFeedbackGuid] = useState<string | undefined>();

  const onPublicPage = location.pathname === PATHS.root || location.pathname === PATHS.login;
  const darkFooter = onPublicPage || location.pathname === PATHS.home;

  // A message a logout asked for (ERR_TKN_INVALID, ...) is shown once on the page after the reload.
  useEffect(() => {
    const pending = takePendingAlert();
    if (pending) notify[pending.kind](pending.key, { persistent: true });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: navigation is the trigger
  useEffect(() => {
    clearAlertsOnNavigation();
  }, [location.pathname]);

  useEffect(() => {
    if (!loggedIn) return;
    return startSessionWatch({ refresh: refreshSession });
  }, [loggedIn]);

  const refreshMinutes = config?.refreshTimeMinutes;
  useEffect(() => {
    if (!loggedIn || refreshMinutes === undefined) return;
    return startVersionCheck(refreshMinutes);
  }, [loggedIn, refreshMinutes]);

  const requestCid = requestIdFromPath(location.pathname);
  const openFeedback = useCallback(() => {
    setFeedbackGuid(requestCid ? undefined : crypto.randomUUID());
    setFeedbackOpen(true);
    setFeedbackMounted(true);
  }, [requestCid]);
  const closeFeedback = useCallback(() => setFeedbackOpen(false), []);
  const feedbackContext = useMemo(
    () => ({
      currentUrl: window.location.href,
      requestCid,
      guid: feedbackGuid,
      userId: user?.id,
      userName: user?.name,
      userEmail: user?.email,
    }),
    [requestCid, feedbackGuid, user],
  );

  return (
    <div className="app-shell">
      <AppHeader config={config} showNavigation={loggedIn && !onPublicPage} />
      <MessageArea />
      <main className="app-content">
        <Suspense fallback={<Spin className="route-spinner" />}>
          <Outlet />
        </Suspense>
      </main>
      {darkFooter ? <PublicFooter config={config} /> : <SignedInFooter config={config} onReportError={openFeedback} />}
      <CookieToast policyUrl={config?.cookiePolicyUrl ?? null} />
      {feedbackMounted && (
        <Suspense fallback={null}>
          <FeedbackModal
            open={feedbackOpen}
            onClose={closeFeedback}
            context={feedbackContext}
            maxSizeKb={config?.fileUploadMaxSizeKb ?? DEFAULT_MAX_UPLOAD_KB}
          />
        </Suspense>
      )}
      <LoadingOverlay />
    </div>
  );
}
