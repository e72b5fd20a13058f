import { type Channel, SERVICE_CODE_BY_KIND, SERVICE_KINDS, type ServiceKind } from '../enums.ts';
import type { TLocalisedText } from './localised-text.ts';

/**
 * The channels each service kind can travel on. Postal goes only with notices (a certified letter
 * proves delivery, it cannot collect a signature or identify anyone); certified e-mail and SMS are
 * their own channel; identification services send a link the receiver opens on their own device, so
 * they need an electronic channel, and the remote ones (video, NFC) cannot run on the sender's screen.
 * The creation form and the server's sendrequest check read this table.
 */
export const SERVICE_CHANNELS: Readonly<Record<ServiceKind, readonly Channel[]>> = {
  notification: ['postal', 'email', 'sms', 'whatsapp', 'onscreen'],
  acceptance: ['email', 'sms', 'whatsapp', 'onscreen'],
  express_acceptance: ['email', 'sms', 'whatsapp'],
  communication: ['postal', 'email', 'sms', 'whatsapp', 'onscreen'],
  custody: ['email', 'sms', 'whatsapp', 'onscreen'],
  accreditation: ['email', 'sms', 'whatsapp', 'onscreen'],
  certified_email: ['email'],
  certified_sms: ['sms'],
  double_acceptance: ['email', 'sms', 'whatsapp', 'onscreen'],
  video_identification_attended: ['email', 'sms', 'whatsapp'],
  video_identification_unattended: ['email', 'sms', 'whatsapp'],
  nfc_identification: ['email', 'sms', 'whatsapp'],
  card_identification: ['email', 'sms', 'whatsapp', 'onscreen'],
  card_verification: ['email', 'sms', 'whatsapp', 'onscreen'],
};

export const SERVICE_NAMES: Readonly<Record<ServiceKind, TLocalisedText>> = {
  notification: { 'es-es': 'Notificación', 'en-en': 'Notification', 'pt-pt': 'Notificação' },
  acceptance: { 'es-es': 'Aceptación', 'en-en': 'Acceptance', 'pt-pt': 'Aceitação' },
  express_acceptance: { 'es-es': 'Aceptación exprés', 'en-en': 'Express acceptance', 'pt-pt': 'Aceitação expressa' },
  communication: { 'es-es': 'Comunicación', 'en-en': 'Communication', 'pt-pt': 'Comunicação' },
  custody: { 'es-es': 'Custodia', 'en-en': 'Custody', 'pt-pt': 'Custódia' },
  accreditation: { 'es-es': 'Acreditación', 'en-en': 'Accreditation', 'pt-pt': 'Acreditação' },
  certified_email: {
    'es-es': 'Correo electrónico certificado',
    'en-en': 'Certified e-mail',
    'pt-pt': 'Correio eletrónico certificado',
  },
  certified_sms: { 'es-es': 'SMS certificado', 'en-en': 'Certified SMS', 'pt-pt': 'SMS certificado' },
  double_acceptance: { 'es-es': 'Doble aceptación', 'en-en': 'Double acceptance', 'pt-pt': 'Dupla aceitação' },
  video_identification_attended: {
    'es-es': 'Videoidentificación asistida',
    'en-en': 'Attended video identification',
    'pt-pt': 'Videoidentificação assistida',
  },
  video_identification_unattended: {
    'es-es': 'Videoidentificación desatendida',
    'en-en': 'Unattended video identification',
    'pt-pt': 'Videoidentificação não assistida',
  },
  nfc_identification: { 'es-es': 'Identificación NFC', 'en-en': 'NFC identification', 'pt-pt': 'Identificação NFC' },
  card_identification: {
    'es-es': 'Identificación con documento de identidad',
    'en-en': 'Identity document identification',
    'pt-pt': 'Identificação com documento de identificação',
  },
  card_verification: {
    'es-es': 'Verificación de documento de identidad',
    'en-en': 'Identity document verification',
    'pt-pt': 'Verificação de documento de identificação',
  },
};

/** Whether a service kind may travel on a channel. */
export function serviceAllowsChannel(service: ServiceKind, channel: Channel): boolean {
  return SERVICE_CHANNELS[service].includes(channel);
}

/** The service kind of a PT service code (the reverse of SERVICE_CODE_BY_KIND). */
export const SERVICE_KIND_BY_CODE = Object.fromEntries(
  SERVICE_KINDS.map((kind) => [SERVICE_CODE_BY_KIND[kind], kind]),
) as Readonly<Record<(typeof SERVICE_CODE_BY_KIND)[ServiceKind], ServiceKind>>;
