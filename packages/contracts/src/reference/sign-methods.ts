import { z } from 'zod';
import type { Channel, ServiceKind } from '../enums.ts';
import type { TLocalisedText } from './localised-text.ts';

/**
 * How a receiver signs an acceptance. PKI, PKI_CLOUD, BIOHAND_GRAPH, WHATSAPP_SMS and WHATSAPP_VOICE are
 * service codes of spec §3; the PIN methods send a one-time code to the receiver's mobile, e-mail or
 * WhatsApp, WHATSAPP_SMS and WHATSAPP_VOICE by WhatsApp and, when WhatsApp does not deliver, by SMS or
 * in a voice call; CLICK is the one-click acceptance of the express service.
 */
export const SIGN_METHODS = [
  'PIN_SMS',
  'PIN_EMAIL',
  'PIN_WHATSAPP',
  'WHATSAPP_SMS',
  'WHATSAPP_VOICE',
  'CLICK',
  'BIOHAND_GRAPH',
  'PKI',
  'PKI_CLOUD',
] as const;
export type SignMethod = (typeof SIGN_METHODS)[number];
export const ZSignMethod = z.enum(SIGN_METHODS);

/** What the receiver's data must hold for a method: a mobile number, an e-mail address, or nothing more. */
export type TSignMethodContact = 'mobile' | 'email' | null;

export type TSignMethodInfo = {
  texts: TLocalisedText;
  /** Service kinds that collect a signature with this method. */
  services: readonly ServiceKind[];
  /** Channels the shipping may travel on when it is signed this way. */
  channels: readonly Channel[];
  contact: TSignMethodContact;
};

const SIGNING_SERVICES: readonly ServiceKind[] = ['acceptance', 'double_acceptance'];
const ELECTRONIC_CHANNELS: readonly Channel[] = ['email', 'sms', 'whatsapp', 'onscreen'];

export const SIGN_METHOD_INFO: Readonly<Record<SignMethod, TSignMethodInfo>> = {
  PIN_SMS: {
    texts: { 'es-es': 'PIN por SMS', 'en-en': 'PIN by SMS', 'pt-pt': 'PIN por SMS' },
    services: [...SIGNING_SERVICES, 'express_acceptance'],
    channels: ELECTRONIC_CHANNELS,
    contact: 'mobile',
  },
  PIN_EMAIL: {
    texts: {
      'es-es': 'PIN por correo electrónico',
      'en-en': 'PIN by e-mail',
      'pt-pt': 'PIN por correio eletrónico',
    },
    services: [...SIGNING_SERVICES, 'express_acceptance'],
    channels: ELECTRONIC_CHANNELS,
    contact: 'email',
  },
  PIN_WHATSAPP: {
    texts: { 'es-es': 'PIN por WhatsApp', 'en-en': 'PIN by WhatsApp', 'pt-pt': 'PIN por WhatsApp' },
    services: [...SIGNING_SERVICES, 'express_acceptance'],
    channels: ELECTRONIC_CHANNELS,
    contact: 'mobile',
  },
  WHATSAPP_SMS: {
    texts: {
      'es-es': 'PIN por WhatsApp, o por SMS si no llega',
      'en-en': 'PIN by WhatsApp, or by SMS if it does not arrive',
      'pt-pt': 'PIN por WhatsApp, ou por SMS se não chegar',
    },
    services: [...SIGNING_SERVICES, 'express_acceptance'],
    channels: ELECTRONIC_CHANNELS,
    contact: 'mobile',
  },
  WHATSAPP_VOICE: {
    texts: {
      'es-es': 'PIN por WhatsApp, o por llamada de voz si no llega',
      'en-en': 'PIN by WhatsApp, or by voice call if it does not arrive',
      'pt-pt': 'PIN por WhatsApp, ou por chamada de voz se não chegar',
    },
    services: [...SIGNING_SERVICES, 'express_acceptance'],
    channels: ELECTRONIC_CHANNELS,
    contact: 'mobile',
  },
  CLICK: {
    texts: { 'es-es': 'Aceptación con un clic', 'en-en': 'One-click acceptance', 'pt-pt': 'Aceitação com um clique' },
    services: ['express_acceptance'],
    channels: ELECTRONIC_CHANNELS,
    contact: null,
  },
  BIOHAND_GRAPH: {
    texts: {
      'es-es': 'Firma manuscrita biométrica',
      'en-en': 'Handwritten biometric signature',
      'pt-pt': 'Assinatura manuscrita biométrica',
    },
    services: SIGNING_SERVICES,
    // Signed with a stylus on the sender's tablet, with the receiver present.
    channels: ['onscreen'],
    contact: null,
  },
  PKI: {
    texts: {
      'es-es': 'Certificado electrónico del destinatario',
      'en-en': "Receiver's electronic certificate",
      'pt-pt': 'Certificado eletrónico do destinatário',
    },
    services: SIGNING_SERVICES,
    channels: ELECTRONIC_CHANNELS,
    contact: null,
  },
  PKI_CLOUD: {
    texts: {
      'es-es': 'Certificado electrónico en la nube',
      'en-en': 'Cloud electronic certificate',
      'pt-pt': 'Certificado eletrónico na nuvem',
    },
    services: SIGNING_SERVICES,
    channels: ELECTRONIC_CHANNELS,
    contact: null,
  },
};

/** The sign methods a service kind offers, in the order of SIGN_METHODS. */
export function signMethodsOf(service: ServiceKind): SignMethod[] {
  return SIGN_METHODS.filter((method) => SIGN_METHOD_INFO[method].services.includes(service));
}

/** Where each PIN method sends the PIN first, and where when that does not deliver. */
export const PIN_ROUTES = {
  PIN_SMS: { channel: 'sms', fallback: null },
  PIN_EMAIL: { channel: 'email', fallback: null },
  PIN_WHATSAPP: { channel: 'whatsapp', fallback: null },
  WHATSAPP_SMS: { channel: 'whatsapp', fallback: 'sms' },
  WHATSAPP_VOICE: { channel: 'whatsapp', fallback: 'voice' },
} as const satisfies Partial<Record<SignMethod, { channel: PinChannel; fallback: PinChannel | null }>>;
export type PinSignMethod = keyof typeof PIN_ROUTES;

/** The channels a PIN travels on; `voice` is a call that reads the digits. */
export const PIN_CHANNELS = ['sms', 'email', 'whatsapp', 'voice'] as const;
export type PinChannel = (typeof PIN_CHANNELS)[number];

export function isPinMethod(method: string | null): method is PinSignMethod {
  return method !== null && Object.hasOwn(PIN_ROUTES, method);
}

/** The PIN channels in words, as the certificate names them. */
export const PIN_CHANNEL_NAMES: Readonly<Record<PinChannel, TLocalisedText>> = {
  sms: { 'es-es': 'SMS', 'en-en': 'SMS', 'pt-pt': 'SMS' },
  email: { 'es-es': 'correo electrónico', 'en-en': 'e-mail', 'pt-pt': 'correio eletrónico' },
  whatsapp: { 'es-es': 'WhatsApp', 'en-en': 'WhatsApp', 'pt-pt': 'WhatsApp' },
  voice: { 'es-es': 'llamada de voz', 'en-en': 'voice call', 'pt-pt': 'chamada de voz' },
};
