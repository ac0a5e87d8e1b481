import type { DigestPayload, Timer, Timers } from '../../timers/port.js';
import type { PushContext } from '../context.js';
import { derivedId } from '../model/derive.js';
import { titleOf } from '../notify/notifier.js';
import type { Outbox } from '../outbox/port.js';
import type { EmailRecord } from '../store/port.js';
import { listMyGames } from '../../service/inbox.js';
import { emailDelivery, emailTarget, mailable, queueMail } from './deliveries.js';
import { localDay, nextLocalHour } from './local-time.js';

/**
 * The daily digest: at the hour a player chose of their own day, one e-mail
 * listing the games waiting for their move, nearest deadline first (as their
 * games list orders them); none on a day nothing waits. Each digest is a
 * timer of the one timer system (in process under `npm start`, an
 * EventBridge Scheduler one-time schedule on AWS), one per local day, whose
 * firing plans the next day's before it sends. At most one per player per
 * local day: the day is claimed by a conditional write, so a firing run
 * twice (a retry, a redelivery) or a day planned twice (the hour changed)
 * sends one.
 */

/** A digest lists this many games at most (a player holds fewer running games than this). */
const DIGEST_GAMES = 50;

const wanted = (record: EmailRecord) => mailable(record) && record.digest;

/** When the record's next digest is due after `after`. */
const plannedAt = (record: EmailRecord, after: number) => nextLocalHour(record.timeZone, record.digestHour, after);

function digestTimer(record: EmailRecord, after: number): Timer<DigestPayload> {
  const dueAt = plannedAt(record, after);
  return {
    id: `digest:${record.playerId}:${localDay(dueAt, record.timeZone)}`,
    dueAt,
    payload: { kind: 'email-digest', playerId: record.playerId, dueAt },
  };
}

/** Plans the next digest after `after` where the record wants one. */
export async function planDigest(ctx: PushContext, timers: Timers, record: EmailRecord, after = ctx.clock()): Promise<void> {
  if (wanted(record)) await timers.schedule(digestTimer(record, after));
}

/** Drops the digest a record planned (its settings are changing, or it is gone); one that fires anyway finds itself out of date. */
export async function cancelDigest(ctx: PushContext, timers: Timers, record: EmailRecord): Promise<void> {
  await timers.cancel(digestTimer(record, ctx.clock()).id);
}

/** A digest timer fired: if it is still the one the player's settings plan, the next is planned and today's sent. Idempotent. */
export async function fireDigest(ctx: PushContext, timers: Timers, outbox: Outbox, payload: DigestPayload): Promise<void> {
  const record = await ctx.push.getEmail(payload.playerId, 'strong');
  // Out of date: the address went, was disabled, the digest turned off, or its hour or zone changed (a new timer is planned).
  if (!record || !wanted(record) || plannedAt(record, payload.dueAt - 1) !== payload.dueAt) return;
  await planDigest(ctx, timers, record, payload.dueAt);
  const player = await ctx.store.getPlayer(record.playerId);
  if (!player) return;
  const { games } = await listMyGames(ctx, player, { awaitingMe: true, limit: DIGEST_GAMES, cursor: null });
  if (games.length === 0) return;
  const day = localDay(payload.dueAt, record.timeZone);
  const listed = games.map((game) => ({ gameId: game.gameId, game: game.game, title: titleOf(ctx, game.game), deadline: game.deadline }));
  const delivery = emailDelivery(
    record,
    { kind: 'digest', day, games: listed },
    derivedId('msg', emailTarget(record.playerId), 'digest', day),
    payload.dueAt,
    'digest',
  );
  // Claimed by this firing before (its queuing failed, and the timer tries again), its digest may still go: the courier records it once.
  if (!(await ctx.push.claimDigest(record.playerId, day, String(payload.dueAt)))) return;
  await queueMail(outbox, [delivery]);
}
