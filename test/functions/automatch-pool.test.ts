import { describe, expect, it } from 'vitest';
import { createSeek, passOverPool, SEEK_LIFETIME_MS } from '../../functions/service/automatch.js';
import { block } from '../../functions/service/blocks.js';
import { registerPlayer } from '../../functions/service/players.js';
import { ServiceError } from '../../functions/service/errors.js';
import { MemoryStore } from '../../functions/store/memory.js';
import type { GameHeader, PlayerRecord, RunningGameClaim, SeatingOutcome, SeekRecord } from '../../functions/store/port.js';
import { poolTimer } from '../../functions/service/automatch-timer.js';
import type { AutomatchPayload, Timer, Timers } from '../../functions/timers/port.js';
import { manualClock } from '../support/api.js';
import { testContext } from '../support/context.js';

/** A small seeded generator (sfc32's little cousin, mulberry32): the same day every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What people ask for, with how often: two-player games most, five-seat tables least; daily pace more than live. */
const WANTS = [
  { game: 'village-pillage', seats: 2, weight: 30 },
  { game: 'village-pillage', seats: 3, weight: 8 },
  { game: 'valeria-card-kingdoms', seats: 2, weight: 15 },
  { game: 'valeria-card-kingdoms', seats: 4, weight: 9 },
  { game: 'villages-of-valeria', seats: 2, weight: 12 },
  { game: 'villages-of-valeria', seats: 3, weight: 10 },
  { game: 'villages-of-valeria', seats: 4, weight: 8 },
  { game: 'villages-of-valeria', seats: 5, weight: 8 },
] as const;
const PACES = [
  { deadlines: 'daily' as const, weight: 70 },
  { deadlines: 'live' as const, weight: 30 },
];

function pick<T extends { readonly weight: number }>(items: readonly T[], roll: number): T {
  let left = roll * items.reduce((sum, item) => sum + item.weight, 0);
  for (const item of items) if ((left -= item.weight) < 0) return item;
  return items[items.length - 1]!;
}

const DAY_MS = 86_400_000;

/** The memory store, noting every seating it writes: the seeks, by id, in the game they were seated in. */
class WitnessedStore extends MemoryStore {
  readonly seatings: { readonly gameId: string; readonly at: number; readonly seekIds: readonly string[] }[] = [];

  override async seatSeeks(header: GameHeader, seeks: readonly SeekRecord[], claims: readonly RunningGameClaim[]): Promise<SeatingOutcome> {
    const outcome = await super.seatSeeks(header, seeks, claims);
    if (outcome.status === 'seated') this.seatings.push({ gameId: header.gameId, at: header.createdAt, seekIds: seeks.map((seek) => seek.seekId) });
    return outcome;
  }
}

/**
 * A simulated day of automatch on the manual clock: 1,000 seeks from 300
 * players (each blocking two others at random; ratings spread around 25)
 * arrive at random over 24 hours across 16 pools (the wants above × two
 * paces); each seek runs a pass as over HTTP, and the pools' timers fire as
 * the timer system would fire them. Then the day runs out (every seek has
 * had its 24 hours). Prints the figures; holds ≥ 95% seated within their
 * wait, no blocked pair at any table, no seek seated twice.
 */
describe('automatch over a simulated day', () => {
  it('seats at least 95% of 1,000 seeks within their wait, never a blocked pair, never a seek twice', { timeout: 600_000 }, async () => {
    const roll = random(24);
    const clock = manualClock(Date.UTC(2026, 10, 26, 0));
    const start = clock.now();
    const store = new WitnessedStore({ clock: clock.now });
    const ctx = testContext({ store, clock: clock.now });
    const players: PlayerRecord[] = [];
    for (let i = 0; i < 300; i++) {
      const registered = await registerPlayer(ctx, `Player ${i}`);
      const player = (await ctx.store.getPlayer(registered.playerId))!;
      players.push(player);
      // A rating estimate spread around the newcomer's 25, as a pool that has played a while would be.
      const mu = 25 + (roll() + roll() + roll() - 1.5) * 10;
      for (const want of WANTS.filter((w, i) => WANTS.findIndex((v) => v.game === w.game) === i))
        await ctx.store.recordGameEnd({ gameId: `seed-${i}-${want.game}`, game: want.game, at: start, tallies: [], changes: [] }, [
          { playerId: player.playerId, game: want.game, name: player.name, mu, sigma: 5, games: 20, wins: 10, lastGameAt: start, listed: false, revision: 1 },
        ]);
    }
    const blocked = new Set<string>();
    for (const player of players)
      for (let b = 0; b < 2; b++) {
        const other = players[Math.floor(roll() * players.length)]!;
        if (other.playerId === player.playerId) continue;
        await block(ctx, player, other.playerId);
        blocked.add(`${player.playerId} ${other.playerId}`).add(`${other.playerId} ${player.playerId}`);
      }

    // The timer system, as a queue the test fires in time order: one timer per id (a second schedule replaces the first).
    const agenda = new Map<string, Timer>();
    const timers: Timers = { schedule: async (timer) => void agenda.set(timer.id, timer), cancel: async (id) => void agenda.delete(id) };
    ctx.seeks.subscribe((seek) => void timers.schedule(poolTimer(seek.game, seek.pool, seek.createdAt)));
    const fireDue = async (until: number) => {
      for (;;) {
        const next = [...agenda.values()].filter((t) => t.dueAt <= until).sort((a, b) => a.dueAt - b.dueAt)[0];
        if (!next) return;
        agenda.delete(next.id);
        if (next.dueAt > clock.now()) clock.advance(next.dueAt - clock.now());
        if (next.payload.kind === 'automatch') await passOverPool(ctx, timers, next.payload satisfies AutomatchPayload);
      }
    };

    const arrivals = Array.from({ length: 1_000 }, () => start + Math.floor(roll() * DAY_MS)).sort((a, b) => a - b);
    const made: { seekId: string; playerId: string; createdAt: number }[] = [];
    let refused = 0;
    for (const at of arrivals) {
      await fireDue(at);
      clock.advance(at - clock.now());
      // A player already waiting in the pool they roll (or in five pools) asks another: each of the 1,000 is a seek made.
      for (;;) {
        const player = players[Math.floor(roll() * players.length)]!;
        const want = pick(WANTS, roll());
        const pace = pick(PACES, roll());
        try {
          const seek = await createSeek(ctx, player, { game: want.game, seats: want.seats, deadlines: pace.deadlines });
          made.push({ seekId: seek.seekId, playerId: player.playerId, createdAt: at });
          break;
        } catch (error) {
          if (!(error instanceof ServiceError)) throw error;
          refused++;
        }
      }
    }
    await fireDue(start + DAY_MS + SEEK_LIFETIME_MS);
    clock.advance(start + DAY_MS + SEEK_LIFETIME_MS - clock.now());

    // Every seating written: no seek in two, each game's seats exactly its seeks' players, no blocked pair at a table.
    const madeAt = new Map(made.map((m) => [m.seekId, m]));
    const seated = new Map<string, string>();
    const waits: number[] = [];
    let blockedPairs = 0;
    for (const seating of store.seatings) {
      const header = (await ctx.store.getHeader(seating.gameId))!;
      const ids = header.seats.flatMap((s) => (s.kind === 'player' ? [s.playerId] : []));
      expect(ids).toHaveLength(header.seats.length);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.sort()).toEqual(seating.seekIds.map((id) => madeAt.get(id)!.playerId).sort());
      expect(['active', 'finished']).toContain((await ctx.store.getHeader(seating.gameId))!.status);
      for (const a of ids) for (const b of ids) if (a !== b && blocked.has(`${a} ${b}`)) blockedPairs++;
      for (const seekId of seating.seekIds) {
        expect(seated.has(seekId), `seek ${seekId} seated twice`).toBe(false);
        seated.set(seekId, seating.gameId);
        waits.push(seating.at - madeAt.get(seekId)!.createdAt);
      }
    }
    const share = seated.size / made.length;
    waits.sort((a, b) => a - b);
    const at = (q: number) => (waits[Math.min(waits.length - 1, Math.floor(q * waits.length))] ?? 0) / 60_000;
    console.log(
      [
        `automatch day: ${made.length} seeks from ${players.length} players (${blocked.size / 2} blocked pairs; ${refused} asks refused as already waiting there or in 5 pools)`,
        `seated ${seated.size} (${(share * 100).toFixed(1)}%) in ${store.seatings.length} games within their 24 h; expired unseated ${made.length - seated.size}`,
        `wait to be seated: p50 ${at(0.5).toFixed(0)} min, p90 ${at(0.9).toFixed(0)} min, p99 ${at(0.99).toFixed(0)} min, max ${(at(1) / 60).toFixed(1)} h`,
        `blocked pairs seated together: ${blockedPairs}; seeks seated twice: 0`,
      ].join('\n'),
    );
    expect(blockedPairs).toBe(0);
    expect(share).toBeGreaterThanOrEqual(0.95);
    expect(waits.every((w) => w >= 0 && w < SEEK_LIFETIME_MS)).toBe(true);
  });
});
