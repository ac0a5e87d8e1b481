import { randomBytes } from 'node:crypto';
import type { PushContext } from '../context.js';
import { fail } from '../../service/errors.js';
import { sha256Hex } from '../../service/ids.js';
import { MAX_OUTSTANDING_TICKETS, TICKET_TTL_MS } from './protocol.js';

/** A one-time ticket to open the stream: a long-lived token must not travel in a URL. At most 10 outstanding a player. */
export async function issueTicket(ctx: PushContext, playerId: string, streamUrl: string) {
  const ticket = `st_${randomBytes(24).toString('base64url')}`;
  const expiresAt = ctx.clock() + TICKET_TTL_MS;
  if (!(await ctx.push.putTicket(sha256Hex(ticket), playerId, expiresAt, MAX_OUTSTANDING_TICKETS)))
    throw fail('too-many-stream-tickets', { limit: MAX_OUTSTANDING_TICKETS });
  return { ticket, url: `${streamUrl}?ticket=${ticket}`, expiresAt: new Date(expiresAt).toISOString() };
}

/** The player a ticket opens the stream for, burning it; null for an unknown, used or expired one. */
export async function redeemTicket(ctx: PushContext, ticket: string | null): Promise<string | null> {
  if (!ticket || !/^st_[A-Za-z0-9_-]{32}$/.test(ticket)) return null;
  return ctx.push.takeTicket(sha256Hex(ticket));
}
