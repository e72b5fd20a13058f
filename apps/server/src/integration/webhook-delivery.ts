import { ADMINISTRATOR_ROLES } from '@sello/contracts/role-rules';
import { detectRoles } from '@sello/contracts/roles';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { TConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { TCertificateKey } from '../platform/certificate-key.ts';
import { WEBHOOK_JOBS } from '../platform/job-catalogue.ts';
import type { TJobQueue, TPayloadOf } from '../platform/jobs.ts';
import type { TMailer } from '../platform/mailer.ts';
import { createOutboundFetch, outboundPolicyOf } from '../platform/outbound-url.ts';
import { openBox } from '../platform/sealed-box.ts';
import {
  insertDeliveries,
  markEndpointSucceeded,
  selectCompanyPeople,
  selectDeliveryTargets,
  type TDeliveryAttempt,
  updateEndpointEnabled,
} from './webhook-deliveries.queries.ts';
import { composeDisabledMail } from './webhook-mail-texts.ts';
import { signWebhook } from './webhook-signature.ts';

export const WEBHOOK_SECRET_BINDING = { purpose: 'webhook-signing-secret' };

/** The answer is read up to this many bytes; the log keeps its first EXCERPT_CHARS characters. */
const ANSWER_READ_BYTES = 64 * 1024;
const EXCERPT_CHARS = 500;

type TRetryConfig = Pick<TConfig, 'WEBHOOK_RETRY_BASE_SECONDS' | 'WEBHOOK_RETRY_MAX_SECONDS' | 'WEBHOOK_MAX_ATTEMPTS'>;

/** Seconds before the attempt after `attempt`: the base, doubled each time, never above the maximum. */
export function retryDelaySeconds(attempt: number, config: TRetryConfig): number {
  return Math.min(config.WEBHOOK_RETRY_MAX_SECONDS, config.WEBHOOK_RETRY_BASE_SECONDS * 2 ** (attempt - 1));
}

/** The API addresses an event's payload points at; the documents themselves never travel in it. */
function linksOf(type: string, data: Record<string, unknown>, publicUrl: string | undefined) {
  const base = `${publicUrl?.replace(/\/$/, '') ?? ''}/rest/services/`;
  if (type === 'import.finished') return { import: `${base}shipping/import/importdetail?selected=${data.importId}` };
  return {
    shipping: `${base}shippings/shippingdetail?requestId=${data.shippingId}`,
    documents: `${base}shippings/shippingdownloadfiles`,
  };
}

/** The body every attempt of an event posts: the same bytes each time, so its signature covers the same content. */
export function webhookBody(
  event: { type: string; data: Record<string, unknown>; eventAt: Date },
  publicUrl: string | undefined,
): string {
  const data = { ...event.data, links: linksOf(event.type, event.data, publicUrl) };
  return JSON.stringify({ type: event.type, timestamp: event.eventAt.toISOString(), data });
}

export type TWebhookDeliveryDeps = {
  db: Kysely<Database>;
  jobs: TJobQueue;
  certificateKey: TCertificateKey;
  mailer: TMailer;
  logger: Logger;
  config: TConfig;
};

type TPayload = TPayloadOf<typeof WEBHOOK_JOBS.deliver>;

/** One attempt of one event to one endpoint, logged; a failed one queues the next attempt, or gives up. */
export function createWebhookDelivery(deps: TWebhookDeliveryDeps) {
  const { db, jobs, config, logger } = deps;
  const outboundFetch = createOutboundFetch(outboundPolicyOf(config), { truncateAt: ANSWER_READ_BYTES });

  async function post(url: string, headers: Record<string, string>, body: string) {
    const started = performance.now();
    try {
      const answer = await outboundFetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'Sello-Webhooks/1' },
        body,
        signal: AbortSignal.timeout(config.WEBHOOK_TIMEOUT_MS),
      });
      const text = await answer.text();
      const latencyMs = Math.round(performance.now() - started);
      const succeeded = answer.status >= 200 && answer.status < 300;
      return { succeeded, responseStatus: answer.status, latencyMs, responseExcerpt: text.slice(0, EXCERPT_CHARS) };
    } catch (error) {
      const latencyMs = Math.round(performance.now() - started);
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return { succeeded: false, responseStatus: null, latencyMs, responseExcerpt: '', error: reason };
    }
  }

  async function tellAdministrators(companyId: string, url: string) {
    if (!deps.mailer.enabled) return;
    const people = await selectCompanyPeople(db, companyId);
    if (!people) return;
    const administrators = people.users.filter((user) => {
      const keys = detectRoles(user.roles);
      if (keys.includes('superAdmin') || keys.includes('domainAdmin')) return true;
      return user.inCompany && keys.some((key) => ADMINISTRATOR_ROLES.includes(key));
    });
    for (const { email, language } of administrators) {
      const values = { company: people.company.name, url, attempts: config.WEBHOOK_MAX_ATTEMPTS };
      await deps.mailer.send({ to: email, ...composeDisabledMail(language, values) });
    }
  }

  type TTarget = NonNullable<ReturnType<Awaited<ReturnType<typeof selectDeliveryTargets>>['get']>>;

  /** One attempt's post: the body signed now with the endpoint's secret (opened once per batch and endpoint). */
  async function attempt(payload: TPayload, target: TTarget, secrets: Map<string, string>) {
    let secret = secrets.get(target.endpointId);
    if (secret === undefined) {
      secret = openBox(target.secretSealed, deps.certificateKey, WEBHOOK_SECRET_BINDING);
      secrets.set(target.endpointId, secret);
    }
    const body = webhookBody(target, config.PUBLIC_URL);
    const outcome = await post(target.url, signWebhook(secret, payload.eventId, new Date(), body), body);
    return { payload, target, row: { ...payload, error: null, ...outcome } satisfies TDeliveryAttempt };
  }

  /**
   * A fetched batch of attempts: posted at once, then logged with one insert, with the next attempt of each failed one
   * queued in the same transaction (or, after the last, its endpoint disabled).
   */
  return async function deliverBatch(payloads: readonly TPayload[]): Promise<void> {
    const targets = await selectDeliveryTargets(db, payloads);
    const secrets = new Map<string, string>();
    // A deleted or disabled endpoint is sent nothing more (a manual "send again" goes to an enabled one only).
    const live = payloads.flatMap((payload) => {
      const target = targets.get(`${payload.eventId} ${payload.endpointId}`);
      return target?.enabled ? [{ payload, target }] : [];
    });
    const done = await Promise.all(live.map(({ payload, target }) => attempt(payload, target, secrets)));
    if (done.length === 0) return;
    const disabled: TTarget[] = [];
    await db.transaction().execute(async (trx) => {
      await insertDeliveries(
        trx,
        done.map(({ row }) => row),
      );
      const succeeded = new Set(done.filter(({ row }) => row.succeeded).map(({ row }) => row.endpointId));
      for (const endpointId of succeeded) await markEndpointSucceeded(trx, endpointId);
      for (const { payload, target, row } of done) {
        if (row.succeeded || payload.manual) continue;
        if (payload.attempt < config.WEBHOOK_MAX_ATTEMPTS) {
          const next = { eventId: payload.eventId, endpointId: payload.endpointId, attempt: payload.attempt + 1 };
          const startAfter = retryDelaySeconds(payload.attempt, config);
          await jobs.send(WEBHOOK_JOBS.deliver, next, { within: trx, startAfter });
          continue;
        }
        // Given up: an endpoint that took nothing since this event was made has been failing all that time.
        const failingThroughout = !target.lastSuccessAt || target.lastSuccessAt < target.eventAt;
        if (failingThroughout && (await updateEndpointEnabled(trx, payload.endpointId, false))) disabled.push(target);
      }
    });
    for (const target of disabled) {
      logger.warn({ endpointId: target.endpointId }, 'webhook endpoint disabled after failing every attempt');
      await tellAdministrators(target.companyId, target.url).catch((error) =>
        logger.error({ err: error, endpointId: target.endpointId }, 'mail of a disabled webhook endpoint not sent'),
      );
    }
  };
}
