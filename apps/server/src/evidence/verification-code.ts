import { randomInt } from 'node:crypto';
import type { TConfig } from '../config.ts';

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed from paper is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 symbols, 60 bits: not guessable at the rate the public page allows. */
const LENGTH = 12;

/** A new code, `7KQ2-M9XD-4TBN`. */
export function createVerificationCode(): string {
  const symbols = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return symbols.match(/.{4}/g)!.join('-');
}

/** A code as typed (any case, spaces or dashes, the letters Crockford reads as digits), or null when it cannot be one. */
export function normaliseVerificationCode(input: string): string | null {
  const symbols = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (symbols.length !== LENGTH || [...symbols].some((symbol) => !ALPHABET.includes(symbol))) return null;
  return symbols.match(/.{4}/g)!.join('-');
}

/** The console's public verification page for `code` (PUBLIC_URL, else the server's own address). */
export function verificationUrl(config: Pick<TConfig, 'PUBLIC_URL' | 'PORT'>, code: string): string {
  const base = config.PUBLIC_URL ?? `http://localhost:${config.PORT}/`;
  return `${base.endsWith('/') ? base : `${base}/`}#/verify/${code}`;
}
