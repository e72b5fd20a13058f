import { z } from 'zod';
import { ZIdField, ZLanguage } from '../common.ts';
import { LIMITS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  MULTI_SIGNER_ORDER,
  POSTAL_RECEIVER_TYPE,
  ZChannel,
  ZDocumentCategory,
  ZFont,
  ZMultiSignerOrder,
  ZPinSignatureTextValue,
  ZPostalDocumentType,
  ZPostalReceiverType,
} from '../enums.ts';
import { isEmail, isEmailList, isEntityNif, isIdentityDocument, isMobile, normaliseMobile } from '../patterns.ts';
import { CHANNEL_CONTACT } from '../shipping-rules.ts';
import { CREATE } from './shippings-common.ts';

/** Spanish postal codes are five digits; Portuguese ones four, a dash and three. */
const POSTAL_CODE_BY_COUNTRY: Record<string, RegExp> = { ES: /^\d{5}$/, PT: /^\d{4}-\d{3}$/ };

export const ZPostalAddress = z
  .object({
    streetType: z.string().trim().max(20).optional(),
    street: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200),
    streetNumType: z.string().trim().max(20).optional(),
    streetNumber: z.string().trim().max(20).optional(),
    /** Floor, door, building. */
    addressExtra: z.string().trim().max(100).optional(),
    postalCode: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(10),
    city: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(100),
    province: z.string().trim().max(100).optional(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'ERR_FIELD_INVALID')
      .transform((value) => value.toUpperCase()),
  })
  .superRefine((address, context) => {
    const pattern = POSTAL_CODE_BY_COUNTRY[address.country];
    if (pattern && !pattern.test(address.postalCode)) {
      context.addIssue({ code: 'custom', path: ['postalCode'], message: 'ERR_PATTERN_POSTAL_CODE' });
    }
  });
export type TPostalAddress = z.infer<typeof ZPostalAddress>;

/**
 * A receiver (spec §3 postal receiver types: 1 individual, 2 company). The identity document is
 * optional, but when given it must be valid for its type, check character included; a company is
 * identified by the NIF of a legal entity.
 */
export const ZReceiver = z
  .object({
    receiverType: ZPostalReceiverType.default(POSTAL_RECEIVER_TYPE.individual),
    name: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200),
    documentType: ZPostalDocumentType.optional(),
    documentNumber: z
      .string()
      .trim()
      .max(20)
      .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase())
      .optional(),
    email: z.string().trim().max(200).refine(isEmail, 'ERR_EMAIL_INVALID').optional(),
    cc: z.string().trim().max(2000).refine(isEmailList, 'ERR_PATTERN_EMAIL_LIST').optional(),
    /** E.164, or a Spanish or Portuguese mobile number; stored in E.164. */
    mobile: z
      .string()
      .trim()
      .max(25)
      .refine(isMobile, 'ERR_MOBILE_INVALID')
      .transform((value) => normaliseMobile(value)!)
      .optional(),
    language: ZLanguage.optional(),
    postal: ZPostalAddress.optional(),
  })
  .superRefine((receiver, context) => {
    const { documentType, documentNumber } = receiver;
    if (documentNumber && !documentType) {
      context.addIssue({ code: 'custom', path: ['documentType'], message: 'ERR_FIELD_REQUIRED' });
    }
    if (documentType && !documentNumber) {
      context.addIssue({ code: 'custom', path: ['documentNumber'], message: 'ERR_FIELD_REQUIRED' });
    }
    if (!documentType || !documentNumber) return;
    if (receiver.receiverType === POSTAL_RECEIVER_TYPE.company && documentType !== 'NIF') {
      context.addIssue({ code: 'custom', path: ['documentType'], message: 'ERR_FIELD_INVALID' });
      return;
    }
    const valid =
      receiver.receiverType === POSTAL_RECEIVER_TYPE.company
        ? isEntityNif(documentNumber)
        : isIdentityDocument(documentType, documentNumber);
    if (!valid) context.addIssue({ code: 'custom', path: ['documentNumber'], message: 'ERR_DOCUMENT_ID_INVALID' });
  });
export type TReceiver = z.infer<typeof ZReceiver>;
export type TReceiverInput = z.input<typeof ZReceiver>;

/** A file sent with the shipping, as a base64 data URL; its type is checked by its bytes. */
export const ZSendDocument = z.object({
  name: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(LIMITS.fileNameLength, 'ERR_FILE_NAME_TOO_LONG'),
  category: ZDocumentCategory.default('UNSPECIFIED'),
  content: z.string().regex(/^data:[\w.+/-]*;base64,[A-Za-z0-9+/=]*$/, 'ERR_FIELD_INVALID'),
});

const ZNamedValues = (limit: number) =>
  z
    .record(z.string().regex(/^[A-Za-z][\w.-]{0,63}$/, 'ERR_FIELD_INVALID'), z.string().max(1000))
    .refine((fields) => Object.keys(fields).length <= limit, 'ERR_TOO_MANY_ITEMS');

/** Most authorisers a sender may add to a shipping. */
export const SENDER_AUTHORISERS_LIMIT = 10;

/**
 * Body of `sendrequest`: a new shipping of a type, to one or more receivers. The service kind comes
 * from the type; `message` is the body (a template's when `templateId` is given and `message` is not).
 */
export const ZSendRequest = z
  .object({
    companyId: ZIdField,
    typeId: ZIdField,
    channel: ZChannel,
    reference: z.string().trim().max(100).optional(),
    subject: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200),
    message: z.string().max(20_000).optional(),
    templateId: ZIdField.optional(),
    receivers: z.array(ZReceiver).min(1, 'ERR_FIELD_REQUIRED').max(LIMITS.uploadFileLimit),
    documents: z.array(ZSendDocument).max(LIMITS.uploadFileLimit, 'ERR_TOO_MANY_ITEMS').default([]),
    multiSignerOrder: ZMultiSignerOrder.default(MULTI_SIGNER_ORDER.withoutOrder),
    pinSignatureText: ZPinSignatureTextValue.optional(),
    font: ZFont.optional(),
    /** Custody services: days the documents stay available (the type's by default). */
    custodyDays: z.number().int().min(1).max(3650).optional(),
    customFields: ZNamedValues(LIMITS.customFieldsLimit).optional(),
    metaProperties: ZNamedValues(LIMITS.metaPropertiesLimit).optional(),
    /** Users who must authorise this shipping, besides those its type names. */
    authorizers: z.array(ZIdField).max(SENDER_AUTHORISERS_LIMIT, 'ERR_TOO_MANY_ITEMS').optional(),
    /** Values of the type's form controls by name (CHECKBOX: chosen options separated by spaces). */
    formValues: z
      .record(z.string().max(64), z.string().max(2000))
      .refine((values) => Object.keys(values).length <= 200, 'ERR_TOO_MANY_ITEMS')
      .optional(),
  })
  .superRefine((request, context) => {
    const contact = CHANNEL_CONTACT[request.channel];
    if (!contact) return;
    request.receivers.forEach((receiver, index) => {
      if (receiver[contact] === undefined) {
        context.addIssue({ code: 'custom', path: ['receivers', index, contact], message: 'ERR_FIELD_REQUIRED' });
      }
    });
  });
export type TSendRequest = z.infer<typeof ZSendRequest>;
export type TSendRequestInput = z.input<typeof ZSendRequest>;

/** One receiver's access message as the dispatch would write it now (the link is a stand-in of its real length). */
export const ZMessagePreview = z.object({
  messages: z.array(
    z.object({
      /** The receiver's position in the request, from 0. */
      receiver: z.number().int(),
      language: ZLanguage,
      subject: z.string().nullable(),
      /** The body exactly as sent: sanitised HTML when `html`, else plain text. */
      body: z.string(),
      html: z.boolean(),
      /** What a mail's text part carries (the body itself when it is plain text). */
      text: z.string(),
    }),
  ),
  /** The link in the bodies, standing in for each receiver's own (made at dispatch); null when none is sent. */
  sampleLink: z.string().nullable(),
});
export type TMessagePreview = z.infer<typeof ZMessagePreview>;

/**
 * Body of `smsCount`: the SMS part of a new-shipping form being filled in, as far as it goes. Receivers need
 * only their name and language; with none, the count is of one receiver without a name.
 */
export const ZSmsCountInput = z.object({
  companyId: ZIdField,
  typeId: ZIdField,
  reference: z.string().trim().max(100).optional(),
  subject: z.string().trim().max(200).default(''),
  message: z.string().max(20_000).optional(),
  templateId: ZIdField.optional(),
  customFields: ZNamedValues(LIMITS.customFieldsLimit).optional(),
  receivers: z
    .array(z.object({ name: z.string().trim().max(200).default(''), language: ZLanguage.optional() }))
    .max(LIMITS.uploadFileLimit, 'ERR_TOO_MANY_ITEMS')
    .default([]),
});
export type TSmsCountInput = z.input<typeof ZSmsCountInput>;

/** The SMS the receivers will get, counted as providers bill them: the longest one (most segments) shown. */
export const ZSmsCount = z.object({
  encoding: z.enum(['GSM7', 'UCS2']),
  characters: z.number().int(),
  units: z.number().int(),
  segments: z.number().int(),
  perSegment: z.number().int(),
  firstUcs2Character: z.string().nullable(),
  /** The longest SMS exactly as it will be sent (its link with a token of the real length). */
  text: z.string(),
  /** Whose SMS it is (the receiver's name as written). */
  receiverName: z.string(),
  receivers: z.number().int(),
  /** The company's setting: whether an SMS outside GSM-7 may be sent (as UCS-2). */
  ucs2Allowed: z.boolean(),
  /** What sending would refuse in these SMS, as the server's error key and the characters named. */
  problem: z.object({ key: z.enum(['ERR_PATTERN_SMS_TEXT', 'ERR_SMS_NOT_GSM7']), illegal: z.string() }).nullable(),
});
export type TSmsCountAnswer = z.infer<typeof ZSmsCount>;

export const shippingsCreateApi = {
  sendRequest: defineEndpoint({
    id: 'shippings.sendRequest',
    method: 'POST',
    path: 'shippings/sendrequest',
    summary: 'Create and send a shipping',
    permission: CREATE,
    body: ZSendRequest,
    response: z.object({ requestId: z.number().int() }),
  }),
  previewMessage: defineEndpoint({
    id: 'shippings.previewMessage',
    method: 'POST',
    path: 'shippings/previewMessage',
    summary: "Preview each receiver's access message of a shipping being written, as the dispatch would write it",
    permission: CREATE,
    body: ZSendRequest,
    response: ZMessagePreview,
    methodChosen: true,
    beyondSpec: true,
  }),
  smsCount: defineEndpoint({
    id: 'shippings.smsCount',
    method: 'POST',
    path: 'shippings/smsCount',
    summary: 'Count the SMS of a new shipping as each receiver will get it (the longest one answered)',
    permission: CREATE,
    body: ZSmsCountInput,
    response: ZSmsCount,
    methodChosen: true,
    beyondSpec: true,
  }),
} as const;
