import * as z from 'zod';
import { LanguageSchema } from '../../service/languages.js';
import { NOTIFICATION_TYPES, type NotificationType } from './schemas.js';

/**
 * A player's preferences: when reminders are due, and which notification
 * types each channel passes on (the matrix of type × channel). Only the
 * player's own choices are stored; every cell they never set reads as its
 * default, so a record kept before the matrix existed (reminders only) reads
 * as the defaults, and a default changed later reaches everyone who never
 * chose otherwise.
 */

/** The channels a player chooses per type: the lone messages of the live stream, their own (player-scope) webhooks, browser push to their devices, and e-mail to their confirmed address. */
export const PREFERENCE_CHANNELS = ['stream', 'webhook', 'push', 'email'] as const;
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];

/** The types worth waking a device for: browser push carries these alone (push/webpush/message.ts). */
export const PUSHED_TYPES = ['your-turn', 'deadline-soon', 'timed-out', 'game-ended', 'seat-replaced'] as const satisfies readonly NotificationType[];
export type PushedType = (typeof PUSHED_TYPES)[number];

/** What e-mail carries: the same types as push (push/email/message.ts renders them), each only to a confirmed address. */
export const EMAILED_TYPES = PUSHED_TYPES;
export type EmailedType = PushedType;

/**
 * E-mail on by default for what a player away for a day must not miss: a
 * reminder before their time runs out, the time run out, and their seat
 * handed to the bot. `your-turn` is off (a mailbox is no place for every
 * move; the daily digest lists the games waiting), `game-ended` too.
 */
const EMAILED_BY_DEFAULT: readonly NotificationType[] = ['deadline-soon', 'timed-out', 'seat-replaced'];

export const MAX_REMINDERS = 3;
export const DEFAULT_REMINDERS = [0.8] as const;

export type NotifyMatrix = Readonly<Record<NotificationType, Readonly<Record<PreferenceChannel, boolean>>>>;

/**
 * The stream and webhooks: everything on, what they passed on before there
 * were choices, so nobody's channels changed when the matrix came. Push: the
 * types it carries on (a device is subscribed to be told), the rest off, as
 * push never carries them. E-mail: the few above (and nothing before the
 * address is confirmed).
 */
function defaultCell(type: NotificationType, channel: PreferenceChannel): boolean {
  if (channel === 'push') return (PUSHED_TYPES as readonly string[]).includes(type);
  if (channel === 'email') return EMAILED_BY_DEFAULT.includes(type);
  return true;
}
export const DEFAULT_NOTIFY: NotifyMatrix = Object.fromEntries(
  NOTIFICATION_TYPES.map((type) => [type, Object.fromEntries(PREFERENCE_CHANNELS.map((channel) => [channel, defaultCell(type, channel)]))]),
) as NotifyMatrix;

const Reminders = z
  .array(z.number().gt(0).lt(1))
  .max(MAX_REMINDERS)
  .refine((list) => new Set(list).size === list.length, 'must not repeat a fraction')
  .describe('When a reminder (`deadline-soon`) is due, as fractions of a pending entry’s time (deadlines of at least 10 minutes); [] for none.');

const channelsOf = <T extends z.ZodType>(cell: T) => Object.fromEntries(PREFERENCE_CHANNELS.map((channel) => [channel, cell])) as Record<PreferenceChannel, T>;
const typesOf = <T extends z.ZodType>(row: T) => Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, row])) as Record<NotificationType, T>;

const CHANNEL_HELP = `\`stream\`: sent alone on your open stream connections (a commit message to a table you follow always carries its own notifications); \`webhook\`: sent to your webhooks that subscribe to all your notifications (a webhook’s own \`events\` narrows it further); \`push\`: pushed to your browsers (\`POST /v1/push-subscriptions\`), for ${PUSHED_TYPES.map((type) => `\`${type}\``).join(', ')} only (on by default; other types are never pushed), and not while you watch that game on the stream; \`email\`: sent to your confirmed address (\`PUT /v1/players/me/email\`), for the same types only (on by default for ${EMAILED_BY_DEFAULT.map((type) => `\`${type}\``).join(', ')}; \`your-turn\` is off, the daily digest lists the games waiting for you).`;

/** A row of choices per type, some cells left out: what PUT takes and what is stored. */
const PartialMatrix = z.strictObject(typesOf(z.strictObject(channelsOf(z.boolean().optional())).optional()));

const LANGUAGE_HELP =
  'The language you read the service in (`en`, `fr` or `fa`), as the web client shows it on every device you sign in on; browser push, e-mail (and the pages its links open) and chat apps’ webhooks are written in it; the feed (`GET /v1/notifications`), the stream and `standard` webhooks carry data, not sentences, for the client to word. Absent until you choose one (the web client then follows your browser).';

export const Preferences = z
  .object({
    reminders: Reminders,
    language: LanguageSchema.optional().describe(LANGUAGE_HELP),
    notify: z
      .object(typesOf(z.object(channelsOf(z.boolean()))))
      .describe(
        `Per notification type, whether each channel passes it on. ${CHANNEL_HELP} Every notification is stored and listed by \`GET /v1/notifications\` whatever you choose here.`,
      ),
  })
  .meta({
    id: 'Preferences',
    example: {
      reminders: [0.5, 0.9],
      language: 'fr',
      notify: {
        ...DEFAULT_NOTIFY,
        'player-joined': { stream: true, webhook: false, push: false, email: false },
        'game-started': { stream: false, webhook: false, push: false, email: false },
        'your-turn': { stream: true, webhook: true, push: true, email: true },
      },
    },
  });
export type Preferences = z.infer<typeof Preferences>;

export const PreferencesChange = z
  .strictObject({
    reminders: Reminders.optional(),
    language: LanguageSchema.optional().describe(LANGUAGE_HELP),
    notify: PartialMatrix.optional().describe(`Only the cells to change (type, then channel); every other cell keeps its value. ${CHANNEL_HELP}`),
  })
  .meta({
    id: 'PreferencesChange',
    example: { language: 'fa', notify: { 'player-joined': { webhook: false }, 'deadline-soon': { push: false }, 'your-turn': { email: true } } },
  });
export type PreferencesChange = z.infer<typeof PreferencesChange>;

/** What is stored: the reminders, and only the cells the player set (a record from before the matrix has none). */
export const StoredPreferences = z.object({ reminders: Reminders, language: LanguageSchema.optional(), notify: PartialMatrix.optional() });
export type StoredPreferences = z.infer<typeof StoredPreferences>;

/** The whole matrix a stored record means: its choices over the defaults. */
export function resolvePreferences(stored: StoredPreferences | null): Preferences {
  const notify = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, { ...DEFAULT_NOTIFY[type], ...stored?.notify?.[type] }])) as NotifyMatrix;
  return { reminders: [...(stored?.reminders ?? DEFAULT_REMINDERS)], ...(stored?.language ? { language: stored.language } : {}), notify };
}

/** A change applied to what is stored: the cells it names replace theirs, the reminders (sorted) and the language if given. */
export function applyChange(stored: StoredPreferences | null, change: PreferencesChange): StoredPreferences {
  const reminders = [...(change.reminders ?? stored?.reminders ?? DEFAULT_REMINDERS)].sort((a, b) => a - b);
  const notify: Partial<Record<NotificationType, Partial<Record<PreferenceChannel, boolean>>>> = { ...stored?.notify };
  for (const type of NOTIFICATION_TYPES) {
    const cells = change.notify?.[type];
    if (cells) notify[type] = { ...notify[type], ...cells };
  }
  const language = change.language ?? stored?.language;
  return { reminders, ...(language ? { language } : {}), ...(Object.keys(notify).length > 0 ? { notify } : {}) };
}

/** Whether a channel passes on a notification type for this player. */
export const chooses = (preferences: Preferences, type: NotificationType, channel: PreferenceChannel): boolean => preferences.notify[type][channel];
