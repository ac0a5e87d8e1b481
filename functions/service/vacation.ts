import { isAway, isoInstant, remainingAway, type Away } from '../../core/table/index.js';
import type { PlayerRecord, VacationLedger } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail, ServiceError } from './errors.js';
import { seatOf } from './live-game.js';
import { runningGames, type RunningGame } from './memberships.js';
import { commitRecord, newSlice, owedAfter, RETRY, settle, untilWon, withFreshGame } from './pipeline.js';
import { RULES_BEFORE_TABLE_RULES } from './table-rules.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a ledger says, whatever its revision. */
type Ledger = Pick<VacationLedger, 'year' | 'usedDays' | 'latest'>;

const yearOf = (at: number) => new Date(at).getUTCFullYear();

/** Days of `year` already spent: the ledger counts only the year it was last written in. */
function usedIn(ledger: Ledger | null, year: number): number {
  return ledger && ledger.year === year ? ledger.usedDays : 0;
}

/** The vacation running at `now`, if any. */
function running(ledger: Ledger | null, now: number) {
  const latest = ledger?.latest;
  return latest && isAway(latest, now) ? latest : null;
}

/** A player's allowance and current vacation as the API shows it (epoch ms; presented as RFC 3339). */
export function vacationStatus(ctx: ServiceContext, ledger: Ledger | null, now: number) {
  const year = yearOf(now);
  const usedDays = usedIn(ledger, year);
  const current = running(ledger, now);
  return {
    year,
    allowanceDays: ctx.vacation.allowanceDays,
    usedDays,
    remainingDays: Math.max(0, ctx.vacation.allowanceDays - usedDays),
    current: current ? { from: current.leftAt, until: current.backAt, days: current.days } : null,
  };
}

export type VacationStatus = ReturnType<typeof vacationStatus>;

/** What starting or ending a vacation did: the player's status, and each game whose log recorded it. */
export interface VacationAnswer extends VacationStatus {
  readonly games: readonly { readonly gameId: string; readonly version: number }[];
}

export async function readVacation(ctx: ServiceContext, player: PlayerRecord): Promise<VacationStatus> {
  return vacationStatus(ctx, await ctx.store.getVacationLedger(player.playerId), ctx.clock());
}

/** Writes the ledger if nobody else did meanwhile; a lost race is the caller's to report. */
async function writeLedger(ctx: ServiceContext, next: Omit<VacationLedger, 'revision'>, previous: VacationLedger | null): Promise<void> {
  const revision = (previous?.revision ?? 0) + 1;
  // One try: `next` was worked out from `previous`, so a change made meanwhile is the player's to look at.
  await untilWon('vacation', 1, async () => ((await ctx.store.putVacationLedger({ ...next, revision }, previous?.revision ?? 0)) ? undefined : RETRY));
}

/**
 * Starts a vacation now until `until`, rounded up to whole days from now and
 * paid from this calendar year's allowance, then records it in every running
 * game of the player's that allows vacations. A retry with the same
 * Idempotency-Key finishes recording it where a fault interrupted the first.
 */
export async function startVacation(ctx: ServiceContext, player: PlayerRecord, until: number, key: string | null): Promise<VacationAnswer> {
  const now = ctx.clock();
  const ledger = await ctx.store.getVacationLedger(player.playerId);
  const current = running(ledger, now);
  if (current && key !== null && current.startKey === key) return { ...vacationStatus(ctx, ledger, now), games: await spread(ctx, player, current) };
  if (current) throw fail('vacation-running', { until: isoInstant(current.backAt) });
  if (until <= now) throw fail('vacation-in-past');
  const days = Math.ceil((until - now) / DAY_MS);
  const status = vacationStatus(ctx, ledger, now);
  if (days > status.remainingDays)
    throw fail('vacation-allowance-exceeded', { days, remainingDays: status.remainingDays, allowanceDays: status.allowanceDays, year: status.year });
  const latest = { leftAt: now, backAt: now + days * DAY_MS, days, refundedDays: 0, startKey: key, endKey: null };
  const next = { playerId: player.playerId, year: status.year, usedDays: status.usedDays + days, latest };
  await writeLedger(ctx, next, ledger);
  return { ...vacationStatus(ctx, next, now), games: await spread(ctx, player, latest) };
}

/**
 * Ends the running vacation now: the unused whole days go back to the
 * allowance, and every game that recorded it pulls the player's deadlines in
 * by the time no longer away.
 */
export async function endVacation(ctx: ServiceContext, player: PlayerRecord, key: string | null): Promise<VacationAnswer & { refundedDays: number }> {
  const now = ctx.clock();
  const ledger = await ctx.store.getVacationLedger(player.playerId);
  const latest = ledger?.latest;
  if (ledger && latest && key !== null && latest.endKey === key)
    return { ...vacationStatus(ctx, ledger, now), refundedDays: latest.refundedDays, games: await spread(ctx, player, latest) };
  const current = running(ledger, now);
  if (!ledger || !current) throw fail('no-vacation-running');
  const refundedDays = Math.floor((current.backAt - now) / DAY_MS);
  const ended = { ...current, backAt: now, days: current.days - refundedDays, endKey: key, refundedDays };
  const next = { playerId: player.playerId, year: ledger.year, usedDays: ledger.usedDays - refundedDays, latest: ended };
  await writeLedger(ctx, next, ledger);
  return { ...vacationStatus(ctx, next, now), refundedDays, games: await spread(ctx, player, ended) };
}

/**
 * Records the player's latest vacation in each of their running games that
 * allows vacations and does not know it yet: only their running games are
 * read (one query, one batch of headers and each started game's newest
 * commit), and only those whose newest commit does not show it already are
 * loaded — so a retry of the same request loads none it recorded.
 */
async function spread(ctx: ServiceContext, player: PlayerRecord, away: Away): Promise<{ gameId: string; version: number }[]> {
  const recorded: { gameId: string; version: number }[] = [];
  for (const game of await runningGames(ctx, player.playerId)) {
    if (!mayRecord(ctx, game, away)) continue;
    try {
      const version = await recordIn(ctx, player, game.row.gameId, { leftAt: away.leftAt, backAt: away.backAt });
      if (version !== null) recorded.push({ gameId: game.row.gameId, version });
    } catch (error) {
      // A game another engine version wrote cannot be played here at all, so it has no deadlines to move.
      if (!(error instanceof ServiceError && error.code === 'engine-version-unsupported')) throw error;
    }
  }
  return recorded;
}

/** Whether a running game may have this vacation to record, from its header and newest commit's summary alone. */
function mayRecord(ctx: ServiceContext, { row, header, latest }: RunningGame, away: Away): boolean {
  if (row.seat === null || header.startedAt === null || !(header.table ?? RULES_BEFORE_TABLE_RULES).vacation) return false;
  const known = latest?.summary.vacations?.find((vacation) => vacation.seat === row.seat);
  if (known?.leftAt === away.leftAt && known.backAt === away.backAt) return false;
  // A vacation over before the game knew of it changes none of its deadlines.
  return !(remainingAway(away, ctx.clock()) === 0 && known?.leftAt !== away.leftAt);
}

/** One game's `vacation` commit (after its overdue deadlines), or null when it has nothing to record. */
function recordIn(ctx: ServiceContext, player: PlayerRecord, gameId: string, away: Away): Promise<number | null> {
  const slice = newSlice();
  return withFreshGame(ctx, gameId, async (live) => {
    const seat = seatOf(live.header, player.playerId);
    if (seat === null || !live.state || !(live.header.table ?? RULES_BEFORE_TABLE_RULES).vacation) return null;
    if ((await settle(ctx, live, slice)) === RETRY) return RETRY;
    const known = live.state.vacations?.[seat];
    // Nothing to record: the game is over, knows this already, or never knew a vacation that is over now.
    const over = remainingAway(away, ctx.clock()) === 0 && known?.leftAt !== away.leftAt;
    if (live.state.finished || over || (known?.leftAt === away.leftAt && known.backAt === away.backAt)) return null;
    const at = ctx.clock();
    const outcome = await commitRecord(
      ctx,
      live,
      { type: 'vacation', seat, ...away, at },
      { actor: player.playerId, idempotencyKey: null, requestHash: null },
      owedAfter(slice, at),
    );
    if (outcome.kind === 'conflict') return RETRY;
    if (outcome.kind === 'rejected') throw new Error(`vacation in ${gameId} refused: ${outcome.refusal.rejection.code}`);
    return outcome.commit.seq;
  });
}
