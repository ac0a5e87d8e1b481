import { loadCatalog } from './i18n.js';
import { browserLanguage, directionOf, isLanguage, type Language } from './languages.js';

/** The page's side of the language: the document's `lang` and `dir`, and the choice kept in this browser. */

const KEPT = 'language';

/** Shows the page in `next`: its catalog, and `lang` and `dir` on the document. */
export async function setLanguage(next: Language): Promise<void> {
  await loadCatalog(next);
  document.documentElement.lang = next;
  document.documentElement.dir = directionOf(next);
}

/** Keeps a choice made on Account in this browser, for the next visit even signed out. */
export function keepLanguage(next: Language): void {
  try {
    localStorage.setItem(KEPT, next);
  } catch {
    // Storage refused (private mode): the choice lasts this visit.
  }
}

/** The language this browser was told to show (on Account), if ever. */
export function keptLanguage(): Language | null {
  try {
    const kept = localStorage.getItem(KEPT);
    return isLanguage(kept) ? kept : null;
  } catch {
    // No storage: nothing was kept.
    return null;
  }
}

/** The language to start in: this browser's kept choice, else the browser's languages. */
export const startLanguage = (): Promise<void> => setLanguage(keptLanguage() ?? browserLanguage(navigator.languages));
