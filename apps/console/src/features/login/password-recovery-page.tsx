import { PATHS } from '@sello/contracts/routes';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { logoutAndReload } from '../../session/logout.ts';
import { useSession } from '../../session/use-session.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { SetPasswordForm } from './set-password-form.tsx';

/**
 * Spec §2 /pwdrcvmail, in the login module. With the tokens of a mailed link: choose a password;
 * without them: 'forgot password'. Opened while signed in, it signs out and reloads itself.
 */
export default function PasswordRecoveryPage() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  const location = useLocation();
  const [search] = useSearchParams();
  const recoveryToken = search.get('recoveryToken') ?? '';
  const loginToken = search.get('loginToken') ?? '';
  const tokens = useMemo(() => ({ recoveryToken, loginToken }), [recoveryToken, loginToken]);
  const withLink = recoveryToken !== '' && loginToken !== '';

  useEffect(() => {
    if (loggedIn) logoutAndReload(`${PATHS.passwordRecovery}${location.search}`);
  }, [loggedIn, location.search]);
  if (loggedIn) return null;

  return (
    <div className="login-page">
      <section className="login-card" aria-labelledby="recovery-title">
        <h1 id="recovery-title" className="login-title">
          {t(withLink ? 'PWD_SET_TITLE' : 'PWD_RECOVER_TITLE')}
        </h1>
        {withLink ? <SetPasswordForm tokens={tokens} /> : <ForgotPasswordForm />}
      </section>
    </div>
  );
}
