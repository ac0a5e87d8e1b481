import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { fail, type FactsOf, type RaisedCode } from '../../functions/service/errors.js';
import { LANGUAGES } from '../../functions/service/languages.js';
import { detailMessage, TRANSLATED_DETAILS } from '../../functions/service/problem-details/index.js';
import { SERVICE_PROBLEMS, type ServiceProblemCode } from '../../functions/service/problems.js';
import { REFUSAL_TABLES, refusalSpeaker } from '../../functions/service/refusals/index.js';
import { reject as rejectKit } from '../../core/engine/index.js';
import { reject as rejectVck } from '../../core/games/valeria-card-kingdoms/rejections.js';
import { reject as rejectVp } from '../../core/games/village-pillage/rejections.js';

/** What a message asks for: each argument's name, and for each `select` or `plural`, the cases it offers. */
function shapeOf(elements: readonly MessageFormatElement[], into = new Map<string, string>()): Map<string, string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      shapeOf(element.children, into);
      continue;
    }
    const cases = element.type === TYPE.select ? Object.keys(element.options).sort().join('|') : '';
    into.set(element.value, [into.get(element.value) ?? '', cases].filter(Boolean).join(';'));
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) shapeOf(option.value, into);
  }
  return into;
}

const shape = (message: string) => Object.fromEntries([...shapeOf(parse(message))].sort(([a], [b]) => a.localeCompare(b)));

const CODES = Object.keys(SERVICE_PROBLEMS) as ServiceProblemCode[];

describe('the problems’ sentences in every language', () => {
  it('word every code in English, French and Persian, and nothing else', () => {
    for (const [language, table] of Object.entries(TRANSLATED_DETAILS)) {
      expect(Object.keys(table).sort(), language).toEqual([...CODES].sort());
      for (const code of CODES) expect(table[code].trim().length, `${language} ${code}`).toBeGreaterThan(3);
    }
  });

  it('parse as ICU messages naming exactly the English one’s arguments and select cases', () => {
    for (const code of CODES) {
      const english = shape(detailMessage(code, 'en'));
      for (const language of LANGUAGES) expect(shape(detailMessage(code, language)), `${language} ${code}`).toEqual(english);
    }
  });

  it('catch a translation that names another blank, drops one, or does not parse', () => {
    expect(shape('La place {place} est prise.')).not.toEqual(shape('Seat {seat} is already taken.'));
    expect(shape('{to, select, move {a} other {b}}')).not.toEqual(shape('{to, select, move {a} undo {c} other {b}}'));
    expect(() => parse('{limit, plural, one {# coup}')).toThrow();
  });

  it('follow French typography: no-break spaces before the high signs and inside the guillemets, the typographic apostrophe', () => {
    for (const code of CODES) {
      const french = TRANSLATED_DETAILS.fr[code];
      expect(french, code).not.toMatch(/ [:;?!»]|« /);
      expect(french, code).not.toMatch(/[a-zé]'[a-zéèêàâ]/i);
    }
  });
});

/** A raiser's facts for each code, as the service names them: every code is rendered in every language below. */
const FACTS: { readonly [C in RaisedCode]: unknown extends FactsOf<C> ? null : FactsOf<C> } = {
  'invalid-request': { errors: [{ path: 'body.name', message: 'Required' }] },
  'malformed-json': null,
  'invalid-body': { maxDepth: 32 },
  'bad-request': null,
  'invalid-if-match': null,
  'invalid-cursor': { list: 'open games' },
  'cursor-out-of-range': { version: 12, after: 40 },
  'invalid-name': { fault: 'length', length: 41, max: 40 },
  'missing-token': null,
  'malformed-token': null,
  'invalid-token': null,
  'token-expired': { expiredAt: '2026-01-01T00:00:00Z' },
  'insufficient-scope': { scope: 'play', missing: ['play'], to: 'grant' },
  'not-seated': { to: 'keep standing orders' },
  'blocked-at-table': null,
  'cannot-block-yourself': null,
  'too-many-blocks': { limit: 500 },
  'reliability-too-low': { required: 90, reliability: 72 },
  'not-creator': null,
  'not-through-edge': null,
  'player-not-found': { playerId: 'p_1' },
  'game-not-found': { gameId: 'g_1' },
  'block-not-found': { playerId: 'p_2' },
  'seek-not-found': { seekId: 's_1' },
  'webhook-not-found': { webhookId: 'w_1' },
  'seek-seated': { gameId: 'g_2' },
  'seek-exists': { seekId: 's_2' },
  'too-many-seeks': { limit: 5 },
  'bots-not-allowed': null,
  'access-token-not-found': { tokenId: 't_1' },
  'passkey-not-found': { passkeyId: 'k_1' },
  'email-not-set': null,
  'email-link-invalid': null,
  'push-subscription-not-found': { subscriptionId: 'u_1' },
  'route-not-found': { method: 'GET', path: '/v1/nowhere' },
  'method-not-allowed': { method: 'PUT', path: '/v1/games', allow: ['GET', 'POST'] },
  'version-mismatch': { pinned: 11, current: 12 },
  'game-full': null,
  'game-finished': { to: 'reclaim' },
  'game-not-started': null,
  'game-not-finished': null,
  'seat-taken': { seat: 1 },
  'already-seated': null,
  contention: { over: 'standing orders' },
  'idempotency-key-reused': null,
  'undo-not-allowed': { version: 7, reason: 'it ended the game' },
  'too-many-running-games': { limit: 50 },
  'too-many-undos': { limit: 2 },
  'seat-not-replaced': null,
  'vacation-running': { until: '2026-12-01T00:00:00Z' },
  'no-vacation-running': null,
  'vacation-in-past': null,
  'vacation-allowance-exceeded': { days: 9, remainingDays: 3, allowanceDays: 30, year: 2026 },
  'engine-version-unsupported': { recorded: 1, title: 'Village Pillage', supported: 2 },
  'uri-too-long': { maxChars: 8192 },
  'payload-too-large': { maxBytes: 1048576 },
  'unsupported-media-type': null,
  'unknown-game': { game: 'chess', withCards: true },
  'invalid-seats': { title: 'Village Pillage', minSeats: 2, maxSeats: 5, seats: 7 },
  'solo-games-unrated': null,
  'invalid-options': { title: 'Village Pillage', errors: [{ path: 'options.turnSeconds', message: 'Too small' }] },
  'no-such-seat': { seats: 4 },
  'no-standing-orders': { game: 'village-pillage' },
  'webhook-target-forbidden': { why: 'a webhook URL must use https' },
  'push-endpoint-forbidden': { why: 'not a URL' },
  'invalid-push-keys': { why: 'keys.p256dh is not a point on P-256' },
  'invalid-events': { scope: 'game', allowed: ['commit', 'game-ended'], stray: ['your-turn'] },
  'already-bot': null,
  'deletion-not-confirmed': null,
  'games-played': null,
  'invalid-bot-owner': { owner: 'p_3', why: 'no-such-player' },
  'token-expiry-in-past': null,
  'too-many-access-tokens': { max: 20 },
  'too-many-passkeys': { max: 10 },
  'passkey-challenge-unknown': null,
  'passkey-challenge-expired': { expiredAt: '2026-01-01T00:05:00Z' },
  'passkey-challenge-used': null,
  'sign-in-link-unknown': null,
  'sign-in-link-used': null,
  'sign-in-link-expired': { expiredAt: '2026-01-01T00:15:00Z' },
  'too-many-sign-in-links': { limit: 3 },
  'passkey-not-verified': { why: 'the signature does not verify' },
  'passkey-unknown': null,
  'passkey-counter-regressed': { counter: 4, seen: 9 },
  'passkey-already-registered': null,
  'invalid-standing-orders': { errors: [{ path: 'orders.0', message: 'Invalid' }] },
  'too-many-webhooks': { limit: 10 },
  'too-many-push-subscriptions': { limit: 10 },
  'too-many-connections': { limit: 10 },
  'too-many-subscriptions': { limit: 20 },
  'too-many-stream-tickets': { limit: 10 },
  'rate-limited': { policy: 'moves', caller: 'address', limit: 30, windowSeconds: 60, retryAfter: 12 },
  'internal-error': null,
  'email-unavailable': null,
  'web-push-unavailable': null,
  'passkeys-unavailable': null,
  'store-unavailable': { outcome: 'unknown' },
};

describe('a problem raised with its facts', () => {
  const raised = (code: RaisedCode) => {
    const facts = FACTS[code];
    return (fail as (code: RaisedCode, facts?: unknown) => ReturnType<typeof fail>)(code, facts ?? undefined);
  };

  it('says every code in every language, and only its sentence changes: code, status, fields and Retry-After are the same', () => {
    for (const code of Object.keys(FACTS) as RaisedCode[]) {
      const error = raised(code);
      const english = error.detailIn('en');
      expect(english).toEqual({ text: error.detail, languages: ['en'] });
      for (const language of ['fr', 'fa'] as const) {
        const said = error.detailIn(language);
        expect(said.text, `${language} ${code}`).not.toEqual(english.text);
        expect(said.text, `${language} ${code}`).not.toMatch(/[{}]/);
        expect(said.languages[0], code).toBe(language);
        expect(said.languages.length === 2, code).toBe('quotesEnglish' in SERVICE_PROBLEMS[code]);
      }
      // The machine side is made once, from the facts, whatever language is asked for later.
      const again = raised(code);
      expect([again.code, again.status, again.extra, again.retryAfterSeconds]).toEqual([
        code,
        SERVICE_PROBLEMS[code].status,
        error.extra,
        error.retryAfterSeconds,
      ]);
    }
  });

  it('writes Persian numbers in Persian digits, keeps ids left to right, and leaves the English as it was', () => {
    const limited = raised('rate-limited');
    expect(limited.detail).toBe('Too many requests: the "moves" limit allows 30 per 60 s for each client address. Try again in 12 s.');
    expect(limited.detailIn('fa').text).toContain('۳۰ درخواست در هر ۶۰ ثانیه');
    expect(limited.detailIn('fr').text).toBe(
      'Trop de requêtes\u00a0: la limite «\u00a0\u2068moves\u2069\u00a0» permet 30 requêtes par 60\u00a0s pour chaque adresse cliente. Réessayez dans 12\u00a0s.',
    );
    expect(raised('game-not-found').detailIn('fa').text).toBe('بازی‌ای با شناسهٔ \u2068g_1\u2069 نیست.');
    expect(raised('payload-too-large').detail).toBe('Request bodies are limited to 1048576 bytes.');
    expect(raised('payload-too-large').detailIn('fa').text).toBe('بدنهٔ درخواست حداکثر ۱٬۰۴۸٬۵۷۶ بایت است.');
    expect(raised('missing-token').detail).toBe('Send your API token as `Authorization: Bearer <token>`.');
  });
});

describe('the engines’ refusals in every language', () => {
  it('word every code of each English table in French and Persian, with exactly its blanks', () => {
    for (const [name, table] of Object.entries(REFUSAL_TABLES)) {
      const codes = Object.keys(table.english).sort();
      for (const language of ['fr', 'fa'] as const) {
        expect(Object.keys(table.sentences[language]).sort(), `${name} ${language}`).toEqual(codes);
        for (const code of codes) {
          expect(shape(table.sentences[language][code] ?? ''), `${name} ${language} ${code}`).toEqual(shape(table.english[code] ?? ''));
        }
      }
      expect(Object.keys(table.terms.fa).sort(), `${name} terms`).toEqual(Object.keys(table.terms.fr).sort());
      for (const code of table.quotesEnglish) expect(codes, name).toContain(code);
    }
  });
});

describe('an engine’s refusal said again in the caller’s language', () => {
  it('puts the game’s terms in the rulebook’s words, keeps card names, and says when a batch was refused', () => {
    const poor = rejectVck('cannot-afford', { amount: 3, resource: 'Gold', magic: 1 });
    expect(poor.message).toBe('You do not have 3 Gold and 1 Magic.');
    const said = refusalSpeaker('valeria-card-kingdoms', poor);
    expect(said('en')).toEqual({ text: 'You do not have 3 Gold and 1 Magic.', languages: ['en'] });
    expect(said('fr')).toEqual({ text: 'Vous n’avez pas 3 \u2068Or\u2069 et 1 Magie.', languages: ['fr'] });
    expect(said('fa')).toEqual({ text: 'شما ۳ \u2068طلا\u2069 و ۱ جادو ندارید.', languages: ['fa'] });

    const plan = refusalSpeaker('village-pillage', rejectVp('wrong-plan', { wanted: 'a front and a back card (queue)' }), 2);
    expect(plan('en').text).toBe('This round you place a front and a back card (queue). (move 2 of the batch; nothing was applied)');
    expect(plan('fr').text).toBe(
      'Cette manche, vous placez \u2068une carte devant et une carte derrière (file)\u2069. (coup 2 du lot\u202f; rien n’a été appliqué)',
    );
    expect(plan('fa').text).toBe('در این دور \u2068یک کارت جلو و یک کارت پشت (صف)\u2069 می‌گذارید. (حرکت ۲ از این دسته از حرکت‌ها؛ هیچ‌کدام اعمال نشد)');
  });

  it('says which answers quote the engine’s English, and answers a game it has no table for in English', () => {
    const issues = refusalSpeaker('village-pillage', rejectKit('malformed-move', { issues: 'card: Required' }));
    expect(issues('fr')).toEqual({ text: 'Ce coup n’est pas bien formé (en anglais\u00a0: \u2068card: Required\u2069).', languages: ['fr', 'en'] });
    const fixture = refusalSpeaker('sealed-bids', { ok: false, code: 'bid-too-high', message: 'You bid more than you hold.', values: {} });
    expect(fixture('fa')).toEqual({ text: 'You bid more than you hold.', languages: ['en'] });
  });
});
