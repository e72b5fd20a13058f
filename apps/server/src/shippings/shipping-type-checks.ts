import type { TSendRequest } from '@sello/contracts/catalogue/shippings-create';
import type { TCustomField, TFormControl, TMetaProperty } from '@sello/contracts/catalogue/types-schemas';
import type { ErrorKey } from '@sello/contracts/error-keys';
import { checkFormValues, holdsValue, isRelevant } from '@sello/contracts/form-values';

type TTypeFields = { customFields: unknown[]; metaProperties: unknown[]; formControls: unknown[] };
type TAdd = (field: string, key: ErrorKey) => void;

/**
 * Named values a type declares: when it declares any, only those may be sent and the required ones
 * must be; a type that declares none leaves them free (as before types had editors).
 */
function checkDeclared(
  field: string,
  declared: readonly { name: string; required?: boolean }[],
  values: Record<string, string> | undefined,
  add: TAdd,
) {
  if (declared.length === 0) return;
  const names = new Set(declared.map((entry) => entry.name));
  for (const name of Object.keys(values ?? {})) if (!names.has(name)) add(`${field}.${name}`, 'ERR_FIELD_INVALID');
  for (const entry of declared) {
    if (entry.required && !values?.[entry.name]?.trim()) add(`${field}.${entry.name}`, 'ERR_FIELD_REQUIRED');
  }
}

/** Checks what the sender filled in against the type's custom fields, meta properties and form; answers the form values to store. */
export function checkTypeValues(type: TTypeFields, request: TSendRequest, add: TAdd) {
  checkDeclared('customFields', type.customFields as TCustomField[], request.customFields, add);
  checkDeclared('metaProperties', type.metaProperties as TMetaProperty[], request.metaProperties, add);
  const controls = type.formControls as TFormControl[];
  const values = request.formValues ?? {};
  for (const [name, key] of Object.entries(checkFormValues(controls, values))) add(`formValues.${name}`, key);
  return controls
    .filter((control) => holdsValue(control) && isRelevant(control, values) && values[control.name]?.trim())
    .map((control) => ({ name: control.name, label: control.label, value: values[control.name]!.trim() }));
}

/**
 * A type that signs with a certificate (a one-time one, PKI_CLOUD, or the receiver's own, PKI) names each receiver's
 * document number: the certificate is issued to it, or must carry it.
 */
export function checkSignerDocuments(
  signMethod: string | null,
  receivers: readonly { documentNumber?: string | null }[],
  add: TAdd,
) {
  if (signMethod !== 'PKI_CLOUD' && signMethod !== 'PKI') return;
  const key = signMethod === 'PKI' ? 'ERR_PKI_DOCUMENT_REQUIRED' : 'ERR_PKI_CLOUD_DOCUMENT_REQUIRED';
  receivers.forEach((receiver, index) => {
    if (!receiver.documentNumber?.trim()) add(`receivers.${index}.documentNumber`, key);
  });
}
