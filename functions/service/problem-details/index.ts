import type { Language } from '../languages.js';
import { SERVICE_PROBLEMS, type MessageValues, type ServiceProblemCode } from '../problems.js';
import { sentence } from '../speak.js';
import { PERSIAN } from './fa.js';
import { FRENCH } from './fr.js';

/**
 * Every problem's sentence in every language: English in problems.ts (beside
 * the code's status and meaning), French and Persian here, one table per
 * language with the same ICU arguments (test/functions/problem-details.test.ts).
 */
export const TRANSLATED_DETAILS: Readonly<Record<Exclude<Language, 'en'>, Readonly<Record<ServiceProblemCode, string>>>> = {
  fr: FRENCH,
  fa: PERSIAN,
};

/** The ICU message of a problem's sentence in a language. */
export const detailMessage = (code: ServiceProblemCode, language: Language): string =>
  language === 'en' ? SERVICE_PROBLEMS[code].detail : TRANSLATED_DETAILS[language][code];

/** A problem's sentence in a language, from its arguments. */
export const problemDetail = (code: ServiceProblemCode, language: Language, values: MessageValues): string =>
  sentence(language, detailMessage(code, language), values);
