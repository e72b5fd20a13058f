import type { TFormControl } from './catalogue/types-schemas.ts';
import type { ErrorKey } from './error-keys.ts';
import { matchesFormPattern } from './form-pattern.ts';

/** Controls that hold a value (TEXT and BR only show something). */
export const holdsValue = (control: TFormControl) => control.kind !== 'TEXT' && control.kind !== 'BR';

/** Whether a control shows, given the other values (its `relevant` condition). */
export function isRelevant(control: TFormControl, values: Record<string, string>): boolean {
  if (!control.relevant) return true;
  const other = values[control.relevant.field] ?? '';
  return other.split(' ').includes(control.relevant.value);
}

/**
 * Checks the values of a type's form: required, options and constraints, skipping controls that do
 * not show. CHECKBOX values are the chosen options separated by spaces (as XForms `select`). Answers
 * field → key for every refused value, and a key for any value no control asks for.
 */
export function checkFormValues(controls: readonly TFormControl[], values: Record<string, string>) {
  const errors: Record<string, ErrorKey> = {};
  const known = new Set(controls.filter(holdsValue).map((control) => control.name));
  for (const name of Object.keys(values)) if (!known.has(name)) errors[name] = 'ERR_FIELD_INVALID';
  for (const control of controls) {
    if (!holdsValue(control) || !isRelevant(control, values)) continue;
    const value = (values[control.name] ?? '').trim();
    if (!value) {
      if (control.required) errors[control.name] = 'ERR_FIELD_REQUIRED';
      continue;
    }
    const allowed = control.options.map((option) => option.value);
    if (control.kind === 'CHECKBOX') {
      if (value.split(/\s+/).some((chosen) => !allowed.includes(chosen))) errors[control.name] = 'ERR_FIELD_INVALID';
      continue;
    }
    if (control.kind === 'SELECT' || control.kind === 'RADIO_BUTTON') {
      if (!allowed.includes(value)) errors[control.name] = 'ERR_FIELD_INVALID';
      continue;
    }
    const { pattern, minLength, maxLength, min, max } = control.constraint;
    const number = Number(value);
    const refused =
      (minLength !== undefined && value.length < minLength) ||
      (maxLength !== undefined && value.length > maxLength) ||
      ((min !== undefined || max !== undefined) &&
        (Number.isNaN(number) || (min !== undefined && number < min) || (max !== undefined && number > max))) ||
      (pattern !== undefined && !matchesFormPattern(pattern, value));
    if (refused) errors[control.name] = 'ERR_FORM_VALUE_CONSTRAINT';
  }
  return errors;
}
