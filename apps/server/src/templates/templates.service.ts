import type { TTemplateListRow } from '@sello/contracts/catalogue/templates';
import type { TPagedQuery } from '@sello/contracts/common';
import type { TemplateContentType } from '@sello/contracts/enums';
import { type Kysely, sql } from 'kysely';
import { assertBin, recordScope, resolveListDomain } from '../administration/admin-access.ts';
import { conflict, takeDeletedFilter, toIso } from '../administration/admin-lists.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../platform/api-error.ts';
import { runPagedList } from '../platform/paged-list.ts';
import type { TPrincipal } from '../platform/principal.ts';
import {
  existsLiveTemplateName,
  recoverTemplateRow,
  selectLiveCompanyDomain,
  selectTemplate,
  selectTemplates,
  softDeleteTemplate,
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

/** Message templates of a domain: the paged list (live, or deleted with templatesBin), delete and recover. */
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
    await softDeleteTemplate(db, current.domainId, current.id, principal.userId);
  }

  async function recover(principal: TPrincipal, id: number) {
    const current = await selectTemplate(db, recordScope(principal), String(id), true);
    if (!current) throw notFound();
    // Its name may have been given to another template of the domain while it was deleted.
    if (await existsLiveTemplateName(db, current.domainId, current.name)) throw conflict('name');
    await recoverTemplateRow(db, current.domainId, current.id);
  }

  return { readList, remove, recover };
}
