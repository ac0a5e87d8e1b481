import type { WebhookRecord } from '../../functions/push/store/port.js';

/** A webhook subscription as the store keeps it, enabled and for every type: the push store tests' fixture. */
export function webhookRecord(id: string, ownerId: string, gameId: string | null, createdAt: number): WebhookRecord {
  return { id, ownerId, url: 'https://example.com/h', gameId, events: null, secret: 'whsec_x', createdAt, disabled: null };
}
