import type { ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { serviceWorker } from '../pwa.js';
import { Alert } from '../ui/alert.js';
import { dataOf, explain, okOf } from '../ui/errors.js';
import { t } from '../i18n/i18n.js';

/**
 * "Notify me on this device": this browser's push subscription (the Push API,
 * signed for our VAPID key) registered with the API, or removed from both.
 * Which of the player's devices is this one is kept in this browser (the API
 * never shows an endpoint again); the switch is on only while the browser's
 * subscription and the API's record both exist.
 */

const DEVICE_KEY = 'valeria.push-device';

interface ThisDevice {
  /** The API's id of the subscription (`ps_…`). */
  readonly id: string;
  readonly endpoint: string;
}

type Support = 'yes' | 'home-screen' | 'no';

/** iOS and iPadOS give push only to a web app added to the Home Screen (16.4 and later), never to a tab in Safari. */
function support(): Support {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'yes';
  const apple = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  return apple ? 'home-screen' : 'no';
}

function remembered(): ThisDevice | null {
  try {
    const kept = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null') as ThisDevice | null;
    return kept && typeof kept.id === 'string' && typeof kept.endpoint === 'string' ? kept : null;
  } catch {
    return null;
  }
}

/** "Chrome on Android": a name for this device in the player's list, guessed from the browser's own words. */
function deviceLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : t('device.browser');
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : t('device.this-device');
  return t('device.label', { browser, system });
}

/** The key bytes `PushManager.subscribe` wants, from the API's base64url. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(
    base64url
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(base64url.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function currentState(client: ValeriaClient): Promise<boolean> {
  const registration = await serviceWorker;
  const subscription = await registration?.pushManager.getSubscription();
  const kept = remembered();
  if (!subscription || !kept || kept.endpoint !== subscription.endpoint) return false;
  const mine = dataOf(await client.api.GET('/v1/push-subscriptions')).subscriptions;
  return mine.some((s) => s.id === kept.id);
}

async function turnOn(client: ValeriaClient): Promise<void> {
  const registration = await serviceWorker;
  if (!registration) throw new Error(t('device.no-worker'));
  if ((await Notification.requestPermission()) !== 'granted') throw new Error(t('device.blocked'));
  const { publicKey } = dataOf(await client.api.GET('/v1/push/vapid-key'));
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  const body = { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' }, label: deviceLabel() };
  const saved = dataOf(await client.api.POST('/v1/push-subscriptions', { body }));
  localStorage.setItem(DEVICE_KEY, JSON.stringify({ id: saved.id, endpoint: subscription.endpoint } satisfies ThisDevice));
}

async function turnOff(client: ValeriaClient): Promise<void> {
  const kept = remembered();
  if (kept) {
    const answer = await client.api.DELETE('/v1/push-subscriptions/{id}', { params: { path: { id: kept.id } } });
    // Already gone (its push service said so, or another device removed it): off all the same.
    if (answer.response.status !== 404) okOf(answer);
  }
  localStorage.removeItem(DEVICE_KEY);
  await (await (await serviceWorker)?.pushManager.getSubscription())?.unsubscribe();
}

/** Before signing out: this browser stops being told the player's news (a shared computer must not show the next person the last one's turns). */
export async function forgetThisDevice(client: ValeriaClient): Promise<void> {
  if (remembered()) await turnOff(client).catch((failure: unknown) => console.warn('this device could not be removed from your push devices:', failure));
}

export function DevicePush({ client }: { client: ValeriaClient }) {
  const supported = support();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (supported !== 'yes') return;
    currentState(client)
      .then(setOn)
      .catch((failure) => setError(explain(failure)));
  }, [client]);

  const change = async (wanted: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await (wanted ? turnOn(client) : turnOff(client));
      setOn(wanted);
    } catch (failure) {
      setError(explain(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="device-push-heading">
      <h2 id="device-push-heading">{t('device.title')}</h2>
      {supported === 'yes' ? (
        <>
          <label class="check">
            <input type="checkbox" role="switch" checked={on === true} disabled={on === null || busy} onChange={(e) => void change(e.currentTarget.checked)} />
            {t('device.notify-me')}
          </label>
          <p class="muted">{t('device.what', { column: t('notify.push') })}</p>
        </>
      ) : supported === 'home-screen' ? (
        <p>{t('device.home-screen', { notifyMe: t('device.notify-me') })}</p>
      ) : (
        <p class="muted">{t('device.unsupported')}</p>
      )}
      <Alert message={error} />
    </section>
  );
}
