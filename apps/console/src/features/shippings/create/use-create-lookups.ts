import { configurationApi } from '@sello/contracts/catalogue/configuration';
import { templatesApi } from '@sello/contracts/catalogue/templates';
import type { Language } from '@sello/contracts/constants';
import type { Channel } from '@sello/contracts/enums';
import { SERVICE_RULES } from '@sello/contracts/shipping-rules';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../api/http-client.ts';
import { useShippingDetail, useShippingListTypes, useUserCompanies } from '../shared/shipping-api.ts';
import { templateContentTypeOf } from './send-form.ts';

/** What the form has chosen so far, which decides the lists it offers next. */
type TCreateChoices = {
  companyId: number | undefined;
  typeId: number | undefined;
  channel: Channel | undefined;
  copyId: number | undefined;
  lang: Language;
};

/** The lists and records the send form offers: companies, types, templates, postal combos, authorisers, the copy. */
export function useCreateLookups({ companyId, typeId, channel, copyId, lang }: TCreateChoices) {
  const companies = useUserCompanies();
  const types = useShippingListTypes(companyId, { onlyActive: true, complete: true });
  const type = types.data?.find((entry) => entry.value === typeId);
  const rule = type ? SERVICE_RULES[type.serviceKind] : undefined;
  const copied = useShippingDetail(copyId);
  const contentType = templateContentTypeOf(channel);
  const templates = useQuery({
    queryKey: ['templates', 'reduced', companyId, contentType, typeId],
    queryFn: () =>
      callEndpoint(templatesApi.readListReduced, {
        query: { companySelected: companyId as number, contentType, typeSelected: typeId },
      }),
    enabled: companyId !== undefined && typeId !== undefined,
  });
  const countries = useQuery({
    queryKey: ['config', 'countriesPostal', lang],
    queryFn: () => callEndpoint(configurationApi.countriesPostal, { query: { lang } }),
    enabled: channel === 'postal',
  });
  const streetTypes = useQuery({
    queryKey: ['config', 'streetType', lang],
    queryFn: () => callEndpoint(configurationApi.streetType, { query: { lang } }),
    enabled: channel === 'postal',
  });
  const numberTypes = useQuery({
    queryKey: ['config', 'streetNumType', lang],
    queryFn: () => callEndpoint(configurationApi.streetNumType, { query: { lang } }),
    enabled: channel === 'postal',
  });
  const authorisers = useQuery({
    queryKey: ['config', 'authUsers', companyId],
    queryFn: () => callEndpoint(configurationApi.authUsersBySelectedCompanies, { query: { ids: String(companyId) } }),
    enabled: companyId !== undefined,
  });
  return {
    companies,
    types,
    type,
    rule,
    copied,
    contentType,
    templates,
    countries,
    streetTypes,
    numberTypes,
    authorisers,
  };
}

export type TCreateLookups = ReturnType<typeof useCreateLookups>;
