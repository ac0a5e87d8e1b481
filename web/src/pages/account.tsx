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
import { t } from '../i18n/i18n.js';
import { LanguageChoice } from './language-choice.js';

/** Register with a name, or paste a token from another device. */
export function SignInPanel() {
  const [name, setName] = useState('');
  const [pasted, setPasted] = useState('');
  const [newToken, setNewToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (newToken) return <TokenOnce token={newToken} />;
  return (
    <section class="panel narrow">
      <h1>{t('signin.title')}</h1>
      <p>{t('signin.intro')}</p>
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
        <label for="name">{t('signin.name')}</label>
        <input id="name" name="name" required maxLength={40} autoComplete="nickname" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <button type="submit">{t('signin.register')}</button>
      </form>
      <h2>{t('signin.elsewhere')}</h2>
      {browserSupportsWebAuthn() && (
        <p>
          <button
            type="button"
            onClick={async () => {
              setError(null);
              try {
                await signInWithPasskey();
              } catch (failure) {
                setError(t('signin.passkey-failed', { reason: explain(failure) }));
              }
            }}
          >
            {t('signin.passkey')}
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
            setError(t('signin.key-refused', { reason: explain(failure) }));
          }
        }}
      >
        <label for="token">{t('signin.paste')}</label>
        <input id="token" name="token" required autoComplete="off" spellcheck={false} value={pasted} onInput={(e) => setPasted(e.currentTarget.value)} />
        <button type="submit">{t('signin.submit')}</button>
      </form>
      <Alert message={error} />
    </section>
  );
}

/** The token right after registering: shown this once, to copy to another device. */
function TokenOnce({ token }: { token: string }) {
  return (
    <section class="panel narrow">
      <h1>{t('signin.registered')}</h1>
      <p>{t('signin.key-once')}</p>
      <TokenBox token={token} />
      <button
        type="button"
        onClick={() => {
          signIn(token);
          if (location.pathname === '/account') navigate('/');
        }}
      >
        {t('signin.copied')}
      </button>
    </section>
  );
}

const TokenBox = ({ token }: { token: string }) => (
  <SecretBox id="your-token" label={t('signin.your-key')} copy={t('account.copy-key')} value={token} testId="token" />
);

export function AccountPage() {
  const current = session.use();
  const [shown, setShown] = useState(false);
  if (!current)
    return (
      <>
        <LanguageChoice />
        <SignInPanel />
      </>
    );
  return (
    <section class="panel narrow">
      <h1>{t('page.account')}</h1>
      <LanguageChoice />
      <p>{t('account.signed-in')}</p>
      {shown ? (
        <TokenBox token={current.token} />
      ) : (
        <button type="button" onClick={() => setShown(true)}>
          {t('account.show-key')}
        </button>
      )}
      <VacationPanel client={current.client} />
      <PasskeysPanel client={current.client} />
      <AccessTokensPanel client={current.client} />
      <DevicePush client={current.client} />
      <EmailPanel client={current.client} />
      <NotifyChoices client={current.client} />
      <p>
        {t('account.webhooks')} <a href="/webhooks">{t('account.webhooks-link')}</a>
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
          {t('account.sign-out')}
        </button>
      </p>
      <DeleteAccountPanel client={current.client} />
    </section>
  );
}
