import { startAuthentication } from '@simplewebauthn/browser';
import { ValeriaClient } from '@valeria-tabletop/client';
import { language } from './i18n/i18n.js';
import { SEEN_KEY } from './notifications.js';
import { signal } from './signal.js';

/**
 * Who is signed in: the bearer token lives in this browser's localStorage,
 * and every page reads the API through the typed client made from it.
 */
const TOKEN_KEY = 'valeria.token';

export interface Session {
  readonly token: string;
  readonly client: ValeriaClient;
}

/** Every call asks for the page's language: the API's problem sentences (shown in the page) come back in it. */
const speakingThePage = (request: Request): Promise<Response> => {
  request.headers.set('accept-language', language());
  return fetch(request);
};

/** The API without a token: what anyone may read (the catalog, the cards, the leaderboards) before signing in. */
export const anonymous = new ValeriaClient({ baseUrl: location.origin, fetch: speakingThePage });

function sessionOf(token: string | null): Session | null {
  return token ? { token, client: anonymous.withToken(token) } : null;
}

export const session = signal<Session | null>(sessionOf(localStorage.getItem(TOKEN_KEY)));

export function signIn(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  session.set(sessionOf(token));
}

/** Signs in with a pasted key, once the API has accepted it. */
export async function signInWith(token: string): Promise<void> {
  await anonymous.withToken(token).me();
  signIn(token);
}

export function signOut(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(SEEN_KEY);
  session.set(null);
}

/**
 * Signs this browser in with a passkey of the account's (the browser offers
 * those it holds for this site, naming no account first): the device gets a
 * key of its own, kept like a pasted one.
 */
export async function signInWithPasskey(): Promise<void> {
  const optionsJSON = await anonymous.passkeySignInOptions();
  const signed = await anonymous.signInWithPasskey(await startAuthentication({ optionsJSON }));
  signIn(signed.token);
}

/** Signs this browser in with the secret of a mailed sign-in link: the device gets a key of its own, kept like a pasted one. */
export async function signInWithEmailLink(secret: string): Promise<void> {
  signIn((await anonymous.signInWithEmailLink(secret)).token);
}

/** Registers a player: the API shows the token this once (sign in with it once it is copied). */
export async function register(name: string): Promise<string> {
  return (await anonymous.register(name)).token;
}
