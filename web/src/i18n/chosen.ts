import type { ValeriaClient } from '@valeria-tabletop/client';
import { keepLanguage, keptLanguage, setLanguage } from './document.js';
import { language } from './i18n.js';
import type { Language } from './languages.js';

/**
 * The player's language as the API keeps it (`language` on their
 * preferences, which notifications, push and e-mail are written in): read
 * on signing in, written when chosen on Account.
 */

/** On signing in: show the language the player chose (on any device), or keep this browser's choice for them if they never chose there. */
export function followChosenLanguage(client: ValeriaClient): () => void {
  let live = true;
  void client
    .preferences()
    .then(async ({ language: chosen }) => {
      if (!live) return;
      if (chosen) {
        keepLanguage(chosen);
        if (chosen !== language()) await setLanguage(chosen);
      } else {
        const kept = keptLanguage();
        if (kept) await client.changePreferences({ language: kept });
      }
    })
    // The page stays in the language it shows; Account reports failures when choosing.
    .catch(() => undefined);
  return () => {
    live = false;
  };
}

/** A choice made on Account: shown now, kept in this browser, and kept for the player when signed in. */
export async function chooseLanguage(next: Language, client: ValeriaClient | undefined): Promise<void> {
  keepLanguage(next);
  await setLanguage(next);
  if (client) await client.changePreferences({ language: next });
}
