import type { Addressed } from './derive.js';
import type { NotificationType } from './schemas.js';

/**
 * Notifications that no commit carries (a seat taken changes the header, not
 * the log) are derived where their fact is stored, stored there, and then
 * reach the channels: on AWS the stored items themselves, through the
 * table's stream (push's consumer is handed exactly these types); in process,
 * through this signal.
 */
export const ANNOUNCED_TYPES = ['player-joined'] as const satisfies readonly NotificationType[];

type Listener = (addressed: readonly Addressed[]) => void;

/** In-process news of announced notifications, for the local notifier. */
export class AnnouncementSignal {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(addressed: readonly Addressed[]): void {
    if (addressed.length > 0) for (const listener of this.listeners) listener(addressed);
  }
}
