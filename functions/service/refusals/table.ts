import type { RejectionTable } from '../../../core/engine/index.js';
import type { Language } from '../languages.js';

/** The languages a refusal is translated into from the engines' English. */
export type Translated = Exclude<Language, 'en'>;

/**
 * One table of the engines' refusals (the kit's, or a game's) in French and
 * Persian: each code of the English table (core) as an ICU message with the
 * same blanks; the words the engine puts in those blanks (its game terms,
 * as the rulebooks of that language print them); and the codes whose blanks
 * carry English prose the engine writes (a schema's issues, a harvest's
 * problem), so their answer says it is English too.
 */
export interface RefusalTranslations<T extends RejectionTable> {
  readonly english: T;
  readonly sentences: Readonly<Record<Translated, Readonly<Record<keyof T, string>>>>;
  readonly terms: Readonly<Record<Translated, Readonly<Record<string, string>>>>;
  readonly quotesEnglish: readonly (keyof T & string)[];
}

/** A table as the service reads it, by any code a refusal names. */
export interface RefusalTable {
  readonly english: RejectionTable;
  readonly sentences: Readonly<Record<Translated, Readonly<Record<string, string>>>>;
  readonly terms: Readonly<Record<Translated, Readonly<Record<string, string>>>>;
  readonly quotesEnglish: readonly string[];
}

/** A table's translations, checked against its English codes when written. */
export const translations = <T extends RejectionTable>(table: RefusalTranslations<T>): RefusalTable => table;
