import type { TAuditQuery } from '@sello/contracts/catalogue/administration-audit';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { selectAuditRecordColumns } from '../platform/audit.queries.ts';
import { likeContains } from '../platform/like-pattern.ts';

/** The trail under the screen's filters, newest first; `domainId` null: every tenant (super admins). */
export function selectAuditRecords(db: Kysely<Database>, domainId: string | null, query: TAuditQuery) {
  return selectAuditRecordColumns(db)
    .$if(domainId !== null, (q) => q.where('a.domain_id', '=', domainId!))
    .$if(query.from !== undefined, (q) => q.where('a.at', '>=', new Date(query.from!)))
    .$if(query.to !== undefined, (q) => q.where('a.at', '<', new Date(query.to!)))
    .$if(query.actor !== undefined, (q) => q.where(sql<boolean>`a.actor_name ILIKE ${likeContains(query.actor!)}`))
    .$if(query.entity !== undefined, (q) => q.where('a.entity', '=', query.entity!))
    .$if(query.action !== undefined, (q) => q.where('a.action', '=', query.action!))
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc');
}

export async function countAuditRecords(db: Kysely<Database>, domainId: string | null, query: TAuditQuery) {
  const row = await db
    .selectFrom(selectAuditRecords(db, domainId, query).clearOrderBy().as('page'))
    .select(sql<string>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
