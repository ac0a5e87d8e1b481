/**
 * Who the service is to a browser's passkeys (the WebAuthn relying party):
 * the domain a passkey is bound to (`id`, the RP ID) and the origins whose
 * pages may use it. Both come from the address people open the web client
 * at — `APP_URL`: the CloudFront distribution on AWS, `http://localhost:3000`
 * under `npm start` — since a passkey made for one domain is never offered
 * on another.
 */
export interface RelyingParty {
  /** The RP ID: the web client's host name (a domain; browsers refuse an IP address). */
  readonly id: string;
  /** Shown by the browser when it asks to make or use a passkey. */
  readonly name: string;
  /** The origins (scheme, host, port) whose pages may answer a challenge. */
  readonly origins: readonly string[];
}

export const RELYING_PARTY_NAME = 'Valeria Tabletop';

/** The relying party of a web client served at `appUrl`. */
export function relyingPartyAt(appUrl: string): RelyingParty {
  const url = new URL(appUrl);
  return { id: url.hostname, name: RELYING_PARTY_NAME, origins: [url.origin] };
}

/** `npm start`'s address, the default of a context built without one (tests). */
export const LOCAL_RELYING_PARTY = relyingPartyAt('http://localhost:3000');
