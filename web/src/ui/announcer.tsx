import { dismissLatest, notifications } from '../notifications.js';
import { Notice } from './notice.js';

/**
 * Announces each notification as it arrives: a polite live region, always in
 * the page (screen readers only announce changes to a region already there),
 * showing the newest until it is dismissed or replaced.
 */
export function Announcer() {
  const { latest } = notifications.use();
  return (
    <div class="toast" role="status" aria-live="polite" aria-label="New notification">
      {latest && (
        <>
          {/* Following its link is reading it. */}
          <p onClick={dismissLatest}>
            <Notice notification={latest} />
          </p>
          <button type="button" class="secondary" onClick={dismissLatest}>
            Dismiss
          </button>
        </>
      )}
    </div>
  );
}
