import { useParams } from 'react-router';
import { useSession } from '../../../session/use-session.ts';

/**
 * The domain an administration screen works in. A super admin works in the domain of the URL
 * (`.../{domainId}`) when there is one; everybody else always in their own domain, whatever the URL
 * says (the server would refuse another one).
 */
export function useAdminDomain() {
  const { domainId: param } = useParams();
  const { user, superAdmin } = useSession();
  const ownDomainId = user?.domainId ?? 0;
  const chosen = superAdmin && param !== undefined && /^[1-9]\d{0,14}$/.test(param) ? Number(param) : undefined;
  return {
    /** The domain shown and worked in. */
    domainId: chosen ?? ownDomainId,
    /** The domain a super admin picked, sent as `domainid`; undefined otherwise. */
    chosenDomainId: chosen,
    ownDomainId,
    superAdmin,
  };
}
