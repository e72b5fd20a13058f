import { z } from 'zod';
import type { Channel, ServiceKind } from '../enums.ts';
import type { TLocalisedText } from './localised-text.ts';

/**
 * How a receiver signs an acceptance. PKI, PKI_CLOUD and BIOHAND_GRAPH are the service codes of spec
 * §3; the PIN methods send a one-time code to the receiver's mobile, e-mail or WhatsApp; CLICK is the
 * one-click acceptance of the express service.
 */
export const SIGN_METHODS = [
  'PIN_SMS',
  'PIN_EMAIL',
  'PIN_WHATSAPP',
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
