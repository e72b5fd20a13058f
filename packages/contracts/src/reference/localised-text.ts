import type { Language } from '../constants.ts';

/** A text in each console language. */
export type TLocalisedText = Readonly<Record<Language, string>>;
