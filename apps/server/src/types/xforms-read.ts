import type { TFormConstraint, TFormControl, TXformsResult } from '@sello/contracts/catalogue/types-schemas';
import type { ErrorKey } from '@sello/contracts/error-keys';
import { compileFormPattern } from '@sello/contracts/form-pattern';
import { childNamed, findAll, parseXmlTree, type TXmlElement, XmlRefused } from '../platform/xml-tree.ts';

type TBind = { required?: string; relevant?: string; constraint?: string; readonly?: string };
type TError = { element: string; key: ErrorKey };

const NUMBER = String.raw`(-?\d+(?:\.\d+)?)`;
const COMPARISON = new RegExp(String.raw`^(string-length\(\s*\.\s*\)|\.)\s*(<=|>=|<|>)\s*${NUMBER}$`);
const REGEX = /^regex\(\s*\.\s*,\s*'([^']*)'\s*\)$/;
const RELEVANT_EQUALS = /^(\/[\w./-]+)\s*=\s*'([^']*)'$/;
const RELEVANT_SELECTED = /^selected\(\s*(\/[\w./-]+)\s*,\s*'([^']*)'\s*\)$/;

const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** `true()`/`false()` (or absent); anything else is an expression this subset does not evaluate. */
function readFlag(value: string | undefined): boolean | undefined {
  if (value === undefined || value.trim() === '' || value.trim() === 'false()') return false;
  if (value.trim() === 'true()') return true;
  return undefined;
}

/**
 * The constraint subset: `regex(., '…')`, `string-length(.) <op> n` and `. <op> n`, joined by `and`; the
 * key of the refusal otherwise. A pattern must compile for RE2, the linear-time engine values are matched with.
 */
function readConstraint(expression: string): TFormConstraint | ErrorKey {
  const constraint: TFormConstraint = {};
  for (const part of expression.split(/\s+and\s+/)) {
    const text = part.trim();
    const regex = REGEX.exec(text);
    if (regex) {
      if (!compileFormPattern(regex[1]!)) return 'ERR_XFORM_UNSUPPORTED_PATTERN';
      constraint.pattern = regex[1]!;
      continue;
    }
    const comparison = COMPARISON.exec(text);
    if (!comparison) return 'ERR_XFORM_UNSUPPORTED_EXPRESSION';
    const [, subject, operator, raw] = comparison;
    const value = Number(raw);
    const length = subject !== '.';
    if (length && !Number.isInteger(value)) return 'ERR_XFORM_UNSUPPORTED_EXPRESSION';
    if (operator === '<=') constraint[length ? 'maxLength' : 'max'] = value;
    if (operator === '<') constraint[length ? 'maxLength' : 'max'] = length ? value - 1 : value - Number.EPSILON;
    if (operator === '>=') constraint[length ? 'minLength' : 'min'] = value;
    if (operator === '>') constraint[length ? 'minLength' : 'min'] = length ? value + 1 : value + Number.EPSILON;
  }
  return constraint;
}

function readRelevant(expression: string): TFormControl['relevant'] | undefined {
  const text = expression.trim();
  const match = RELEVANT_EQUALS.exec(text) ?? RELEVANT_SELECTED.exec(text);
  return match ? { field: lastSegment(match[1]!), value: match[2]! } : undefined;
}

const labelOf = (element: TXmlElement) => {
  const label = childNamed(element, 'label');
  return label && !label.attributes.ref ? label.text.trim() : '';
};

/**
 * Reads an ODK XForms document (the subset docs/decisions/types.md lists) into the form controls of spec §3:
 * input → INPUT_TEXT (TEXT_AREA with appearance multiline, TEXT when read-only), textarea → TEXT_AREA (TEXT when
 * read-only), select1 → SELECT
 * (appearance minimal) or RADIO_BUTTON, select → CHECKBOX, h:br → BR. Every element that cannot be read
 * gives its own error; the form is valid only without any.
 */
export function readXforms(text: string): TXformsResult {
  let root: TXmlElement;
  try {
    root = parseXmlTree(text);
  } catch (error) {
    if (error instanceof XmlRefused)
      return { valid: false, errors: [{ element: 'document', key: error.key }], controls: [] };
    throw error;
  }
  const errors: TError[] = [];
  const body = root.name === 'html' ? childNamed(root, 'body') : undefined;
  const head = root.name === 'html' ? childNamed(root, 'head') : undefined;
  const model = head ? childNamed(head, 'model') : undefined;
  if (!body || !model || !childNamed(model, 'instance')) {
    return { valid: false, errors: [{ element: 'document', key: 'ERR_XFORM_MALFORMED' }], controls: [] };
  }
  const binds = new Map<string, TBind>();
  for (const bind of findAll(model, 'bind')) {
    const path = bind.attributes.nodeset ?? bind.attributes.ref;
    if (path) binds.set(path, bind.attributes);
  }

  const controls: TFormControl[] = [];
  const names = new Set<string>();

  function readControl(element: TXmlElement): void {
    if (element.name === 'group') {
      for (const child of element.children) readControl(child);
      return;
    }
    if (element.name === 'label' || element.name === 'hint') return;
    if (element.name === 'br') {
      controls.push({ kind: 'BR', name: '', label: '', required: false, options: [], constraint: {}, relevant: null });
      return;
    }
    const ref = element.attributes.ref ?? '';
    const name = lastSegment(ref);
    const elementId = name || element.name;
    if (!['input', 'textarea', 'select1', 'select'].includes(element.name)) {
      errors.push({ element: elementId, key: 'ERR_XFORM_UNSUPPORTED_CONTROL' });
      return;
    }
    if (!/^[A-Za-z][\w.-]{0,63}$/.test(name)) {
      errors.push({ element: elementId, key: 'ERR_XFORM_MALFORMED' });
      return;
    }
    if (names.has(name)) {
      errors.push({ element: name, key: 'ERR_XFORM_DUPLICATE_NAME' });
      return;
    }
    names.add(name);
    const label = labelOf(element);
    if (!label) errors.push({ element: name, key: 'ERR_XFORM_NO_LABEL' });
    const bind = binds.get(ref) ?? {};
    const required = readFlag(bind.required);
    const readonly = readFlag(bind.readonly);
    const constraint = bind.constraint ? readConstraint(bind.constraint) : {};
    if (typeof constraint === 'string') {
      errors.push({ element: name, key: constraint });
      return;
    }
    const relevant = bind.relevant ? readRelevant(bind.relevant) : null;
    if (required === undefined || readonly === undefined || relevant === undefined) {
      errors.push({ element: name, key: 'ERR_XFORM_UNSUPPORTED_EXPRESSION' });
      return;
    }
    const options = findAll(element, 'item').map((item) => ({
      value: childNamed(item, 'value')?.text.trim() ?? '',
      text: labelOf(item),
    }));
    let kind: TFormControl['kind'];
    if (element.name === 'input' || element.name === 'textarea') {
      const multiline = element.name === 'textarea' || element.attributes.appearance?.includes('multiline');
      if (readonly) kind = 'TEXT';
      else kind = multiline ? 'TEXT_AREA' : 'INPUT_TEXT';
    } else {
      if (options.length === 0 || options.some((option) => !option.value || !option.text)) {
        errors.push({ element: name, key: 'ERR_XFORM_NO_OPTIONS' });
        return;
      }
      if (element.name === 'select') kind = 'CHECKBOX';
      else kind = element.attributes.appearance?.includes('minimal') ? 'SELECT' : 'RADIO_BUTTON';
    }
    controls.push({
      kind,
      name,
      label,
      required: kind === 'TEXT' ? false : required,
      options: kind === 'TEXT' || kind === 'INPUT_TEXT' || kind === 'TEXT_AREA' ? [] : options,
      constraint,
      relevant,
    });
  }

  for (const child of body.children) readControl(child);
  for (const control of controls) {
    if (control.relevant && !names.has(control.relevant.field)) {
      errors.push({ element: control.name, key: 'ERR_XFORM_UNSUPPORTED_EXPRESSION' });
    }
  }
  if (controls.filter((control) => control.kind !== 'BR').length === 0 && errors.length === 0) {
    errors.push({ element: 'body', key: 'ERR_XFORM_NO_CONTROLS' });
  }
  return { valid: errors.length === 0, errors, controls };
}
