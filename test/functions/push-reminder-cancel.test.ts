import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderPlanner } from '../../functions/push/reminders/reminders.js';
import { runLocalNotifier, type LocalNotifier } from '../../functions/push/runners/local.js';
import type { ReminderPayload, Timer, Timers } from '../../functions/timers/port.js';
import { manualClock, startApi, STORE_KINDS, storeOf, type RunningApi } from '../support/api.js';
import { sealedBidsListing } from '../support/sealed-bids.js';
import { sealedTable } from '../support/sealed-table.js';

/**
 * The commit that answers a turn cancels the reminders its planner planned
 * for it, exactly those, without reading the player's preferences (the
 * mover's, on nearly every commit); a planner that did not plan them (another
 * instance, a restart) reads the preferences and cancels what they name.
 */
describe.each(STORE_KINDS)('cancelling the reminders of an answered turn (%s store)', (kind) => {
  const clock = manualClock();
  const planned = new Map<string, Timer>();
  const timers: Timers = {
    schedule: async (timer) => void planned.set(timer.id, timer),
    cancel: async (id) => void planned.delete(id),
  };
  /** The players whose flags or preferences the channels read. */
  const readFor: string[] = [];
  let api: RunningApi;
  let notifier: LocalNotifier;
  const startNotifier = () =>
    runLocalNotifier(api.ctx, [reminderPlanner(timers, 1000)], {
      onError: (error) => {
        throw error;
      },
    });
  beforeAll(async () => {
    api = await startApi({ store: await storeOf(kind, 'push-reminder-cancel', clock.now), games: [sealedBidsListing], clock: clock.now });
    const { push } = api.ctx;
    const playerKeeps = push.playerKeeps.bind(push);
    push.playerKeeps = async (playerId) => (readFor.push(playerId), playerKeeps(playerId));
    const getPreferences = push.getPreferences.bind(push);
    push.getPreferences = async (playerId, consistency) => (readFor.push(playerId), getPreferences(playerId, consistency));
    notifier = startNotifier();
  });
  afterAll(async () => {
    notifier.stop();
    await api.close();
  });

  const remindersOf = (playerId: string) =>
    [...planned.values()]
      .map((t) => t.payload as ReminderPayload)
      .filter((p) => p.playerId === playerId)
      .map((p) => p.fraction)
      .sort();

  it('cancels what it planned without a read, and what the preferences name when another planned it', async () => {
    const { client } = api;
    const table = sealedTable(client);
    const { alice, bob, gameId } = await table.game(2, { deadlines: { turnSeconds: 3600, windowSeconds: 3600 } });
    const setReminders = async (token: string, reminders: number[]) =>
      expect((await client.request('PUT', '/v1/players/me/preferences', { token, body: { reminders } })).status).toBe(200);
    await notifier.idle();
    // Round 0's window awaits both, each reminded at the default 0.8.
    expect(remindersOf(alice.playerId)).toEqual([0.8]);
    expect(remindersOf(bob.playerId)).toEqual([0.8]);

    // Alice changes her reminders after they were planned, then bids: the 0.8 planned is cancelled, and nothing of hers is read.
    await setReminders(alice.token, [0.3, 0.6]);
    readFor.length = 0;
    expect((await table.bid(gameId, alice.token)).status).toBe(200);
    await notifier.idle();
    expect(remindersOf(alice.playerId)).toEqual([]);
    expect(readFor).not.toContain(alice.playerId);

    // Another planner (a restart) did not plan Bob's: his bid's commit reads his preferences and cancels what they name.
    notifier.stop();
    notifier = startNotifier();
    readFor.length = 0;
    const bobsBid = await table.bid(gameId, bob.token);
    expect(bobsBid.status).toBe(200);
    await notifier.idle();
    expect(readFor).toContain(bob.playerId);
    expect(remindersOf(bob.playerId)).toEqual([]);
    // The lead it hands Alice is planned from her preferences as they are now.
    expect(remindersOf(alice.playerId)).toEqual([0.3, 0.6]);
  });
});
