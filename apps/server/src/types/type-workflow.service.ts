import type { TPickerItem } from '@sello/contracts/common';
import type { Kysely } from 'kysely';
import { toPickerItem } from '../administration/admin-lists.ts';
import type { Database } from '../db/schema.ts';
import { fieldError, notFound } from '../platform/api-error.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { typeScope } from './type-scope.ts';
import {
  replaceWfUsers,
  selectLiveGroups,
  selectWfCandidates,
  selectWfGroups,
  selectWfUsers,
} from './type-workflow.queries.ts';
import { selectType, selectTypesForCombo } from './types.queries.ts';

/** The authorisers of a type (the dual-list picker) and the types combo of the new-shipping form. */
export function createTypeWorkflowService(db: Kysely<Database>) {
  async function findType(principal: TPrincipal, typeId: number) {
    const row = await selectType(db, typeScope(principal), String(typeId));
    if (!row) throw notFound();
    return row;
  }

  async function wfUsers(
    principal: TPrincipal,
    typeId: number,
  ): Promise<{ available: TPickerItem[]; selected: TPickerItem[] }> {
    const type = await findType(principal, typeId);
    const [selected, candidates] = await Promise.all([
      selectWfUsers(db, type.id),
      selectWfCandidates(db, type.domainId, type.companyId),
    ]);
    const chosen = new Set(selected.map((row) => row.id));
    return {
      available: candidates.filter((row) => !chosen.has(row.id)).map(toPickerItem),
      selected: selected.map(toPickerItem),
    };
  }

  /** The type's workflow groups and the other live groups of its domain (the groups `update` accepts). */
  async function wfGroups(
    principal: TPrincipal,
    typeId: number,
  ): Promise<{ available: TPickerItem[]; selected: TPickerItem[] }> {
    const type = await findType(principal, typeId);
    const [selected, groups] = await Promise.all([selectWfGroups(db, type.id), selectLiveGroups(db, type.domainId)]);
    const chosen = new Set(selected.map((row) => row.id));
    return {
      available: groups.filter((row) => !chosen.has(row.id)).map(toPickerItem),
      selected: selected.map(toPickerItem),
    };
  }

  async function saveWfUsers(principal: TPrincipal, typeId: number, userIds: readonly number[]) {
    const type = await findType(principal, typeId);
    const candidates = new Set((await selectWfCandidates(db, type.domainId, type.companyId)).map((row) => row.id));
    userIds.forEach((id, index) => {
      if (userIds.indexOf(id) !== index) throw fieldError(`wfUsers.${index}`, 'ERR_FIELD_INVALID');
      if (!candidates.has(String(id))) throw fieldError(`wfUsers.${index}`, 'ERR_WF_USER_NOT_ALLOWED');
    });
    await db.transaction().execute((trx) => replaceWfUsers(trx, type.id, userIds));
  }

  /** Types of the given companies the caller reaches, with the domain-wide ones, in the stored order. */
  async function shippingTypesForCombo(principal: TPrincipal, companies: readonly number[]) {
    const scope = typeScope(principal);
    const ids = companies.map(String);
    if (scope.companyIds !== null && ids.some((id) => !scope.companyIds!.includes(id))) throw notFound();
    return (await selectTypesForCombo(db, principal.domainId, ids)).map(toPickerItem);
  }

  return { wfUsers, wfGroups, saveWfUsers, shippingTypesForCombo };
}
