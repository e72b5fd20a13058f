import type { TTemplateDetail, TTemplateListRow, TTemplateRow } from '@sello/contracts/catalogue/templates';
import type { TExportQuery, TPagedQuery, TPickerItem } from '@sello/contracts/common';
import { LANGUAGES, type Language } from '@sello/contracts/constants';
import type { TemplateContentType, TemplateKind } from '@sello/contracts/enums';
import { ADMINISTRATOR_ROLES } from '@sello/contracts/role-rules';
import type { FastifyReply } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { conflict, mapRows, takeDeletedFilter } from '../administration/admin-lists.ts';
import { exportLabels } from '../administration/export-labels.ts';
import type { Database } from '../db/schema.ts';
import { assertBin, recordScope, resolveListDomain } from '../platform/admin-access.ts';
import { notFound } from '../platform/api-error.ts';
import { recoverAudited, softDeleteAudited } from '../platform/audited-bin.ts';
import { sendExcel } from '../platform/excel-export.ts';
import { toIso } from '../platform/iso-date.ts';
import { buildListQuery, runPagedList } from '../platform/paged-list.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { canUseCompany } from '../platform/tenancy.ts';
import {
  selectLiveCompany,
  selectLiveCompanyDomain,
  selectSendingTemplates,
  selectTemplate,
  selectTemplates,
  selectTypeDefaultTemplateIds,
  selectTypeForTemplates,
  TEMPLATE_COLUMNS,
  type TTemplateDbRow,
} from './templates.queries.ts';
import { existsOwnerTemplateName, selectTemplateForEdit } from './templates-edit.queries.ts';
import { toTemplateDetail } from './templates-edit.service.ts';

/** A company's template is for those who may use the company; the domain's for everyone in the domain. */
function mayUseOwner(principal: TPrincipal, row: { companyId: string | null; domainId: string }): boolean {
  return row.companyId === null || canUseCompany(principal, { id: row.companyId, domainId: row.domainId });
}

function toListRow(row: TTemplateDbRow): TTemplateListRow {
  return {
    id: Number(row.id),
    companyId: row.companyId === null ? null : Number(row.companyId),
    companyName: row.companyName ?? null,
    name: row.name,
    contentType: row.contentType as TemplateContentType,
    kind: row.kind as TemplateKind,
    language: row.language as Language,
    locked: row.lockedBy !== null,
    lockedBy: row.lockedBy,
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
/**
 * The templates a type can send (docs/decisions/templates.md): none for certified e-mail and SMS (the dispatch writes them
 * from the domain's chosen certified templates) or when no channel of the type carries the content type; else
 * all, the type's defaults first (in the order of the languages).
 */
function templatesForType<T extends { id: string }>(
  rows: T[],
  type: { serviceKind: string; channels: string[] | null },
  defaults: readonly { language: string; templateId: string }[],
  contentType: TemplateContentType,
): T[] {
  if (type.serviceKind === 'certified_email' || type.serviceKind === 'certified_sms') return [];
  const carriers = contentType === 'SMS' ? ['sms', 'whatsapp'] : ['email', 'onscreen'];
  if (!(type.channels ?? []).some((channel) => carriers.includes(channel))) return [];
  const firsts = LANGUAGES.flatMap((language) =>
    defaults.filter((entry) => entry.language === language).map((entry) => entry.templateId),
  );
  const rank = (row: T) => (firsts.includes(row.id) ? firsts.indexOf(row.id) : firsts.length);
  return [...rows].sort((a, b) => rank(a) - rank(b));
}

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
    if (!current || !mayUseOwner(principal, current)) throw notFound();
    await softDeleteAudited(db, principal, 'templates', current);
  }

  async function recover(principal: TPrincipal, id: number) {
    const current = await selectTemplate(db, recordScope(principal), String(id), true);
    if (!current || !mayUseOwner(principal, current)) throw notFound();
    // Its name may have been given to another template of the same owner while it was deleted.
    const owner = { domainId: current.domainId, companyId: current.companyId };
    if (await existsOwnerTemplateName(db, owner, current.name)) throw conflict('name');
    await recoverAudited(db, principal, 'templates', current);
  }

  /** The templates a sender may choose for a company (or for any of theirs), as a combo. */
  async function readListReduced(
    principal: TPrincipal,
    query: {
      companySelected?: number;
      contentType: TemplateContentType;
      typeSelected?: number;
      language?: Language;
    },
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
    let rows = await selectSendingTemplates(db, domainId, companyIds, query.contentType, query.language);
    if (query.typeSelected !== undefined) {
      const type = await selectTypeForTemplates(db, domainId, companyIds, String(query.typeSelected));
      if (!type) throw notFound();
      const defaults = await selectTypeDefaultTemplateIds(db, type.id, query.contentType);
      rows = templatesForType(rows, type, defaults, query.contentType);
    }
    return rows.map((row) => ({ value: Number(row.id), text: row.name, description: row.subject, blocked: false }));
  }

  /**
   * One template with its content. Template managers read any of their domain; a sender (newSend
   * alone) only the live, active ones they may write with, so the rest are simply not found.
   */
  async function detail(principal: TPrincipal, id: number): Promise<TTemplateDetail> {
    const row = await selectTemplateForEdit(db, recordScope(principal), String(id));
    if (!row || !mayUseOwner(principal, row)) throw notFound();
    if (principal.permissions.templates !== true && !row.active) throw notFound();
    return toTemplateDetail(row, principal);
  }

  /** Every live template of a company (with the domain's shared ones), or of the caller's domain. */
  async function read(principal: TPrincipal, companySelected: number | undefined): Promise<TTemplateRow[]> {
    let domainId = principal.domainId;
    let companyIds: string[] | null = null;
    if (companySelected !== undefined) {
      const company = await selectLiveCompany(db, String(companySelected));
      if (!company || !canUseCompany(principal, company)) throw notFound();
      domainId = company.domainId;
      companyIds = [company.id];
    } else if (!principal.roleKeys.some((key) => ADMINISTRATOR_ROLES.includes(key))) {
      companyIds = principal.companyIds;
    }
    const rows = await selectTemplates(db, domainId, false)
      .select(['t.subject', 't.kind'])
      .$if(companyIds !== null, (query) =>
        query.where((eb) =>
          companyIds!.length === 0
            ? eb('t.company_id', 'is', null)
            : eb.or([eb('t.company_id', 'is', null), eb('t.company_id', 'in', companyIds!)]),
        ),
      )
      .orderBy(sql`lower(t.name)`)
      .orderBy('t.id')
      .execute();
    return rows.map((row) => {
      const { deletedAt: _deletedAt, deletedBy: _deletedBy, ...rest } = toListRow(row);
      return {
        ...rest,
        subject: row.subject,
        lockedByMe: row.lockedById === principal.userId,
        lockedUntil: toIso(row.lockedUntil),
      };
    });
  }

  async function exportList(
    principal: TPrincipal,
    query: TExportQuery & { contentType?: TemplateContentType },
    reply: FastifyReply,
  ) {
    const { deleted, filters } = takeDeletedFilter(query.filters);
    assertBin(principal, deleted ? 'templatesBin' : 'templates');
    const domainId = await resolveListDomain(principal, query, (id) => selectLiveCompanyDomain(db, id));
    const { ordered } = buildListQuery(
      selectTemplates(db, domainId, deleted, query.contentType),
      { ...query, filters },
      TEMPLATE_COLUMNS,
      { defaultSort: deleted ? 'deletedAt' : 'name', tieBreaker: sql`t.id` },
    );
    const { label, yesNo } = exportLabels(query.language);
    return sendExcel<TTemplateListRow>(
      reply,
      'templates.xlsx',
      'Templates',
      [
        { header: label('id'), width: 10, value: (row) => row.id },
        { header: label('name'), width: 30, value: (row) => row.name },
        { header: 'Type', width: 10, value: (row) => row.contentType },
        { header: 'Kind', width: 24, value: (row) => row.kind },
        { header: label('companies'), width: 30, value: (row) => row.companyName },
        { header: label('active'), width: 10, value: (row) => yesNo(row.active) },
        { header: 'Locked by', width: 24, value: (row) => row.lockedBy },
        {
          header: label('deletedAt'),
          dateTime: true,
          value: (row) => (row.deletedAt ? new Date(row.deletedAt) : null),
        },
        { header: label('deletedBy'), width: 30, value: (row) => row.deletedBy },
      ],
      mapRows(ordered.offset(query.first).limit(query.pageSize).stream(500), toListRow),
    );
  }

  return { read, readList, readListReduced, detail, remove, recover, exportList };
}
