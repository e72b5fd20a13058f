import { z } from 'zod';
import { ZIdField, ZPickerList, ZTimestamp } from '../common.ts';
import { LIMITS } from '../constants.ts';
import { ZDefaultTemplates } from '../default-templates.ts';
import {
  ZChannel,
  ZFont,
  ZFormControlKind,
  ZIdentificationDocumentKind,
  ZMultiSignerOrder,
  ZPinSignatureTextValue,
  ZServiceCode,
  ZServiceKind,
} from '../enums.ts';
import { FORM_PATTERN_MAX_LENGTH } from '../form-pattern.ts';
import {
  METAPROP_LOCATIONS,
  PLACEMENT_ELEMENTS,
  PLACEMENT_PAGES,
  PLACEMENT_POSITIONS,
} from '../reference/type-settings.ts';

/** Names of form controls, custom fields and meta properties: what a shipping's values are keyed by. */
export const ZFieldName = z.string().regex(/^[A-Za-z][\w.-]{0,63}$/, 'ERR_FIELD_INVALID');

export const ZTypeRow = z.object({
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  name: z.string(),
  service: ZServiceKind,
  channels: z.array(ZChannel),
  active: z.boolean(),
  order: z.number().int(),
  createdAt: ZTimestamp,
});
export type TTypeRow = z.infer<typeof ZTypeRow>;

/** A row of the paged types list; deleted rows carry who deleted them and when. */
export const ZTypeListRow = z.object({
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  service: ZServiceKind,
  active: z.boolean(),
  order: z.number().int(),
  createdAt: ZTimestamp,
  deletedAt: ZTimestamp.nullable(),
  deletedBy: z.string().nullable(),
});
export type TTypeListRow = z.infer<typeof ZTypeListRow>;

/** Checks on a form value, read from an XForms `bind constraint` (the subset docs/decisions/types.md lists). */
export const ZFormConstraint = z.object({
  pattern: z.string().max(FORM_PATTERN_MAX_LENGTH).optional(),
  minLength: z.number().int().min(0).optional(),
  maxLength: z.number().int().min(0).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type TFormConstraint = z.infer<typeof ZFormConstraint>;

/** A control shows only while another control holds a value (`bind relevant` of the form `/data/x = 'v'`). */
export const ZFormRelevant = z.object({ field: z.string(), value: z.string() });

export const ZFormControl = z.object({
  kind: ZFormControlKind,
  /** Key of the value; empty for TEXT and BR, which hold no value. */
  name: z.string().max(64),
  label: z.string().max(1000),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string().max(200), text: z.string().max(500) })).max(200),
  constraint: ZFormConstraint.default({}),
  relevant: ZFormRelevant.nullable().default(null),
});
export type TFormControl = z.infer<typeof ZFormControl>;
export type TFormControlInput = z.input<typeof ZFormControl>;

export const ZMetaProperty = z.object({
  name: ZFieldName,
  location: z.enum(METAPROP_LOCATIONS),
});
export type TMetaProperty = z.infer<typeof ZMetaProperty>;

/** A custom field the sender fills in on the new-shipping form. */
export const ZCustomField = z.object({
  name: ZFieldName,
  label: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(100, 'ERR_FIELD_TOO_LONG'),
  required: z.boolean().default(false),
});
export type TCustomField = z.infer<typeof ZCustomField>;

/** Where the signature box goes on the signed document and what it shows. */
export const ZPlacement = z.object({
  page: z.enum(PLACEMENT_PAGES),
  position: z.enum(PLACEMENT_POSITIONS),
  elements: z.array(z.enum(PLACEMENT_ELEMENTS)).min(1, 'ERR_FIELD_REQUIRED').max(PLACEMENT_ELEMENTS.length),
});
export type TPlacement = z.infer<typeof ZPlacement>;

/** The settings of a type, as `new`/`update` take them; the rules the service sets are checked by the server. */
export const ZTypeInput = z.object({
  /** The company the type belongs to; null for a type of the whole domain (domain administrators only). */
  companyId: ZIdField.nullable(),
  name: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200, 'ERR_FIELD_TOO_LONG'),
  description: z.string().trim().max(500, 'ERR_FIELD_TOO_LONG').nullable().default(null),
  service: ZServiceKind,
  channels: z.array(ZChannel).min(1, 'ERR_FIELD_REQUIRED'),
  active: z.boolean().default(true),
  /** Days the documents stay in custody, one of the service's custody times; null when it keeps none. */
  custodyTime: z.number().int().positive().nullable().default(null),
  signMethod: z.string().max(50).nullable().default(null),
  placement: ZPlacement.nullable().default(null),
  pinSignatureText: ZPinSignatureTextValue.nullable().default(null),
  font: ZFont.default('helvetica'),
  multiSignerOrder: ZMultiSignerOrder.default(0),
  identificationDocuments: z.array(ZIdentificationDocumentKind).max(5).default([]),
  otherDocumentsLimit: z.number().int().min(0).max(LIMITS.otherIdCardDocumentsLimit, 'ERR_TOO_MANY_ITEMS').default(0),
  metaProperties: z.array(ZMetaProperty).max(LIMITS.metaPropertiesLimit, 'ERR_TOO_MANY_ITEMS').default([]),
  customFields: z.array(ZCustomField).max(LIMITS.customFieldsLimit, 'ERR_TOO_MANY_ITEMS').default([]),
  /** Shippings of the type wait for authorisation; the sender must name authorisers if the type names none. */
  requiresAuth: z.boolean().default(false),
  authDeadlineHours: z.number().int().min(1).max(8760).default(72),
  /** Groups whose members authorise: any one member fills the group's authorisation. */
  wfGroups: z.array(ZIdField).max(50).default([]),
  /** The template a new shipping starts with, per content type and receiver language (templates of that language). */
  defaultTemplates: ZDefaultTemplates.default(() => ({ HTML: {}, SMS: {} })),
});
export type TTypeInput = z.infer<typeof ZTypeInput>;
export type TTypeInputRaw = z.input<typeof ZTypeInput>;

export const ZTypeDetail = ZTypeInput.omit({ companyId: true, wfGroups: true }).extend({
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  serviceCode: ZServiceCode,
  order: z.number().int(),
  createdAt: ZTimestamp,
  formControls: z.array(ZFormControl),
  wfUsers: ZPickerList,
  wfGroups: ZPickerList,
});
export type TTypeDetail = z.infer<typeof ZTypeDetail>;

/** Forms import and check (spec §3 names the field `params.data`): the XForms document as text. */
export const ZXformsRequest = z.object({
  params: z.object({
    data: z
      .string()
      .min(1, 'ERR_FIELD_REQUIRED')
      .max(256 * 1024, 'ERR_XFORM_TOO_LARGE'),
  }),
});

export const ZXformsAttachRequest = z.object({
  params: ZXformsRequest.shape.params.extend({ typeId: ZIdField }),
});

/** Per-element errors: the element (control name or XML element) and the key. */
export const ZXformsResult = z.object({
  valid: z.boolean(),
  errors: z.array(z.object({ element: z.string(), key: z.string() })),
  controls: z.array(ZFormControl),
});
export type TXformsResult = z.infer<typeof ZXformsResult>;

export const ZPlacementOptions = z.object({
  pages: z.array(z.object({ value: z.string(), text: z.string() })),
  positions: z.array(z.object({ value: z.string(), text: z.string() })),
});
