import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries drawn from a zod 4 schema: values the schema accepts, values at its limits and
 * values it must refuse (wrong types, NUL characters, out-of-range numbers and dates, oversized text).
 */

type TDef = {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  [key: string]: unknown;
};

const defOf = (schema: unknown): TDef => (schema as { _zod: { def: TDef } })._zod.def;

const checksOf = (def: TDef) => (def.checks ?? []).map((check) => check._zod.def);

/** Text that breaks things: NUL, control and astral characters, SQL and JSON punctuation, huge lengths. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '',
    ' ',
    "'; DROP TABLE users; --",
    '%',
    '_',
    '\\',
    '{"deleted":true}',
    '[]',
    '{',
    'null',
    'NaN',
    '-1',
    '1e309',
    '9007199254740993',
    '99999999999999999999',
    '2147483648',
    '-0',
    '0x10',
    '+275760-09-13T00:00:00.000Z',
    '0000-00-00T00:00:00Z',
    '9999-12-31T23:59:59.999Z',
    '1900-02-29',
    '\uD800',
    '😀'.repeat(50),
    '<script>alert(1)</script>',
    '../../etc/passwd',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 3000 }),
);

const hostileNumber = fc.constantFrom(
  -1,
  0,
  1,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e308,
  -1e308,
  0.5,
  1e-7,
);

/** Any JSON value, the fallback for "the wrong type". */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { maxDepth: 2 },
  hostileText,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(hostileText, hostileNumber), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(hostileText, hostileNumber), { maxKeys: 3 }),
);

function stringArbitrary(def: TDef): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const min = Number(checks.find((check) => check.check === 'min_length')?.minimum ?? 0);
  const max = Number(checks.find((check) => check.check === 'max_length')?.maximum ?? Math.max(min, 30));
  const pattern =
    (def.pattern as RegExp | undefined) ??
    (checks.find((check) => check.check === 'string_format')?.pattern as RegExp | undefined);
  if (def.format === 'datetime' || def.format === 'date') {
    return fc
      .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => (def.format === 'date' ? date.toISOString().slice(0, 10) : date.toISOString()));
  }
  if (def.format === 'email') return fc.emailAddress();
  if (pattern) return fc.stringMatching(pattern).filter((text) => text.length <= 5000);
  const valid = fc.string({ minLength: min, maxLength: Math.min(max, 60) });
  const bounds = fc.constantFrom('x'.repeat(Math.min(max, 5000)), 'x'.repeat(Math.min(max + 1, 5001)), 'x'.repeat(min));
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: bounds, weight: 1 });
}

function numberArbitrary(def: TDef): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const integer = checks.some((check) => check.format === 'safeint' || check.format === 'int32');
  const lower = checks.find((check) => check.check === 'greater_than');
  const upper = checks.find((check) => check.check === 'less_than');
  const min = lower ? Number(lower.value) + (lower.inclusive ? 0 : integer ? 1 : 0.001) : integer ? 0 : -1000;
  const max = upper ? Number(upper.value) - (upper.inclusive ? 0 : integer ? 1 : 0.001) : min + 1000;
  const valid = integer
    ? fc.integer({ min: Math.ceil(Math.max(min, -1e9)), max: Math.floor(Math.min(max, 1e9)) })
    : fc.double({ min, max, noNaN: true });
  // Small ids find real records; limits and their neighbours test the edges.
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: fc.integer({ min: 1, max: 40 }), weight: 2 },
    { arbitrary: fc.constantFrom(min, max, min - 1, max + 1), weight: 1 },
  );
}

/** Values a schema accepts (mostly) or should accept, built from its definition. */
export function validArbitrary(schema: z.ZodType | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 8) return fc.constant(undefined);
  const def = defOf(schema);
  const inner = (key: string) => validArbitrary(def[key] as z.ZodType, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
    case 'int':
      return numberArbitrary(def);
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 1000n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'optional':
      return fc.option(inner('innerType'), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
      return fc.option(inner('innerType'), { nil: undefined, freq: 4 });
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'lazy':
      return validArbitrary((def.getter as () => z.ZodType)(), depth + 1);
    case 'pipe': {
      const input = defOf(def.in);
      return input.type === 'transform' ? inner('out') : inner('in');
    }
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => validArbitrary(option, depth + 1)));
    case 'intersection':
      return fc
        .tuple(inner('left'), inner('right'))
        .map(([left, right]) => ({ ...(left as object), ...(right as object) }));
    case 'array': {
      const checks = checksOf(def);
      const minLength = Number(checks.find((check) => check.check === 'min_length')?.minimum ?? 0);
      const maxLength = Number(checks.find((check) => check.check === 'max_length')?.maximum ?? 4);
      return fc.array(inner('element'), { minLength, maxLength: Math.min(Math.max(maxLength, minLength), 6) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map((item) => validArbitrary(item, depth + 1)));
    case 'record':
      return fc.dictionary(validArbitrary(def.keyType as z.ZodType, depth + 1).map(String), inner('valueType'), {
        maxKeys: 3,
      });
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const entries = Object.entries(shape).map(([key, value]) => [key, validArbitrary(value, depth + 1)] as const);
      return fc
        .record(Object.fromEntries(entries))
        .map((value) => Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)));
    }
    default:
      return anyJson;
  }
}

/**
 * A value for `schema` that is valid, at a limit, or malformed: at every level one field in a few is
 * replaced by something hostile, so both the validation and what lies behind it are exercised.
 */
export function fuzzArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  const valid = validArbitrary(schema);
  const broken = fc.tuple(valid, fc.string({ maxLength: 12 }), anyJson).map(([value, key, junk]) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return junk;
    const keys = Object.keys(value);
    const target = keys.length > 0 ? keys[key.length % keys.length]! : key;
    return { ...value, [target]: junk };
  });
  return fc.oneof({ arbitrary: valid, weight: 5 }, { arbitrary: broken, weight: 4 }, { arbitrary: anyJson, weight: 1 });
}
