/** User text with the LIKE wildcards (and the escape character) escaped, to match literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE pattern for text contained anywhere, wildcards of the text escaped. */
export function likeContains(text: string): string {
  return `%${escapeLike(text)}%`;
}
