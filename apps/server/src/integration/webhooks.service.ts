import type { TWebhookEndpoint, TWebhookEndpointNew } from '@sello/contracts/catalogue/integration-webhooks';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError, notFound } from '../platform/api-error.ts';
import { recordAudit } from '../platform/audit.ts';
import type { TCertificateKey } from '../platform/certificate-key.ts';
import { checkOutboundUrl, OutboundUrlRefused, type TOutboundPolicy } from '../platform/outbound-url.ts';
import type { TPrincipal } from '../platform/principal.ts';
import { sealBox } from '../platform/sealed-box.ts';
import { assertAdministersCompany } from './company-admin.ts';
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

type Deps = { db: Kysely<Database>; certificateKey: TCertificateKey; outbound: TOutboundPolicy };

/** A company's webhook endpoints, managed by its administrators (the rules of its API keys). */
/** The signing secret is sealed for this purpose alone, so it never opens as another kind of secret. */
const WEBHOOK_SECRET_BINDING = { purpose: 'webhook-signing-secret' };

export function createWebhooksService({ db, certificateKey, outbound }: Deps) {
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
