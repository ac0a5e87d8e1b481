import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateLanguage } from '../../functions/service/languages.js';
import { startApi, storeOf, STORE_KINDS, type Reply, type RunningApi } from '../support/api.js';

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

/** The same request asked for in English, French, Persian, a language we do not speak, and none. */
const ASKED = ['en', 'fr-FR', 'fa', 'de', undefined] as const;

/**
 * Sends one request in each language of ASKED and checks what must not move:
 * status, code, type, instance and every machine field are those of the
 * English answer; only `title` and `detail` change, and `Content-Language`
 * names the language they are written in. Returns the answers by language.
 */
async function inEveryLanguage(send: (headers: Record<string, string>) => Promise<Reply>) {
  const replies = await Promise.all(ASKED.map((language) => send(language === undefined ? {} : { 'accept-language': language })));
  const [en, fr, fa, de, none] = replies as [Reply, Reply, Reply, Reply, Reply];
  const { title: _title, detail: _detail, ...machine } = en.body as Record<string, unknown>;
  for (const reply of replies) {
    const { title: _t, detail: _d, ...rest } = reply.body as Record<string, unknown>;
    expect(reply.status).toBe(en.status);
    expect(reply.headers.get('content-type')).toBe('application/problem+json');
    expect(reply.headers.get('vary')).toMatch(/accept-language/i);
    expect(rest).toEqual(machine);
  }
  // A language we do not speak, or none asked for, is answered in English, word for word.
  for (const english of [de, none]) {
    expect(english.body).toEqual(en.body);
    expect(english.headers.get('content-language')).toBe('en');
  }
  expect(en.headers.get('content-language')).toBe('en');
  expect(fr.headers.get('content-language')).toBe('fr');
  expect(fa.headers.get('content-language')).toBe('fa');
  return { en: en.body, fr: fr.body, fa: fa.body } as Record<'en' | 'fr' | 'fa', { title: string; detail: string; code: string; status: number }>;
}

describe.each(STORE_KINDS)('a problem answered in the caller’s language (%s store)', (storeKind) => {
  let api: RunningApi;
  let una: { token: string; playerId: string };
  let vic: { token: string; playerId: string };
  let eve: { token: string; playerId: string };
  let gameId: string;
  /** Setup Building cards Vic was dealt and Una was not. */
  let vicsCard: string;

  beforeAll(async () => {
    api = await startApi({ store: await storeOf(storeKind, 'problem-language') });
    [una, vic, eve] = [await api.client.register('Una'), await api.client.register('Vic'), await api.client.register('Eve')];
    const created = await api.client.post('/v1/games', { token: una.token, body: { game: 'villages-of-valeria', seats: 2, deadlines: 'daily' } });
    expect(created.status, created.text).toBe(201);
    gameId = created.body.gameId;
    expect((await api.client.post(`/v1/games/${gameId}/join`, { token: vic.token, body: {} })).status).toBe(200);
    const cardsOf = async (token: string) =>
      ((await api.client.get(`/v1/games/${gameId}/moves`, { token })).body.moves as { card: string }[]).map((move) => move.card);
    const unas = await cardsOf(una.token);
    vicsCard = (await cardsOf(vic.token)).find((card) => !unas.includes(card))!;
  });
  afterAll(async () => {
    await api.close();
  });

  it('a route that does not exist: the title and the sentence in French and Persian, the path kept as it is', async () => {
    const said = await inEveryLanguage((headers) => api.client.get('/v1/no-such-route', { headers }));
    expect(said.en).toMatchObject({
      status: 404,
      code: 'route-not-found',
      title: 'Not Found',
      detail: 'There is no GET /v1/no-such-route in this API; see /docs.',
    });
    expect(said.fr).toMatchObject({ title: 'Introuvable', detail: 'Cette API n’a pas de \u2068GET\u2069 \u2068/v1/no-such-route\u2069\u00a0; voir /docs.' });
    expect(said.fa).toMatchObject({ title: 'پیدا نشد', detail: 'در این API چیزی به نام \u2068GET\u2069 \u2068/v1/no-such-route\u2069 نیست؛ /docs را ببینید.' });
  });

  it('a service problem made of facts: a spectator’s move is refused as one', async () => {
    const said = await inEveryLanguage((headers) =>
      api.client.post(`/v1/games/${gameId}/moves`, { token: eve.token, headers, body: { moves: [{ type: 'setup-develop', card: vicsCard }] } }),
    );
    expect(said.en).toMatchObject({ status: 403, code: 'not-seated', detail: 'You hold no seat in this game; spectators cannot move.' });
    expect(said.fr).toMatchObject({ title: 'Interdit', detail: 'Vous n’avez pas de place dans cette partie\u00a0; les spectateurs ne jouent pas de coup.' });
    expect(said.fa).toMatchObject({ title: 'ممنوع', detail: 'شما در این بازی صندلی ندارید؛ تماشاگران نمی‌توانند حرکت کنند.' });
  });

  it('a validation failure: the fields named in every language, the `errors` list (a machine field) the same', async () => {
    const said = await inEveryLanguage((headers) =>
      api.client.post('/v1/games', { token: una.token, headers, body: { game: 'villages-of-valeria', seats: 'two' } }),
    );
    expect(said.en).toMatchObject({ status: 400, code: 'invalid-request', title: 'Bad Request' });
    expect(said.en.detail).toMatch(/^The request does not fit the API: json\.seats: /);
    expect(said.fr.title).toBe('Requête invalide');
    expect(said.fr.detail).toMatch(/^La requête ne correspond pas à l’API\u00a0; champs en cause\u00a0: \u2068[^\u2069]*json\.seats[^\u2069]*\u2069\.$/);
    expect(said.fa.title).toBe('درخواست نادرست');
    expect(said.fa.detail).toMatch(/^درخواست با API جور نیست؛ فیلدهای نادرست: \u2068[^\u2069]*json\.seats[^\u2069]*\u2069\.$/);
  });

  it('a game’s own refusal, its blank filled: a card not in the hand', async () => {
    const said = await inEveryLanguage((headers) =>
      api.client.post(`/v1/games/${gameId}/moves`, { token: una.token, headers, body: { moves: [{ type: 'setup-develop', card: vicsCard }] } }),
    );
    expect(said.en).toMatchObject({ status: 422, code: 'card-not-in-hand', title: 'Unprocessable Content', detail: `You do not hold ${vicsCard}.` });
    expect(said.fr).toMatchObject({ title: 'Contenu impossible à traiter', detail: `Vous n’avez pas \u2068${vicsCard}\u2069 en main.` });
    expect(said.fa).toMatchObject({ title: 'محتوا پردازش‌پذیر نیست', detail: `\u2068${vicsCard}\u2069 در دست شما نیست.` });
  });

  it('the kit’s refusal with its blanks: a seat whose turn it is not, named with the step and the seat awaited', async () => {
    const chooseFirst = async (token: string) => {
      const moves = (await api.client.get(`/v1/games/${gameId}/moves`, { token })).body.moves as unknown[];
      const chose = await api.client.post(`/v1/games/${gameId}/moves`, { token, body: { moves: [moves[0]] } });
      expect(chose.status, chose.text).toBe(200);
    };
    await chooseFirst(una.token);
    const again = await inEveryLanguage((headers) =>
      api.client.post(`/v1/games/${gameId}/moves`, { token: una.token, headers, body: { moves: [{ type: 'setup-develop', card: vicsCard }] } }),
    );
    expect(again.en).toMatchObject({ status: 422, code: 'already-chosen', detail: 'You have already chosen your setup Resource.' });
    expect(again.fr.detail).toBe('Vous avez déjà choisi votre Ressource de départ.');
    expect(again.fa.detail).toBe('شما پیش‌تر منبع آغازین خود را انتخاب کرده‌اید.');

    await chooseFirst(vic.token);
    const view = await api.client.get(`/v1/games/${gameId}`, { token: una.token });
    const awaited: number = view.body.state.awaiting[0];
    const step: string = view.body.state.pending.step;
    const idle = awaited === 0 ? vic : una;
    const said = await inEveryLanguage((headers) =>
      api.client.post(`/v1/games/${gameId}/moves`, { token: idle.token, headers, body: { moves: [{ type: 'tax' }] } }),
    );
    const seat = 1 - awaited;
    const persian = (n: number) => n.toLocaleString('fa-IR');
    expect(said.en).toMatchObject({
      status: 409,
      code: 'not-your-turn',
      detail: `It is not seat ${seat}'s move: the game awaits ${step} from seat ${awaited}.`,
    });
    expect(said.fr).toMatchObject({
      title: 'Conflit',
      detail: `Ce n’est pas à la place ${seat} de jouer\u00a0: la partie attend \u2068${step}\u2069 de la place \u2068${awaited}\u2069.`,
    });
    expect(said.fa).toMatchObject({
      title: 'تعارض',
      detail: `نوبت حرکت صندلی ${persian(seat)} نیست: بازی منتظر \u2068${step}\u2069 از صندلی \u2068${persian(awaited)}\u2069 است.`,
    });
  });
});
