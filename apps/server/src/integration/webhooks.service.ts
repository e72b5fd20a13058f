import type {
  TWebhookDelivery,
  TWebhookEndpoint,
  TWebhookEndpointNew,
} from '@sello/contracts/catalogue/integration-webhooks';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError, notFound } from '../platform/api-error.ts';
import { recordAudit } from '../platform/audit.ts';
import type { TCertificateKey } from '../platform/certificate-key.ts';
import { WEBHOOK_JOBS } from '../platform/job-catalogue.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import { checkOutboundUrl, OutboundUrlRefused, type TOutboundPolicy } from '../platform/outbound-url.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { sealBox } from '../platform/sealed-box.ts';
import { assertAdministersCompany } from './company-admin.ts';
import { selectDeliveries, selectDeliveryForResend, updateEndpointEnabled } from './webhook-deliveries.queries.ts';
import { WEBHOOK_SECRET_BINDING } from './webhook-delivery.ts';
import { createWebhookSecret } from './webhook-signature.ts';
import {
  deleteWebhookEndpoint,
  insertWebhookEndpoint,
  selectWebhookEndpoint,
  selectWebhookEndpoints,
  type TWebhookEndpointRow,
  updateWebhookSecret,
} from './webhooks.queries.ts';

function toEndpoint(row: TWebhookEndpointRow): TWebhookEndpoint {
  return {
    id: Number(row.id),
    companyId: Number(row.companyId),
    url: row.url,
    events: row.events as TWebhookEndpoint['events'],
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
  };
}

type Deps = { db: Kysely<Database>; certificateKey: TCertificateKey; outbound: TOutboundPolicy; jobs: TJobQueue };

/** The delivery log shows an endpoint's latest attempts. */
const DELIVERY_LOG_LENGTH = 100;

/** A company's webhook endpoints, managed by its administrators (the rules of its API keys). */
export function createWebhooksService({ db, certificateKey, outbound, jobs }: Deps) {
  async function findManaged(principal: TPrincipal, id: number) {
    const row = await selectWebhookEndpoint(db, String(id));
    if (!row) throw notFound();
    const domainId = await assertAdministersCompany(db, principal, row.companyId);
    return { row, domainId };
  }

  /** https to a public host; plain http and private or loopback hosts only where the outbound policy allows them. */
  async function checkUrl(url: string): Promise<void> {
    try {
      await checkOutboundUrl(url, outbound);
    } catch (error) {
      if (error instanceof OutboundUrlRefused)
        throw new ApiError(400, 'ERR_VALIDATION', { url: 'ERR_WEBHOOK_URL_REFUSED' });
      throw error;
    }
  }

  return {
    async list(principal: TPrincipal, companyId: number): Promise<TWebhookEndpoint[]> {
      await assertAdministersCompany(db, principal, String(companyId));
      return (await selectWebhookEndpoints(db, String(companyId))).map(toEndpoint);
    },
    async create(principal: TPrincipal, request: TWebhookEndpointNew) {
      const companyId = String(request.companyId);
      const domainId = await assertAdministersCompany(db, principal, companyId);
      await checkUrl(request.url);
      const secret = createWebhookSecret();
      const sealed = sealBox(secret, certificateKey, WEBHOOK_SECRET_BINDING);
      const keyId = certificateKey.id;
      const values = { companyId, url: request.url, events: request.events };
      const id = await db.transaction().execute(async (trx) => {
        const newId = await insertWebhookEndpoint(trx, { ...values, sealed, keyId, createdBy: principal.userId });
        const entry = { domainId, entity: 'webhook_endpoints', entityId: newId, action: 'create' };
        await recordAudit(trx, principal, { ...entry, after: { ...values, secret: '*' } });
        return newId;
      });
      return { ...toEndpoint((await selectWebhookEndpoint(db, id))!), secret };
    },
    async rotateSecret(principal: TPrincipal, id: number) {
      const { row, domainId } = await findManaged(principal, id);
      const secret = createWebhookSecret();
      const sealed = sealBox(secret, certificateKey, WEBHOOK_SECRET_BINDING);
      const keyId = certificateKey.id;
      await db.transaction().execute(async (trx) => {
        await updateWebhookSecret(trx, row.id, sealed, keyId);
        const entry = { domainId, entity: 'webhook_endpoints', entityId: row.id, action: 'rotate' };
        await recordAudit(trx, principal, { ...entry, before: { secret: null }, after: { secret: '*' } });
      });
      return { ...toEndpoint(row), secret };
    },
    async setEnabled(principal: TPrincipal, id: number, enabled: boolean): Promise<TWebhookEndpoint> {
      const { row, domainId } = await findManaged(principal, id);
      await db.transaction().execute(async (trx) => {
        if (!(await updateEndpointEnabled(trx, row.id, enabled))) return;
        const entry = { domainId, entity: 'webhook_endpoints', entityId: row.id, action: 'update' };
        await recordAudit(trx, principal, { ...entry, before: { enabled: row.enabled }, after: { enabled } });
      });
      return toEndpoint((await selectWebhookEndpoint(db, row.id))!);
    },
    async deliveries(principal: TPrincipal, endpointId: number): Promise<TWebhookDelivery[]> {
      const { row } = await findManaged(principal, endpointId);
      const rows = await selectDeliveries(db, row.id, DELIVERY_LOG_LENGTH);
      return rows.map((delivery) => ({
        id: Number(delivery.id),
        eventId: delivery.eventId,
        eventType: delivery.eventType as TWebhookDelivery['eventType'],
        attempt: delivery.attempt,
        manual: delivery.manual,
        succeeded: delivery.succeeded,
        responseStatus: delivery.responseStatus,
        latencyMs: delivery.latencyMs,
        responseExcerpt: delivery.error ?? delivery.responseExcerpt,
        attemptedAt: delivery.attemptedAt.toISOString(),
      }));
    },
    /** One more attempt of a logged delivery's event, now, with the same event id; it is not retried on failure. */
    async sendAgain(principal: TPrincipal, deliveryId: number) {
      const delivery = await selectDeliveryForResend(db, String(deliveryId));
      if (!delivery) throw notFound();
      const { row: endpoint } = await findManaged(principal, Number(delivery.endpointId));
      if (!endpoint.enabled) throw new ApiError(409, 'ERR_WEBHOOK_DISABLED');
      const payload = { ...delivery, endpointId: endpoint.id, attempt: delivery.nextAttempt, manual: true };
      await jobs.send(WEBHOOK_JOBS.deliver, payload);
      return { ok: true as const };
    },
    async remove(principal: TPrincipal, id: number) {
      const { row, domainId } = await findManaged(principal, id);
      await db.transaction().execute(async (trx) => {
        await deleteWebhookEndpoint(trx, row.id);
        const entry = { domainId, entity: 'webhook_endpoints', entityId: row.id, action: 'delete' };
        await recordAudit(trx, principal, { ...entry, before: { deleted: false }, after: { deleted: true } });
      });
      return { ok: true as const };
    },
  };
}
