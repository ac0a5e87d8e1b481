import type { AccessTokenList, PasskeyList, ValeriaClient } from '@valeria-tabletop/client';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { useEffect, useState } from 'preact/hooks';
import { Alert } from '../ui/alert.js';
import { explain } from '../ui/errors.js';
import { when } from '../ui/when.js';
import { isolate, t } from '../i18n/i18n.js';

/**
 * Signing in on other devices without copying a key: the passkeys of this
 * account (add one from this browser, remove one), and the devices that
 * signed in with them or with a mailed link, each with its own token, its
 * last use, and a button that signs it out at once (its token revoked).
 */
export function PasskeysPanel({ client }: { client: ValeriaClient }) {
  const [passkeys, setPasskeys] = useState<PasskeyList | null>(null);
  const [devices, setDevices] = useState<AccessTokenList['tokens'] | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const attempt = (action: () => Promise<unknown>) => async () => {
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(explain(failure));
    }
  };
  const reload = attempt(async () => {
    const [keys, tokens] = await Promise.all([client.passkeys(), client.tokens()]);
    setPasskeys(keys);
    setDevices(tokens.tokens.filter((token) => token.device !== null));
  });
  useEffect(() => void reload(), [client]);

  return (
    <section aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{t('passkeys.title')}</h2>
      <p>{t('passkeys.intro')}</p>
      {browserSupportsWebAuthn() ? (
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            await attempt(async () => {
              const optionsJSON = await client.passkeyRegistrationOptions();
              await client.registerPasskey(name, await startRegistration({ optionsJSON }));
              setName('');
              await reload();
            })();
          }}
        >
          <label for="passkey-name">{t('passkeys.name')}</label>
          <input
            id="passkey-name"
            required
            maxLength={60}
            placeholder={t('passkeys.placeholder')}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
          <button type="submit">{t('passkeys.add')}</button>
        </form>
      ) : (
        <p>{t('passkeys.unsupported')}</p>
      )}
      <Alert message={error} />
      {passkeys && passkeys.passkeys.length > 0 && (
        <ul class="hooks" aria-label={t('passkeys.yours')}>
          {passkeys.passkeys.map((passkey) => (
            <li key={passkey.passkeyId}>
              <strong dir="auto">{passkey.name}</strong>
              {passkey.synced ? ` ${t('passkeys.synced')}` : ''}
              <br />
              <small class="muted">
                {t('passkeys.added', { added: when(passkey.createdAt) })}
                {t('list.semicolon')}
                {passkey.lastUsedAt ? t('passkeys.last-signed-in', { used: when(passkey.lastUsedAt) }) : t('passkeys.never-used')}
              </small>{' '}
              <button
                type="button"
                class="secondary"
                onClick={attempt(async () => {
                  await client.removePasskey(passkey.passkeyId);
                  await reload();
                })}
              >
                {t('passkeys.remove', { name: isolate(passkey.name) })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3>{t('passkeys.devices')}</h3>
      {devices && devices.length === 0 && <p>{t('webhooks.none')}</p>}
      {devices && devices.length > 0 && (
        <ul class="hooks" aria-label={t('passkeys.devices-list')}>
          {devices.map((device) => (
            <li key={device.tokenId}>
              <strong dir="auto">{device.label}</strong>
              <br />
              <small class="muted">
                {device.device?.method === 'email-link'
                  ? t('passkeys.signed-in-link', { at: when(device.createdAt) })
                  : t('passkeys.signed-in-passkey', { at: when(device.createdAt) })}
                {t('list.semicolon')}
                {device.lastUsedAt ? t('tokens.last-used', { used: when(device.lastUsedAt) }) : t('passkeys.not-used-since')}
              </small>{' '}
              <button
                type="button"
                class="secondary"
                onClick={attempt(async () => {
                  await client.revokeToken(device.tokenId);
                  await reload();
                })}
              >
                {t('passkeys.sign-out', { name: isolate(device.label) })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
