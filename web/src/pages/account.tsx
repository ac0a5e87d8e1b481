import { useState } from 'preact/hooks';
import { navigate } from '../router.js';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { register, session, signIn, signInWith, signInWithPasskey, signOut } from '../session.js';
import { explain } from '../ui/errors.js';
import { Alert } from '../ui/alert.js';
import { SecretBox } from '../ui/secret-box.js';
import { AccessTokensPanel } from './access-tokens.js';
import { DeleteAccountPanel } from './delete-account.js';
import { DevicePush, forgetThisDevice } from './device-push.js';
import { EmailPanel } from './email-address.js';
import { NotifyChoices } from './notify-choices.js';
import { PasskeysPanel } from './passkeys.js';
import { EmailLinkRequest } from './sign-in-link.js';
import { VacationPanel } from './vacation.js';

/** Register with a name, or paste a token from another device. */
export function SignInPanel() {
  const [name, setName] = useState('');
  const [pasted, setPasted] = useState('');
  const [newToken, setNewToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (newToken) return <TokenOnce token={newToken} />;
  return (
    <section class="panel narrow">
      <h1>Play Valeria games with friends</h1>
      <p>Choose a name to play under. Your key is kept in this browser.</p>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setError(null);
          try {
            setNewToken(await register(name));
          } catch (failure) {
            setError(explain(failure));
          }
        }}
      >
        <label for="name">Your name</label>
        <input id="name" name="name" required maxLength={40} autoComplete="nickname" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <button type="submit">Register</button>
      </form>
      <h2>Already registered on another device?</h2>
      {browserSupportsWebAuthn() && (
        <p>
          <button
            type="button"
            onClick={async () => {
              setError(null);
              try {
                await signInWithPasskey();
              } catch (failure) {
                setError(`No passkey signed you in: ${explain(failure)}`);
              }
            }}
          >
            Sign in with a passkey
          </button>
        </p>
      )}
      <EmailLinkRequest />
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setError(null);
          try {
            await signInWith(pasted.trim());
          } catch (failure) {
            setError(`That key was not accepted: ${explain(failure)}`);
          }
        }}
      >
        <label for="token">Paste your key</label>
        <input id="token" name="token" required autoComplete="off" spellcheck={false} value={pasted} onInput={(e) => setPasted(e.currentTarget.value)} />
        <button type="submit">Sign in</button>
      </form>
      <Alert message={error} />
    </section>
  );
}

/** The token right after registering: shown this once, to copy to another device. */
function TokenOnce({ token }: { token: string }) {
  return (
    <section class="panel narrow">
      <h1>You are registered</h1>
      <p>
        This is your key. It is shown only now: copy it somewhere safe to sign in on another device (Account → Sign in with a key). Anyone holding it can play
        as you.
      </p>
      <TokenBox token={token} />
      <button
        type="button"
        onClick={() => {
          signIn(token);
          if (location.pathname === '/account') navigate('/');
        }}
      >
        I have copied my key — continue
      </button>
    </section>
  );
}

const TokenBox = ({ token }: { token: string }) => <SecretBox id="your-token" label="Your key" value={token} testId="token" />;

export function AccountPage() {
  const current = session.use();
  const [shown, setShown] = useState(false);
  if (!current) return <SignInPanel />;
  return (
    <section class="panel narrow">
      <h1>Account</h1>
      <p>You are signed in in this browser.</p>
      {shown ? (
        <TokenBox token={current.token} />
      ) : (
        <button type="button" onClick={() => setShown(true)}>
          Show my key to copy to another device
        </button>
      )}
      <VacationPanel client={current.client} />
      <PasskeysPanel client={current.client} />
      <AccessTokensPanel client={current.client} />
      <DevicePush client={current.client} />
      <EmailPanel client={current.client} />
      <NotifyChoices client={current.client} />
      <p>
        Servers of yours can be told what happens in your games: <a href="/webhooks">webhooks</a>.
      </p>
      <p>
        <button
          type="button"
          class="secondary"
          onClick={async () => {
            await forgetThisDevice(current.client);
            signOut();
            navigate('/');
          }}
        >
          Sign out of this browser
        </button>
      </p>
      <DeleteAccountPanel client={current.client} />
    </section>
  );
}
