import { z } from 'zod';
import {
  pageOf,
  ZComboList,
  ZDualList,
  ZExportQuery,
  ZFile,
  ZId,
  ZIdField,
  ZIdList,
  ZIdListQueryValue,
  ZIdParams,
  ZOk,
  ZPagedQuery,
  ZPickerList,
  ZTimestamp,
} from '../common.ts';
import { LIMITS } from '../constants.ts';
import { defineEndpoint, type TPermissionRule } from '../endpoint.ts';
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

/** Shipping types are document types: the kinds of shipping a company can send (spec §1). */
const TYPES = { all: ['types'] } as const satisfies TPermissionRule;
const TYPE_BIN = { all: ['typeBin'] } as const satisfies TPermissionRule;
/** The paged list: live types need `types`, deleted ones (`filters={"deleted":true}`) `typeBin`. */
const TYPES_OR_BIN = { any: ['types', 'typeBin'] } as const satisfies TPermissionRule;

export const ZTypeRow = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
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
  createdAt: ZTimestamp,
  deletedAt: ZTimestamp.nullable(),
  deletedBy: z.string().nullable(),
});
export type TTypeListRow = z.infer<typeof ZTypeListRow>;

export const ZFormControl = z.object({
  kind: ZFormControlKind,
  name: z.string(),
  label: z.string(),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), text: z.string() })),
});
export type TFormControl = z.infer<typeof ZFormControl>;

export const ZMetaProperty = z.object({ name: z.string().trim().min(1).max(100), location: z.string().max(100) });

const typeSettings = {
  description: z.string().max(500).nullable(),
  /** Days the documents stay in custody; null when the service keeps none. */
  custodyTime: z.number().int().positive().nullable(),
  signMethod: z.string().max(50).nullable(),
  font: ZFont,
  pinSignatureText: ZPinSignatureTextValue.nullable(),
  multiSignerOrder: ZMultiSignerOrder,
  identificationDocuments: z.array(ZIdentificationDocumentKind),
  metaProperties: z.array(ZMetaProperty).max(LIMITS.metaPropertiesLimit),
  formControls: z.array(ZFormControl),
};

export const ZTypeDetail = ZTypeRow.extend(typeSettings);
export type TTypeDetail = z.infer<typeof ZTypeDetail>;

export const ZTypeInput = z.object({
  companyId: ZIdField,
  name: z.string().trim().min(1, 'ERR_FIELD_REQUIRED').max(200, 'ERR_FIELD_TOO_LONG'),
  service: ZServiceKind,
  channels: z.array(ZChannel).min(1, 'ERR_FIELD_REQUIRED'),
  active: z.boolean().default(true),
  description: typeSettings.description.default(null),
  custodyTime: typeSettings.custodyTime.default(null),
  signMethod: typeSettings.signMethod.default(null),
  font: ZFont.default('helvetica'),
  pinSignatureText: typeSettings.pinSignatureText.default(null),
  multiSignerOrder: ZMultiSignerOrder.default(0),
  identificationDocuments: typeSettings.identificationDocuments.default([]),
  metaProperties: typeSettings.metaProperties.default([]),
  formControls: z.array(ZFormControl).max(200).default([]),
});
export type TTypeInput = z.infer<typeof ZTypeInput>;

/** Forms import and check (spec §3 names the field `params.data`): the XForms document as text. */
export const ZXformsRequest = z.object({
  params: z.object({
    data: z
      .string()
      .min(1)
      .max(1024 * 1024),
  }),
});
export const ZXformsResult = z.object({
  valid: z.boolean(),
  errorKeys: z.array(z.string()),
  controls: z.array(ZFormControl),
});

const ZServiceQuery = z.object({ service: ZServiceCode });

export const typesApi = {
  read: defineEndpoint({
    id: 'types.read',
    method: 'GET',
    path: 'shippings/types/read',
    summary: 'Every type of a company, in order',
    permission: TYPES,
    query: z.object({ companySelected: ZId.optional() }),
    response: z.array(ZTypeRow),
    methodChosen: true,
  }),
  readList: defineEndpoint({
    id: 'types.readList',
    method: 'GET',
    path: 'shippings/types/readList',
    summary: 'Page of the types list (deleted ones with filters={"deleted":true} and typeBin)',
    permission: TYPES_OR_BIN,
    query: ZPagedQuery,
    response: pageOf(ZTypeListRow),
    methodChosen: true,
  }),
  export: defineEndpoint({
    id: 'types.export',
    method: 'GET',
    path: 'shippings/types/export',
    summary: 'Export the types list',
    permission: TYPES,
    query: ZExportQuery,
    response: ZFile,
    responseKind: 'file',
    methodChosen: true,
  }),
  new: defineEndpoint({
    id: 'types.new',
    method: 'POST',
    path: 'shippings/types/new',
    summary: 'Create a type',
    permission: TYPES,
    body: ZTypeInput,
    response: ZTypeDetail,
  }),
  update: defineEndpoint({
    id: 'types.update',
    method: 'PUT',
    path: 'shippings/types/update',
    summary: 'Update a type',
    permission: TYPES,
    body: ZTypeInput.extend({ id: ZIdField }),
    response: ZTypeDetail,
  }),
  saveWfUsers: defineEndpoint({
    id: 'types.saveWfUsers',
    method: 'PUT',
    path: 'shippings/types/saveWfUsers',
    summary: 'Set the workflow users (authorisers) of a type, in order',
    permission: TYPES,
    body: z.object({ typeId: ZIdField, wfUsers: z.array(ZIdField).max(1000) }),
    response: ZOk,
  }),
  wfUsers: defineEndpoint({
    id: 'types.wfUsers',
    method: 'GET',
    path: 'shippings/types/wfUsers',
    summary: 'Workflow users of a type, for the dual-list picker',
    permission: TYPES,
    query: z.object({ typeId: ZId }),
    response: ZDualList,
  }),
  updateTypeOrder: defineEndpoint({
    id: 'types.updateTypeOrder',
    method: 'PUT',
    path: 'shippings/types/updateTypeOrder',
    summary: 'Set the display order of types',
    permission: TYPES,
    body: z.object({ typesOrder: ZIdList }),
    response: ZOk,
  }),
  importXforms: defineEndpoint({
    id: 'types.importXforms',
    method: 'POST',
    path: 'shippings/types/importXforms',
    summary: 'Read the form controls of an XForms document',
    permission: TYPES,
    body: ZXformsRequest,
    response: ZXformsResult,
  }),
  xformShippingType: defineEndpoint({
    id: 'types.xformShippingType',
    method: 'POST',
    path: 'shippings/types/xformshippingtype',
    summary: 'Check an XForms document against the shipping type rules',
    permission: TYPES,
    body: ZXformsRequest,
    response: ZXformsResult,
  }),
  delete: defineEndpoint({
    id: 'types.delete',
    method: 'DELETE',
    path: 'shippings/types/delete/{id}',
    summary: 'Soft-delete a type',
    permission: TYPES,
    params: ZIdParams,
    response: ZOk,
  }),
  recover: defineEndpoint({
    id: 'types.recover',
    method: 'PUT',
    path: 'shippings/types/recover/{id}',
    summary: 'Recover a deleted type',
    permission: TYPE_BIN,
    params: ZIdParams,
    response: ZOk,
  }),
  custodyTime: defineEndpoint({
    id: 'types.custodyTime',
    method: 'GET',
    path: 'shippings/types/custodyTime',
    summary: 'Custody times a service offers',
    permission: TYPES,
    query: ZServiceQuery,
    response: ZComboList,
    methodChosen: true,
  }),
  step: defineEndpoint({
    id: 'types.step',
    method: 'GET',
    path: 'shippings/types/step',
    summary: 'Workflow steps a service offers',
    permission: TYPES,
    query: ZServiceQuery,
    response: ZComboList,
    methodChosen: true,
  }),
  placement: defineEndpoint({
    id: 'types.placement',
    method: 'GET',
    path: 'shippings/types/placement',
    summary: 'Where a signature or stamp can be placed on a page',
    permission: TYPES,
    response: ZComboList,
    methodChosen: true,
  }),
  elements: defineEndpoint({
    id: 'types.elements',
    method: 'GET',
    path: 'shippings/types/elements',
    summary: 'Elements that can be placed on a document',
    permission: TYPES,
    response: ZComboList,
    methodChosen: true,
  }),
  metapropLocations: defineEndpoint({
    id: 'types.metapropLocations',
    method: 'GET',
    path: 'shippings/types/metapropLocations',
    summary: 'Where meta properties can be read from, for an identification service',
    permission: TYPES,
    query: z.object({ idCardService: ZServiceCode }),
    response: ZComboList,
    methodChosen: true,
  }),
  shippingTypesForCombo: defineEndpoint({
    id: 'types.shippingTypesForCombo',
    method: 'GET',
    path: 'shippings/types/shippingtypesforcombo',
    summary: 'Types of the given companies, for a combo',
    permission: TYPES,
    query: z.object({ companies: ZIdListQueryValue }),
    response: ZPickerList,
    methodChosen: true,
  }),
  signMethods: defineEndpoint({
    id: 'types.signMethods',
    method: 'GET',
    path: 'shippings/types/signmethods',
    summary: 'Signature methods a service offers',
    permission: TYPES,
    query: ZServiceQuery,
    response: ZComboList,
    methodChosen: true,
  }),
  detail: defineEndpoint({
    id: 'types.detail',
    method: 'GET',
    path: 'shippings/types/detail',
    summary: 'One type with its settings and form',
    permission: TYPES,
    query: z.object({ typeSelected: ZId }),
    response: ZTypeDetail,
    methodChosen: true,
  }),
} as const;
