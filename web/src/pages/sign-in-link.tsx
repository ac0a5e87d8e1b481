import { useState } from 'preact/hooks';
import { navigate } from '../router.js';
import { anonymous, signInWithEmailLink } from '../session.js';
import { Alert } from '../ui/alert.js';
import { explain } from '../ui/errors.js';
import { EmailInput } from '../ui/email-input.js';
import { t } from '../i18n/i18n.js';
import { tNodes } from '../i18n/use.js';

/**
 * Signing in on another browser without copying a key, by e-mail: the form
 * that asks for a one-time link (the API answers the same for any address),
 * and the page the link opens, `/sign-in/email#token=…`, which signs this
 * browser in only when its button is pressed (a mail scanner that opens the
 * link uses nothing up).
 */

/** "E-mail me a sign-in link": the confirmed address of the account. */
export function EmailLinkRequest() {
  const [address, setAddress] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        setError(null);
        setSent(null);
        try {
          setSent((await anonymous.requestSignInLink(address.trim())).detail);
        } catch (failure) {
          setError(explain(failure));
        }
      }}
    >
      <label for="sign-in-address">{t('signinLink.ask')}</label>
      <EmailInput id="sign-in-address" value={address} onValue={setAddress} />
      <button type="submit">{t('signinLink.send')}</button>
      {sent && (
        <p role="status" class="muted">
          {sent}
        </p>
      )}
      <Alert message={error} />
    </form>
  );
}

/** The secret the link carries in its fragment, read once and taken out of the address bar and history. */
function secretOfLink(): string {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  if (location.hash) history.replaceState(null, '', location.pathname);
  return token;
}

/** What the mailed link opens: one button signs this browser in. */
export function SignInLinkPage() {
  const [token] = useState(secretOfLink);
  const [error, setError] = useState<string | null>(null);
  if (!token)
    return (
      <section class="panel narrow">
        <h1>{t('signinLink.title')}</h1>
        <p>{tNodes('signinLink.lacking', { signIn: (parts) => <a href="/account">{parts}</a> })}</p>
      </section>
    );
  return (
    <section class="panel narrow">
      <h1>{t('signinLink.title')}</h1>
      <p>{t('signinLink.intro')}</p>
      <button
        type="button"
        onClick={async () => {
          setError(null);
          try {
            await signInWithEmailLink(token);
            navigate('/');
          } catch (failure) {
            setError(t('signinLink.failed', { reason: explain(failure) }));
          }
        }}
      >
        {t('signinLink.submit')}
      </button>
      <Alert message={error} />
    </section>
  );
}
