import type { TShippingTypeOption, TTypeShippingSettings } from '@sello/contracts/catalogue/shippings-list';
import { collectDefaultTemplates } from '@sello/contracts/default-templates';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from '../platform/api-error.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { selectTypeAuthorisers } from './shipping-create.queries.ts';
import { selectTypeDefaultTemplates } from './shipping-default-templates.queries.ts';
import { selectCompleteTypeOptions, selectTypeOptions } from './shipping-detail.queries.ts';

type TTypeOptionRow = Awaited<ReturnType<typeof selectCompleteTypeOptions>>[number];

const toTypeOption = (row: Awaited<ReturnType<typeof selectTypeOptions>>[number]): TShippingTypeOption => ({
  value: Number(row.id),
  text: row.name,
  description: row.description,
  blocked: !row.active,
  serviceKind: row.serviceKind as TShippingTypeOption['serviceKind'],
  companyId: row.companyId === null ? null : Number(row.companyId),
});

/** The settings of a type the new-shipping form and sendrequest follow. */
export function toShippingSettings(row: TTypeOptionRow): TTypeShippingSettings {
  return {
    signMethod: row.signMethod,
    pinSignatureText: row.pinSignatureText as TTypeShippingSettings['pinSignatureText'],
    font: row.font as TTypeShippingSettings['font'],
    multiSignerOrder: row.multiSignerOrder as TTypeShippingSettings['multiSignerOrder'],
    identificationDocuments: row.identificationDocuments as TTypeShippingSettings['identificationDocuments'],
    otherDocumentsLimit: row.otherDocumentsLimit,
    metaProperties: row.metaProperties as TTypeShippingSettings['metaProperties'],
    customFields: row.customFields as TTypeShippingSettings['customFields'],
    formControls: row.formControls as TTypeShippingSettings['formControls'],
  };
}

/** `shippingListTypes`: the types a user can pick, in the stored order; with `complete`, every setting. */
export async function listShippingTypes(
  db: Kysely<Database>,
  principal: TPrincipal,
  query: { companyId?: number; complete?: boolean; onlyactive?: boolean },
): Promise<TShippingTypeOption[]> {
  const wholeDomain = principal.superAdmin || principal.roleKeys.includes('domainAdmin');
  let companyIds: string[] | null = wholeDomain ? null : principal.companyIds;
  if (query.companyId !== undefined) {
    const companyId = String(query.companyId);
    if (companyIds !== null && !companyIds.includes(companyId)) throw notFound();
    companyIds = [companyId];
  }
  const onlyActive = query.onlyactive === true;
  // A combo needs none of the settings: they are read (and their JSON parsed) only for `complete`.
  if (!query.complete)
    return (await selectTypeOptions(db, principal.domainId, companyIds, onlyActive)).map(toTypeOption);
  const rows = await selectCompleteTypeOptions(db, principal.domainId, companyIds, onlyActive);
  const typeIds = rows.map((row) => row.id);
  const [authorisers, defaults] = await Promise.all([
    selectTypeAuthorisers(db, typeIds),
    selectTypeDefaultTemplates(db, typeIds),
  ]);
  return rows.map((row) => ({
    ...toTypeOption(row),
    channels: row.channels as NonNullable<TShippingTypeOption['channels']>,
    requiresAuth: row.requiresAuth,
    authDeadlineHours: row.authDeadlineHours,
    responseDays: row.responseDays,
    custodyDays: row.custodyDays,
    defaultTemplates: collectDefaultTemplates(defaults, row.id),
    authorisers: authorisers
      .filter((authoriser) => authoriser.typeId === row.id)
      .map((authoriser) => ({
        kind: authoriser.userId === null ? ('group' as const) : ('user' as const),
        id: Number(authoriser.userId ?? authoriser.groupId),
        name: authoriser.name,
      })),
    settings: toShippingSettings(row),
  }));
}
