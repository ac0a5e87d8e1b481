import type { PushContext } from '../context.js';
import type { OutboxMessage } from '../outbox/message.js';
import type { Outbox } from '../outbox/port.js';
import type { DeliveryRecord, EmailRecord } from '../store/port.js';
import { recordNewDelivery } from '../webhooks/courier.js';
import type { MailContent } from './message.js';

/**
 * An e-mail delivery: its record (the address it was meant for and what it
 * says, rendered at each attempt) and its place in the outbox. Each player
 * has one e-mail target, so the outbox's lane and breaker keep a slow
 * mailbox apart from everyone else's.
 */

export const emailTarget = (playerId: string) => `em_${playerId}`;

/** What an e-mail delivery's body holds. */
export interface StoredMail {
  readonly to: string;
  readonly content: MailContent;
}

/** Whether notices and digests may go to the address: confirmed, and not disabled by a bounce or complaint. */
export const mailable = (record: EmailRecord) => record.confirmedAt !== null && record.disabled === null;

export function emailDelivery(record: EmailRecord, content: MailContent, id: string, createdAt: number, type: string): DeliveryRecord {
  const body: StoredMail = { to: record.address, content };
  return {
    id,
    webhookId: emailTarget(record.playerId),
    ownerId: record.playerId,
    type,
    body: JSON.stringify(body),
    createdAt,
    state: 'pending',
    attempts: [],
    nextAttemptAt: null,
  };
}

/** Records the deliveries (a redelivered one is not queued twice) and queues those new in the outbox. */
export async function queueMail(ctx: PushContext, outbox: Outbox, deliveries: readonly DeliveryRecord[]): Promise<void> {
  const messages = await Promise.all(deliveries.map((delivery) => recordNewDelivery(ctx, delivery, 'email')));
  await outbox.enqueue(messages.filter((m): m is OutboxMessage => m !== null));
}
