import { z } from 'zod';

/** Enumerations of spec §1–§4. Values are kept exactly as the spec writes them. */

/**
 * Shipping service kinds of spec §1. The spec lists video identification once with two variants
 * (attended and unattended); they are separate services, so they are two kinds here.
 */
export const SERVICE_KINDS = [
  'notification',
  'acceptance',
  'express_acceptance',
  'communication',
  'custody',
  'accreditation',
  'certified_email',
  'certified_sms',
  'double_acceptance',
  'video_identification_attended',
  'video_identification_unattended',
  'nfc_identification',
  'card_identification',
  'card_verification',
] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];
export const ZServiceKind = z.enum(SERVICE_KINDS);

/**
 * Service codes. The spec names PT0001_NOTIFICATION, PT0002_ACCEPTANCE "and similar"; the rest of the
 * PT codes are ours, one per service kind in the order of §1, followed by the auxiliary services.
 */
export const SERVICE_CODE_BY_KIND = {
  notification: 'PT0001_NOTIFICATION',
  acceptance: 'PT0002_ACCEPTANCE',
  express_acceptance: 'PT0003_EXPRESS_ACCEPTANCE',
  communication: 'PT0004_COMMUNICATION',
  custody: 'PT0005_CUSTODY',
  accreditation: 'PT0006_ACCREDITATION',
  certified_email: 'PT0007_CERTIFIED_EMAIL',
  certified_sms: 'PT0008_CERTIFIED_SMS',
  double_acceptance: 'PT0009_DOUBLE_ACCEPTANCE',
  video_identification_attended: 'PT0010_VIDEO_IDENTIFICATION_ATTENDED',
  video_identification_unattended: 'PT0011_VIDEO_IDENTIFICATION_UNATTENDED',
  nfc_identification: 'PT0012_NFC_IDENTIFICATION',
  card_identification: 'PT0013_CARD_IDENTIFICATION',
  card_verification: 'PT0014_CARD_VERIFICATION',
} as const satisfies Record<ServiceKind, string>;

export const AUXILIARY_SERVICE_CODES = ['PKI', 'PKI_CLOUD', 'BIOHAND_GRAPH', 'WHATSAPP_SMS', 'WHATSAPP_VOICE'] as const;

export const SERVICE_CODES = [
  'PT0001_NOTIFICATION',
  'PT0002_ACCEPTANCE',
  'PT0003_EXPRESS_ACCEPTANCE',
  'PT0004_COMMUNICATION',
  'PT0005_CUSTODY',
  'PT0006_ACCREDITATION',
  'PT0007_CERTIFIED_EMAIL',
  'PT0008_CERTIFIED_SMS',
  'PT0009_DOUBLE_ACCEPTANCE',
  'PT0010_VIDEO_IDENTIFICATION_ATTENDED',
  'PT0011_VIDEO_IDENTIFICATION_UNATTENDED',
  'PT0012_NFC_IDENTIFICATION',
  'PT0013_CARD_IDENTIFICATION',
  'PT0014_CARD_VERIFICATION',
  ...AUXILIARY_SERVICE_CODES,
] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];
export const ZServiceCode = z.enum(SERVICE_CODES);

export const CHANNELS = ['postal', 'sms', 'email', 'whatsapp', 'onscreen'] as const;
export type Channel = (typeof CHANNELS)[number];
export const ZChannel = z.enum(CHANNELS);

export const IMPORT_TYPES = ['FILE', 'TEMPLATE', 'ALL'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];
export const ZImportType = z.enum(IMPORT_TYPES);

export const POSTAL_DOCUMENT_TYPES = ['DNI', 'NIF', 'NIE'] as const;
export type PostalDocumentType = (typeof POSTAL_DOCUMENT_TYPES)[number];
export const ZPostalDocumentType = z.enum(POSTAL_DOCUMENT_TYPES);

export const POSTAL_RECEIVER_TYPE = { individual: 1, company: 2 } as const;
export const POSTAL_RECEIVER_TYPES = [POSTAL_RECEIVER_TYPE.individual, POSTAL_RECEIVER_TYPE.company] as const;
export type PostalReceiverType = (typeof POSTAL_RECEIVER_TYPES)[number];
export const ZPostalReceiverType = z.literal(POSTAL_RECEIVER_TYPES);

export const MULTI_SIGNER_ORDER = { withoutOrder: 0, withOrder: 1 } as const;
export const MULTI_SIGNER_ORDERS = [MULTI_SIGNER_ORDER.withoutOrder, MULTI_SIGNER_ORDER.withOrder] as const;
export type MultiSignerOrder = (typeof MULTI_SIGNER_ORDERS)[number];
export const ZMultiSignerOrder = z.literal(MULTI_SIGNER_ORDERS);

export const PIN_SIGNATURE_TEXT_VALUES = ['signatureVal', 'summaryVal'] as const;
export type PinSignatureTextValue = (typeof PIN_SIGNATURE_TEXT_VALUES)[number];
export const ZPinSignatureTextValue = z.enum(PIN_SIGNATURE_TEXT_VALUES);

export const FONTS = ['times-roman', 'courier', 'helvetica', 'liberation-sans'] as const;
export type Font = (typeof FONTS)[number];
export const ZFont = z.enum(FONTS);

export const IDENTIFICATION_DOCUMENT_KINDS = ['DNI_NIE', 'PASSPORT', 'DRIVER_LICENSE', 'SELFIE', 'OTHER'] as const;
export type IdentificationDocumentKind = (typeof IDENTIFICATION_DOCUMENT_KINDS)[number];
export const ZIdentificationDocumentKind = z.enum(IDENTIFICATION_DOCUMENT_KINDS);

export const DOCUMENT_CATEGORIES = ['UNSPECIFIED', 'IMAGE', 'DOCUMENT', 'PAYROLL', 'INCOME', 'UNCATEGORIZED'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export const ZDocumentCategory = z.enum(DOCUMENT_CATEGORIES);

export const FORM_CONTROL_KINDS = [
  'TEXT',
  'INPUT_TEXT',
  'TEXT_AREA',
  'CHECKBOX',
  'SELECT',
  'BR',
  'RADIO_BUTTON',
] as const;
export type FormControlKind = (typeof FORM_CONTROL_KINDS)[number];
export const ZFormControlKind = z.enum(FORM_CONTROL_KINDS);

export const SHIPPING_STATE_FILTERS = [
  'to_review',
  'sent',
  'in_course',
  'closed',
  'pending_to_send',
  'not_send_error',
  'pending_auth',
  'no_auth',
  'auths_expired',
  'pending_cert',
  'pending_cert_postal',
  'auths_pending_user',
  'cancel_pending',
  'pending_import',
] as const;
export type ShippingStateFilter = (typeof SHIPPING_STATE_FILTERS)[number];
export const ZShippingStateFilter = z.enum(SHIPPING_STATE_FILTERS);

export const RESULT_FILTERS = [
  'accepted',
  'deny',
  'custody_in_course',
  'authorizer_reject',
  'supervisor_reject',
  'error',
  'pin_error',
  'timeout',
  'exceeded_ocr_tries',
  'cancelled_by_sender',
  'not_send',
] as const;
export type ResultFilter = (typeof RESULT_FILTERS)[number];
export const ZResultFilter = z.enum(RESULT_FILTERS);

export const SITUATION_REASONS = [
  'OPTION_ZERO',
  'DOCUMENT_DATA_INVALID',
  'NOT_DOCUMENT_AGREE',
  'RCPT_INVALID',
  'SENDER_UNKNOWN',
  'SMS_NOT_RECEIVED',
  'TECHNICAL_PROBLEMS',
  'USER_DATA_INVALID',
  'USER_MOBILE_CHANGED',
  'USER_NO_TOKENS_AVAILABLE',
  'OTHER_REASONS',
] as const;
export type SituationReason = (typeof SITUATION_REASONS)[number];
export const ZSituationReason = z.enum(SITUATION_REASONS);

/** In the spec's order, which is not numeric. */
export const SITUATION_CODES = ['P07', 'P01', 'P02', 'P03', 'P05', 'P08', 'P11', 'P12', 'P13', 'P99', 'P00'] as const;
export type SituationCode = (typeof SITUATION_CODES)[number];
export const ZSituationCode = z.enum(SITUATION_CODES);

export const IDENTIFICATION_SUBSTATES = [
  'WELCOME_PAGE_ACCEPTED',
  'IDCARD_READING',
  'IDCARD_SAVING',
  'PENDING_CLOSE',
  'IDCARD_SAVING_IDENTITY_MISSING',
  'IDCARD_SAVING_IDENTITY_ERROR',
  'IDCARD_SAVING_OTHER_MISSING',
  'IDCARD_SAVING_OTHER_ERROR',
  'IDCARD_SAVING_IDENTITY_AND_OTHER_ERROR',
] as const;
export type IdentificationSubstate = (typeof IDENTIFICATION_SUBSTATES)[number];
export const ZIdentificationSubstate = z.enum(IDENTIFICATION_SUBSTATES);

export const IMPORT_STATES = ['CREATED', 'VALIDATED', 'IN_COURSE', 'FINISHED', 'ERROR'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
export const ZImportState = z.enum(IMPORT_STATES);

/** Options of the documentation download dialog (spec §2, §4). `pack` excludes every other option. */
export const DOWNLOAD_OPTIONS = ['original', 'sent', 'nonReport', 'certificate', 'courier', 'pack'] as const;
export type DownloadOption = (typeof DOWNLOAD_OPTIONS)[number];
export const ZDownloadOption = z.enum(DOWNLOAD_OPTIONS);

export const ADMIN_TABS = [
  'domains',
  'shippings',
  'types',
  'templates',
  'companies',
  'users',
  'groups',
  'certificates',
  'samlcertificates',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const ZAdminTab = z.enum(ADMIN_TABS);

export const DOCUMENT_TABS = ['DOCUMENTS', 'TEMPLATES', 'EMAIL_CERT_TEMPLATES', 'SMS_CERT_TEMPLATES'] as const;
export type DocumentTab = (typeof DOCUMENT_TABS)[number];
export const ZDocumentTab = z.enum(DOCUMENT_TABS);

/** Template content types (spec §2 `contentType=SMS`, §7 "default HTML"). */
export const TEMPLATE_CONTENT_TYPES = ['HTML', 'SMS'] as const;
export type TemplateContentType = (typeof TEMPLATE_CONTENT_TYPES)[number];
export const ZTemplateContentType = z.enum(TEMPLATE_CONTENT_TYPES);

/** Kinds of domain (answered by `administration/domains/domainTypes`; the spec does not list them). */
export const DOMAIN_TYPES = ['ENTERPRISE', 'PUBLIC_ADMINISTRATION', 'RESELLER', 'SANDBOX'] as const;
export type DomainType = (typeof DOMAIN_TYPES)[number];
export const ZDomainType = z.enum(DOMAIN_TYPES);

/**
 * Kinds of message template (answered by `administration/domains/typeComTemplate`). A domain picks its
 * advanced communication templates among those of kind ADVANCED_COMMUNICATION.
 */
export const TEMPLATE_KINDS = ['COMMUNICATION', 'ADVANCED_COMMUNICATION', 'EMAIL_CERT', 'SMS_CERT'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const ZTemplateKind = z.enum(TEMPLATE_KINDS);
