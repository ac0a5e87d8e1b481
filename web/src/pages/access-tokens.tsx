import type { AccessTokenList, NewAccessToken, Scope, ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { Alert } from '../ui/alert.js';
import { explain } from '../ui/errors.js';
import { SecretBox } from '../ui/secret-box.js';
import { when } from '../ui/when.js';

/** What each scope lets a program do, in the player's words. */
const SCOPE_NAMES: Record<Scope, string> = {
  'games:read': 'Read my games',
  'games:play': 'Play my moves',
  'games:create': 'Create games',
  'notifications:read': 'Read my notifications',
  'webhooks:write': 'Manage my webhooks',
  'account:read': 'Read my account',
  'account:write': 'Change my account',
};
const SCOPES = Object.keys(SCOPE_NAMES) as Scope[];
/** The form starts read-only: a program that only reads your games, the most common and the safest. */
const READ_ONLY: readonly Scope[] = ['games:read'];

/**
 * Keys for programs you trust with part of your account (a statistics site,
 * a bot of yours): each with the scopes ticked, shown once, listed with its
 * last use, revocable at once.
 */
export function AccessTokensPanel({ client }: { client: ValeriaClient }) {
  const [list, setList] = useState<AccessTokenList | null>(null);
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<readonly Scope[]>(READ_ONLY);
  const [made, setMade] = useState<NewAccessToken | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = () =>
    client
      .tokens()
      .then(setList)
      .catch((failure) => setError(explain(failure)));
  useEffect(() => void reload(), [client]);
  // Devices' keys are listed with the passkeys that signed them in (passkeys.tsx).
  const programs = list?.tokens.filter((token) => token.device === null) ?? [];

  return (
    <section aria-labelledby="tokens-heading">
      <h2 id="tokens-heading">Keys for programs</h2>
      <p>
        A key that can do only what you tick, for a program you trust with part of your account: a statistics site needs only “Read my games”. Your own key can
        do everything; these can be revoked at any time.
      </p>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setError(null);
          try {
            setMade(await client.createToken(label, scopes));
            setLabel('');
            setScopes(READ_ONLY);
            await reload();
          } catch (failure) {
            setError(explain(failure));
          }
        }}
      >
        <label for="token-label">What it is for</label>
        <input id="token-label" required maxLength={60} value={label} onInput={(e) => setLabel(e.currentTarget.value)} />
        <fieldset>
          <legend>It may</legend>
          {SCOPES.map((scope) => (
            <label key={scope} class="check">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) => setScopes(e.currentTarget.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope))}
              />
              {/* One flex item: the scope's name wraps below its words on a phone, never inside them. */}
              <span>
                {SCOPE_NAMES[scope]} <code>{scope}</code>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={scopes.length === 0}>
          Make a key
        </button>
      </form>
      {made && (
        <>
          <p>This key is shown only now: copy it into the program. It can: {made.scopes.map((s) => SCOPE_NAMES[s]).join(', ')}.</p>
          <SecretBox id="new-access-token" label="New key" value={made.token} testId="access-token" focus />
        </>
      )}
      <Alert message={error} />
      {programs.length > 0 && (
        <ul class="hooks" aria-label="Your keys for programs">
          {programs.map((token) => (
            <li key={token.tokenId}>
              <strong>{token.label}</strong> — {token.scopes.map((s) => SCOPE_NAMES[s]).join(', ')}
              <br />
              <small class="muted">
                made {when(token.createdAt)}; {token.lastUsedAt ? `last used ${when(token.lastUsedAt)}` : 'never used'}
                {token.expiresAt ? `; expires ${when(token.expiresAt)}` : ''}
              </small>{' '}
              <button
                type="button"
                class="secondary"
                onClick={async () => {
                  setError(null);
                  try {
                    await client.revokeToken(token.tokenId);
                    if (made?.tokenId === token.tokenId) setMade(null);
                    await reload();
                  } catch (failure) {
                    setError(explain(failure));
                  }
                }}
              >
                Revoke “{token.label}”
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
