import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyChange, DEFAULT_NOTIFY, Preferences, resolvePreferences } from '../../functions/push/model/preferences.js';
import { NOTIFICATION_TYPES, type Notification } from '../../functions/push/model/schemas.js';
import { openStream, startPushApi, type PushApi } from '../support/push-api.js';
import { startReceiver } from '../support/webhook-receiver.js';

describe('the preferences matrix (type × channel)', () => {
  it('reads a record kept before the matrix (reminders only) as its reminders and every default cell', () => {
    const legacy = resolvePreferences({ reminders: [0.5] });
    expect(legacy).toEqual({ reminders: [0.5], notify: DEFAULT_NOTIFY });
    expect(resolvePreferences(null)).toEqual({ reminders: [0.8], notify: DEFAULT_NOTIFY });
    expect(Object.keys(legacy.notify).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    Preferences.parse(legacy);
  });

  it('mails by default only what a player away must not miss: reminders, a timeout, a seat handed to the bot', () => {
    const mailed = NOTIFICATION_TYPES.filter((type) => DEFAULT_NOTIFY[type].email);
    expect(mailed.sort()).toEqual(['deadline-soon', 'seat-replaced', 'timed-out']);
  });

  it('applies a change cell by cell, keeping every cell and the reminders it does not name', () => {
    const first = applyChange({ reminders: [0.9, 0.5] }, { notify: { 'player-joined': { webhook: false } } });
    expect(first).toEqual({ reminders: [0.9, 0.5].sort(), notify: { 'player-joined': { webhook: false } } });
    const second = applyChange(first, { reminders: [0.7], notify: { 'player-joined': { stream: false }, 'your-turn': { webhook: false } } });
    const resolved = resolvePreferences(second);
    expect(resolved.reminders).toEqual([0.7]);
    expect(resolved.notify['player-joined']).toEqual({ stream: false, webhook: false, push: false, email: false });
    expect(resolved.notify['your-turn']).toEqual({ stream: true, webhook: false, push: true, email: false });
    expect(resolved.notify['game-ended']).toEqual(DEFAULT_NOTIFY['game-ended']);
  });
});

describe('preferences over HTTP, and the channels consulting them', () => {
  let api: PushApi;
  beforeAll(async () => {
    api = await startPushApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers the whole matrix with defaults, changes only the cells a PUT names, and refuses bad cells with 400 changing nothing', async () => {
    const { token } = await api.client.register('Chooser');
    const initial = await api.client.get('/v1/players/me/preferences', { token });
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ reminders: [0.8], notify: DEFAULT_NOTIFY });

    const put = await api.client.request('PUT', '/v1/players/me/preferences', { token, body: { notify: { 'game-started': { stream: false } } } });
    expect(put.status, put.text).toBe(200);
    expect(put.body.notify['game-started']).toEqual({ stream: false, webhook: true, push: false, email: false });
    expect(put.body.reminders).toEqual([0.8]);
    // Reminders alone (as clients before the matrix send them) keep the cells.
    const reminders = await api.client.request('PUT', '/v1/players/me/preferences', { token, body: { reminders: [0.6] } });
    expect(reminders.body).toEqual({
      reminders: [0.6],
      notify: { ...DEFAULT_NOTIFY, 'game-started': { stream: false, webhook: true, push: false, email: false } },
    });

    for (const notify of [
      { 'no-such-type': { stream: false } },
      { 'your-turn': { pigeon: true } },
      { 'your-turn': { stream: 'no' } },
      { 'your-turn': false },
    ]) {
      const bad = await api.client.request('PUT', '/v1/players/me/preferences', { token, body: { notify } });
      expect(bad.status, JSON.stringify(notify)).toBe(400);
      expect(bad.body.code).toBe('invalid-request');
    }
    expect((await api.client.get('/v1/players/me/preferences', { token })).body).toEqual(reminders.body);
  });

  it('keeps the language a player chooses beside their other choices, and refuses a language it does not speak with 400 changing nothing', async () => {
    const { token } = await api.client.register('Polyglot');
    const chosen = await api.client.request('PUT', '/v1/players/me/preferences', { token, body: { language: 'fa' } });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body).toEqual({ reminders: [0.8], language: 'fa', notify: DEFAULT_NOTIFY });
    // Another change keeps it; another language replaces it.
    const reminders = await api.client.request('PUT', '/v1/players/me/preferences', { token, body: { reminders: [0.5] } });
    expect(reminders.body.language).toBe('fa');
    expect((await api.client.request('PUT', '/v1/players/me/preferences', { token, body: { language: 'fr' } })).body.language).toBe('fr');
    for (const language of ['de', 'FR', '', 7]) {
      const bad = await api.client.request('PUT', '/v1/players/me/preferences', { token, body: { language } });
      expect(bad.status, JSON.stringify(language)).toBe(400);
      expect(bad.body.code).toBe('invalid-request');
    }
    expect((await api.client.get('/v1/players/me/preferences', { token })).body).toEqual({ reminders: [0.5], language: 'fr', notify: DEFAULT_NOTIFY });
  });

  it('keeps a type a player switched off from their webhooks and their lone stream messages, and still lists it', async () => {
    const { client, push } = api;
    const receiver = await startReceiver();
    const [ann, ben] = await Promise.all([client.register('Ann'), client.register('Ben')]);
    expect((await client.post('/v1/webhooks', { token: ann.token, body: { url: receiver.url } })).status).toBe(201);
    const off = await client.request('PUT', '/v1/players/me/preferences', {
      token: ann.token,
      body: { notify: { 'player-joined': { stream: false, webhook: false }, 'game-started': { webhook: false } } },
    });
    expect(off.status, off.text).toBe(200);
    const stream = await openStream(client, ann.token);
    const gameId = (await client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    expect((await client.post(`/v1/games/${gameId}/join`, { token: ben.token, body: {} })).status).toBe(200);
    await push.notifier.idle();
    await push.outbox.idle();

    const listed: Notification[] = (await client.get('/v1/notifications', { token: ann.token })).body.notifications;
    expect(listed.map((n) => n.type).sort()).toEqual(['game-started', 'player-joined', 'your-turn']);
    const hooked = receiver.received.map((r) => (JSON.parse(r.body) as { type: string }).type);
    expect(hooked).toEqual(['your-turn']);
    await stream.until((all) => all.filter((m) => m.type === 'notification').length >= 2);
    const alone = stream.messages.flatMap((m) => (m.type === 'notification' ? [m.notification.type] : []));
    expect(alone.sort()).toEqual(['game-started', 'your-turn']);
    await stream.close();
    await receiver.close();
  });
});
