import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiCallError, notifyFailure } from '../../api/http-client.ts';

type TFieldError = { name: (string | number)[]; errors: string[] };

const KEY_PATTERN = /^[A-Z][A-Z0-9_]+$/;

/** The text of an error key for a field; zod's own messages become "not valid". */
export function fieldErrorText(key: string, t: TFunction): string {
  if (key === 'ERR_CONFLICT') return t('ERR_FIELD_IN_USE');
  return t(KEY_PATTERN.test(key) ? key : 'ERR_FIELD_INVALID');
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Zod issues as antd form field errors, one message per field (the first). A value of the wrong
 * type that is simply missing in `values` reads "required".
 */
export function issuesToFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  t: TFunction,
  values: Record<string, unknown> = {},
): TFieldError[] {
  const byField = new Map<string, TFieldError>();
  for (const issue of issues) {
    const name = issue.path.slice(0, 1).map((part) => (typeof part === 'symbol' ? String(part) : part));
    const id = name.join('.');
    const missing = issue.code === 'invalid_type' && isBlank(values[String(name[0])]);
    const key = missing ? 'ERR_FIELD_REQUIRED' : issue.message;
    if (!byField.has(id)) byField.set(id, { name, errors: [fieldErrorText(key, t)] });
  }
  return [...byField.values()];
}

/**
 * Validates form values with the shared schema before sending. Invalid values put their messages
 * next to the fields and answer null.
 */
export function parseForForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  form: FormInstance,
  t: TFunction,
): z.output<S> | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  form.setFields(issuesToFieldErrors(parsed.error.issues, t, (values ?? {}) as Record<string, unknown>));
  return null;
}

/**
 * Puts the field errors of a failed call (`fields`: field path → error key) next to the form's
 * fields. Errors on fields the form does not have, or a call without field errors, show as an alert.
 */
export function showServerErrors(
  error: unknown,
  form: FormInstance,
  t: TFunction,
  formFields: readonly string[],
): void {
  if (!(error instanceof ApiCallError) || Object.keys(error.fields).length === 0) {
    notifyFailure(error);
    return;
  }
  const shown: TFieldError[] = [];
  let unplaced = false;
  for (const [path, key] of Object.entries(error.fields)) {
    const field = path.split('.')[0] ?? path;
    if (formFields.includes(field)) shown.push({ name: [field], errors: [fieldErrorText(key, t)] });
    else unplaced = true;
  }
  form.setFields(shown);
  if (unplaced || shown.length === 0) notifyFailure(error);
}

/** A changed field drops the error shown next to it (errors set by hand are not revalidated by antd). */
export function clearErrorsOnChange(form: FormInstance): (changed: Record<string, unknown>) => void {
  return (changed) => {
    const names = Object.keys(changed).filter((name) => form.getFieldError(name).length > 0);
    if (names.length > 0) form.setFields(names.map((name) => ({ name, errors: [] })));
  };
}
