import { domainsApi } from '@sello/contracts/catalogue/administration-domains';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../api/http-client.ts';

/** Every domain (`allDomains`), for the super admin's domain selector. */
export function useAllDomains(enabled: boolean) {
  return useQuery({
    queryKey: ['administration', 'domains', 'all'],
    queryFn: () => callEndpoint(domainsApi.allDomains),
    enabled,
    staleTime: 60_000,
  });
}

/** The super admin picks the domain whose records a list shows. */
export function DomainSelect({ value, onChange }: { value: number; onChange: (domainId: number) => void }) {
  const { t } = useTranslation();
  const domains = useAllDomains(true);
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={onChange}
      loading={domains.isLoading}
      options={(domains.data ?? []).map((domain) => ({ value: domain.value, label: domain.text }))}
      style={{ minWidth: 220 }}
      aria-label={t('ADMIN_DOMAIN')}
      prefix={`${t('ADMIN_DOMAIN')}:`}
      data-testid="admin-domain-select"
    />
  );
}
