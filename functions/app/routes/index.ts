import type { RouteConfig } from '@hono/zod-openapi';
import type { PushContext } from '../../push/context.js';
import type { Hono } from 'hono';
import { bearerAuth, type AppEnv } from '../auth.js';
import type { RateLimiter } from '../rate-limit.js';
import { mounter } from '../route.js';
import { accessTokenRoutes, mountAccessTokenRoutes } from './access-tokens.js';
import { accountRoutes, mountAccountRoutes } from './account.js';
import { gameRoutes, mountGameRoutes } from './games.js';
import { leaderboardRoutes, mountLeaderboardRoutes } from './leaderboards.js';
import { mountProfileRoutes, profileRoutes } from './profiles.js';
import { mountOpenGameRoutes, openGameRoutes } from './open-games.js';
import { blockRoutes, mountBlockRoutes } from './blocks.js';
import { mountSeekRoutes, seekRoutes } from './seeks.js';
import { mountPasskeyRoutes, passkeyRoutes } from './passkeys.js';
import { mountSignInLinkRoutes, signInLinkRoutes } from './sign-in-link.js';
import { mountPlayerRoutes, playerRoutes } from './players.js';
import { mountNotificationRoutes, notificationRoutes } from './notifications.js';
import { mountPlayRoutes, playRoutes } from './play.js';
import { mountRecordRoutes, recordRoutes } from './records.js';
import { mountStandingOrderRoutes, standingOrderRoutes } from './standing-orders.js';
import { mountStreamRoutes, streamRoutes } from './stream.js';
import { mountTableRoutes, tableRoutes } from './table.js';
import { mountVacationRoutes, vacationRoutes } from './vacation.js';
import { mountWebhookRoutes, webhookRoutes } from './webhooks.js';
import { mountWebPushRoutes, webPushRoutes } from './web-push.js';
import { emailRoutes, mountEmailRoutes } from './email.js';
import type { MailDesk } from '../../push/email/address.js';

/**
 * Every operation of the API, in document order: the contracts
 * openapi-document.ts documents, and the only ones `mountApiRoutes` mounts.
 */
export function apiRoutes(): RouteConfig[] {
  return [
    playerRoutes,
    accessTokenRoutes,
    passkeyRoutes,
    signInLinkRoutes,
    accountRoutes,
    blockRoutes,
    vacationRoutes,
    openGameRoutes,
    seekRoutes,
    gameRoutes,
    recordRoutes,
    playRoutes,
    standingOrderRoutes,
    tableRoutes,
    notificationRoutes,
    webhookRoutes,
    webPushRoutes,
    emailRoutes,
    streamRoutes,
    leaderboardRoutes,
    profileRoutes,
  ].flatMap((group) => Object.values(group));
}

/** Mounts each contract of `apiRoutes()` with its handler, those that declare the bearer behind the auth middleware (which counts each player's requests when `limits` are enforced in process). */
export function mountApiRoutes(app: Hono<AppEnv>, ctx: PushContext, limits?: RateLimiter, mail?: MailDesk): void {
  const mount = mounter(app, bearerAuth(ctx, limits));
  mountPlayerRoutes(mount, ctx);
  mountAccessTokenRoutes(mount, ctx);
  mountPasskeyRoutes(mount, ctx);
  mountSignInLinkRoutes(mount, ctx, mail);
  mountAccountRoutes(mount, ctx);
  mountBlockRoutes(mount, ctx);
  mountVacationRoutes(mount, ctx);
  mountOpenGameRoutes(mount, ctx);
  mountSeekRoutes(mount, ctx);
  mountGameRoutes(mount, ctx);
  mountRecordRoutes(mount, ctx);
  mountPlayRoutes(mount, ctx);
  mountStandingOrderRoutes(mount, ctx);
  mountTableRoutes(mount, ctx);
  mountNotificationRoutes(mount, ctx);
  mountWebhookRoutes(mount, ctx);
  mountWebPushRoutes(mount, ctx);
  mountEmailRoutes(mount, ctx, mail);
  mountStreamRoutes(mount, ctx);
  mountLeaderboardRoutes(mount, ctx);
  // After the player routes: `/v1/players/me` is theirs.
  mountProfileRoutes(mount, ctx);
}
