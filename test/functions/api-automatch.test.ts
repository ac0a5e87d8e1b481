import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPush, type LocalPushRun } from '../../functions/compose.js';
import { passOverPool, SEEK_LIFETIME_MS, SEEKS_PER_PLAYER, sweepPools } from '../../functions/service/automatch.js';
import { MATCH_SWEEP_MS, poolTimer } from '../../functions/service/automatch-timer.js';
import { readTimerPayload, type Timer, type Timers } from '../../functions/timers/port.js';
import { manualClock, startApi, storeOf, type RunningApi } from '../support/api.js';

/** Automatch over real HTTP on DynamoDB Local, on a clock moved by hand (the pool's timers are driven by the test). */
describe('automatch over HTTP on DynamoDB Local', () => {
  const clock = manualClock();
  let api: RunningApi;
  let push: LocalPushRun;
  beforeAll(async () => {
    api = await startApi({ store: await storeOf('dynamodb', 'api-automatch', clock.now), clock: clock.now });
    push = await startLocalPush(api.ctx, { deadlines: false, onError: (error) => console.error(error) });
  });
  afterAll(async () => {
    push.stop();
    await api.close();
  });

  const seek = (token: string, body: Record<string, unknown> = {}) =>
    api.client.post('/v1/seeks', { token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily', ...body } });
  const mine = async (token: string) => (await api.client.get('/v1/seeks', { token })).body;

  it('seats two people who press Play now at one table, starts it, and tells each of them game-started', async () => {
    const [ann, ben] = [await api.client.register('Ann'), await api.client.register('Ben')];
    const first = await seek(ann.token, { deadlines: { windowSeconds: 600, turnSeconds: 900 } });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ status: 'waiting', game: 'village-pillage', seats: 2, rated: true, allowBots: false });
    expect(first.body.gameId).toBeUndefined();
    const waiting = (await mine(ben.token)).waiting;
    expect(waiting).toContainEqual({ game: 'village-pillage', seats: 2, deadlines: { windowSeconds: 600, turnSeconds: 900 }, rated: true, waiting: 1 });

    const second = await seek(ben.token, { deadlines: { turnSeconds: 900, windowSeconds: 600 } });
    expect(second.status, second.text).toBe(201);
    expect(second.body.status).toBe('seated');
    const gameId: string = second.body.gameId;
    expect((await mine(ann.token)).seeks).toEqual([{ ...first.body, status: 'seated', gameId }]);
    expect((await mine(ann.token)).waiting).toEqual([]);

    const game = await api.client.get(`/v1/games/${gameId}`, { token: ann.token });
    expect(game.status, game.text).toBe(200);
    expect(game.body.status).toBe('active');
    expect(game.body.rated).toBe(true);
    expect(game.body.seats.map((s: { playerId: string }) => s.playerId).sort()).toEqual([ann.playerId, ben.playerId].sort());
    for (const player of [ann, ben]) {
      let started: unknown;
      for (let i = 0; i < 200 && started === undefined; i++, await sleep(25))
        started = (await api.client.get('/v1/notifications', { token: player.token })).body.notifications.find(
          (n: { type: string; gameId: string }) => n.type === 'game-started' && n.gameId === gameId,
        );
      expect(started, `game-started for ${player.playerId}`).toBeDefined();
    }
    // A seated seek cannot be cancelled; the game is played, or left, as any other.
    const cancel = await api.client.request('DELETE', `/v1/seeks/${first.body.seekId}`, { token: ann.token });
    expect([cancel.status, cancel.body.code, cancel.body.gameId]).toEqual([409, 'seek-seated', gameId]);
  });

  it('never seats a blocked pair, whichever blocked the other, and seats each with someone else', async () => {
    const [ann, ben, cy, dee] = await Promise.all(['Ann', 'Ben', 'Cy', 'Dee'].map((name) => api.client.register(name)));
    expect((await api.client.post('/v1/players/me/blocks', { token: ben!.token, body: { playerId: ann!.playerId } })).status).toBe(201);
    const options = { game: 'valeria-card-kingdoms', seats: 2, deadlines: 'live' };
    expect((await seek(ann!.token, options)).body.status).toBe('waiting');
    expect((await seek(ben!.token, options)).body.status).toBe('waiting');
    const cys = await seek(cy!.token, options);
    const dees = await seek(dee!.token, options);
    expect([cys.body.status, dees.body.status]).toEqual(['seated', 'seated']);
    for (const gameId of [cys.body.gameId, dees.body.gameId]) {
      const seated = (await api.client.get(`/v1/games/${gameId}`, { token: cy!.token })).body.seats.map((s: { playerId: string }) => s.playerId);
      expect(seated.includes(ann!.playerId) && seated.includes(ben!.playerId)).toBe(false);
    }
  });

  it('widens the accepted gap as seeks wait: a pool timer seats a far rating after a few hours, and arms its next pass while seeks wait', async () => {
    const [strong, newcomer] = [await api.client.register('Strong'), await api.client.register('Newcomer')];
    const pillage = 'village-pillage';
    // Strong has a rating estimate far above a newcomer's 25.
    await api.ctx.store.recordGameEnd({ gameId: `seed-${strong.playerId}`, game: pillage, at: clock.now(), tallies: [], changes: [] }, [
      { playerId: strong.playerId, game: pillage, name: 'Strong', mu: 40, sigma: 4, games: 30, wins: 25, lastGameAt: clock.now(), listed: false, revision: 1 },
    ]);
    const body = { seats: 2, deadlines: 'correspondence' };
    const theirs = await seek(strong.token, body);
    expect((await seek(newcomer.token, body)).body.status).toBe('waiting');
    const scheduled: Timer[] = [];
    const timers: Timers = { schedule: async (timer) => void scheduled.push(timer), cancel: async () => {} };
    const pool = (await api.ctx.store.listPoolSeeks(pillage)).find((s) => s.seekId === theirs.body.seekId)!.pool;
    const pass = { kind: 'automatch' as const, game: pillage, pool };
    // A difference of 15 is accepted after (15 − 3) / 6 = 2 hours: not at 1 h 55 min, at 2 h.
    clock.advance(115 * 60_000);
    await passOverPool(api.ctx, timers, pass);
    expect((await mine(strong.token)).seeks[0].status).toBe('waiting');
    expect(scheduled).toEqual([poolTimer(pillage, pass.pool, clock.now())]);
    expect(scheduled[0]!.dueAt - clock.now()).toBeLessThanOrEqual(MATCH_SWEEP_MS);
    clock.advance(5 * 60_000);
    await passOverPool(api.ctx, timers, pass);
    const seated = (await mine(strong.token)).seeks[0];
    expect(seated.status).toBe('seated');
    expect((await mine(newcomer.token)).seeks[0].gameId).toBe(seated.gameId);
    // Nothing waits there any more: no next pass.
    expect(scheduled).toHaveLength(1);
  });

  it('the safety sweep passes over every pool with seeks waiting, so a pool whose timer was lost still seats, and re-arms the pools still waiting', async () => {
    const [strong, newcomer, loner] = [await api.client.register('Strong2'), await api.client.register('Newcomer2'), await api.client.register('Loner')];
    const kingdoms = 'valeria-card-kingdoms';
    await api.ctx.store.recordGameEnd({ gameId: `seed-${strong.playerId}`, game: kingdoms, at: clock.now(), tallies: [], changes: [] }, [
      {
        playerId: strong.playerId,
        game: kingdoms,
        name: 'Strong2',
        mu: 40,
        sigma: 4,
        games: 30,
        wins: 25,
        lastGameAt: clock.now(),
        listed: false,
        revision: 1,
      },
    ]);
    const body = { game: kingdoms, seats: 2, deadlines: 'correspondence' };
    const theirs = await seek(strong.token, body);
    expect((await seek(newcomer.token, body)).body.status).toBe('waiting');
    const lone = await seek(loner.token, { game: 'villages-of-valeria', seats: 3, deadlines: 'correspondence' });
    expect(lone.body.status).toBe('waiting');
    // The pools' one-time passes are lost (none fires here); two hours on, the gap of 15 is accepted (above).
    clock.advance(120 * 60_000);
    expect((await mine(strong.token)).seeks[0].status).toBe('waiting');
    const scheduled: Timer[] = [];
    const timers: Timers = { schedule: async (timer) => void scheduled.push(timer), cancel: async () => {} };
    expect(readTimerPayload({ kind: 'automatch-sweep' })).toEqual({ kind: 'automatch-sweep' });
    await sweepPools(api.ctx, timers);
    const seated = (await mine(strong.token)).seeks[0];
    expect(seated.status).toBe('seated');
    expect((await mine(newcomer.token)).seeks[0].gameId).toBe(seated.gameId);
    // The lone seek waits on, its pool's next pass armed again; the seated pool needs none.
    const lonePool = (await api.ctx.store.listPoolSeeks('villages-of-valeria')).find((s) => s.seekId === lone.body.seekId)!.pool;
    expect(scheduled).toContainEqual(poolTimer('villages-of-valeria', lonePool, clock.now()));
    expect(scheduled.filter((timer) => timer.payload.kind === 'automatch' && timer.payload.game === kingdoms)).toEqual([]);
    // A second sweep in the same slot changes nothing and arms the same timer (its id takes the first's place).
    await sweepPools(api.ctx, timers);
    expect((await mine(loner.token)).seeks[0].status).toBe('waiting');
    const lonesTimer = poolTimer('villages-of-valeria', lonePool, clock.now()).id;
    expect(scheduled.filter((t) => t.payload.kind === 'automatch' && t.payload.pool === lonePool).map((t) => t.id)).toEqual([lonesTimer, lonesTimer]);
    await api.client.request('DELETE', `/v1/seeks/${lone.body.seekId}`, { token: loner.token });
  });

  it('cancels a waiting seek, expires one after 24 hours, and refuses what it cannot seat', async () => {
    const ann = await api.client.register('Ann');
    const owner = await api.client.register('Owner');
    const robo = (await api.client.post('/v1/players', { body: { name: 'Robo', bot: { owner: owner.playerId } } })).body;
    const first = await seek(ann.token, { seats: 3 });
    expect(first.body.status).toBe('waiting');
    const again = await seek(ann.token, { seats: 3 });
    expect([again.status, again.body.code, again.body.seekId]).toEqual([409, 'seek-exists', first.body.seekId]);
    expect((await api.client.request('DELETE', `/v1/seeks/${first.body.seekId}`, { token: ann.token })).status).toBe(204);
    const gone = await api.client.request('DELETE', `/v1/seeks/${first.body.seekId}`, { token: ann.token });
    expect([gone.status, gone.body.code]).toEqual([404, 'seek-not-found']);

    for (const seats of [2, 3, 4, 5]) expect((await seek(ann.token, { game: 'villages-of-valeria', seats })).status).toBe(201);
    expect((await seek(ann.token, { game: 'village-pillage', seats: 5 })).status).toBe(201);
    const full = await seek(ann.token, { game: 'village-pillage', seats: 4 });
    expect([full.status, full.body.code, full.body.limit]).toEqual([409, 'too-many-seeks', SEEKS_PER_PLAYER]);
    clock.advance(SEEK_LIFETIME_MS);
    expect((await mine(ann.token)).seeks).toEqual([]);
    expect((await seek(ann.token, { game: 'village-pillage', seats: 4 })).status).toBe(201);

    const solo = await seek(ann.token, { seats: 1 });
    expect([solo.status, solo.body.code]).toEqual([400, 'invalid-request']);
    const tooMany = await seek(ann.token, { game: 'village-pillage', seats: 6 });
    expect(tooMany.status).toBe(400);
    expect((await seek(ann.token, { game: 'chess' })).body.code).toBe('unknown-game');
    expect((await seek(ann.token, { options: { banks: 'sideways' } })).body.code).toBe('invalid-options');
    // A bot account waits only in unrated pools that take bots: its seeks are those by default.
    expect((await seek(robo.token, { rated: true })).body.code).toBe('bots-not-allowed');
    expect((await seek(robo.token, { rated: false, allowBots: false })).body.code).toBe('bots-not-allowed');
    const bots = await seek(robo.token);
    expect(bots.body).toMatchObject({ status: 'waiting', rated: false, allowBots: true });
  });
});
