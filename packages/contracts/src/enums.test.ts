import { describe, expect, it } from 'vitest';
import {
  ADMIN_TABS,
  AUXILIARY_SERVICE_CODES,
  CHANNELS,
  DOCUMENT_CATEGORIES,
  DOCUMENT_TABS,
  DOWNLOAD_OPTIONS,
  FONTS,
  FORM_CONTROL_KINDS,
  IDENTIFICATION_DOCUMENT_KINDS,
  IDENTIFICATION_SUBSTATES,
  IMPORT_STATES,
  IMPORT_TYPES,
  MULTI_SIGNER_ORDER,
  MULTI_SIGNER_ORDERS,
  PIN_SIGNATURE_TEXT_VALUES,
  POSTAL_DOCUMENT_TYPES,
  POSTAL_RECEIVER_TYPE,
  POSTAL_RECEIVER_TYPES,
  RESULT_FILTERS,
  SERVICE_CODE_BY_KIND,
  SERVICE_CODES,
  SERVICE_KINDS,
  SHIPPING_STATE_FILTERS,
  SITUATION_CODES,
  SITUATION_REASONS,
  ZDownloadOption,
  ZMultiSignerOrder,
  ZPostalReceiverType,
  ZServiceCode,
  ZShippingStateFilter,
} from './enums.ts';
import { ADMIN_KINDS } from './routes.ts';

describe('enumerations of spec §3 and §4', () => {
  it.each([
    ['channels', CHANNELS, ['postal', 'sms', 'email', 'whatsapp', 'onscreen']],
    ['import types', IMPORT_TYPES, ['FILE', 'TEMPLATE', 'ALL']],
    ['postal document types', POSTAL_DOCUMENT_TYPES, ['DNI', 'NIF', 'NIE']],
    ['postal receiver types', POSTAL_RECEIVER_TYPES, [1, 2]],
    ['multi-signer orders', MULTI_SIGNER_ORDERS, [0, 1]],
    ['PIN signature text values', PIN_SIGNATURE_TEXT_VALUES, ['signatureVal', 'summaryVal']],
    ['fonts', FONTS, ['times-roman', 'courier', 'helvetica', 'liberation-sans']],
    [
      'identification document kinds',
      IDENTIFICATION_DOCUMENT_KINDS,
      ['DNI_NIE', 'PASSPORT', 'DRIVER_LICENSE', 'SELFIE', 'OTHER'],
    ],
    [
      'document categories',
      DOCUMENT_CATEGORIES,
      ['UNSPECIFIED', 'IMAGE', 'DOCUMENT', 'PAYROLL', 'INCOME', 'UNCATEGORIZED'],
    ],
    [
      'form control kinds',
      FORM_CONTROL_KINDS,
      ['TEXT', 'INPUT_TEXT', 'TEXT_AREA', 'CHECKBOX', 'SELECT', 'BR', 'RADIO_BUTTON'],
    ],
    [
      'shipping state filters',
      SHIPPING_STATE_FILTERS,
      [
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
      ],
    ],
    [
      'result filters',
      RESULT_FILTERS,
      [
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
      ],
    ],
    [
      'situation reasons',
      SITUATION_REASONS,
      [
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
      ],
    ],
    ['situation codes', SITUATION_CODES, ['P07', 'P01', 'P02', 'P03', 'P05', 'P08', 'P11', 'P12', 'P13', 'P99', 'P00']],
    [
      'identification substates',
      IDENTIFICATION_SUBSTATES,
      [
        'WELCOME_PAGE_ACCEPTED',
        'IDCARD_READING',
        'IDCARD_SAVING',
        'PENDING_CLOSE',
        'IDCARD_SAVING_IDENTITY_MISSING',
        'IDCARD_SAVING_IDENTITY_ERROR',
        'IDCARD_SAVING_OTHER_MISSING',
        'IDCARD_SAVING_OTHER_ERROR',
        'IDCARD_SAVING_IDENTITY_AND_OTHER_ERROR',
      ],
    ],
    ['import states', IMPORT_STATES, ['CREATED', 'VALIDATED', 'IN_COURSE', 'FINISHED', 'ERROR']],
    ['download options', DOWNLOAD_OPTIONS, ['original', 'sent', 'nonReport', 'certificate', 'courier', 'pack']],
    [
      'administration tabs',
      ADMIN_TABS,
      [
        'domains',
        'shippings',
        'types',
        'templates',
        'companies',
        'users',
        'groups',
        'certificates',
        'samlcertificates',
      ],
    ],
    ['document tabs', DOCUMENT_TABS, ['DOCUMENTS', 'TEMPLATES', 'EMAIL_CERT_TEMPLATES', 'SMS_CERT_TEMPLATES']],
  ] as const)('%s', (_name, actual: readonly unknown[], expected: readonly unknown[]) => {
    expect([...actual]).toEqual([...expected]);
    expect(new Set(actual).size).toBe(actual.length);
  });

  it('has the service kinds of spec §1, video identification as two kinds', () => {
    expect(SERVICE_KINDS).toHaveLength(14);
    expect(SERVICE_KINDS).toContain('video_identification_attended');
    expect(SERVICE_KINDS).toContain('video_identification_unattended');
    expect(new Set(SERVICE_KINDS).size).toBe(SERVICE_KINDS.length);
  });

  it('names the postal receiver types and multi-signer orders as the spec does', () => {
    expect(POSTAL_RECEIVER_TYPE).toEqual({ individual: 1, company: 2 });
    expect(MULTI_SIGNER_ORDER).toEqual({ withoutOrder: 0, withOrder: 1 });
    expect(ZPostalReceiverType.safeParse(2).success).toBe(true);
    expect(ZPostalReceiverType.safeParse(3).success).toBe(false);
    expect(ZPostalReceiverType.safeParse('1').success).toBe(false);
    expect(ZMultiSignerOrder.safeParse(0).success).toBe(true);
    expect(ZMultiSignerOrder.safeParse(2).success).toBe(false);
  });

  it('keeps the administration routes within the administration tabs', () => {
    for (const kind of ADMIN_KINDS) expect(ADMIN_TABS).toContain(kind);
  });
});

describe('service codes', () => {
  it('has one distinct PT code per service kind, in the order of §1', () => {
    const codes = SERVICE_KINDS.map((kind) => SERVICE_CODE_BY_KIND[kind]);
    expect(new Set(codes).size).toBe(SERVICE_KINDS.length);
    codes.forEach((code, index) => {
      expect(code).toBe(`PT${String(index + 1).padStart(4, '0')}_${SERVICE_KINDS[index]?.toUpperCase()}`);
    });
  });

  it('starts with the codes the spec names and ends with the auxiliary services', () => {
    expect(SERVICE_CODES.slice(0, 2)).toEqual(['PT0001_NOTIFICATION', 'PT0002_ACCEPTANCE']);
    expect(AUXILIARY_SERVICE_CODES).toEqual(['PKI', 'PKI_CLOUD', 'BIOHAND_GRAPH', 'WHATSAPP_SMS', 'WHATSAPP_VOICE']);
    expect([...SERVICE_CODES]).toEqual([...Object.values(SERVICE_CODE_BY_KIND), ...AUXILIARY_SERVICE_CODES]);
  });

  it('validates through the zod enums', () => {
    expect(ZServiceCode.safeParse('PKI_CLOUD').success).toBe(true);
    expect(ZServiceCode.safeParse('PT0099_UNKNOWN').success).toBe(false);
    expect(ZShippingStateFilter.safeParse('pending_auth').success).toBe(true);
    expect(ZShippingStateFilter.safeParse('PENDING_AUTH').success).toBe(false);
    expect(ZDownloadOption.safeParse('nonReport').success).toBe(true);
  });
});
