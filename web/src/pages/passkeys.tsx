import type { AccessTokenList, PasskeyList, ValeriaClient } from '@valeria-tabletop/client';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { useEffect, useState } from 'preact/hooks';
import { Alert } from '../ui/alert.js';
import { explain } from '../ui/errors.js';
import { when } from '../ui/when.js';

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
      <h2 id="passkeys-heading">Passkeys and devices</h2>
      <p>
        A passkey lets you sign in on another device without copying your key: your browser, phone or security key keeps it. Each device that signs in gets a
        key of its own, listed below, which you can sign out from here.
      </p>
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
          <label for="passkey-name">Name for a new passkey</label>
          <input id="passkey-name" required maxLength={60} placeholder="Laptop" value={name} onInput={(e) => setName(e.currentTarget.value)} />
          <button type="submit">Add a passkey</button>
        </form>
      ) : (
        <p>This browser cannot make passkeys.</p>
      )}
      <Alert message={error} />
      {passkeys && passkeys.passkeys.length > 0 && (
        <ul class="hooks" aria-label="Your passkeys">
          {passkeys.passkeys.map((passkey) => (
            <li key={passkey.passkeyId}>
              <strong>{passkey.name}</strong>
              {passkey.synced ? ' (synced)' : ''}
              <br />
              <small class="muted">
                added {when(passkey.createdAt)}; {passkey.lastUsedAt ? `last signed in ${when(passkey.lastUsedAt)}` : 'never used to sign in'}
              </small>{' '}
              <button
                type="button"
                class="secondary"
                onClick={attempt(async () => {
                  await client.removePasskey(passkey.passkeyId);
                  await reload();
                })}
              >
                Remove passkey “{passkey.name}”
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3>Devices signed in with a passkey or an e-mailed link</h3>
      {devices && devices.length === 0 && <p>None yet.</p>}
      {devices && devices.length > 0 && (
        <ul class="hooks" aria-label="Devices signed in">
          {devices.map((device) => (
            <li key={device.tokenId}>
              <strong>{device.label}</strong>
              <br />
              <small class="muted">
                signed in {device.device?.method === 'email-link' ? 'with an e-mailed link' : 'with a passkey'} {when(device.createdAt)};{' '}
                {device.lastUsedAt ? `last used ${when(device.lastUsedAt)}` : 'not used since'}
              </small>{' '}
              <button
                type="button"
                class="secondary"
                onClick={attempt(async () => {
                  await client.revokeToken(device.tokenId);
                  await reload();
                })}
              >
                Sign out “{device.label}”
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
