import type { TemplateKind } from '@sello/contracts/enums';
import { useTranslation } from 'react-i18next';
import { DomainPickerCard } from './domain-picker-card.tsx';
import { useDomainAdvanceComTemplate, useUpdateDomainAdvComTemplate } from './use-domains.ts';

/** The domain's template tabs (spec §2) and the template kind each one chooses from. */
export const DOMAIN_TEMPLATE_TABS = [
  { tab: 'TEMPLATES', kind: 'ADVANCED_COMMUNICATION' },
  { tab: 'EMAIL_CERT_TEMPLATES', kind: 'EMAIL_CERT' },
  { tab: 'SMS_CERT_TEMPLATES', kind: 'SMS_CERT' },
] as const satisfies readonly { tab: string; kind: TemplateKind }[];

/**
 * One template tab of a domain: the dual-list picker of the templates of that kind. What is chosen is
 * what the new-shipping form offers (TEMPLATES) and what certified e-mails and SMS are written with.
 */
export function DomainTemplatesTab({
  domainId,
  kind,
  tab,
}: {
  domainId: number | undefined;
  kind: TemplateKind;
  tab: (typeof DOMAIN_TEMPLATE_TABS)[number]['tab'];
}) {
  const { t } = useTranslation();
  const lists = useDomainAdvanceComTemplate(domainId, kind);
  const save = useUpdateDomainAdvComTemplate(domainId, kind);
  return (
    <DomainPickerCard
      title={t(`DOMAIN_TAB_${tab}`)}
      hint={t(`DOMAIN_TAB_${tab}_HINT`)}
      lists={lists}
      save={save}
      savedKey="DOMAIN_ADV_TEMPLATES_SAVED"
      testId={`domain-templates-${kind}`}
    />
  );
}
