import * as z from 'zod';
import type { PushContext } from '../../push/context.js';
import type { MailDesk } from '../../push/email/address.js';
import { SignInLinkRequest } from '../../push/email/schemas.js';
import { SIGN_IN_REQUESTED } from '../../push/email/sentences.js';
import { requestSignInLink, SIGN_IN_LINK_TTL_MS, SIGN_IN_LINKS_PER_ADDRESS, signInWithEmailLink } from '../../push/email/sign-in-link.js';
import { negotiateLanguage } from '../../service/languages.js';
import { isolated, speaking } from '../../service/speak.js';
import { deviceLabel } from '../device-label.js';
import { DeviceName } from '../passkey-schemas.js';
import { WITH_BODY } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, type Mount } from '../route.js';
import { presentAccessToken } from './access-tokens.js';
import { presentPlayer } from './players.js';

const PATH = '/v1/sign-in/email';
const MINUTES = SIGN_IN_LINK_TTL_MS / 60_000;

const EmailLinkSignInBody = z
  .strictObject({
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'the 43 base64url characters after `#token=` in the mailed link')
      .describe('The secret of the mailed link: what follows `#token=` in it.'),
    device: DeviceName,
  })
  .meta({ id: 'EmailLinkSignIn' });

/** Signing in through a link mailed to a confirmed address, in document order: asking for one, then using it. */
export const signInLinkRoutes = {
  request: defineRoute({
    method: 'post',
    operationId: 'requestSignInLink',
    security: [],
    path: PATH,
    tags: ['players'],
    summary: 'Mail me a sign-in link',
    description: `Open to anyone, and limited per caller address like every sign-in (\`429 rate-limited\`). Mails a one-time sign-in link to the address if it is the confirmed address of an account, not disabled by a bounce or complaint, and its owner has not stopped sign-in links (from the unsubscribe link of one); otherwise mails nothing. The answer is the same either way, so it tells nobody whether the address has an account. The link is \`/sign-in/email#token=…\` on the web client: the page signs in the browser it is opened in through \`POST ${PATH}/link\`, once, within ${MINUTES} minutes. One address is mailed at most ${SIGN_IN_LINKS_PER_ADDRESS} links in ${MINUTES} minutes, counted for any address asked about (\`429 too-many-sign-in-links\`). \`503 email-unavailable\` where this deployment sends no e-mail.`,
    request: { body: jsonBody(SignInLinkRequest, { ann: { summary: 'Ann asks for a link', value: { address: 'ann@example.org' } } }) },
    responses: {
      202: jsonResponse('SignInLinkRequested', 'Accepted: a link is mailed if the address is a confirmed one'),
      ...problemResponses([...WITH_BODY, 'too-many-sign-in-links', 'email-unavailable', 'store-unavailable']),
    },
  }),

  signIn: defineRoute({
    method: 'post',
    operationId: 'signInWithEmailLink',
    security: [],
    path: `${PATH}/link`,
    tags: ['players'],
    summary: 'Sign in with a mailed link: a token of this device’s own (shown once)',
    description: `Open to anyone, and limited per caller address like every sign-in. Uses up the link whose secret \`token\` is (each works once: a second use, or the slower of two at once, gets \`409 sign-in-link-used\`; after ${MINUTES} minutes \`400 sign-in-link-expired\`; a secret never mailed \`404 sign-in-link-unknown\`). This device gets its own token, holding every scope, counted among your access tokens (listed with \`device.method\` \`email-link\`, revocable like any: \`DELETE /v1/players/me/tokens/{id}\`). Only the secret's hash is stored.`,
    request: {
      body: jsonBody(EmailLinkSignInBody, {
        phone: { summary: 'The link opened on a phone', value: { token: 'q0xv3Zr8Jd2mTnW5bLk7HsY1cPf9aEu4gNoQ6iRtB8w', device: 'Safari on iOS' } },
      }),
    },
    responses: {
      201: jsonResponse('DeviceSignIn', 'This device’s token (shown once) and its account'),
      ...problemResponses([
        ...WITH_BODY,
        'sign-in-link-unknown',
        'sign-in-link-used',
        'sign-in-link-expired',
        'too-many-access-tokens',
        'email-unavailable',
        'store-unavailable',
      ]),
    },
  }),
};

export function mountSignInLinkRoutes(mount: Mount, ctx: PushContext, desk: MailDesk | undefined): void {
  mount(signInLinkRoutes.request, async (c) => {
    const { address } = c.req.valid('json');
    await requestSignInLink(ctx, desk, address);
    const language = negotiateLanguage(c.req.header('accept-language'));
    const detail = speaking(SIGN_IN_REQUESTED, language)('detail', { address: isolated(address, language), minutes: MINUTES });
    return c.json({ expiresInSeconds: SIGN_IN_LINK_TTL_MS / 1000, detail }, 202, { 'Content-Language': language });
  });

  mount(signInLinkRoutes.signIn, async (c) => {
    const body = c.req.valid('json');
    const signed = await signInWithEmailLink(ctx, desk, body.token, body.device ?? deviceLabel(c.req.header('user-agent')));
    return c.json({ ...presentAccessToken(signed.issued.record), token: signed.issued.token, player: presentPlayer(signed.player) }, 201);
  });
}
