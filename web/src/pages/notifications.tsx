import { useEffect } from 'preact/hooks';
import { markSeen, notifications } from '../notifications.js';
import { Notice } from '../ui/notice.js';

/** Every notification kept (newest first), each with its game's table a click away. */
export function NotificationsPage() {
  const { items, unread } = notifications.use();
  // What is listed here is seen, including what arrives while the page is open.
  useEffect(() => {
    if (unread > 0) markSeen();
  }, [items, unread]);
  return (
    <section>
      <h1>Notifications</h1>
      <p class="muted">
        They arrive here as they happen (and to your <a href="/webhooks">webhooks</a>); the last 30 days are kept.
      </p>
      {items.length === 0 ? (
        <p class="muted">Nothing yet.</p>
      ) : (
        <ol class="notices" aria-label="Notifications, newest first">
          {items.map((n) => (
            <li key={n.id}>
              <time dateTime={n.at}>{new Date(n.at).toLocaleString()}</time> <Notice notification={n} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
