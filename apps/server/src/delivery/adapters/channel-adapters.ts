import type { CallbackChannel } from '@sello/contracts/catalogue/delivery';
import type { TConfig } from '../../config.ts';
import type { TChannelAdapters } from '../../platform/channel-adapter.ts';
import type { TPreferences } from '../../preferences/preferences.service.ts';
import { createHttpProviderAdapter } from './http-provider-adapter.ts';
import { createSmtpAdapter } from './smtp-adapter.ts';

/** The public address providers post their delivery reports to (the console's origin). */
export async function providerCallbackUrl(preferences: TPreferences, channel: CallbackChannel): Promise<string> {
  return new URL(`/rest/services/delivery/callback/${channel}`, await preferences.consoleUrl()).toString();
}

/**
 * The adapters the configuration names. On-screen needs none: the recipient page is the channel, so
 * its message is recorded as sent; the sender hands the page over at the desk (portal/hand-over.service.ts).
 * The postal adapter (the print room) is added by app.ts.
 */
export function createChannelAdapters(config: TConfig, preferences: TPreferences): TChannelAdapters {
  const adapters: TChannelAdapters = {
    onscreen: { transport: 'onscreen', send: async () => ({ providerRef: null }) },
  };
  if (config.SMTP_URL) adapters.smtp = createSmtpAdapter(config.SMTP_URL, config.MAIL_FROM);
  if (config.SMS_PROVIDER_URL) {
    adapters.sms_http = createHttpProviderAdapter({
      transport: 'sms_http',
      url: config.SMS_PROVIDER_URL,
      token: config.SMS_PROVIDER_TOKEN,
      callbackUrl: () => providerCallbackUrl(preferences, 'sms'),
    });
  }
  if (config.WHATSAPP_PROVIDER_URL) {
    adapters.whatsapp_http = createHttpProviderAdapter({
      transport: 'whatsapp_http',
      url: config.WHATSAPP_PROVIDER_URL,
      token: config.WHATSAPP_PROVIDER_TOKEN,
      callbackUrl: () => providerCallbackUrl(preferences, 'whatsapp'),
    });
  }
  if (config.VOICE_PROVIDER_URL) {
    adapters.voice_http = createHttpProviderAdapter({
      transport: 'voice_http',
      url: config.VOICE_PROVIDER_URL,
      token: config.VOICE_PROVIDER_TOKEN,
      callbackUrl: () => providerCallbackUrl(preferences, 'voice'),
      sendsLanguage: true,
    });
  }
  return adapters;
}
