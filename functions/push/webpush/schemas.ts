import * as z from 'zod';

/** The HTTP shapes of the browser push routes. */

export const MAX_PUSH_SUBSCRIPTIONS_PER_PLAYER = 10;

const Instant = z.iso.datetime();
const base64url = (what: string) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`);

export const CreatePushSubscriptionBody = z
  .strictObject({
    endpoint: z.string().max(2000).describe('The push service’s URL for this browser (`PushSubscription.endpoint`): https, resolving to a public address.'),
    expirationTime: z
      .number()
      .nullable()
      .optional()
      .describe('As the browser gives it; ignored (a push service that drops the subscription answers 404 or 410, and it is deleted then).'),
    keys: z
      .strictObject({
        p256dh: base64url('p256dh').describe('The browser’s P-256 public key, uncompressed (65 bytes), base64url.'),
        auth: base64url('auth').describe('The browser’s 16-byte authentication secret, base64url.'),
      })
      .describe('`PushSubscription.toJSON().keys`: what each message is encrypted to (RFC 8291).'),
    label: z.string().trim().min(1).max(60).optional().describe('A name for this device, shown in your list (“Phone”, “Work laptop”).'),
  })
  .meta({
    id: 'CreatePushSubscription',
    example: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/dQ9kTz3b2Gc:APA91bH0x',
      expirationTime: null,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
      label: 'Phone',
    },
  });
export type CreatePushSubscriptionBody = z.infer<typeof CreatePushSubscriptionBody>;

export const PushSubscriptionView = z
  .object({
    id: z.string(),
    label: z.string().nullable(),
    endpointOrigin: z
      .string()
      .describe(
        'The push service this device uses (the endpoint’s origin): the whole endpoint and the keys are never shown again, since the endpoint alone lets anyone push to the device.',
      ),
    createdAt: Instant,
  })
  .meta({
    id: 'PushSubscription',
    example: { id: 'ps_Yc2LwT0aQ8mN5rVb', label: 'Phone', endpointOrigin: 'https://fcm.googleapis.com', createdAt: '2026-11-25T12:00:00.000Z' },
  });

export const PushSubscriptionList = z.object({ subscriptions: z.array(PushSubscriptionView) }).meta({ id: 'PushSubscriptionList' });

export const VapidKeyView = z
  .object({
    publicKey: z
      .string()
      .describe('The VAPID public key (RFC 8292): an uncompressed P-256 point, base64url. Pass it as `applicationServerKey` to `PushManager.subscribe`.'),
  })
  .meta({ id: 'VapidKey', example: { publicKey: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U' } });

export const PushSubscriptionIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' }, example: 'ps_Yc2LwT0aQ8mN5rVb' }),
});
