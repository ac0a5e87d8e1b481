import { useEffect } from 'preact/hooks';
import { markSeen, notifications } from '../notifications.js';
import { Notice } from '../ui/notice.js';
import { language, t } from '../i18n/i18n.js';
import { tNodes } from '../i18n/use.js';

/** Every notification kept (newest first), each with its game's table a click away. */
export function NotificationsPage() {
  const { items, unread } = notifications.use();
  // What is listed here is seen, including what arrives while the page is open.
  useEffect(() => {
    if (unread > 0) markSeen();
  }, [items, unread]);
  return (
    <section>
      <h1>{t('page.notifications')}</h1>
      <p class="muted">{tNodes('notifications.intro', { webhooks: <a href="/webhooks">{t('account.webhooks-link')}</a> })}</p>
      {items.length === 0 ? (
        <p class="muted">{t('log.nothing')}</p>
      ) : (
        <ol class="notices" aria-label={t('notifications.list')}>
          {items.map((n) => (
            <li key={n.id}>
              <time dateTime={n.at}>{new Date(n.at).toLocaleString(language())}</time> <Notice notification={n} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
