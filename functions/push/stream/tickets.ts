import { randomBytes } from 'node:crypto';
import type { PushContext } from '../context.js';
import { sha256Hex } from '../../service/ids.js';
import { TICKET_TTL_MS } from './protocol.js';

/** A one-time ticket to open the stream: a long-lived token must not travel in a URL. */
export async function issueTicket(ctx: PushContext, playerId: string, streamUrl: string) {
  const ticket = `st_${randomBytes(24).toString('base64url')}`;
  const expiresAt = ctx.clock() + TICKET_TTL_MS;
  await ctx.push.putTicket(sha256Hex(ticket), playerId, expiresAt);
  return { ticket, url: `${streamUrl}?ticket=${ticket}`, expiresAt: new Date(expiresAt).toISOString() };
}

/** The player a ticket opens the stream for, burning it; null for an unknown, used or expired one. */
export async function redeemTicket(ctx: PushContext, ticket: string | null): Promise<string | null> {
  if (!ticket || !/^st_[A-Za-z0-9_-]{32}$/.test(ticket)) return null;
  return ctx.push.takeTicket(sha256Hex(ticket));
}
