import { afterAll, beforeAll, expect } from 'vitest';
import { startProviderStub } from '../../test/provider-stub.ts';
import {
  createShippingTestApp,
  LUCIA,
  readChain,
  selectMessagesOf,
  sendShipping,
} from '../../test/shipping-fixtures.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { signedInClient, type TestClient, type TTestApp } from '../../test/test-app.ts';
import { signBody } from '../platform/signed-body.ts';
import { dispatchShippings } from './dispatch.service.ts';
import { sendMessage } from './dispatch-send.ts';

export const SECRET = 'callback-secret-for-tests-0123456789';
export const DAY = 86_400_000;

export let t: TTestApp;
export let user: TestClient;
export let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
export let provider: Awaited<ReturnType<typeof startProviderStub>>;

export const deps = () => ({ ...t.ctx, logger: t.app.log });

export async function shippingRow(id: number) {
  return t.database.db
    .selectFrom('shippings')
    .select(['state', 'result', 'response_deadline_at', 'custody_until'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
}

export const messagesOf = (id: number) => selectMessagesOf(t.database.db, id);

export async function dispatched(typeName: string, body: Record<string, unknown> = {}, client = user) {
  const id = await sendShipping(client, t.database.db, typeName, body);
  expect(await dispatchShippings(t.ctx, [String(id)])).toEqual([String(id)]);
  return id;
}

export async function sendAll(id: number) {
  for (const message of await messagesOf(id)) await sendMessage(deps(), message.id);
}

export async function actionsOf(id: number) {
  return (await readChain(t.database.db, id)).map((event) => event.action);
}

export function callback(channel: string, body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `/rest/services/delivery/callback/${channel}`,
    headers: { 'content-type': 'application/json', 'x-sello-signature': signature ?? signBody(SECRET, raw) },
    payload: raw,
  });
}

export const SMS_BODY = { channel: 'sms', receivers: [LUCIA] };

/** Registers the suite's set-up and tear-down; call it at the top of each test file. */
export function setUpDispatchTestApp(): void {
  beforeAll(async () => {
    smtp = await startSmtpSink();
    provider = await startProviderStub();
    t = await createShippingTestApp({
      SMTP_URL: smtp.url,
      SMS_PROVIDER_URL: provider.url,
      SMS_PROVIDER_TOKEN: 'sms-token',
      WHATSAPP_PROVIDER_URL: provider.url,
      WHATSAPP_PROVIDER_TOKEN: 'wa-token',
      PROVIDER_CALLBACK_SECRET: SECRET,
    });
    user = await signedInClient(t.app, 'company.user');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await provider.close();
  });
}
