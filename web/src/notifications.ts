import type { Notification, StreamNews, ValeriaClient } from '@valeria-tabletop/client';
import { route } from './router.js';
import { signal } from './signal.js';

/** Where the place of the newest notification the player has seen listed is kept: what sorts after it is new to them. */
export const SEEN_KEY = 'valeria.notifications.seen';
/** How many are kept for the list (the API keeps 30 days). */
const KEPT = 100;

export interface Notifications {
  /** Newest first. */
  readonly items: readonly Notification[];
  /** How many of `items` the player has not seen listed yet. */
  readonly unread: number;
  /** The one to announce now, as it arrived; null once dismissed. */
  readonly latest: Notification | null;
}

export const notifications = signal<Notifications>({ items: [], unread: 0, latest: null });

/** A notification's place in the API's order (its time, then its id), comparable as a string. */
const placeOf = (n: Notification) => `${String(Date.parse(n.at)).padStart(13, '0')}#${n.id}`;

/** Those that arrived while the player looked at their table: seen there. */
const seenAtTable = new Set<string>();

/** How many listed notifications sort after the last one seen, not counting those seen at their table; on a first visit, none. */
function unreadOf(items: readonly Notification[]): number {
  const seen = localStorage.getItem(SEEN_KEY);
  return seen === null ? 0 : items.filter((n) => placeOf(n) > seen && !seenAtTable.has(n.id)).length;
}

/** Marks everything listed as seen (the notifications page is open). */
export function markSeen(): void {
  const { items } = notifications.get();
  localStorage.setItem(SEEN_KEY, items[0] ? placeOf(items[0]) : '');
  notifications.set({ ...notifications.get(), unread: 0 });
}

export function dismissLatest(): void {
  notifications.set({ ...notifications.get(), latest: null });
}

/** Whether the player is looking at the table `n` is about: it shows the news already. */
function atItsTable(n: Notification): boolean {
  const current = route.get();
  return current.page === 'game' && 'gameId' in n && n.gameId === current.gameId;
}

/** Adds what arrived, each once, in the API's order; announces the newest of it when asked. */
function add(arrived: readonly Notification[], announce: boolean): void {
  const { items, latest } = notifications.get();
  const known = new Set(items.map((n) => n.id));
  const fresh = arrived.filter((n) => !known.has(n.id));
  if (fresh.length === 0) return;
  const all = [...fresh, ...items].sort((a, b) => (placeOf(a) < placeOf(b) ? 1 : -1)).slice(0, KEPT);
  const here = announce ? fresh.filter(atItsTable) : [];
  for (const n of here) seenAtTable.add(n.id);
  const told = announce ? fresh.filter((n) => !here.includes(n)) : [];
  const unread = unreadOf(all);
  // Nothing else is new: the mark moves past what was seen at the table, so a reload does not count it again.
  if (here.length > 0 && unread === 0 && all[0] && localStorage.getItem(SEEN_KEY) !== null) localStorage.setItem(SEEN_KEY, placeOf(all[0]));
  notifications.set({ items: all, unread, latest: told.at(-1) ?? latest });
}

/**
 * What a request's own commit told the player (a move's, an undo's or a
 * reclaim's answer carries it; the stream does not send it): what of it the
 * feed lists (the end their move made) is added as if it had come on the
 * stream, so at its table it counts as seen there. A turn it told them is
 * left out, as the feed leaves it out: the table they play at shows it, and
 * a multi-step turn would fill the list with it.
 */
export function noteAnswered(told: readonly Notification[]): void {
  add(
    told.filter((n) => n.type !== 'your-turn'),
    true,
  );
}

/**
 * The signed-in player's notifications, as they arrive: first everything the
 * API keeps, then each one from the live stream; after every (re)connection,
 * and at every failed attempt while the stream is unavailable, what came
 * meanwhile is read with `GET /v1/notifications?after=<cursor>`. Returns how
 * to stop.
 */
export function followNotifications(client: ValeriaClient): () => void {
  notifications.set({ items: [], unread: 0, latest: null });
  let cursor: string | null = null;
  let stopped = false;
  let reading: Promise<void> = Promise.resolve();

  const catchUp = (announce: boolean) => {
    reading = reading
      .then(async () => {
        for (let more = true; more && !stopped;) {
          const query = { ...(cursor ? { after: cursor } : {}), limit: 100 };
          const { data } = await client.api.GET('/v1/notifications', { params: { query } });
          if (!data || stopped) return;
          add(data.notifications, announce);
          cursor = data.next ?? cursor;
          more = data.more;
        }
      })
      .catch(() => undefined); // the stream, or its next attempt, tries again
  };

  // Listen first, so nothing that arrives while the history is read is lost.
  const leave = client.stream().listen((news: StreamNews) => {
    if (news.kind === 'notification') add([news.notification], true);
    else if (news.kind === 'ready' || news.kind === 'down') catchUp(true);
  });
  catchUp(false);
  // A first visit has seen everything so far.
  reading = reading.then(() => void (localStorage.getItem(SEEN_KEY) === null && markSeen()));

  return () => {
    stopped = true;
    leave();
  };
}
