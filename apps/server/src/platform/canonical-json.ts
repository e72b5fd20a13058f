export type TJson = string | number | boolean | null | TJson[] | { [key: string]: TJson | undefined };

/**
 * JSON with object keys in code-point order at every level and no white space (the shape of RFC 8785
 * for the strings, integers, booleans and nulls events hold), so the same event always hashes the same.
 */
export function canonicalJson(value: TJson): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('not a finite number');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as TJson)}`);
  return `{${entries.join(',')}}`;
}
