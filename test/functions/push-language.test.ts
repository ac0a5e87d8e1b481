import { describe, expect, it } from 'vitest';
import type { GameNotice, Notification } from '../../functions/push/model/schemas.js';
import { chatBody, chatPingBody } from '../../functions/push/webhooks/chat.js';
import { pushMessage, sentence } from '../../functions/push/webpush/message.js';

const ref = { id: 'n_1', at: '2026-11-26T10:00:00.000Z', gameId: 'g_1', game: 'villages-of-valeria', title: 'Villages of Valeria', seat: 0 } as const;
const yourTurn = { ...ref, type: 'your-turn', version: 4, pending: { id: 'p_1', deadline: '2026-11-27T18:30:00.000Z' } } as const satisfies Notification;

/** Browser push and the e-mail's first line, in the language the addressee chose (their preferences). */
describe('push sentences in the addressee’s language', () => {
  it('words a turn in English, French or Persian (Persian digits and title), keeping the game id and path', () => {
    expect(sentence(yourTurn)).toBe('Your turn in Villages of Valeria: play by 27 Nov, 18:30 UTC.');
    expect(sentence(yourTurn, 'UTC', 'fr')).toMatch(/^À vous de jouer dans Villages of Valeria\u00A0: jouez avant le 27 nov\.?, 18:30 UTC\.$/u);
    const fa = pushMessage(yourTurn, 'fa');
    expect(fa.title).toBe('دهکده‌های والریا');
    expect(fa.body).toContain('نوبت شما در دهکده‌های والریا');
    expect(fa.body).toContain('۱۸:۳۰');
    expect({ ...fa, title: '', body: '' }).toEqual({ ...pushMessage(yourTurn), title: '', body: '' });
  });

  it('isolates a Latin name in a Persian sentence', () => {
    const replaced = {
      ...ref,
      type: 'seat-replaced',
      version: 3,
      replaced: { seat: 1, name: 'Ann', afterTimeouts: 3 },
    } as const satisfies Notification;
    expect(sentence(replaced, 'UTC', 'fa')).toContain('\u2068Ann\u2069');
    expect(sentence(replaced)).toBe('A bot plays Ann’s seat in Villages of Valeria now.');
  });
});

/** A chat app's message (Discord, Slack), in the language of the webhook's owner. */
describe('chat messages in the webhook owner’s language', () => {
  const app = 'https://play.example';
  const ended = {
    id: 'gn_1',
    at: ref.at,
    type: 'game.ended',
    gameId: 'g_1',
    game: 'villages-of-valeria',
    title: 'Villages of Valeria',
    version: 9,
    scores: [10, 8, 12],
    winners: [
      { seat: 0, name: 'Ann *' },
      { seat: 2, name: null },
    ],
  } as const satisfies GameNotice;

  it('words a turn in French on Slack, its deadline the app’s own token and its link labelled in French', () => {
    const unix = Date.parse(yourTurn.pending.deadline) / 1000;
    expect(JSON.parse(chatBody('slack', yourTurn, app, 'fr'))).toEqual({
      text: `À vous de jouer dans Villages of Valeria, jusqu’au <!date^${unix}^{date_short_pretty} {time}|${yourTurn.pending.deadline}>. <${app}/g/g_1|Ouvrir la table>`,
    });
  });

  it('lists winners and scores in Persian on Discord (names escaped and isolated, Persian digits and title), English as before', () => {
    expect(JSON.parse(chatBody('discord', ended, app, 'fa')).content).toBe(
      `دهکده‌های والریا تمام شد؛ برنده: \u2068Ann \\*\u2069 و ربات روی صندلی ۳ (امتیازها: ۱۰،\u200F ۸، و ۱۲). ${app}/g/g_1`,
    );
    expect(JSON.parse(chatBody('discord', ended, app)).content).toBe(
      `Villages of Valeria has ended: Ann \\* and the bot in seat 3 won (scores 10, 8, 12). ${app}/g/g_1`,
    );
    expect(JSON.parse(chatPingBody('slack', 'fr')).text).toBe('Valeria Tabletop\u00A0: ce webhook fonctionne. Les nouvelles des parties apparaîtront ici.');
  });
});
