import { securityApi } from '@sello/contracts/catalogue/security';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { callEndpoint } from '../../api/http-client.ts';
import { FederatedSignIn } from './federated-sign-in.tsx';

/**
 * Spec §2 `/oauth/oauthlogin`: the OpenID provider's answer, handed on by the server as `?token=` (its query
 * string) and `&id=` (the shipping the sign-in was begun for), is sent once to `oauthlogin` or `oauthloginWp`
 * (docs/decisions/federation.md "OpenID Connect"). A refusal goes back to the login page with its key.
 */
export default function OAuthLoginPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <FederatedSignIn
      busyTestId="oauth-login-busy"
      busyText={t('CORE_LOGIN_SIGNING_IN')}
      start={() => {
        const token = search.get('token') ?? '';
        const id = search.get('id');
        if (!token) return 'ERR_OIDC_STATE_INVALID';
        return id
          ? callEndpoint(securityApi.oauthLoginWp, { body: { token, id } }, { isLogin: true })
          : callEndpoint(securityApi.oauthLogin, { body: { token } }, { isLogin: true });
      }}
    />
  );
}
