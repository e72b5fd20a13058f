import { securityApi } from '@sello/contracts/catalogue/security';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { callEndpoint } from '../../api/http-client.ts';
import { FederatedSignIn } from './federated-sign-in.tsx';

/**
 * Spec §2 `/saml/samlCoreLogin/{requestHash}/{tokenHash}[/{uuid}]`: finishes a hand-over from the core platform
 * (docs/decisions/federation.md "Core hand-over") and opens the shipping it names.
 */
export default function CoreLoginPage() {
  const { t } = useTranslation();
  const { requestHash = '', tokenHash = '', uuid } = useParams();
  return (
    <FederatedSignIn
      busyTestId="core-login-busy"
      busyText={t('CORE_LOGIN_SIGNING_IN')}
      start={() =>
        callEndpoint(
          securityApi.samlCoreLogin,
          { body: { requestHash, tokenHash, ...(uuid && { uuid }) } },
          { isLogin: true },
        )
      }
    />
  );
}
