/**
 * JSON text of an object nested `depth` levels (objects and arrays in turn) around the JSON text `leaf`.
 * Written as text: JSON.stringify itself overflows the stack on a value some thousands deep.
 */
export function nestedJson(depth: number, leaf: string): string {
  let text = leaf;
  for (let level = depth - 1; level >= 0; level--) text = level % 2 ? `[${text}]` : `{"a":${text}}`;
  return text;
}

/** Nested input past the input guard's 64 levels: plain, and hiding text PostgreSQL cannot store. */
export const DEEP_JSON = [nestedJson(5000, '1'), nestedJson(70, '"x\\u0000"'), nestedJson(70, '"x\\ud800"')];
