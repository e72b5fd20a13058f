import { configurationApi } from '@sello/contracts/catalogue/configuration';
import { SERVICE_CODE_BY_KIND, SERVICE_KINDS } from '@sello/contracts/enums';
import { describe, expect, it } from 'vitest';
import {
  acmeAdmin,
  english,
  getOk,
  portuguese,
  setUpReferenceCombosTestApp,
  spanish,
  type TItem,
  textOf,
  valuesOf,
} from './reference-combos.test-setup.ts';

setUpReferenceCombosTestApp();

describe('configuration/getSignMethods', () => {
  it('lists the sign methods with their services, channels and contact', async () => {
    const items = configurationApi.getSignMethods.response.parse(await getOk(english, 'configuration/getSignMethods'));
    expect(valuesOf(items)).toEqual([
      'PIN_SMS',
      'PIN_EMAIL',
      'PIN_WHATSAPP',
      'WHATSAPP_SMS',
      'WHATSAPP_VOICE',
      'CLICK',
      'BIOHAND_GRAPH',
      'PKI',
      'PKI_CLOUD',
    ]);
    expect(items.find((item) => item.value === 'BIOHAND_GRAPH')).toEqual({
      value: 'BIOHAND_GRAPH',
      text: 'Handwritten biometric signature',
      services: ['acceptance', 'double_acceptance'],
      channels: ['onscreen'],
      contact: null,
    });
    expect(items.find((item) => item.value === 'PIN_SMS')).toMatchObject({ text: 'PIN by SMS', contact: 'mobile' });
    expect(items.find((item) => item.value === 'CLICK')?.services).toEqual(['express_acceptance']);
    expect(textOf(await getOk(english, 'configuration/getSignMethods?lang=es-es'), 'PIN_EMAIL')).toBe(
      'PIN por correo electrónico',
    );
    expect(textOf(await getOk(english, 'configuration/getSignMethods?lang=pt-pt'), 'PKI_CLOUD')).toBe(
      'Certificado eletrónico na nuvem',
    );
  });
});

describe('configuration/services', () => {
  it('lists every service kind with its code, in the order of the spec', async () => {
    const items = configurationApi.services.response.parse(await getOk(spanish, 'configuration/services'));
    expect(items.map((item) => item.service)).toEqual([...SERVICE_KINDS]);
    expect(items.map((item) => item.value)).toEqual(SERVICE_KINDS.map((kind) => SERVICE_CODE_BY_KIND[kind]));
    expect(items[0]).toEqual({ value: 'PT0001_NOTIFICATION', text: 'Notificación', service: 'notification' });
    expect(textOf(await getOk(spanish, 'configuration/services?lang=en-en'), 'PT0002_ACCEPTANCE')).toBe('Acceptance');
    expect(textOf(await getOk(spanish, 'configuration/services?lang=pt-pt'), 'PT0002_ACCEPTANCE')).toBe('Aceitação');
  });

  it('lists every service to a domain that has contracted only some (list filters need them all)', async () => {
    expect(await getOk(acmeAdmin, 'configuration/services')).toHaveLength(SERVICE_KINDS.length);
  });
});

describe('configuration/getServicesConfiguration', () => {
  it('turns every service on, with all its channels, for a domain without restrictions', async () => {
    const items = configurationApi.getServicesConfiguration.response.parse(
      await getOk(spanish, 'configuration/getServicesConfiguration'),
    );
    expect(items.map((item) => item.service)).toEqual([...SERVICE_KINDS]);
    expect(items.every((item) => item.enabled)).toBe(true);
    const byService = new Map(items.map((item) => [item.service, item]));
    expect(byService.get('notification')).toEqual({
      service: 'notification',
      code: 'PT0001_NOTIFICATION',
      text: 'Notificación',
      enabled: true,
      channels: ['postal', 'email', 'sms', 'whatsapp', 'onscreen'],
    });
    expect(byService.get('certified_email')?.channels).toEqual(['email']);
    expect(byService.get('certified_sms')?.channels).toEqual(['sms']);
    expect(byService.get('acceptance')?.channels).not.toContain('postal');
    expect(byService.get('video_identification_attended')?.channels).not.toContain('onscreen');
  });

  it("follows the domain's contract: services off, channels it lacks removed", async () => {
    const items = configurationApi.getServicesConfiguration.response.parse(
      await getOk(acmeAdmin, 'configuration/getServicesConfiguration?lang=en-en'),
    );
    const byService = new Map(items.map((item) => [item.service, item]));
    expect(byService.get('video_identification_attended')).toEqual({
      service: 'video_identification_attended',
      code: 'PT0010_VIDEO_IDENTIFICATION_ATTENDED',
      text: 'Attended video identification',
      enabled: false,
      channels: [],
    });
    expect(byService.get('notification')?.channels).toEqual(['email', 'sms', 'whatsapp', 'onscreen']);
    expect(byService.get('certified_email')).toMatchObject({ enabled: true, channels: ['email'] });
    const portugueseItems = await getOk(portuguese, 'configuration/getServicesConfiguration');
    expect(
      textOf(
        portugueseItems.map((item: { code: string; text: string }) => ({ value: item.code, text: item.text })),
        'PT0005_CUSTODY',
      ),
    ).toBe('Custódia');
    expect(items.filter((item) => item.enabled).map((item) => item.service)).toEqual([
      'notification',
      'acceptance',
      'express_acceptance',
      'communication',
      'custody',
      'certified_email',
      'certified_sms',
      'card_verification',
    ]);
  });
});

describe('configuration/noticeMethods', () => {
  it('lists the notice methods, values capitalised on each word, texts translated', async () => {
    const items = configurationApi.noticeMethods.response.parse(await getOk(spanish, 'configuration/noticeMethods'));
    expect(items).toEqual([
      { value: 'Email', text: 'Correo electrónico', channel: 'email' },
      { value: 'Sms', text: 'SMS', channel: 'sms' },
      { value: 'Whatsapp', text: 'WhatsApp', channel: 'whatsapp' },
      { value: 'Postal', text: 'Correo postal', channel: 'postal' },
      { value: 'On Screen', text: 'En pantalla', channel: 'onscreen' },
    ]);
    for (const item of items) {
      expect(item.value).toBe(
        item.value.replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase()),
      );
    }
    expect((await getOk(spanish, 'configuration/noticeMethods?lang=en-en')).map((item: TItem) => item.text)).toEqual([
      'E-mail',
      'SMS',
      'WhatsApp',
      'Post',
      'On screen',
    ]);
    expect(textOf(await getOk(spanish, 'configuration/noticeMethods?lang=pt-pt'), 'On Screen')).toBe('No ecrã');
  });

  it('leaves out the channels a domain has not contracted', async () => {
    expect(valuesOf(await getOk(acmeAdmin, 'configuration/noticeMethods'))).toEqual([
      'Email',
      'Sms',
      'Whatsapp',
      'On Screen',
    ]);
  });
});
