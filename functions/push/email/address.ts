import { createHash, randomBytes } from 'node:crypto';
import { fail } from '../../service/errors.js';
import type { Language } from '../../service/languages.js';
import type { Timers } from '../../timers/port.js';
import type { PushContext } from '../context.js';
import { changePreferences, readPreferences } from '../notify/feed.js';
import type { Outbox } from '../outbox/port.js';
import type { EmailPolicy } from '../policy.js';
import type { EmailRecord } from '../store/port.js';
import { cancelDigest, planDigest } from './digest.js';
import { emailDelivery, emailTarget, queueMail } from './deliveries.js';
import { derivedId } from '../model/derive.js';
import type { EmailChange } from './schemas.js';
import { linkPlayer, readConfirmToken, readUnsubscribeToken } from './tokens.js';

/**
 * A player's address: set (a confirmation link mailed; nothing else until it
 * is followed), confirmed (single use, within a day), read, removed, and
 * left by one click (RFC 8058) from any message. The routes that change it
 * are given the outbox (the confirmation is a delivery like any other) and
 * the timers (the digest's).
 */

/** What the e-mail routes are given beside the context. */
export interface MailDesk {
  readonly outbox: Outbox;
  readonly timers: Timers;
}

/** A confirmation link works this long. */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
const DEFAULTS = { timeZone: 'UTC', digestHour: 8, digest: true } as const;

const iso = (ms: number) => new Date(ms).toISOString();

export function presentEmail(record: EmailRecord) {
  return {
    address: record.address,
    confirmed: record.confirmedAt !== null,
    confirmedAt: record.confirmedAt === null ? null : iso(record.confirmedAt),
    timeZone: record.timeZone,
    digestHour: record.digestHour,
    digest: record.digest,
    disabled: record.disabled ? { at: iso(record.disabled.at), reason: record.disabled.reason } : null,
  };
}

/** E-mail's settings and the routes' parts, or `503 email-unavailable` where this deployment sends none. */
export function requireEmail(ctx: PushContext, desk: MailDesk | undefined): { readonly email: EmailPolicy; readonly desk: MailDesk } {
  const email = ctx.pushPolicy.email;
  if (email === null || !desk) throw fail('email-unavailable');
  return { email, desk };
}

export async function requireEmailRecord(ctx: PushContext, playerId: string): Promise<EmailRecord> {
  const record = await ctx.push.getEmail(playerId, 'strong');
  if (!record) throw fail('email-not-set');
  return record;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** What finds an address's owner (push/store `claimAddress`): a hash of it, compared case-insensitively, so the index holds no address. */
export const addressKey = (address: string) => createHash('sha256').update(address.trim().toLowerCase()).digest('base64url');

/**
 * Sets the address and the digest's settings. A new address (or one
 * disabled by a bounce) starts unconfirmed and is mailed a confirmation
 * link; the same address keeps its state and takes the settings
 * (`confirmationSent` false), or, still unconfirmed, is mailed a new link.
 * `browserLanguage` (the request's `Accept-Language`, when it has one) is
 * kept as the mails' language while the player chooses none.
 */
export async function setEmail(ctx: PushContext, desk: MailDesk | undefined, playerId: string, change: EmailChange, browserLanguage?: Language) {
  const { desk: parts } = requireEmail(ctx, desk);
  const now = ctx.clock();
  const before = await ctx.push.getEmail(playerId, 'strong');
  const kept = before && !before.disabled && sameAddress(before.address, change.address) ? before : null;
  const settings = {
    timeZone: change.timeZone ?? before?.timeZone ?? DEFAULTS.timeZone,
    digestHour: change.digestHour ?? before?.digestHour ?? DEFAULTS.digestHour,
    digest: change.digest ?? before?.digest ?? DEFAULTS.digest,
  };
  const confirmed = kept !== null && kept.confirmedAt !== null;
  const confirmation = confirmed ? null : { nonce: randomBytes(16).toString('base64url'), expiresAt: now + CONFIRMATION_TTL_MS };
  const record: EmailRecord = {
    playerId,
    address: kept?.address ?? change.address.trim(),
    confirmedAt: confirmed ? kept.confirmedAt : null,
    confirmation,
    ...settings,
    disabled: null,
    ...((browserLanguage ?? before?.language) ? { language: browserLanguage ?? before?.language } : {}),
    createdAt: kept?.createdAt ?? now,
  };
  if (before) await cancelDigest(ctx, parts.timers, before);
  // Another address (or this one disabled) no longer signs this player in until it is confirmed.
  if (before && !kept) await ctx.push.releaseAddress(addressKey(before.address), playerId);
  await ctx.push.putEmail(record);
  // Saving a confirmed address again claims it too: an address confirmed before sign-in links existed gets its index so.
  if (confirmed) await ctx.push.claimAddress(addressKey(record.address), playerId);
  await planDigest(ctx, parts.timers, record);
  if (confirmation) {
    const id = derivedId('msg', emailTarget(playerId), 'confirm', confirmation.nonce);
    await queueMail(parts.outbox, [emailDelivery(record, { kind: 'confirmation', ...confirmation }, id, now, 'email-confirmation')]);
  }
  return { record, confirmationSent: confirmation !== null };
}

export async function removeEmail(ctx: PushContext, desk: MailDesk | undefined, playerId: string): Promise<void> {
  const { desk: parts } = requireEmail(ctx, desk);
  const record = await ctx.push.getEmail(playerId, 'strong');
  if (!record) return;
  await cancelDigest(ctx, parts.timers, record);
  await ctx.push.releaseAddress(addressKey(record.address), playerId);
  await ctx.push.deleteEmail(playerId);
}

/** An account erased: its address no longer signs it in (the index lives outside the player's partition, which the erasure walks). */
export async function releaseOwnAddress(ctx: PushContext, playerId: string): Promise<void> {
  const record = await ctx.push.getEmail(playerId, 'strong');
  if (record) await ctx.push.releaseAddress(addressKey(record.address), playerId);
}

/** Follows a confirmation link: once, before it lapses, for the address it was mailed to (`404 email-link-invalid` otherwise). */
export async function confirmEmail(ctx: PushContext, desk: MailDesk | undefined, token: string): Promise<EmailRecord> {
  const { email, desk: parts } = requireEmail(ctx, desk);
  const link = readConfirmToken(await email.key(), token);
  const record = link ? await ctx.push.getEmail(link.playerId, 'strong') : null;
  if (!link || !record || record.confirmation?.nonce !== link.nonce || link.expiresAt <= ctx.clock()) throw fail('email-link-invalid');
  const confirmed: EmailRecord = { ...record, confirmedAt: ctx.clock(), confirmation: null };
  // Removed or replaced since it was read: the link's address is gone.
  if (!(await ctx.push.rewriteEmail(record, confirmed))) throw fail('email-link-invalid');
  // The mailbox's owner proved it now: its sign-in links sign this player in (the last to confirm an address holds it).
  await ctx.push.claimAddress(addressKey(confirmed.address), confirmed.playerId);
  await planDigest(ctx, parts.timers, confirmed);
  return confirmed;
}

/**
 * One click leaves a list (RFC 8058): a type's e-mails (its `email` cell
 * turned off), the digest, sign-in links, or — from a confirmation — the
 * address itself.
 * Repeating it changes nothing more.
 */
export async function unsubscribe(ctx: PushContext, desk: MailDesk | undefined, token: string): Promise<void> {
  const { email, desk: parts } = requireEmail(ctx, desk);
  const link = readUnsubscribeToken(await email.key(), token);
  if (!link) throw fail('email-link-invalid');
  const record = await ctx.push.getEmail(link.playerId, 'strong');
  if (link.list === 'address') {
    if (record && record.confirmedAt === null) await removeEmail(ctx, desk, link.playerId);
  } else if (link.list === 'sign-in') {
    if (record) await ctx.push.rewriteEmail(record, { ...record, signInLinks: false });
  } else if (link.list === 'digest') {
    if (record) {
      await cancelDigest(ctx, parts.timers, record);
      await ctx.push.rewriteEmail(record, { ...record, digest: false });
    }
  } else await changePreferences(ctx, link.playerId, { notify: { [link.list]: { email: false } } });
}

/** The language its player chose, for the page a link of theirs opens; undefined for a token not ours, or a player who never chose (the browser's then). */
export async function linkLanguage(ctx: PushContext, token: string): Promise<Language | undefined> {
  const email = ctx.pushPolicy.email;
  const playerId = email ? linkPlayer(await email.key(), token) : null;
  return playerId === null ? undefined : (await readPreferences(ctx, playerId, 'eventual')).language;
}
