import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import {
  CONFIRMATION_MAIL,
  DIGEST_MAIL,
  DISABLED_ADDRESS,
  LINK_PAGES,
  MAIL_FRAME,
  NOTICE_MAIL,
  SIGN_IN_MAIL,
  SIGN_IN_REQUESTED,
} from '../../functions/push/email/sentences.js';
import { CHAT_SENTENCES } from '../../functions/push/webhooks/chat.js';
import { DISABLED_WEBHOOK } from '../../functions/push/webhooks/courier.js';
import { PUSH_SENTENCES } from '../../functions/push/webpush/message.js';
import { LANGUAGES } from '../../functions/service/languages.js';
import type { Sentences } from '../../functions/service/speak.js';
import { argumentsOf } from '../support/icu.js';

/**
 * Every table of sentences the server writes for people (push, e-mail, the
 * pages e-mail links open, chat apps' webhooks), as the web catalogs are held: each language has
 * the English one's keys, each sentence parses as ICU MessageFormat and names
 * the English one's arguments; French puts a no-break space before : ; ! ?,
 * Persian writes its prefix می and suffix ها joined by ZWNJ, never by a space.
 */
const TABLES: Readonly<Record<string, Sentences<string>>> = {
  PUSH_SENTENCES,
  MAIL_FRAME,
  CONFIRMATION_MAIL,
  SIGN_IN_MAIL,
  NOTICE_MAIL,
  DIGEST_MAIL,
  LINK_PAGES,
  SIGN_IN_REQUESTED,
  CHAT_SENTENCES,
  DISABLED_ADDRESS,
  DISABLED_WEBHOOK,
};

/** What is wrong with a table, one line each (none for a good one). A language missing altogether reads as one with no sentence. */
function faultsOf(table: Partial<Record<string, Readonly<Record<string, string>>>>): string[] {
  const english = table.en ?? {};
  const faults: string[] = [];
  for (const language of LANGUAGES) {
    const own = table[language] ?? {};
    for (const key of Object.keys(english)) if (!(key in own)) faults.push(`${language}.${key}: missing`);
    for (const [key, text] of Object.entries(own)) {
      if (!(key in english)) {
        faults.push(`${language}.${key}: no English sentence`);
        continue;
      }
      try {
        const names = [...argumentsOf(parse(text))].sort().join(', ');
        const expected = [...argumentsOf(parse(english[key] ?? ''))].sort().join(', ');
        if (names !== expected) faults.push(`${language}.${key}: names {${names}} where English names {${expected}}`);
      } catch (error) {
        faults.push(`${language}.${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (language === 'fr' && /[^\u00A0\u202F][:;!?]/u.test(text)) faults.push(`${language}.${key}: no no-break space before : ; ! ?`);
      if (language === 'fa' && /(^|\s)می\s|\sها(\s|$)/u.test(text)) faults.push(`${language}.${key}: می or ها apart, not joined by ZWNJ`);
    }
  }
  return faults;
}

describe('the server’s sentences in every language', () => {
  it.each(Object.entries(TABLES))('%s: every language has each sentence, naming the English one’s arguments, in its typography', (_, table) => {
    expect(faultsOf(table)).toEqual([]);
  });

  it('finds a language missing, a sentence missing, other arguments, an unparsable one and the typography (the check can fail)', () => {
    const en = { turn: 'Your turn in {title}: play by {deadline}.', won: 'You won!' };
    expect(faultsOf({ en, fr: { turn: 'À vous dans {title}\u00A0: jouez avant le {deadline}.', won: 'Gagné\u202F!' } })).toEqual([
      'fa.turn: missing',
      'fa.won: missing',
    ]);
    expect(
      faultsOf({
        en,
        fr: { turn: 'À vous dans {game} : jouez avant le {deadline}.', won: 'Gagné\u202F!' },
        fa: { turn: 'نوبت شما در {title}: تا {deadline} {kind, select, other {بازی کنید}', won: 'بازی را می بردید!', extra: 'بازی‌ها' },
      }),
    ).toEqual([
      'fr.turn: names {deadline, game} where English names {deadline, title}',
      'fr.turn: no no-break space before : ; ! ?',
      expect.stringMatching(/^fa\.turn: /),
      'fa.won: می or ها apart, not joined by ZWNJ',
      'fa.extra: no English sentence',
    ]);
  });
});
