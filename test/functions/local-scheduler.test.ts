import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalTimers } from '../../functions/compose.js';
import { startApi, storeOf, type RunningApi } from '../support/api.js';
import { openFirstFollowWindow } from '../support/villages.js';

/**
 * `npm start`'s in-process scheduler: a follow window with a 2-second
 * deadline closes by itself while no client calls the API, and a restarted
 * scheduler rebuilds its agenda from the store.
 */
let api: RunningApi;
beforeAll(async () => {
  api = await startApi({ store: await storeOf('dynamodb', 'local-scheduler') });
});
afterAll(() => api.close());

describe('local scheduler', () => {
  it('closes a 2-second follow window with nobody calling the API', async () => {
    const timers = await startLocalTimers(api.ctx, { deadlines: true });
    try {
      const { gameId, version, window } = await openFirstFollowWindow(api.client, { windowSeconds: 2, turnSeconds: 3600 });
      expect(window.deadline - Date.now()).toBeGreaterThan(500);
      // No request at all from here: only the store is looked at.
      await sleep(window.deadline - Date.now() + 1500);
      const latest = await api.ctx.store.latestCommit(gameId);
      expect(latest?.seq).toBe(version + 1);
      expect(latest?.command).toMatchObject({ type: 'timeout', pendingId: window.id });
      expect(latest?.events).toContainEqual({ type: 'declined', seat: window.seat });
    } finally {
      timers.stop();
    }
  });

  it('rebuilds its agenda from the store after a restart, losing nothing', async () => {
    const { gameId, version, window } = await openFirstFollowWindow(api.client, { windowSeconds: 2, turnSeconds: 3600 });
    // The window opened while no scheduler ran (the server was down); one starts now.
    const timers = await startLocalTimers(api.ctx, { deadlines: true });
    try {
      expect(timers.restored.deadlines).toBeGreaterThanOrEqual(1);
      await sleep(window.deadline - Date.now() + 1500);
      const latest = await api.ctx.store.latestCommit(gameId);
      expect(latest?.seq).toBe(version + 1);
      expect(latest?.command).toMatchObject({ type: 'timeout', pendingId: window.id });
    } finally {
      timers.stop();
    }
  });
});
