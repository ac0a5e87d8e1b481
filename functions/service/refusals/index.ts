import { KIT_REJECTIONS, type Rejection } from '../../../core/engine/index.js';
import { writtenIn, type Speaker, type Spoken } from '../errors.js';
import type { Language } from '../languages.js';
import { format, LOCALES, sentence } from '../speak.js';
import { KIT_REFUSALS } from './kit.js';
import type { RefusalTable } from './table.js';
import { VCK_REFUSALS } from './valeria-card-kingdoms.js';
import { VP_REFUSALS } from './village-pillage.js';
import { VV_REFUSALS } from './villages-of-valeria.js';

/**
 * The engines' refusals in the caller's language. Core writes each refusal's
 * English sentence and keeps its blanks' values (`Rejection.values`); the
 * service says it again in French or Persian from these tables, one per
 * table of codes (the kit's and each game's), since two games may give one
 * code different blanks. A game without a table here (a test's fixture)
 * answers in English, and says so.
 */
const BY_GAME: Readonly<Record<string, RefusalTable>> = {
  'valeria-card-kingdoms': VCK_REFUSALS,
  'villages-of-valeria': VV_REFUSALS,
  'village-pillage': VP_REFUSALS,
};

/** Every table of translated refusals, by the table it translates (tests check each against its English). */
export const REFUSAL_TABLES: Readonly<Record<string, RefusalTable>> = { kit: KIT_REFUSALS, ...BY_GAME };

/** Where a refusal of a batch of moves came from; nothing of the batch was applied. */
const IN_BATCH: Readonly<Record<Language, string>> = {
  en: '{refusal} (move {index} of the batch; nothing was applied)',
  fr: '{refusal} (coup {index, number} du lot\u202f; rien n’a été appliqué)',
  fa: '{refusal} (حرکت {index, number} از این دسته از حرکت‌ها؛ هیچ‌کدام اعمال نشد)',
};

/** A list of seats the kit writes as text ("0, 2"): in the language's digits and list punctuation. */
const SEAT_LIST = /^\d+(, \d+)*$/;
const seatsIn = (seats: string, language: Language) => {
  const numbers = new Intl.NumberFormat(LOCALES[language]);
  return seats
    .split(', ')
    .map((seat) => numbers.format(Number(seat)))
    .join(language === 'fa' ? '، ' : ', ');
};

/** A value as the language shows it: a game term in its words, a list of seats in its digits, anything else as it is. */
const shownIn = (value: string | number, terms: Readonly<Record<string, string>>, language: Language) => {
  if (typeof value === 'number') return value;
  return terms[value] ?? (SEAT_LIST.test(value) ? seatsIn(value, language) : value);
};

function refusalIn(game: string, rejection: Rejection, language: Language): Spoken {
  const table = rejection.code in KIT_REJECTIONS ? KIT_REFUSALS : BY_GAME[game];
  const template = language === 'en' ? undefined : table?.sentences[language][rejection.code];
  if (!table || language === 'en' || template === undefined) return { text: rejection.message, languages: ['en'] };
  const terms = table.terms[language];
  const values = Object.entries(rejection.values).map(([blank, value]) => [blank, shownIn(value, terms, language)]);
  return {
    text: sentence(language, template, Object.fromEntries(values) as Record<string, string | number>),
    languages: writtenIn(language, table.quotesEnglish.includes(rejection.code)),
  };
}

/** How a refusal of `game`'s engine speaks; `batchIndex` names the move of a batch that was refused. */
export function refusalSpeaker(game: string, rejection: Rejection, batchIndex?: number): Speaker {
  return (language) => {
    const said = refusalIn(game, rejection, language);
    if (batchIndex === undefined) return said;
    const spoken = said.languages[0] ?? language;
    return { text: format(spoken, IN_BATCH[spoken], { refusal: said.text, index: batchIndex }), languages: said.languages };
  };
}
