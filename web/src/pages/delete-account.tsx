import type { ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { navigate } from '../router.js';
import { signOut } from '../session.js';
import { Alert } from '../ui/alert.js';
import { explain } from '../ui/errors.js';
import { t } from '../i18n/i18n.js';
import { tNodes } from '../i18n/use.js';

/**
 * Deleting the account, for good: the player types their name to confirm
 * (the API checks it too), and the button stays off until it matches. Once
 * deleted, this browser is signed out: its key no longer works.
 */
export function DeleteAccountPanel({ client }: { client: ValeriaClient }) {
  const [name, setName] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    client
      .me()
      .then((me) => setName(me.name))
      .catch((failure) => setError(explain(failure)));
  }, [client]);

  return (
    <section aria-labelledby="delete-heading">
      <h2 id="delete-heading">{t('deletion.title')}</h2>
      <p>{t('deletion.intro')}</p>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setError(null);
          setBusy(true);
          try {
            await client.deleteAccount(typed);
            signOut();
            navigate('/?deleted=1');
          } catch (failure) {
            setError(explain(failure));
            setBusy(false);
          }
        }}
      >
        <label for="delete-confirm">
          {tNodes('deletion.confirm', {
            name: <strong dir="auto">{name ?? '…'}</strong>,
          })}
        </label>
        <input id="delete-confirm" autoComplete="off" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} />
        <button type="submit" class="danger" disabled={busy || name === null || typed !== name}>
          {t('deletion.submit')}
        </button>
      </form>
      <Alert message={error} />
    </section>
  );
}
