import { answeredToItsAuthor } from '../../service/answered-commands.js';
import { sendable, type Addressed, type Derived } from '../model/derive.js';
import type { BatchReads } from './batch-reads.js';
import type { ObservedCommit } from './follow.js';

/**
 * A channel that passes on what happened: the stream, webhooks, reminders.
 * `observed` is the durable commit that caused it, or null (a timer firing,
 * a seat taken); `reads` what the channels read about players, shared by
 * every channel and every commit of the batch.
 */
export type PushSink = (derived: Derived, observed: ObservedCommit | null, reads: BatchReads) => Promise<void>;

/**
 * Hands what happened to every channel at once: they are independent, and a
 * Lambda bills the time it waits, so they wait together. Fails, once all are
 * done, if any failed (the commit is then handled again; ids make that harmless).
 */
export async function passOn(sinks: readonly PushSink[], derived: Derived, observed: ObservedCommit | null, reads: BatchReads): Promise<void> {
  const failed = (await Promise.allSettled(sinks.map((sink) => sink(derived, observed, reads)))).find((o) => o.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * The notifications a channel delivers one by one (a lone stream message, a
 * webhook, a browser push, an e-mail): those the undo allowance does not
 * hold, less what the commit's answer told its author (answeredToItsAuthor:
 * they have it, with the same ids; the feed keeps it but a turn). Reminders are
 * planned from every notification: they tell of a later moment.
 */
export function deliverable(derived: Derived, observed: ObservedCommit | null): Addressed[] {
  return derived.notifications.filter(
    ({ playerId, notification }) => sendable(derived, notification) && !(observed !== null && answeredToItsAuthor(observed.commit, playerId)),
  );
}
