import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateLanguage } from '../../functions/service/languages.js';
import { startApi, type RunningApi } from '../support/api.js';

describe('Accept-Language, as the problems read it', () => {
  it('takes the highest-weighted language we speak, a region or a wildcard read by its base, and English otherwise', () => {
    expect(negotiateLanguage(undefined)).toBe('en');
    expect(negotiateLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(negotiateLanguage('de, fa;q=0.5, fr;q=0.4')).toBe('fa');
    expect(negotiateLanguage('en;q=0.2, fr;q=0.9')).toBe('fr');
    expect(negotiateLanguage('fa;q=0, fr;q=0.1')).toBe('fr');
    expect(negotiateLanguage('de, ja')).toBe('en');
    expect(negotiateLanguage('*')).toBe('en');
  });
});

describe('a problem answered in the caller’s language', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('words the title in French or Persian and says so in Content-Language, keeping the code, status, type and every machine field', async () => {
    const answers = await Promise.all(
      ['en', 'fr-FR', 'fa'].map((language) => api.client.get('/v1/no-such-route', { headers: { 'accept-language': language } })),
    );
    const [en, fr, fa] = answers.map((answer) => answer as { status: number; headers: Headers; body: Record<string, unknown> });
    expect(en!.status).toBe(404);
    expect(en!.body.title).toBe('Not Found');
    expect(fr!.body.title).toBe('Introuvable');
    expect(fa!.body.title).toBe('پیدا نشد');
    expect(en!.headers.get('content-language')).toBe('en');
    // The detail is still English: the answer says both.
    expect(fr!.headers.get('content-language')).toBe('fr, en');
    expect(fa!.headers.get('content-language')).toBe('fa, en');
    expect(fa!.headers.get('vary')).toMatch(/accept-language/i);
    const { title: _en, ...enRest } = en!.body;
    for (const other of [fr!, fa!]) {
      const { title: _other, ...rest } = other.body;
      expect(other.status).toBe(404);
      expect(rest).toEqual(enRest);
    }
  });
});
