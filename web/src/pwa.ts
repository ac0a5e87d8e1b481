import { OPENABLE_PATH, type OpenMessage } from '../sw/messages.js';
import { navigate } from './router.js';

/**
 * The app as a progressive web app: its service worker (web/sw/, built to
 * /sw.js) registered once the page has loaded, and the worker's requests to
 * open a table (a notification clicked while this page was open) followed
 * by the router, so the session and the live stream stay as they are.
 */

/** The registration push subscribes through; null where this browser has no service workers. */
export const serviceWorker: Promise<ServiceWorkerRegistration | null> =
  'serviceWorker' in navigator
    ? navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
        console.warn('the service worker could not be registered:', error);
        return null;
      })
    : Promise.resolve(null);

if ('serviceWorker' in navigator)
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<Partial<OpenMessage>>) => {
    const { type, path } = event.data ?? {};
    if (type === 'open' && typeof path === 'string' && OPENABLE_PATH.test(path)) navigate(path);
  });
