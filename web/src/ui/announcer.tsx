import { dismissLatest, notifications } from '../notifications.js';
import { Notice } from './notice.js';
import { t } from '../i18n/i18n.js';

/**
 * Announces each notification as it arrives: a polite live region, always in
 * the page (screen readers only announce changes to a region already there),
 * showing the newest until it is dismissed or replaced.
 */
export function Announcer() {
  const { latest } = notifications.use();
  return (
    <div class="toast" role="status" aria-live="polite" aria-label={t('notice.new')}>
      {latest && (
        <>
          {/* Following its link is reading it. */}
          <p onClick={dismissLatest}>
            <Notice notification={latest} />
          </p>
          <button type="button" class="secondary" onClick={dismissLatest}>
            {t('notice.dismiss')}
          </button>
        </>
      )}
    </div>
  );
}
