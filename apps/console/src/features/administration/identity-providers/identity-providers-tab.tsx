import { PATHS } from '@sello/contracts/routes';
import { useNavigate } from 'react-router';
import { DomainSelect } from '../../../components/form/domain-select.tsx';
import { useAdminDomain } from '../shared/use-admin-domain.ts';
import { IdentityProvidersSection } from './identity-providers-section.tsx';

/** The identity providers tab: a super admin picks the domain (kept in the URL); a domain admin sees their own. */
export default function IdentityProvidersTab() {
  const navigate = useNavigate();
  const { domainId, superAdmin } = useAdminDomain();
  return (
    <>
      {superAdmin && (
        <div className="admin-toolbar">
          <DomainSelect
            value={domainId}
            onChange={(id) => navigate(`${PATHS.administrationIdentityProviders}/${id}`)}
          />
        </div>
      )}
      <IdentityProvidersSection />
    </>
  );
}
