import { useState } from 'preact/hooks';
import { t } from '../i18n/i18n.js';
import { useLanguage } from '../i18n/use.js';
import { chooseLanguage } from '../i18n/chosen.js';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages.js';
import { session } from '../session.js';
import { Alert } from '../ui/alert.js';
import { explain } from '../ui/errors.js';

/** Account's choice of language: each named in itself (and marked as that language), shown at once, kept here and for the player. */
export function LanguageChoice() {
  const shown = useLanguage();
  const signedIn = session.use();
  const [error, setError] = useState<string | null>(null);
  return (
    <p class="language-choice">
      <label for="language">{t('account.language')}</label>{' '}
      <select
        id="language"
        value={shown}
        onChange={async (event) => {
          const next = event.currentTarget.value;
          if (!isLanguage(next)) return;
          setError(null);
          try {
            await chooseLanguage(next, signedIn?.client);
          } catch (failure) {
            setError(t('account.language-not-kept', { reason: explain(failure) }));
          }
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <Alert message={error} />
    </p>
  );
}
