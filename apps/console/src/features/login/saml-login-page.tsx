import { securityApi } from '@sello/contracts/catalogue/security';
import { PATHS } from '@sello/contracts/routes';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { callEndpoint } from '../../api/http-client.ts';
import { FederatedSignIn } from './federated-sign-in.tsx';

/**
 * Spec §2 `/saml/samllogin`: the server's ACS sends the browser here with the identity provider's response in the
 * URL fragment (`?SAMLResponse=`), or with the key of a refusal (`?error=`). The response is sent once to
 * `samllogin` and dropped from the address bar at once; refusals are shown on the login page.
 */
export default function SamlLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <FederatedSignIn
      busyTestId="saml-login-busy"
      busyText={t('SAML_LOGIN_SIGNING_IN')}
      start={() => {
        const samlResponse = params.get('SAMLResponse');
        if (!samlResponse) return params.get('error') ?? 'ERR_SAML_INVALID';
        navigate(PATHS.samlLogin, { replace: true });
        return callEndpoint(securityApi.samlLogin, { body: { saml_assertion: samlResponse } }, { isLogin: true });
      }}
    />
  );
}
