import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_URL_CHARS } from '../../functions/app/app.js';
import { PLAYER_NAME_MAX_CHARS } from '../../functions/service/player-name.js';
import { startApi, type RunningApi } from '../support/api.js';

/**
 * Issue 12, item 5: player names are NFC-normalised, 1–40 characters, and
 * refused with 400 `invalid-name` for controls, bidirectional controls and
 * lone surrogates; oversized URLs and headers get a problem document.
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

  it('counts characters, not UTF-16 units: 40 emoji and 40 accented letters are fine', async () => {
    for (const name of ['\u{1F3B2}'.repeat(PLAYER_NAME_MAX_CHARS), 'e\u0301'.repeat(PLAYER_NAME_MAX_CHARS)]) {
      const reply = await api.client.post('/v1/players', { body: { name } });
      expect(reply.status, reply.text).toBe(201);
      expect([...reply.body.name]).toHaveLength(PLAYER_NAME_MAX_CHARS);
    }
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
