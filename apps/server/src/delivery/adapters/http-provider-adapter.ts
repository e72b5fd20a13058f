import { ChannelSendError, type TChannelAdapter } from '../../platform/channel-adapter.ts';

/** How long the provider may take to answer; a send that times out is tried again with the same guid. */
const PROVIDER_TIMEOUT_MS = 15_000;

export type THttpProviderSettings = {
  transport: 'sms_http' | 'whatsapp_http' | 'voice_http';
  url: string;
  token: string | undefined;
  /** Where the provider posts its delivery reports for this channel. */
  callbackUrl: () => Promise<string>;
  /** The voice provider also gets `language` (es-es, en-en, pt-pt): the voice that reads the text. */
  sendsLanguage?: boolean;
};

/**
 * SMS, WhatsApp and voice calls through one generic JSON provider (request and answer in
 * docs/decisions/delivery.md): `POST url {to, text, reference, callbackUrl}` (voice: also `language`)
 * with a bearer token; the answer `{id}` is the reference.
 * The guid goes as `reference` and `Idempotency-Key`, so trying again never makes a second message.
 */
export function createHttpProviderAdapter(settings: THttpProviderSettings): TChannelAdapter {
  return {
    transport: settings.transport,
    async send(message) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'idempotency-key': message.guid,
      };
      if (settings.token) headers.authorization = `Bearer ${settings.token}`;
      let response: Response;
      try {
        response = await fetch(settings.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            to: message.recipient,
            text: message.body,
            ...(settings.sendsLanguage && { language: message.language }),
            reference: message.guid,
            callbackUrl: await settings.callbackUrl(),
          }),
          signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        });
      } catch (error) {
        throw new ChannelSendError('transient', `provider unreachable: ${(error as Error).message}`);
      }
      const text = await response.text().catch(() => '');
      if (!response.ok) {
        const retriable = response.status >= 500 || response.status === 408 || response.status === 429;
        throw new ChannelSendError(
          retriable ? 'transient' : 'permanent',
          `provider answered ${response.status}: ${text.slice(0, 300)}`,
        );
      }
      let id: unknown;
      try {
        id = (JSON.parse(text) as { id?: unknown }).id;
      } catch {
        id = undefined;
      }
      return { providerRef: typeof id === 'string' || typeof id === 'number' ? String(id).slice(0, 500) : null };
    },
  };
}
