/**
 * The web client's service worker (served at /sw.js, scope /): it shows each
 * browser push as a notification and, when one is clicked, brings the
 * player to its table. It caches nothing: the app needs the API to be of any
 * use, and a stale cached app would outlive a deploy. Its only other job is
 * to take over at once when a new version is installed.
 */
import { OPENABLE_PATH, type OpenMessage } from './messages.js';

declare const self: ServiceWorkerGlobalScope;

/** What the server pushes (functions/push/webpush/message.ts: `PushMessage`), decrypted by the browser. */
interface PushMessage {
  readonly type: 'your-turn' | 'deadline-soon' | 'timed-out' | 'game-ended' | 'seat-replaced';
  readonly notificationId: string;
  readonly gameId: string;
  readonly title: string;
  readonly body: string;
  readonly path: string;
}

/** A notification's heading per type; the server's sentence is its body. */
const HEADINGS: Readonly<Record<PushMessage['type'], string>> = {
  'your-turn': 'Your turn',
  'deadline-soon': 'Your time is running out',
  'timed-out': 'Your time ran out',
  'game-ended': 'A game ended',
  'seat-replaced': 'A bot took a seat',
};

function parse(data: PushMessageData | null): PushMessage | null {
  try {
    const message = data?.json() as Partial<PushMessage> | undefined;
    if (!message || typeof message.body !== 'string' || typeof message.path !== 'string' || !OPENABLE_PATH.test(message.path)) return null;
    return message as PushMessage;
  } catch {
    return null;
  }
}

function show(message: PushMessage | null): Promise<void> {
  // A push must always show something (browsers revoke push from a worker that stays silent): an unreadable one points to the list.
  if (!message)
    return self.registration.showNotification('Valeria Tabletop', {
      body: 'Something happened in your games.',
      data: { path: '/notifications' },
      icon: '/icon-192.png',
    });
  return self.registration.showNotification(HEADINGS[message.type] ?? 'Valeria Tabletop', {
    body: message.body,
    // One notification a game, as the push's Topic keeps one message a game: the newest replaces the older, and says so again.
    tag: `game:${message.gameId}`,
    renotify: true,
    icon: '/icon-192.png',
    data: { path: message.path, notificationId: message.notificationId },
  } as NotificationOptions);
}

/**
 * Brings the player to `path`: a window of ours already on it is focused; else
 * the first window of ours is told to go there (the app changes page itself,
 * keeping its session) and focused; else a new window opens on it.
 */
async function open(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const window = windows.find((w) => w.url === url) ?? windows[0];
  if (!window) {
    await self.clients.openWindow(url);
    return;
  }
  if (window.url !== url) window.postMessage({ type: 'open', path } satisfies OpenMessage);
  // Focus is allowed only while the click is fresh; the window goes to the table either way.
  await window.focus().catch(() => undefined);
}

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('push', (event) => event.waitUntil(show(parse(event.data))));
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { path?: unknown } | null)?.path;
  event.waitUntil(open(typeof path === 'string' && OPENABLE_PATH.test(path) ? path : '/'));
});
