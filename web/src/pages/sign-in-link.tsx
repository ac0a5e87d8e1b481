import { useState } from 'preact/hooks';
import { navigate } from '../router.js';
import { anonymous, signInWithEmailLink } from '../session.js';
import { Alert } from '../ui/alert.js';
import { explain } from '../ui/errors.js';
import { EmailInput } from '../ui/email-input.js';

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
      <label for="sign-in-address">Or get a sign-in link at your confirmed e-mail address</label>
      <EmailInput id="sign-in-address" value={address} onValue={setAddress} />
      <button type="submit">E-mail me a sign-in link</button>
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
        <h1>Sign in with an e-mailed link</h1>
        <p>
          This page is opened by the link in a sign-in e-mail, which it lacks. Ask for a new link on the <a href="/account">sign-in page</a>.
        </p>
      </section>
    );
  return (
    <section class="panel narrow">
      <h1>Sign in with an e-mailed link</h1>
      <p>This signs in this browser, which gets a key of its own (listed on Account, where you can sign it out). The link works once.</p>
      <button
        type="button"
        onClick={async () => {
          setError(null);
          try {
            await signInWithEmailLink(token);
            navigate('/');
          } catch (failure) {
            setError(`The link did not sign you in: ${explain(failure)}`);
          }
        }}
      >
        Sign in on this browser
      </button>
      <Alert message={error} />
    </section>
  );
}
