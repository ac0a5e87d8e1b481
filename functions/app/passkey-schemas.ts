/**
 * The request bodies of the passkey routes (routes/passkeys.ts): a browser's
 * WebAuthn answers in their JSON form (WebAuthn Level 3's
 * `RegistrationResponseJSON` and `AuthenticationResponseJSON`, what
 * @simplewebauthn/browser's `startRegistration` and `startAuthentication`
 * resolve to), checked here for shape only; the service verifies them.
 */
import * as z from 'zod';
import { MAX_TOKEN_LABEL_CHARS } from './routes/access-tokens.js';

/** Longest credential id accepted, in base64url characters (750 bytes: it is part of a DynamoDB sort key, at most 1,024 bytes). */
export const MAX_CREDENTIAL_ID_CHARS = 1000;

const Base64Url = z.string().regex(/^[A-Za-z0-9_-]*$/, 'base64url without padding');
const Encoded = Base64Url.min(1).max(16 * 1024);
const CredentialId = Base64Url.min(1).max(MAX_CREDENTIAL_ID_CHARS);

export const Transport = z
  .enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])
  .meta({ id: 'AuthenticatorTransport', description: 'How a browser may reach an authenticator (WebAuthn `AuthenticatorTransport`).' });

/** The client extension results WebAuthn defines for these ceremonies; others are dropped. */
const ClientExtensionResults = z
  .object({
    appid: z.boolean().optional(),
    credProps: z.object({ rk: z.boolean().optional() }).optional(),
    hmacCreateSecret: z.boolean().optional(),
  })
  .meta({ id: 'AuthenticationExtensionsClientOutputs' });

const credentialFields = {
  id: CredentialId.describe('The credential id (base64url).'),
  rawId: CredentialId.describe('The same id, as the browser encoded its raw bytes.'),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: ClientExtensionResults,
};

/** A label of the user's choosing: a passkey's name, a device's. */
const Label = (what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .refine((label) => [...label].length <= MAX_TOKEN_LABEL_CHARS, `at most ${MAX_TOKEN_LABEL_CHARS} characters`)
    .describe(what);

/** What a browser signing in may call itself (every way of signing in takes it). */
export const DeviceName = Label(
  'What to call this device in your list of devices; by default the browser and system its User-Agent names ("Firefox on Linux").',
).optional();

export const RegisterPasskeyBody = z
  .strictObject({
    name: Label('What you call this passkey, to recognise it in the list ("Laptop", "Phone").'),
    response: z
      .object({
        ...credentialFields,
        response: z.object({
          clientDataJSON: Encoded,
          attestationObject: Encoded,
          authenticatorData: Encoded.optional(),
          transports: z.array(Transport).max(7).optional(),
          publicKeyAlgorithm: z.number().int().optional(),
          publicKey: Encoded.optional(),
        }),
      })
      .describe(
        'What `navigator.credentials.create` answered, in its JSON form (`PublicKeyCredential.toJSON()`, or @simplewebauthn/browser’s `startRegistration`).',
      )
      .meta({ id: 'RegistrationResponse' }),
  })
  .meta({ id: 'RegisterPasskey' });

export const PasskeySignInBody = z
  .strictObject({
    response: z
      .object({
        ...credentialFields,
        response: z.object({
          clientDataJSON: Encoded,
          authenticatorData: Encoded,
          signature: Encoded,
          userHandle: Base64Url.max(256).optional().describe('The account the passkey belongs to: a discoverable credential always answers it.'),
        }),
      })
      .describe(
        'What `navigator.credentials.get` answered, in its JSON form (`PublicKeyCredential.toJSON()`, or @simplewebauthn/browser’s `startAuthentication`).',
      )
      .meta({ id: 'AuthenticationResponse' }),
    device: DeviceName,
  })
  .meta({ id: 'PasskeySignIn' });
