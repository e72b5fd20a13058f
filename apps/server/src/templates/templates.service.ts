import type { TTemplateDetail, TTemplateListRow } from '@sello/contracts/catalogue/templates';
import type { TPagedQuery, TPickerItem } from '@sello/contracts/common';
import type { TemplateContentType } from '@sello/contracts/enums';
import { ADMINISTRATOR_ROLES } from '@sello/contracts/role-rules';
import { type Kysely, sql } from 'kysely';
import { assertBin, recordScope, resolveListDomain } from '../administration/admin-access.ts';
import { conflict, takeDeletedFilter } from '../administration/admin-lists.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../platform/api-error.ts';
import { toIso } from '../platform/iso-date.ts';
import { runPagedList } from '../platform/paged-list.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { recoverRow, softDeleteRow } from '../platform/soft-delete.queries.ts';
import { canUseCompany } from '../platform/tenancy.ts';
import {
  existsLiveTemplateName,
  selectLiveCompany,
  selectLiveCompanyDomain,
  selectSendingTemplates,
  selectTemplate,
  selectTemplateDetail,
  selectTemplates,
  TEMPLATE_COLUMNS,
  type TTemplateDbRow,
} from './templates.queries.ts';

function toListRow(row: TTemplateDbRow): TTemplateListRow {
  return {
    id: Number(row.id),
    companyId: row.companyId === null ? null : Number(row.companyId),
    companyName: row.companyName ?? null,
    name: row.name,
    contentType: row.contentType as TemplateContentType,
    locked: row.locked,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: toIso(row.deletedAt),
    deletedBy: row.deletedBy,
  };
}

/**
 * Message templates of a domain: the paged list (live, or deleted with templatesBin), delete and recover,
 * and what the new-shipping form offers (the combo and one template's subject and body).
 */
export function createTemplatesService(db: Kysely<Database>) {
  async function readList(principal: TPrincipal, query: TPagedQuery & { contentType?: TemplateContentType }) {
    const { deleted, filters } = takeDeletedFilter(query.filters);
    assertBin(principal, deleted ? 'templatesBin' : 'templates');
    const domainId = await resolveListDomain(principal, query, (id) => selectLiveCompanyDomain(db, id));
    const page = await runPagedList(
      selectTemplates(db, domainId, deleted, query.contentType),
      { ...query, filters },
      TEMPLATE_COLUMNS,
      { defaultSort: deleted ? 'deletedAt' : 'name', tieBreaker: sql`t.id` },
    );
    return { rows: page.rows.map(toListRow), total: page.total };
  }

  async function remove(principal: TPrincipal, id: number) {
    const current = await selectTemplate(db, recordScope(principal), String(id));
    if (!current) throw notFound();
    await softDeleteRow(db, 'templates', current.domainId, current.id, principal.userId);
  }

  async function recover(principal: TPrincipal, id: number) {
    const current = await selectTemplate(db, recordScope(principal), String(id), true);
    if (!current) throw notFound();
    // Its name may have been given to another template of the domain while it was deleted.
    if (await existsLiveTemplateName(db, current.domainId, current.name)) throw conflict('name');
    await recoverRow(db, 'templates', current.domainId, current.id);
  }

  /** The templates a sender may choose for a company (or for any of theirs), as a combo. */
  async function readListReduced(
    principal: TPrincipal,
    query: { companySelected?: number; contentType: TemplateContentType },
  ): Promise<TPickerItem[]> {
    let domainId = principal.domainId;
    let companyIds: string[] | null = principal.roleKeys.some((key) => ADMINISTRATOR_ROLES.includes(key))
      ? null
      : principal.companyIds;
    if (query.companySelected !== undefined) {
      const company = await selectLiveCompany(db, String(query.companySelected));
      if (!company || !canUseCompany(principal, company)) throw notFound();
      domainId = company.domainId;
      companyIds = [company.id];
    }
    const rows = await selectSendingTemplates(db, domainId, companyIds, query.contentType);
    return rows.map((row) => ({ value: Number(row.id), text: row.name, description: row.subject, blocked: false }));
  }

  /**
   * One template with its content. Template managers read any of their domain; a sender (newSend
   * alone) only the live, active ones they may write with, so the rest are simply not found.
   */
  async function detail(principal: TPrincipal, id: number): Promise<TTemplateDetail> {
    const row = await selectTemplateDetail(db, recordScope(principal), String(id));
    if (!row) throw notFound();
    if (principal.permissions.templates !== true) {
      const usable =
        row.active &&
        (row.companyId === null || canUseCompany(principal, { id: row.companyId, domainId: row.domainId }));
      if (!usable) throw notFound();
    }
    return {
      id: Number(row.id),
      companyId: row.companyId === null ? null : Number(row.companyId),
      companyName: row.companyName ?? null,
      name: row.name,
      contentType: row.contentType as TemplateContentType,
      subject: row.subject,
      locked: row.locked,
      active: row.active,
      updatedAt: row.updatedAt.toISOString(),
      content: row.body,
    };
  }

  return { readList, readListReduced, detail, remove, recover };
}
