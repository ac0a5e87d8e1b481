import type { Outbox } from '../outbox/port.js';
import type { EmailRecord } from '../store/port.js';
import { newDeliveryMessage, type NewDelivery } from '../webhooks/courier.js';
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

export function emailDelivery(record: EmailRecord, content: MailContent, id: string, createdAt: number, type: string): NewDelivery {
  const body: StoredMail = { to: record.address, content };
  return { id, webhookId: emailTarget(record.playerId), ownerId: record.playerId, type, body: JSON.stringify(body), createdAt };
}

/** Queues the deliveries in the outbox, their content in the messages: the courier records each once, with its first attempt (a redelivered one finds its record and sends nothing). */
export async function queueMail(outbox: Outbox, deliveries: readonly NewDelivery[]): Promise<void> {
  await outbox.enqueue(deliveries.map((delivery) => newDeliveryMessage(delivery, 'email')));
}
