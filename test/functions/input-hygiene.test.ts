import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_URL_CHARS } from '../../functions/app/app.js';
import { nestsDeeperThan } from '../../functions/app/body-depth.js';
import { PLAYER_NAME_MAX_CHARS } from '../../functions/service/player-name.js';
import { startApi, type RunningApi } from '../support/api.js';

/**
 * Issue 12, item 5: player names are NFC-normalised, 1–40 characters, and
 * refused with 400 `invalid-name` for controls, bidirectional controls and
 * lone surrogates; oversized URLs and headers get a problem document.
 * Issue 22, item 6: and for format or invisible characters, or a name with
 * nothing visible in it.
 */
let api: RunningApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

/** Registers with a raw JSON body, so escapes like a lone `\ud800` reach the server as sent. */
const registerRaw = (json: string) => api.client.post('/v1/players', { rawBody: `{"name":${json}}`, headers: { 'content-type': 'application/json' } });

describe('player names', () => {
  it.each([
    ['CR/LF', '"Ann\\r\\nAdmin"'],
    ['NUL', '"Ann\\u0000"'],
    ['BEL', '"Ann\\u0007"'],
    ['DEL', '"Ann\\u007f"'],
    ['a C1 control', '"Ann\\u0085"'],
    ['a right-to-left override', '"Ann\\u202etxt.exe"'],
    ['a left-to-right embedding', '"Ann\\u202a"'],
    ['a first-strong isolate', '"Ann\\u2068x\\u2069"'],
    ['a right-to-left mark', '"Ann\\u200f"'],
    ['a lone high surrogate', '"Ann\\ud800"'],
    ['a lone low surrogate', '"\\udc00Ann"'],
    ['nothing but spaces', '"   "'],
    // Issue 22, item 6: format and invisible characters, inside a name or all of it.
    ['a zero-width space', '"Ann\\u200b"'],
    ['a zero-width non-joiner', '"An\\u200cn"'],
    ['a zero-width joiner', '"An\\u200dn"'],
    ['a word joiner', '"Ann\\u2060"'],
    ['a byte-order mark', '"\\ufeffAnn"'],
    ['a soft hyphen', '"An\\u00adn"'],
    ['an Arabic letter mark (Cf)', '"Ann\\u061c"'],
    ['a line separator', '"Ann\\u2028Admin"'],
    ['a paragraph separator', '"Ann\\u2029"'],
    ['the tag character U+E0001', '"Ann\\udb40\\udc01"'],
    ['the tag character U+E0041', '"Ann\\udb40\\udc41"'],
    ['the cancel tag U+E007F', '"Ann\\udb40\\udc7f"'],
    ['the Hangul filler U+3164', '"Ann\\u3164"'],
    ['the Hangul choseong filler U+115F', '"\\u115fAnn"'],
    ['the Hangul jungseong filler U+1160', '"Ann\\u1160"'],
    ['the halfwidth Hangul filler U+FFA0', '"Ann\\uffa0"'],
    ['the Braille blank U+2800', '"Ann\\u2800"'],
    ['nothing but a Hangul filler', '"\\u3164"'],
    ['nothing but Braille blanks', '"\\u2800\\u2800\\u2800"'],
    ['nothing but zero-width spaces', '"\\u200b\\u200b"'],
    ['nothing but a combining mark', '"\\u0301"'],
    ['nothing but a variation selector', '"\\ufe0f"'],
    ['41 characters', JSON.stringify('x'.repeat(PLAYER_NAME_MAX_CHARS + 1))],
  ])('refuses %s with 400 invalid-name, creating nobody', async (_, json) => {
    const reply = await registerRaw(json);
    expect(reply.status, reply.text).toBe(400);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    expect(reply.body.code).toBe('invalid-name');
    expect(reply.body.token).toBeUndefined();
  });

  it('stores the NFC form, trimmed', async () => {
    // "Zoe" + COMBINING ACUTE ACCENT is "Zoé" (U+00E9) in NFC.
    const reply = await registerRaw('"  Zoe\\u0301  "');
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.name).toBe('Zo\u00e9');
    const me = await api.client.get('/v1/players/me', { token: reply.body.token });
    expect(me.body.name).toBe('Zo\u00e9');
  });

  it('names the character it refuses', async () => {
    const reply = await registerRaw('"Ann\\u3164"');
    expect(reply.body.detail).toContain('U+3164');
  });

  it('keeps names that only look unusual: an emoji with its variation selector, Hangul, Braille dots, a combining accent', async () => {
    for (const name of ['Ann \u2764\ufe0f', '\ud55c\uad6d', '\u2801\u2803', 'Zoe\u0301']) {
      const reply = await api.client.post('/v1/players', { body: { name } });
      expect(reply.status, reply.text).toBe(201);
    }
  });

  it('counts characters, not UTF-16 units: 40 emoji and 40 accented letters are fine', async () => {
    for (const name of ['\u{1F3B2}'.repeat(PLAYER_NAME_MAX_CHARS), 'e\u0301'.repeat(PLAYER_NAME_MAX_CHARS)]) {
      const reply = await api.client.post('/v1/players', { body: { name } });
      expect(reply.status, reply.text).toBe(201);
      expect([...reply.body.name]).toHaveLength(PLAYER_NAME_MAX_CHARS);
    }
  });
});

describe('the depth of a JSON body, measured before it is parsed', () => {
  it('counts arrays and objects inside one another, up to the limit and no further', () => {
    expect(nestsDeeperThan('{"a":[{"b":[]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[[]]}]}', 4)).toBe(true);
    expect(nestsDeeperThan('[],[],{},[]', 1)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[["}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\\\","b":[[]]}', 2)).toBe(true);
  });
});

/** A raw HTTP/1.1 GET, for requests fetch would refuse to send. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; contentType: string | undefined; body: any }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${api.url}${path}`, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], body: text ? JSON.parse(text) : null }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('oversized requests', () => {
  it(`answers a URL over ${MAX_URL_CHARS} characters with 414 uri-too-long`, async () => {
    const reply = await rawGet(`/v1/games/g_${'a'.repeat(MAX_URL_CHARS)}`);
    expect(reply.status).toBe(414);
    expect(reply.contentType).toBe('application/problem+json');
    expect(reply.body.code).toBe('uri-too-long');
  });

  it('answers a 60,000-character id (past the HTTP parser’s limit) with a 431 problem document', async () => {
    const reply = await rawGet(`/v1/games/${'a'.repeat(60_000)}`);
    expect(reply.status).toBe(431);
    expect(reply.contentType).toBe('application/problem+json');
    expect(reply.body).toMatchObject({ status: 431, code: 'headers-too-large' });
  });

  it('answers oversized headers with the same 431 problem document', async () => {
    const reply = await rawGet('/health', { 'x-padding': 'p'.repeat(20_000) });
    expect(reply.status).toBe(431);
    expect(reply.body.code).toBe('headers-too-large');
  });
});
