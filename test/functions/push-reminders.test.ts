import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPush, type LocalPushRun } from '../../functions/compose.js';
import type { Notification } from '../../functions/push/model/schemas.js';
import { startApi, STORE_KINDS, storeOf, type RunningApi } from '../support/api.js';

describe.each(STORE_KINDS)('deadline reminders (%s store, real timers)', (kind) => {
  let api: RunningApi;
  let push: LocalPushRun;
  beforeAll(async () => {
    api = await startApi({ store: await storeOf(kind, 'push-remind') });
    // Real entries need 10 minutes for a reminder; this test's last seconds.
    push = await startLocalPush(api.ctx, { deadlines: false, reminderMinPendingMs: 1000, onError: (error) => console.error(error) });
  });
  afterAll(async () => {
    push.stop();
    await api.close();
  });

  const notes = async (token: string): Promise<Notification[]> => (await api.client.get('/v1/notifications', { token })).body.notifications;

  /** Polls until `found` holds, checking behaviour only (the bound just keeps a broken build from hanging). */
  async function eventually<T>(probe: () => Promise<T>, found: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 300; i++) {
      const value = await probe();
      if (found(value)) return value;
      await sleep(100);
    }
    throw new Error('never happened');
  }

  it('reminds a player who still has to act at the chosen fraction, and never one who answered', async () => {
    const { client } = api;
    const [early, late] = await Promise.all([client.register('Early'), client.register('Late')]);
    expect((await client.request('PUT', '/v1/players/me/preferences', { token: late.token, body: { reminders: [0.5] } })).status).toBe(200);
    const created = await client.post('/v1/games', {
      token: early.token,
      body: { game: 'village-pillage', seats: 2, deadlines: { windowSeconds: 4, turnSeconds: 4 } },
    });
    const gameId = created.body.gameId;
    await client.post(`/v1/games/${gameId}/join`, { token: late.token, body: {} });
    await push.notifier.idle();

    const [turn] = (await notes(late.token)).filter((n) => n.type === 'your-turn');
    expect(turn?.type).toBe('your-turn');
    if (turn?.type !== 'your-turn') return;
    // Both plan at once; Early answers straight away.
    const legal = await client.get(`/v1/games/${gameId}/moves`, { token: early.token });
    expect((await client.post(`/v1/games/${gameId}/moves`, { token: early.token, body: { moves: [legal.body.moves[0]] } })).status).toBe(200);
    // Answering cancels Early's reminder at once (on AWS: its schedule is deleted and never bills an invocation); Late's stays.
    await push.notifier.idle();
    const planned = (await api.ctx.push.listTimers()).map((t) => t.payload).filter((p) => p.kind === 'reminder' && p.gameId === gameId);
    expect(planned).toEqual([expect.objectContaining({ playerId: late.playerId, fraction: 0.5, pendingId: turn.pending.id })]);

    const reminded = await eventually(
      () => notes(late.token),
      (list) => list.some((n) => n.type === 'deadline-soon'),
    );
    const reminder = reminded.find((n) => n.type === 'deadline-soon');
    const opened = Date.parse(turn.at);
    const deadline = Date.parse(turn.pending.deadline);
    expect(reminder).toMatchObject({ gameId, seat: 1, fraction: 0.5, pending: { id: turn.pending.id, deadline: turn.pending.deadline } });
    expect(Date.parse(reminder!.at)).toBe(opened + Math.round(0.5 * (deadline - opened)));
    expect(api.ctx.clock()).toBeGreaterThanOrEqual(Date.parse(reminder!.at));

    // Past the deadline and Early's 0.8 reminder time: Early, who answered, was never reminded; Late once.
    await eventually(
      async () => api.ctx.clock(),
      (now) => now > deadline + 500,
    );
    expect((await notes(early.token)).filter((n) => n.type === 'deadline-soon')).toEqual([]);
    expect((await notes(late.token)).filter((n) => n.type === 'deadline-soon')).toHaveLength(1);
    // Every timer fired and was cleared from the store.
    expect(await api.ctx.push.listTimers()).toEqual([]);
  });

  it('keeps timers in the store so a restart re-arms them, and fires a stale one harmlessly', async () => {
    const stale = {
      id: 'rem_test-stale',
      dueAt: api.ctx.clock() - 1,
      payload: { kind: 'reminder' as const, gameId: 'g_none', pendingId: 'p1', seat: 0, playerId: 'pl_none', fraction: 0.5, dueAt: 0 },
    };
    await api.ctx.push.putTimer(stale);
    const again = await startLocalPush(api.ctx, { deadlines: false });
    expect(again.restored.stored).toBe(1);
    await eventually(
      () => api.ctx.push.listTimers(),
      (timers) => timers.length === 0,
    );
    again.stop();
  });
});
