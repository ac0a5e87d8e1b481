/** The export of everything kept about a player (functions/app/account-data.ts). */
import * as z from 'zod';
import { Preferences } from '../../push/model/preferences.js';
import { Notification } from '../../push/model/schemas.js';
import { WebhookView } from '../../push/webhooks/schemas.js';
import { PushSubscriptionView } from '../../push/webpush/schemas.js';
import { Block } from './blocks.js';
import { Profile } from './profiles.js';
import { AccessToken } from './access-tokens.js';
import { Count, Instant, SeatNumber } from './common.js';
import { Passkey } from './passkeys.js';
import { Vacation } from './table.js';

/** The profile in the export: the same shape as `GET /v1/players/me` (contract/api.ts passes it in, to keep one definition). */
export const accountData = (player: z.ZodType, game: z.ZodType) =>
  z
    .object({
      exportedAt: Instant,
      player,
      accessTokens: z.array(AccessToken).describe('Personal access tokens and devices’ tokens (`device` set).'),
      passkeys: z.array(Passkey).describe('The passkeys you sign in with; never their public keys.'),
      vacation: Vacation,
      preferences: Preferences,
      webhooks: z.array(WebhookView).describe('Without their signing secrets.'),
      pushDevices: z.array(PushSubscriptionView).describe('Browser push devices, without their endpoints and keys.'),
      blocks: z.array(Block).describe('Everyone you block.'),
      ratings: Profile.pick({ reliability: true, games: true }).describe(
        'Your reliability, and per game your rating, games played and won (as your profile shows them).',
      ),
      notifications: z.array(Notification).describe('Every notification kept for you (30 days), oldest first.'),
      games: z.object({
        running: z.array(
          z.object({ gameId: z.string(), game, seat: SeatNumber.nullable().describe('Null for a game you created without a seat.'), joinedAt: Instant }),
        ),
        finished: z.array(z.object({ gameId: z.string(), game, seat: SeatNumber, version: Count })).describe('Newest first.'),
        next: z.string().nullable().describe('Send as `after` for the finished games after these; null when these were the last.'),
      }),
    })
    .meta({ id: 'AccountData' });
