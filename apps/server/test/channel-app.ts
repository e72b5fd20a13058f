import { dispatchShippings } from '../src/delivery/dispatch.service.ts';
import { sendMessage } from '../src/delivery/dispatch-send.ts';
import { signBody } from '../src/platform/signed-body.ts';
import { startProviderStub } from './provider-stub.ts';
import { createShippingTestApp, selectMessagesOf } from './shipping-fixtures.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { signedInClient } from './test-app.ts';

const SECRET = 'callback-secret-for-shipping-states-0123';
const REFUSED = 'nobody@refused.example.es';
const CUT = 'cut@unreachable.example.es';

/**
 * A shipping app whose e-mail goes to a real SMTP server (which refuses `refused` and cuts the connection
 * after a message to `cut`) and whose SMS go to the HTTP provider, which reports back on its signed callback.
 */
export async function startChannelApp() {
  const smtp = await startSmtpSink({ refuse: [REFUSED], cutAfterData: [CUT] });
  const provider = await startProviderStub();
  const t = await createShippingTestApp({
    SMTP_URL: smtp.url,
    SMS_PROVIDER_URL: provider.url,
    PROVIDER_CALLBACK_SECRET: SECRET,
  });
  const user = await signedInClient(t.app, 'company.user');
  return {
    t,
    user,
    smtp,
    refused: REFUSED,
    cut: CUT,
    /** The dispatch job, then the send job of each message it wrote, as the workers run them. */
    async dispatchAndSend(id: number) {
      await dispatchShippings(t.ctx, [String(id)]);
      const messages = await selectMessagesOf(t.database.db, id);
      for (const message of messages) await sendMessage({ ...t.ctx, logger: t.app.log }, message.id);
      return messages;
    },
    /** The provider's delivery report, signed as the provider signs it. */
    callback(channel: 'sms' | 'whatsapp', report: Record<string, unknown>) {
      const raw = JSON.stringify(report);
      return t.app.inject({
        method: 'POST',
        url: `/rest/services/delivery/callback/${channel}`,
        headers: { 'content-type': 'application/json', 'x-sello-signature': signBody(SECRET, raw) },
        payload: raw,
      });
    },
    close: async () => {
      await t.close();
      await smtp.close();
      await provider.close();
    },
  };
}

export type TChannelApp = Awaited<ReturnType<typeof startChannelApp>>;
