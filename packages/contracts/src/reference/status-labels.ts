import type { TShippingDetail } from '../catalogue/shippings-detail.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, LOCALE_BY_LANGUAGE } from '../constants.ts';
import {
  type Channel,
  type DomainType,
  type ResultFilter,
  type ShippingStateFilter,
  SITUATION_CODES,
  SITUATION_REASONS,
  type SituationCode,
  type SituationReason,
} from '../enums.ts';
import type { NonStateEvent } from '../evidence-groups.ts';
import type { ShippingAction } from '../shipping-lifecycle.ts';
import { shownAction, shownReceiverStatus, shownResult } from '../shipping-rules.ts';
import type { TLocalisedText } from './localised-text.ts';
import { NOTICE_METHOD_INFO } from './notice-methods.ts';

/**
 * The words for the codes a person reads in what the server writes (exports, certificates, letters,
 * messages, the recipient page). The console shows the same words from its locale files; the test of
 * this module checks both against the enums of the contracts.
 */

export type TEventName = ShippingAction | NonStateEvent | 'create';
export type TReceiverStatus = TShippingDetail['receivers'][number]['status'];

/** The language a text is wanted in, or the default one for an unknown value. */
export function toLanguage(language: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : DEFAULT_LANGUAGE;
}

export function inLanguage(texts: TLocalisedText, language: string | null | undefined): string {
  return texts[toLanguage(language)];
}

/** A value's words, or the value itself when the table does not know it (never an empty cell). */
export function labelOf<K extends string>(
  table: Readonly<Record<K, TLocalisedText>>,
  value: K | string | null | undefined,
  language: string | null | undefined,
): string {
  if (value === null || value === undefined) return '';
  const texts = (table as Record<string, TLocalisedText | undefined>)[value];
  return texts ? inLanguage(texts, language) : value;
}

export const CHANNEL_NAMES: Readonly<Record<Channel, TLocalisedText>> = Object.fromEntries(
  Object.values(NOTICE_METHOD_INFO).map((info) => [info.channel, info.texts]),
) as Record<Channel, TLocalisedText>;

/** The shipping states of spec §4 in words. */
export const STATE_NAMES: Readonly<Record<ShippingStateFilter, TLocalisedText>> = {
  auths_expired: {
    'es-es': 'Autorización caducada',
    'en-en': 'Authorisation expired',
    'pt-pt': 'Autorização expirada',
  },
  auths_pending_user: {
    'es-es': 'Pendiente de otros autorizadores',
    'en-en': 'Awaiting other authorisers',
    'pt-pt': 'Pendente de outros autorizadores',
  },
  cancel_pending: {
    'es-es': 'Cancelación pendiente',
    'en-en': 'Cancellation pending',
    'pt-pt': 'Cancelamento pendente',
  },
  closed: { 'es-es': 'Cerrado', 'en-en': 'Closed', 'pt-pt': 'Fechado' },
  in_course: { 'es-es': 'En curso', 'en-en': 'In progress', 'pt-pt': 'Em curso' },
  no_auth: { 'es-es': 'No autorizado', 'en-en': 'Not authorised', 'pt-pt': 'Não autorizado' },
  not_send_error: { 'es-es': 'Error de envío', 'en-en': 'Sending failed', 'pt-pt': 'Erro de envio' },
  pending_auth: {
    'es-es': 'Pendiente de autorización',
    'en-en': 'Awaiting authorisation',
    'pt-pt': 'Pendente de autorização',
  },
  pending_cert: {
    'es-es': 'Pendiente de certificar',
    'en-en': 'Awaiting certificate',
    'pt-pt': 'Pendente de certificação',
  },
  pending_cert_postal: {
    'es-es': 'Pendiente de certificado postal',
    'en-en': 'Awaiting postal certificate',
    'pt-pt': 'Pendente de certificado postal',
  },
  pending_import: { 'es-es': 'Pendiente de importación', 'en-en': 'Import pending', 'pt-pt': 'Importação pendente' },
  pending_to_send: { 'es-es': 'Pendiente de envío', 'en-en': 'Waiting to be sent', 'pt-pt': 'Pendente de envio' },
  sent: { 'es-es': 'Enviado', 'en-en': 'Sent', 'pt-pt': 'Enviado' },
  to_review: { 'es-es': 'Por revisar', 'en-en': 'To review', 'pt-pt': 'Por rever' },
};

/** The shipping results of spec §4 in words. */
export const RESULT_NAMES: Readonly<Record<ResultFilter, TLocalisedText>> = {
  accepted: { 'es-es': 'Aceptado', 'en-en': 'Accepted', 'pt-pt': 'Aceite' },
  authorizer_reject: {
    'es-es': 'Rechazado por el autorizador',
    'en-en': 'Rejected by the authoriser',
    'pt-pt': 'Rejeitado pelo autorizador',
  },
  cancelled_by_sender: {
    'es-es': 'Cancelado por el remitente',
    'en-en': 'Cancelled by the sender',
    'pt-pt': 'Cancelado pelo remetente',
  },
  custody_in_course: { 'es-es': 'Custodia en curso', 'en-en': 'Custody in progress', 'pt-pt': 'Custódia em curso' },
  deny: { 'es-es': 'Rechazado', 'en-en': 'Rejected', 'pt-pt': 'Rejeitado' },
  error: { 'es-es': 'Error', 'en-en': 'Error', 'pt-pt': 'Erro' },
  exceeded_ocr_tries: {
    'es-es': 'Intentos de lectura agotados',
    'en-en': 'Reading attempts exceeded',
    'pt-pt': 'Tentativas de leitura esgotadas',
  },
  not_send: { 'es-es': 'No enviado', 'en-en': 'Not sent', 'pt-pt': 'Não enviado' },
  pin_error: { 'es-es': 'PIN erróneo', 'en-en': 'Wrong PIN', 'pt-pt': 'PIN errado' },
  supervisor_reject: {
    'es-es': 'Rechazado por el supervisor',
    'en-en': 'Rejected by the supervisor',
    'pt-pt': 'Rejeitado pelo supervisor',
  },
  timeout: { 'es-es': 'Plazo vencido', 'en-en': 'Timed out', 'pt-pt': 'Prazo expirado' },
};

/** The `accepted` result of a kind that asks for no answer (shipping-rules.ts `shownResult`). */
const DELIVERED_RESULT_NAME: TLocalisedText = { 'es-es': 'Entregado', 'en-en': 'Delivered', 'pt-pt': 'Entregue' };

/** A shipping's result in words, as it reads for its kind. */
export function resultLabel(result: string | null | undefined, kind: string, language: string | null | undefined) {
  if (result === null || result === undefined) return '';
  const shown = shownResult(result, kind);
  return shown === 'delivered' ? inLanguage(DELIVERED_RESULT_NAME, language) : labelOf(RESULT_NAMES, shown, language);
}

const RECEIPT_CONFIRMED_NAME: TLocalisedText = {
  'es-es': 'Recepción confirmada',
  'en-en': 'Receipt confirmed',
  'pt-pt': 'Receção confirmada',
};

/** An event of the chain in words, as it reads for its kind (a notification's `accept` is a confirmed receipt). */
export function eventLabel(action: string, kind: string, language: string | null | undefined) {
  return shownAction(action, kind) === 'receiptConfirmed'
    ? inLanguage(RECEIPT_CONFIRMED_NAME, language)
    : labelOf(EVENT_NAMES, action, language);
}

/** A receiver's status in words, as it reads for the shipping's kind. */
export function receiverStatusLabel(status: string, kind: string, language: string | null | undefined) {
  return shownReceiverStatus(status, kind) === 'receiptConfirmed'
    ? inLanguage(RECEIPT_CONFIRMED_NAME, language)
    : labelOf(RECEIVER_STATUS_NAMES, status, language);
}

/** The situation reasons of spec §4 in words. */
export const SITUATION_REASON_NAMES: Readonly<Record<SituationReason, TLocalisedText>> = {
  DOCUMENT_DATA_INVALID: {
    'es-es': 'Datos del documento no válidos',
    'en-en': 'Document data not valid',
    'pt-pt': 'Dados do documento inválidos',
  },
  NOT_DOCUMENT_AGREE: {
    'es-es': 'No está de acuerdo con el documento',
    'en-en': 'Does not agree with the document',
    'pt-pt': 'Não concorda com o documento',
  },
  OPTION_ZERO: { 'es-es': 'Sin motivo indicado', 'en-en': 'No reason given', 'pt-pt': 'Sem motivo indicado' },
  OTHER_REASONS: { 'es-es': 'Otros motivos', 'en-en': 'Other reasons', 'pt-pt': 'Outros motivos' },
  RCPT_INVALID: { 'es-es': 'Destinatario no válido', 'en-en': 'Receiver not valid', 'pt-pt': 'Destinatário inválido' },
  SENDER_UNKNOWN: { 'es-es': 'Remitente desconocido', 'en-en': 'Sender unknown', 'pt-pt': 'Remetente desconhecido' },
  SMS_NOT_RECEIVED: { 'es-es': 'SMS no recibido', 'en-en': 'SMS not received', 'pt-pt': 'SMS não recebido' },
  TECHNICAL_PROBLEMS: { 'es-es': 'Problemas técnicos', 'en-en': 'Technical problems', 'pt-pt': 'Problemas técnicos' },
  USER_DATA_INVALID: {
    'es-es': 'Datos del usuario no válidos',
    'en-en': 'User data not valid',
    'pt-pt': 'Dados do utilizador inválidos',
  },
  USER_MOBILE_CHANGED: {
    'es-es': 'El usuario cambió de móvil',
    'en-en': 'The user changed mobile number',
    'pt-pt': 'O utilizador mudou de telemóvel',
  },
  USER_NO_TOKENS_AVAILABLE: {
    'es-es': 'El usuario no tiene códigos disponibles',
    'en-en': 'The user has no codes left',
    'pt-pt': 'O utilizador não tem códigos disponíveis',
  },
};

/** Every event of the chain (lifecycle actions, `create`, the non-state events) in words. */
export const EVENT_NAMES: Readonly<Record<TEventName, TLocalisedText>> = {
  accept: { 'es-es': 'Aceptado', 'en-en': 'Accepted', 'pt-pt': 'Aceite' },
  authExpire: { 'es-es': 'Autorización caducada', 'en-en': 'Authorisation expired', 'pt-pt': 'Autorização expirada' },
  authorize: { 'es-es': 'Autorizado', 'en-en': 'Authorised', 'pt-pt': 'Autorizado' },
  cancel: { 'es-es': 'Cancelado', 'en-en': 'Cancelled', 'pt-pt': 'Cancelado' },
  cancelConfirmed: {
    'es-es': 'Cancelación confirmada',
    'en-en': 'Cancellation confirmed',
    'pt-pt': 'Cancelamento confirmado',
  },
  certify: { 'es-es': 'Certificado', 'en-en': 'Certified', 'pt-pt': 'Certificado' },
  courierDelivered: {
    'es-es': 'Entregado por el mensajero',
    'en-en': 'Delivered by the courier',
    'pt-pt': 'Entregue pelo estafeta',
  },
  courierFailed: { 'es-es': 'Fallo del mensajero', 'en-en': 'Courier failed', 'pt-pt': 'Falha do estafeta' },
  courierResult: {
    'es-es': 'Resultado del mensajero para una carta',
    'en-en': 'Courier result for one letter',
    'pt-pt': 'Resultado do estafeta para uma carta',
  },
  create: { 'es-es': 'Creado', 'en-en': 'Created', 'pt-pt': 'Criado' },
  custodyEnd: { 'es-es': 'Fin de custodia', 'en-en': 'Custody ended', 'pt-pt': 'Fim da custódia' },
  custodyStart: { 'es-es': 'Inicio de custodia', 'en-en': 'Custody started', 'pt-pt': 'Início da custódia' },
  delete: { 'es-es': 'Eliminado', 'en-en': 'Deleted', 'pt-pt': 'Eliminado' },
  deliver: { 'es-es': 'Entregado', 'en-en': 'Delivered', 'pt-pt': 'Entregue' },
  certifiedDelivered: {
    'es-es': 'Entregado: evidencia de entrega certificada recibida',
    'en-en': 'Delivered: certified delivery evidence received',
    'pt-pt': 'Entregue: prova de entrega certificada recebida',
  },
  messageSent: {
    'es-es': 'Mensaje entregado al proveedor',
    'en-en': 'Message handed to the provider',
    'pt-pt': 'Mensagem entregue ao fornecedor',
  },
  messageDelivered: { 'es-es': 'Mensaje entregado', 'en-en': 'Message delivered', 'pt-pt': 'Mensagem entregue' },
  messageFailed: {
    'es-es': 'Mensaje no entregado',
    'en-en': 'Message not delivered',
    'pt-pt': 'Mensagem não entregue',
  },
  messageUnknown: {
    'es-es': 'Entrega del mensaje desconocida (no se reenvía)',
    'en-en': 'Message delivery unknown (not sent again)',
    'pt-pt': 'Entrega da mensagem desconhecida (não é reenviada)',
  },
  messageRetrying: {
    'es-es': 'Mensaje no aceptado por el canal por ahora: se reintentará',
    'en-en': 'Message not taken by the channel for now: it will be tried again',
    'pt-pt': 'Mensagem não aceite pelo canal por agora: será tentada de novo',
  },
  deny: { 'es-es': 'Denegado', 'en-en': 'Denied', 'pt-pt': 'Recusado' },
  dispatch: { 'es-es': 'Enviado', 'en-en': 'Dispatched', 'pt-pt': 'Expedido' },
  dispatchFailed: { 'es-es': 'Fallo de envío', 'en-en': 'Dispatch failed', 'pt-pt': 'Falha de envio' },
  dispatchRefused: {
    'es-es': 'Destinatario rechazado por el canal',
    'en-en': 'Recipient refused by the channel',
    'pt-pt': 'Destinatário recusado pelo canal',
  },
  expire: { 'es-es': 'Plazo vencido', 'en-en': 'Timed out', 'pt-pt': 'Prazo expirado' },
  importValidated: { 'es-es': 'Importación validada', 'en-en': 'Import validated', 'pt-pt': 'Importação validada' },
  ocrExceeded: {
    'es-es': 'Intentos de lectura agotados',
    'en-en': 'Reading attempts exceeded',
    'pt-pt': 'Tentativas de leitura esgotadas',
  },
  pinFailed: { 'es-es': 'PIN erróneo', 'en-en': 'Wrong PIN', 'pt-pt': 'PIN errado' },
  recover: { 'es-es': 'Recuperado', 'en-en': 'Recovered', 'pt-pt': 'Recuperado' },
  reject: { 'es-es': 'Rechazado', 'en-en': 'Rejected', 'pt-pt': 'Rejeitado' },
  retry: { 'es-es': 'Reintentado', 'en-en': 'Retried', 'pt-pt': 'Repetido' },
  submit: { 'es-es': 'Enviado a revisión', 'en-en': 'Submitted', 'pt-pt': 'Submetido' },
  supervisorReject: {
    'es-es': 'Rechazado por el supervisor',
    'en-en': 'Rejected by the supervisor',
    'pt-pt': 'Rejeitado pelo supervisor',
  },
  acknowledged: { 'es-es': 'Recepción confirmada', 'en-en': 'Receipt acknowledged', 'pt-pt': 'Receção confirmada' },
  captureUploaded: {
    'es-es': 'Imagen de identidad recibida',
    'en-en': 'Identity image received',
    'pt-pt': 'Imagem de identidade recebida',
  },
  downloaded: {
    'es-es': 'Documento descargado por el destinatario',
    'en-en': 'Document downloaded by the receiver',
    'pt-pt': 'Documento descarregado pelo destinatário',
  },
  identificationStep: {
    'es-es': 'Paso de identificación',
    'en-en': 'Identification step',
    'pt-pt': 'Passo de identificação',
  },
  opened: {
    'es-es': 'Abierto por el destinatario',
    'en-en': 'Opened by the receiver',
    'pt-pt': 'Aberto pelo destinatário',
  },
  pinRequested: { 'es-es': 'PIN solicitado', 'en-en': 'PIN requested', 'pt-pt': 'PIN pedido' },
  pinWrong: { 'es-es': 'PIN incorrecto', 'en-en': 'Wrong PIN entered', 'pt-pt': 'PIN errado' },
  receiverAccepted: {
    'es-es': 'Aceptado por un destinatario',
    'en-en': 'Accepted by one receiver',
    'pt-pt': 'Aceite por um destinatário',
  },
  reminded: { 'es-es': 'Recordatorio enviado', 'en-en': 'Reminder sent', 'pt-pt': 'Lembrete enviado' },
  accessResent: {
    'es-es': 'Acceso reenviado por el remitente',
    'en-en': 'Access sent again by the sender',
    'pt-pt': 'Acesso reenviado pelo remetente',
  },
  handedOver: {
    'es-es': 'Entregado en mano en el mostrador',
    'en-en': 'Handed over at the desk',
    'pt-pt': 'Entregue em mão no balcão',
  },
};

/** A receiver's status in words. */
export const RECEIVER_STATUS_NAMES: Readonly<Record<TReceiverStatus, TLocalisedText>> = {
  accepted: { 'es-es': 'Aceptado', 'en-en': 'Accepted', 'pt-pt': 'Aceite' },
  delivered: { 'es-es': 'Entregado', 'en-en': 'Delivered', 'pt-pt': 'Entregue' },
  expired: { 'es-es': 'Caducado', 'en-en': 'Expired', 'pt-pt': 'Expirado' },
  failed: { 'es-es': 'Fallido', 'en-en': 'Failed', 'pt-pt': 'Falhado' },
  opened: { 'es-es': 'Abierto', 'en-en': 'Opened', 'pt-pt': 'Aberto' },
  pending: { 'es-es': 'Pendiente', 'en-en': 'Pending', 'pt-pt': 'Pendente' },
  rejected: { 'es-es': 'Rechazado', 'en-en': 'Rejected', 'pt-pt': 'Rejeitado' },
  sent: { 'es-es': 'Enviado', 'en-en': 'Sent', 'pt-pt': 'Enviado' },
};

/**
 * The spec lists as many situation codes as situation reasons, in an order of its own; a code reads as
 * the reason in the same position (docs/decisions/console.md "Situation codes").
 */
export const SITUATION_CODE_NAMES: Readonly<Record<SituationCode, TLocalisedText>> = Object.fromEntries(
  SITUATION_CODES.map((code, index) => {
    const reason = SITUATION_REASON_NAMES[SITUATION_REASONS[index] as SituationReason];
    return [
      code,
      {
        'es-es': `${code} · ${reason['es-es']}`,
        'en-en': `${code} · ${reason['en-en']}`,
        'pt-pt': `${code} · ${reason['pt-pt']}`,
      },
    ];
  }),
) as Record<SituationCode, TLocalisedText>;

export const YES_NO: Readonly<Record<'yes' | 'no', TLocalisedText>> = {
  yes: { 'es-es': 'Sí', 'en-en': 'Yes', 'pt-pt': 'Sim' },
  no: { 'es-es': 'No', 'en-en': 'No', 'pt-pt': 'Não' },
};

/** The time zone a reader's times are shown in when they have none of their own (the product's home). */
export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

const DATE_TIME_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** A date and time in the reader's language and time zone, the zone named ("25 nov 2026, 14:03 CET"). */
export function formatDateTimeIn(
  value: Date | string,
  language: string | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const key = `${toLanguage(language)}|${timeZone}`;
  let format = DATE_TIME_FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[toLanguage(language)], {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone,
    });
    DATE_TIME_FORMATS.set(key, format);
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  const zone = timeZone === 'UTC' ? 'UTC' : zoneName(date, toLanguage(language), timeZone);
  return `${format.format(date)} ${zone}`;
}

/** Building an Intl.DateTimeFormat costs about a millisecond: one per language and zone, kept (a dispatch composes thousands). */
const ZONE_NAME_FORMATS = new Map<string, Intl.DateTimeFormat>();

function zoneName(date: Date, language: Language, timeZone: string): string {
  const key = `${language}|${timeZone}`;
  let format = ZONE_NAME_FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[language], { timeZone, timeZoneName: 'short' });
    ZONE_NAME_FORMATS.set(key, format);
  }
  const parts = format.formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** The kinds of a shipping's files in words. */
export const DOCUMENT_KIND_NAMES: Readonly<Record<string, TLocalisedText>> = {
  certificate: { 'es-es': 'Certificado', 'en-en': 'Certificate', 'pt-pt': 'Certificado' },
  courier: { 'es-es': 'Entrega del mensajero', 'en-en': 'Courier delivery', 'pt-pt': 'Entrega pelo estafeta' },
  identity: { 'es-es': 'Identificación', 'en-en': 'Identification', 'pt-pt': 'Identificação' },
  letter: { 'es-es': 'Carta postal', 'en-en': 'Postal letter', 'pt-pt': 'Carta postal' },
  courier_proof: {
    'es-es': 'Acuse del mensajero',
    'en-en': 'Courier receipt',
    'pt-pt': 'Aviso de receção do estafeta',
  },
  non_report: { 'es-es': 'Sin informe', 'en-en': 'Without report', 'pt-pt': 'Sem relatório' },
  signed: { 'es-es': 'Documento firmado', 'en-en': 'Signed document', 'pt-pt': 'Documento assinado' },
  original: { 'es-es': 'Original', 'en-en': 'Original', 'pt-pt': 'Original' },
  sent: { 'es-es': 'Enviado', 'en-en': 'Sent', 'pt-pt': 'Enviado' },
  video: { 'es-es': 'Vídeo', 'en-en': 'Video', 'pt-pt': 'Vídeo' },
};

/** A postal letter's status in words. */
export const LETTER_STATUS_NAMES: Readonly<Record<string, TLocalisedText>> = {
  waiting: { 'es-es': 'En espera', 'en-en': 'Waiting', 'pt-pt': 'À espera' },
  batched: { 'es-es': 'En lote', 'en-en': 'Batched', 'pt-pt': 'Em lote' },
  printed: { 'es-es': 'Impresa', 'en-en': 'Printed', 'pt-pt': 'Impressa' },
  handed: { 'es-es': 'Con el mensajero', 'en-en': 'With the courier', 'pt-pt': 'Com o estafeta' },
  delivered: { 'es-es': 'Entregada', 'en-en': 'Delivered', 'pt-pt': 'Entregue' },
  failed: { 'es-es': 'No entregada', 'en-en': 'Not delivered', 'pt-pt': 'Não entregue' },
};

/** The roles of spec §3 in words. */
export const ROLE_NAMES: Readonly<Record<string, TLocalisedText>> = {
  cust_ctr_admin: { 'es-es': 'Administrador', 'en-en': 'Administrator', 'pt-pt': 'Administrador' },
  cust_ctr_admin_dom: {
    'es-es': 'Administrador de dominio',
    'en-en': 'Domain administrator',
    'pt-pt': 'Administrador de domínio',
  },
  cust_ctr_mgr: { 'es-es': 'Gestor', 'en-en': 'Manager', 'pt-pt': 'Gestor' },
  cust_ctr_user: { 'es-es': 'Usuario', 'en-en': 'User', 'pt-pt': 'Utilizador' },
  lgt_superadm: { 'es-es': 'Superadministrador', 'en-en': 'Super administrator', 'pt-pt': 'Superadministrador' },
};

/** The kinds of domain in words. */
export const DOMAIN_TYPE_NAMES: Readonly<Record<DomainType, TLocalisedText>> = {
  ENTERPRISE: { 'es-es': 'Empresa', 'en-en': 'Enterprise', 'pt-pt': 'Empresa' },
  PUBLIC_ADMINISTRATION: {
    'es-es': 'Administración pública',
    'en-en': 'Public administration',
    'pt-pt': 'Administração pública',
  },
  RESELLER: { 'es-es': 'Distribuidor', 'en-en': 'Reseller', 'pt-pt': 'Revendedor' },
  SANDBOX: { 'es-es': 'Pruebas', 'en-en': 'Sandbox', 'pt-pt': 'Testes' },
};
