import { type Kysely, sql } from 'kysely';
import { definePreparedQuery } from '../db/prepared-statements.ts';
import type { Database } from '../db/schema.ts';
import { canDecideNow, isVisible } from './shipping-access.queries.ts';
import type { TShippingVisibility } from './shipping-access.ts';
import { selectShippingRows } from './shipping-list.queries.ts';

type Db = Kysely<Database>;

export function selectShippingDetail(db: Db, visibility: TShippingVisibility, id: string) {
  return selectShippingRows(db)
    .select([
      's.domain_id as domainId',
      's.body',
      's.template_id as templateId',
      's.situation_code as situationCode',
      's.situation_reason as situationReason',
      's.substate',
      's.custom_fields as customFields',
      's.meta_properties as metaProperties',
      's.form_values as formValues',
      's.multi_signer_order as multiSignerOrder',
      's.pin_signature_text as pinSignatureText',
      's.font',
      's.custody_days as custodyDays',
      's.requires_auth as requiresAuth',
      's.needs_review as needsReview',
      's.auth_round as authRound',
      's.auth_deadline_at as authDeadlineAt',
      's.response_deadline_at as responseDeadlineAt',
      's.custody_until as custodyUntil',
      's.event_count as eventCount',
      's.last_event_hash as lastEventHash',
    ])
    .select(canDecideNow(visibility.userId).as('canDecide'))
    .where('s.id', '=', id)
    .where(isVisible(visibility))
    .executeTakeFirst();
}
export type TShippingDetailRecord = NonNullable<Awaited<ReturnType<typeof selectShippingDetail>>>;

/** The reads of one shipping's parts are prepared statements: the detail runs them on every open. */
export const selectReceivers = definePreparedQuery('sello_shipping_receivers', (db, shippingId: string) =>
  db.selectFrom('shipping_receivers').selectAll().where('shipping_id', '=', shippingId).orderBy('position'),
);
export type TReceiverRecord = Awaited<ReturnType<typeof selectReceivers>>[number];

export const selectEvents = definePreparedQuery('sello_shipping_events', (db, shippingId: string) =>
  db
    .selectFrom('shipping_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_user_id')
    .select([
      'e.shipping_id as shippingId',
      'e.seq',
      'e.at',
      'e.actor_kind as actorKind',
      'e.actor_user_id as actorUserId',
      'u.name as actorName',
      'e.action',
      'e.from_state as fromState',
      'e.from_result as fromResult',
      'e.from_deleted as fromDeleted',
      'e.to_state as toState',
      'e.to_result as toResult',
      'e.to_deleted as toDeleted',
      'e.reason',
      'e.details',
      'e.prev_hash as prevHash',
      'e.hash',
    ])
    .where('e.shipping_id', '=', shippingId)
    .orderBy('e.seq'),
);
export type TEventRecord = Awaited<ReturnType<typeof selectEvents>>[number];

/** Ids among `ids` the visibility reaches, with their deleted flag and state. */
export async function selectVisibleIds(db: Db, visibility: TShippingVisibility, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('shippings as s')
    .select(['s.id', 's.guid', 's.state', 's.deleted_at as deletedAt', 's.event_count as eventCount'])
    .select('s.last_event_hash as lastEventHash')
    .where('s.id', 'in', ids.map(String))
    .where(isVisible(visibility))
    .execute();
}

/** Shipping types a user can pick, with their creation settings. */
export function selectTypeOptions(db: Db, domainId: string, companyIds: readonly string[] | null, onlyActive: boolean) {
  return db
    .selectFrom('shipping_types')
    .select([
      'id',
      'name',
      'description',
      'active',
      'service_kind as serviceKind',
      'company_id as companyId',
      'channels',
      'requires_auth as requiresAuth',
      'auth_deadline_hours as authDeadlineHours',
      'response_days as responseDays',
      'custody_days as custodyDays',
      'default_template_id as defaultTemplateId',
      'default_sms_template_id as defaultSmsTemplateId',
      'sign_method as signMethod',
      'pin_signature_text as pinSignatureText',
      'font',
      'multi_signer_order as multiSignerOrder',
      'identification_documents as identificationDocuments',
      'other_documents_limit as otherDocumentsLimit',
      'meta_properties as metaProperties',
      'custom_fields as customFields',
      'form_controls as formControls',
    ])
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .$if(onlyActive, (query) => query.where('active', '=', true))
    .$if(companyIds !== null, (query) =>
      query.where((eb) =>
        companyIds!.length === 0
          ? eb('company_id', 'is', null)
          : eb.or([eb('company_id', 'is', null), eb('company_id', 'in', companyIds!)]),
      ),
    )
    .orderBy('position')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}
