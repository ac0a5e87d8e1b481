import type { GameNotice, Notification, WebhookFormat } from '../model/schemas.js';

/**
 * The bodies chat apps' incoming webhooks accept: Discord's (`content`, and
 * `allowed_mentions` so a player's name can never ping a channel) and
 * Slack's (`text`), each one readable message naming the game, whose turn it
 * is and until when, with a link to the table. Pure: built from the
 * notification or notice alone, so a chat message can tell nothing the
 * notification does not.
 */

export type ChatFormat = Exclude<WebhookFormat, 'standard'>;

/** What a chat message says: its sentence (names and times marked for each app's own escaping) and the table it links to. */
interface ChatMessage {
  readonly parts: readonly Part[];
  readonly gameId: string | null;
}

/** Plain words, a name a player chose (escaped), or an instant (shown in the reader's own time zone where the app can). */
type Part = string | { readonly name: string } | { readonly at: string };

const seatName = (seat: number, name: string | null): Part => (name === null ? `the bot in seat ${seat + 1}` : { name });

function listed(parts: readonly Part[]): Part[] {
  return parts.flatMap((part, i) => (i === 0 ? [part] : [i === parts.length - 1 ? ' and ' : ', ', part]));
}

/** The sentence a person reads for each notification or notice type. */
function say(message: Notification | GameNotice): ChatMessage {
  switch (message.type) {
    case 'your-turn':
      return { gameId: message.gameId, parts: [`Your turn in ${message.title}, until `, { at: message.pending.deadline }, '.'] };
    case 'deadline-soon':
      return { gameId: message.gameId, parts: [`Your time in ${message.title} runs out `, { at: message.pending.deadline }, '.'] };
    case 'timed-out':
      return { gameId: message.gameId, parts: [`Your time ran out in ${message.title}: the default was played for you.`] };
    case 'game-started':
      return { gameId: message.gameId, parts: [`${message.title} has started.`] };
    case 'game-ended': {
      const won = message.result.winners.includes(message.seat);
      return {
        gameId: message.gameId,
        parts: [`${message.title} has ended: ${won ? 'you won' : 'you did not win'} (scores ${message.result.scores.join(', ')}).`],
      };
    }
    case 'player-joined':
      return { gameId: message.gameId, parts: [{ name: message.joined.name }, ` took seat ${message.joined.seat + 1} in ${message.title}.`] };
    case 'seat-replaced':
      return {
        gameId: message.gameId,
        parts: [
          `The bot now plays seat ${message.replaced.seat + 1} (`,
          { name: message.replaced.name },
          `) in ${message.title}, after ${message.replaced.afterTimeouts} timeouts.`,
        ],
      };
    case 'seat-reclaimed':
      return {
        gameId: message.gameId,
        parts: [{ name: message.reclaimed.name }, ` took seat ${message.reclaimed.seat + 1} back from the bot in ${message.title}.`],
      };
    case 'webhook-disabled':
      return { gameId: null, parts: [`A webhook of yours was disabled (${message.reason}).`] };
    case 'game.turn':
      return {
        gameId: message.gameId,
        parts: [`${message.title}: waiting for `, ...listed(message.awaiting.map((s) => seatName(s.seat, s.name))), ' until ', { at: message.deadline }, '.'],
      };
    case 'game.started':
      return { gameId: message.gameId, parts: [`${message.title} has started.`] };
    case 'game.ended':
      return {
        gameId: message.gameId,
        parts: [`${message.title} has ended: `, ...listed(message.winners.map((s) => seatName(s.seat, s.name))), ` won (scores ${message.scores.join(', ')}).`],
      };
  }
}

/** Discord markdown and mentions: a name is shown as typed, never as formatting. */
const discordEscape = (text: string) => text.replace(/[\\*_~`|>#[\]<]/g, (c) => `\\${c}`);
/** Slack's three control characters (its mrkdwn reads `<…>` as links and mentions). */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function render(parts: readonly Part[], format: ChatFormat): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      if ('name' in part) return format === 'discord' ? discordEscape(part.name) : slackEscape(part.name);
      const unix = Math.floor(Date.parse(part.at) / 1000);
      // Each app shows these in the reader's own time zone; the fallback is the UTC instant.
      return format === 'discord' ? `<t:${unix}:f> (<t:${unix}:R>)` : `<!date^${unix}^{date_short_pretty} {time}|${part.at}>`;
    })
    .join('');
}

/** A test ping in a chat app's shape: a message saying the webhook works. */
export function chatPingBody(format: ChatFormat): string {
  const text = 'Valeria Tabletop: this webhook works. Game news will appear here.';
  return format === 'discord' ? JSON.stringify({ content: text, allowed_mentions: { parse: [] } }) : JSON.stringify({ text });
}

/** The body of one message for a chat app's incoming webhook; `appUrl` is the web client's origin (no link without one). */
export function chatBody(format: ChatFormat, message: Notification | GameNotice, appUrl: string | null): string {
  const { parts, gameId } = say(message);
  const link = appUrl !== null && gameId !== null ? `${appUrl}/g/${encodeURIComponent(gameId)}` : null;
  const text = render(parts, format);
  if (format === 'discord') return JSON.stringify({ content: link ? `${text} ${link}` : text, allowed_mentions: { parse: [] } });
  return JSON.stringify({ text: link ? `${text} <${link}|Open the table>` : text });
}
