import { describe, expect, it } from 'vitest';
import { noticeFor, withoutBlockedNames } from '../../functions/push/notify/blocked-names.js';
import { batchReads } from '../../functions/push/notify/batch-reads.js';
import type { GameNotice } from '../../functions/push/model/schemas.js';
import type { GameHeader } from '../../functions/store/port.js';
import { testContext } from '../support/context.js';

const header = {
  gameId: 'g_1',
  game: 'village-pillage',
  seats: [
    { kind: 'player', playerId: 'pl_ann', name: 'Ann' },
    { kind: 'player', playerId: 'pl_ben', name: 'Ben' },
    { kind: 'bot', level: 'greedy' },
    { kind: 'player', playerId: 'pl_cy', name: 'Cy' },
  ],
} as const satisfies Pick<GameHeader, 'gameId' | 'game' | 'seats'>;

/** Blocked players who share a table (the block came after the seating) are never named to one another; everyone else still is. */
describe('names kept from blocked players', () => {
  const at = '2026-11-26T12:00:00.000Z';
  const ref = { at, gameId: 'g_1', game: 'village-pillage', title: 'Village Pillage' };

  it('a notification naming a player the addressee blocks, or who blocks them, says the seat instead', async () => {
    const ctx = testContext();
    await ctx.store.putBlock({ playerId: 'pl_ben', blockedId: 'pl_ann', at: 1 });
    const full = {
      ...header,
      options: {},
      deadlines: { windowMs: 1, turnMs: 1 },
      createdBy: 'pl_ann',
      createdAt: 0,
      seed: '',
      seedHash: '',
      status: 'active',
      startedAt: 0,
      revision: 2,
    } satisfies GameHeader;
    const replaced = (seat: number, id: string) =>
      ({ ...ref, id, seat, type: 'seat-replaced', version: 9, replaced: { seat: 0, name: 'Ann', afterTimeouts: 3 } }) as const;
    const told = await withoutBlockedNames(batchReads(ctx), full, [
      { playerId: 'pl_ben', notification: replaced(1, 'n_ben') },
      { playerId: 'pl_cy', notification: replaced(3, 'n_cy') },
      { playerId: 'pl_ann', notification: replaced(0, 'n_ann') },
    ]);
    expect(told.map((t) => (t.notification.type === 'seat-replaced' ? t.notification.replaced.name : null))).toEqual(['Seat 1', 'Ann', 'Ann']);
    // Ann is blocked by Ben: she is not told his name either.
    const joined = await withoutBlockedNames(batchReads(ctx), full, [
      { playerId: 'pl_ann', notification: { ...ref, id: 'n_j', seat: 0, type: 'player-joined', joined: { seat: 1, name: 'Ben' } } },
    ]);
    expect(joined[0]!.notification).toMatchObject({ joined: { seat: 1, name: 'Seat 2' } });
  });

  it("a game notice to a webhook's owner names no player on their block list, either way", async () => {
    const ctx = testContext();
    await ctx.store.putBlock({ playerId: 'pl_ann', blockedId: 'pl_cy', at: 1 });
    const full = {
      ...header,
      options: {},
      deadlines: { windowMs: 1, turnMs: 1 },
      createdBy: 'pl_ann',
      createdAt: 0,
      seed: '',
      seedHash: '',
      status: 'active',
      startedAt: 0,
      revision: 2,
    } satisfies GameHeader;
    const turn: Extract<GameNotice, { type: 'game.turn' }> = {
      id: 'gn_1',
      at,
      type: 'game.turn',
      gameId: 'g_1',
      game: 'village-pillage',
      title: 'Village Pillage',
      version: 4,
      pendingId: 'p4',
      awaiting: [
        { seat: 1, name: 'Ben' },
        { seat: 2, name: null },
        { seat: 3, name: 'Cy' },
      ],
      deadline: at,
    };
    expect(await noticeFor(batchReads(ctx), full, 'pl_ann', turn)).toEqual({
      ...turn,
      awaiting: [turn.awaiting[0], turn.awaiting[1], { seat: 3, name: null }],
    });
    expect(await noticeFor(batchReads(ctx), full, 'pl_cy', turn)).toEqual(turn);
    expect(await noticeFor(batchReads(ctx), full, 'pl_ben', turn)).toEqual(turn);
    const ended: GameNotice = {
      id: 'gn_2',
      at,
      type: 'game.ended',
      gameId: 'g_1',
      game: 'village-pillage',
      title: 'Village Pillage',
      version: 9,
      scores: [1, 2, 3, 4],
      winners: [{ seat: 3, name: 'Cy' }],
    };
    expect(await noticeFor(batchReads(ctx), full, 'pl_ann', ended)).toEqual({ ...ended, winners: [{ seat: 3, name: null }] });
  });
});
