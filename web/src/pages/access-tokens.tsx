import type { AccessTokenList, NewAccessToken, Scope, ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { Alert } from '../ui/alert.js';
import { explain } from '../ui/errors.js';
import { SecretBox } from '../ui/secret-box.js';
import { when } from '../ui/when.js';
import { isolate, listOf, t, type MessageKey } from '../i18n/i18n.js';

/** What each scope lets a program do, in the player's words. */
const SCOPE_KEYS: Record<Scope, MessageKey> = {
  'games:read': 'tokens.scope-games-read',
  'games:play': 'tokens.scope-games-play',
  'games:create': 'tokens.scope-games-create',
  'notifications:read': 'tokens.scope-notifications-read',
  'webhooks:write': 'tokens.scope-webhooks-write',
  'account:read': 'tokens.scope-account-read',
  'account:write': 'tokens.scope-account-write',
};
const SCOPES = Object.keys(SCOPE_KEYS) as Scope[];
const scopeNames = (scopes: readonly Scope[]) => listOf(scopes.map((s) => t(SCOPE_KEYS[s])));
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
      <h2 id="tokens-heading">{t('tokens.title')}</h2>
      <p>{t('tokens.intro', { scope: t('tokens.scope-games-read') })}</p>
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
        <label for="token-label">{t('tokens.label')}</label>
        <input id="token-label" required maxLength={60} value={label} onInput={(e) => setLabel(e.currentTarget.value)} />
        <fieldset>
          <legend>{t('tokens.may')}</legend>
          {SCOPES.map((scope) => (
            <label key={scope} class="check">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) => setScopes(e.currentTarget.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope))}
              />
              {/* One flex item: the scope's name wraps below its words on a phone, never inside them. */}
              <span>
                {t(SCOPE_KEYS[scope])} <code>{scope}</code>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={scopes.length === 0}>
          {t('tokens.make')}
        </button>
      </form>
      {made && (
        <>
          <p>{t('tokens.shown-once', { scopes: scopeNames(made.scopes) })}</p>
          <SecretBox id="new-access-token" label={t('tokens.new-key')} copy={t('tokens.copy-new-key')} value={made.token} testId="access-token" focus />
        </>
      )}
      <Alert message={error} />
      {programs.length > 0 && (
        <ul class="hooks" aria-label={t('tokens.yours')}>
          {programs.map((token) => (
            <li key={token.tokenId}>
              <strong dir="auto">{token.label}</strong> — {scopeNames(token.scopes)}
              <br />
              <small class="muted">
                {t('tokens.made', { made: when(token.createdAt) })}
                {t('list.semicolon')}
                {token.lastUsedAt ? t('tokens.last-used', { used: when(token.lastUsedAt) }) : t('tokens.never-used')}
                {token.expiresAt ? t('list.semicolon') + t('tokens.expires', { expires: when(token.expiresAt) }) : ''}
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
                {t('tokens.revoke', { label: isolate(token.label) })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
