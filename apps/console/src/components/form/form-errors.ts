import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { notify } from '../../alerts/alert-store.ts';
import { ApiCallError, notifyFailure } from '../../api/http-client.ts';

export type TNamePath = (string | number)[];

/** One field's error: where it goes on the form, its key and the values its message embeds. */
export type TFieldErrorEntry = { name: TNamePath; key: string; params?: Record<string, string | number> };

type TFieldError = { name: TNamePath; errors: string[] };

const KEY_PATTERN = /^[A-Z][A-Z0-9_]+$/;

/** The text of an error key for a field; zod's own messages become "not valid". */
export function fieldErrorText(key: string, t: TFunction, params?: Record<string, string | number>): string {
  if (key === 'ERR_CONFLICT') return t('ERR_FIELD_IN_USE');
  return t(KEY_PATTERN.test(key) ? key : 'ERR_FIELD_INVALID', params ?? {});
}

/** A server field path (`receivers.0.email`, `receivers[0].email`) as an antd name path. */
export function toNamePath(path: string): TNamePath {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The id antd gives a field's control (and its label's `for`): the form's name and the path, joined by `_`. */
function fieldId(form: FormInstance, name: TNamePath): string {
  const formName = (form as { __INTERNAL__?: { name?: string } }).__INTERNAL__?.name;
  return [...(formName ? [formName] : []), ...name].join('_');
}

function fieldElement(form: FormInstance, name: TNamePath): HTMLElement | null {
  return document.getElementById(fieldId(form, name));
}

/** The label the field shows on screen (its Form.Item label, or a checkbox's own text), when it has one. */
export function fieldLabel(form: FormInstance, name: TNamePath): string | undefined {
  const id = fieldId(form, name);
  const byFor = document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent;
  const item = document.getElementById(id)?.closest('.ant-form-item');
  const text = byFor || item?.querySelector('.ant-form-item-label label, .ant-checkbox-label')?.textContent;
  return text?.trim() || undefined;
}

/** The message next to a field: the field's name, then what is wrong. */
function namedMessage(label: string | undefined, message: string, t: TFunction): string {
  return label ? t('FIELD_ERROR_NAMED', { field: label, message }) : message;
}

/** Entries in the order their fields appear on the page (fields not on the page last). */
function inPageOrder(form: FormInstance, names: TNamePath[]): TNamePath[] {
  const placed = names.map((name) => ({ name, element: fieldElement(form, name) }));
  return placed
    .sort((a, b) => {
      if (!a.element || !b.element) return a.element ? -1 : b.element ? 1 : 0;
      return a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
    })
    .map((entry) => entry.name);
}

/** Scrolls to the first field (in page order) and focuses it; the banner names every field. */
function pointAtFields(form: FormInstance, names: TNamePath[], banner: boolean): void {
  const ordered = inPageOrder(form, names);
  const first = ordered[0];
  if (first) form.scrollToField(first, { block: 'center', focus: true });
  if (!banner) return;
  const labels = [...new Set(ordered.map((name) => fieldLabel(form, name)).filter((label) => label !== undefined))];
  if (labels.length > 0) notify.error('ERR_VALIDATION_FIELDS', { params: { fields: labels.join(', ') } });
  else notify.error('ERR_VALIDATION');
}

/**
 * The one way a form shows field errors, from the server or from a check before sending: each message next to
 * its field with the field's name, the page scrolled to the first one, and (unless `banner` is false) a banner
 * naming the fields.
 */
export function showFieldErrors(
  form: FormInstance,
  entries: readonly TFieldErrorEntry[],
  t: TFunction,
  options: { banner?: boolean } = {},
): void {
  if (entries.length === 0) return;
  form.setFields(
    entries.map((entry) => ({
      name: entry.name,
      errors: [namedMessage(fieldLabel(form, entry.name), fieldErrorText(entry.key, t, entry.params), t)],
    })) as never,
  );
  pointAtFields(
    form,
    entries.map((entry) => entry.name),
    options.banner ?? true,
  );
}

/**
 * After antd's own rules refused the form (`onFinishFailed`, or a rejected `validateFields`): the messages get
 * the field's name, the page scrolls to the first field and the banner names them.
 */
export function reportInvalidFields(form: FormInstance, failure: unknown, t: TFunction): void {
  const errorFields = (failure as { errorFields?: { name: TNamePath; errors: string[] }[] } | null)?.errorFields ?? [];
  const refused = errorFields.filter((field) => field.errors.length > 0);
  if (refused.length === 0) return;
  const named: TFieldError[] = refused.map((field) => {
    const label = fieldLabel(form, field.name);
    const message = field.errors[0] ?? '';
    const alreadyNamed = label !== undefined && message.startsWith(`${label}:`);
    return { name: field.name, errors: [alreadyNamed ? message : namedMessage(label, message, t)] };
  });
  form.setFields(named as never);
  pointAtFields(
    form,
    refused.map((field) => field.name),
    true,
  );
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Zod issues as field error entries, one per field (the first). A value of the wrong type that is simply
 * missing in `values` reads "required".
 */
export function issuesToFieldEntries(
  issues: readonly z.core.$ZodIssue[],
  values: Record<string, unknown> = {},
): TFieldErrorEntry[] {
  const byField = new Map<string, TFieldErrorEntry>();
  for (const issue of issues) {
    const name = issue.path.slice(0, 1).map((part) => (typeof part === 'symbol' ? String(part) : part));
    const id = name.join('.');
    const missing = issue.code === 'invalid_type' && isBlank(values[String(name[0])]);
    const key = missing ? 'ERR_FIELD_REQUIRED' : issue.message;
    if (!byField.has(id)) byField.set(id, { name, key });
  }
  return [...byField.values()];
}

/** Zod issues as antd form field errors (plain messages, no field names): for forms outside the page flow. */
export function issuesToFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  t: TFunction,
  values: Record<string, unknown> = {},
): TFieldError[] {
  return issuesToFieldEntries(issues, values).map((entry) => ({
    name: entry.name,
    errors: [fieldErrorText(entry.key, t)],
  }));
}

/**
 * Validates form values with the shared schema before sending. Invalid values put their messages
 * next to the fields (see `showFieldErrors`) and answer null.
 */
export function parseForForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  form: FormInstance,
  t: TFunction,
): z.output<S> | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  showFieldErrors(form, issuesToFieldEntries(parsed.error.issues, (values ?? {}) as Record<string, unknown>), t);
  return null;
}

/**
 * The field errors of a failed call (`fields`: field path → error key, `fieldParams`: the values of each
 * message), as entries on the form. `toName` maps a server path to the form's name path (null: the form has
 * no such field). Answers the entries placed and whether some could not be placed.
 */
export function serverFieldEntries(
  error: ApiCallError,
  toName: (path: string) => TNamePath | null,
): { entries: TFieldErrorEntry[]; unplaced: boolean } {
  const entries: TFieldErrorEntry[] = [];
  let unplaced = false;
  for (const [path, key] of Object.entries(error.fields)) {
    const name = toName(path);
    const params = error.fieldParams[path] ?? error.body?.params;
    if (name) entries.push({ name, key, ...(params && { params }) });
    else unplaced = true;
  }
  return { entries, unplaced };
}

/**
 * Puts the field errors of a failed call next to the form's fields (see `showFieldErrors`). `formFields`
 * lists the form's top-level fields, or is a function mapping a server path to the form's name path. Errors on
 * fields the form does not have, or a call without field errors, show as an alert.
 */
export function showServerErrors(
  error: unknown,
  form: FormInstance,
  t: TFunction,
  formFields: readonly string[] | ((path: string) => TNamePath | null),
): void {
  if (!(error instanceof ApiCallError) || Object.keys(error.fields).length === 0) {
    notifyFailure(error);
    return;
  }
  const toName =
    typeof formFields === 'function'
      ? formFields
      : (path: string) => {
          const name = toNamePath(path);
          return formFields.includes(String(name[0])) ? name.slice(0, 1) : null;
        };
  const { entries, unplaced } = serverFieldEntries(error, toName);
  showFieldErrors(form, entries, t, { banner: !unplaced });
  if (unplaced || entries.length === 0) notifyFailure(error);
}

/** A changed field drops the error shown next to it (errors set by hand are not revalidated by antd). */
export function clearErrorsOnChange(form: FormInstance): (changed: Record<string, unknown>) => void {
  return (changed) => {
    const names = Object.keys(changed).filter((name) => form.getFieldError(name).length > 0);
    if (names.length > 0) form.setFields(names.map((name) => ({ name, errors: [] })));
  };
}
