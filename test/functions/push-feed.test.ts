import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../functions/push/model/schemas.js';
import { fireReminder, reminderPlanner } from '../../functions/push/reminders/reminders.js';
import { runLocalNotifier, type LocalNotifier } from '../../functions/push/runners/local.js';
import type { ReminderPayload, Timer, Timers } from '../../functions/timers/port.js';
import { manualClock, startApi, STORE_KINDS, storeOf, type RunningApi } from '../support/api.js';
import { sealedBidsListing } from '../support/sealed-bids.js';
import { sealedTable } from '../support/sealed-table.js';

const SECOND = 1000;

/** Timers kept in a map, fired by the test: what the reminder planner asked for. */
function heldTimers() {
  const planned = new Map<string, Timer>();
  const timers: Timers = {
    schedule: async (timer) => void planned.set(timer.id, timer),
    cancel: async (id) => void planned.delete(id),
  };
  return { timers, planned };
}

/**
 * What the feed stores of a commit: everything it tells, but a turn told to
 * the player whose own request made it (their answer carried it). A turn
 * another player's move hands them, the end their own move made, and a turn
 * the service's own commit (a timeout) hands them stay listed; a reminder of
 * a turn the feed does not list still fires.
 */
describe.each(STORE_KINDS)('the feed and the turns an answer carried (%s store)', (kind) => {
  const clock = manualClock();
  const held = heldTimers();
  let api: RunningApi;
  let notifier: LocalNotifier;
  beforeAll(async () => {
    api = await startApi({ store: await storeOf(kind, 'push-feed', clock.now), games: [sealedBidsListing], clock: clock.now });
    notifier = runLocalNotifier(api.ctx, [reminderPlanner(held.timers, SECOND)], {
      onError: (error) => {
        throw error;
      },
    });
  });
  afterAll(async () => {
    notifier.stop();
    await api.close();
  });

  it('does not list the turn a move hands back to its author, and lists every other', async () => {
    const { client } = api;
    const table = sealedTable(client);
    // Two rounds: round 0 led by Alice (seat 0), round 1 by Bob.
    const { alice, bob, gameId } = await table.game(2, { deadlines: { turnSeconds: 3600, windowSeconds: 60 } });
    const feed = async (token: string): Promise<Notification[]> => {
      await notifier.idle();
      return (await client.get('/v1/notifications?limit=100', { token })).body.notifications;
    };
    const at = (list: readonly Notification[], version: number) => list.filter((n) => 'version' in n && n.version === version);

    // Bob's bid closes round 0's window and hands Alice the lead: a turn from another's move, listed.
    expect((await table.bid(gameId, alice.token)).status).toBe(200);
    const bobsBid = await table.bid(gameId, bob.token);
    expect(bobsBid.body.notifications).toEqual([]);
    expect(at(await feed(alice.token), bobsBid.body.version)).toEqual([expect.objectContaining({ type: 'your-turn', seat: 0 })]);

    // Alice leads, which opens round 1's window for both: her answer tells her her turn, her feed does not list it; Bob's does.
    const lead = await table.move(gameId, alice.token, { type: 'double' });
    expect(lead.status, lead.text).toBe(200);
    const [told] = lead.body.notifications as Notification[];
    expect(lead.body.notifications).toEqual([expect.objectContaining({ type: 'your-turn', seat: 0, version: lead.body.version })]);
    expect(at(await feed(alice.token), lead.body.version)).toEqual([]);
    expect(at(await feed(bob.token), lead.body.version)).toEqual([expect.objectContaining({ type: 'your-turn', seat: 1 })]);

    // Her reminder was planned from that turn all the same, and fires without it: it reads the game, not the feed.
    if (told?.type !== 'your-turn') throw new Error('no turn told');
    const reminders = [...held.planned.values()].map((t) => t.payload as ReminderPayload).filter((p) => p.playerId === alice.playerId);
    expect(reminders).toEqual([expect.objectContaining({ gameId, pendingId: told.pending.id, seat: 0, fraction: 0.8 })]);
    clock.advance(50 * SECOND);
    const reminded = await fireReminder(api.ctx, reminders[0]!);
    expect(reminded?.notification).toMatchObject({ type: 'deadline-soon', pending: { id: told.pending.id } });
    expect((await feed(alice.token)).map((n) => n.id)).toContain(reminded?.notification.id);

    // Alice bids; Bob lets the window run out. The timeout (the service's own commit) hands Bob the lead: listed.
    expect((await table.bid(gameId, alice.token)).status).toBe(200);
    clock.advance(11 * SECOND);
    const after = await table.view(gameId, bob.token);
    expect(after.body.state.pending).toMatchObject({ kind: 'turn', seat: 1 });
    const timeout = after.body.version as number;
    expect(
      at(await feed(bob.token), timeout)
        .map((n) => n.type)
        .sort(),
    ).toEqual(['timed-out', 'your-turn']);

    // Bob's lead ends the game: his answer tells him, and his feed lists it, as Alice's does.
    const end = await table.move(gameId, bob.token, { type: 'pass' });
    expect(end.status, end.text).toBe(200);
    expect(end.body.notifications).toEqual([expect.objectContaining({ type: 'game-ended', seat: 1 })]);
    expect(at(await feed(bob.token), end.body.version)).toEqual(end.body.notifications);
    expect(at(await feed(alice.token), end.body.version)).toEqual([expect.objectContaining({ type: 'game-ended', seat: 0 })]);
  });
});
