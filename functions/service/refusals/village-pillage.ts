import { REJECTIONS } from '../../../core/games/village-pillage/rejections.js';
import { translations } from './table.js';

/**
 * Village Pillage's refusals, with the terms of web/src/i18n/TERMS.md (the
 * French rulebook, shared/seeds/village-pillage.fr.txt: Marché 154, Fermier,
 * Rempart, Pillard 8–9, Marchand 11, manche 165; Persian ours). The Market's
 * other cards keep the card catalog's English names, as the web client does.
 */
export const VP_REFUSALS = translations({
  english: REJECTIONS,
  sentences: {
    fr: {
      'not-in-market': '{card} n’est pas face visible au Marché.',
      'wrong-plan': 'Cette manche, vous placez {wanted}.',
      'not-in-hand': '{card} n’est pas dans votre main.',
      'same-card': 'Une même carte ne peut pas être placée deux fois.',
    },
    fa: {
      'not-in-market': '{card} در بازار رو نیست.',
      'wrong-plan': 'در این دور {wanted} می‌گذارید.',
      'not-in-hand': '{card} در دست شما نیست.',
      'same-card': 'یک کارت را نمی‌توان دو بار گذاشت.',
    },
  },
  terms: {
    fr: {
      'a card toward each neighbour (plan)': 'une carte face à chacun de vos voisins (plan)',
      'a front and a back card (queue)': 'une carte devant et une carte derrière (file)',
      'one card behind your queued card (enqueue)': 'une carte derrière celle de votre file (ajout à la file)',
      Farmer: 'Fermier',
      Wall: 'Rempart',
      Raider: 'Pillard',
      Merchant: 'Marchand',
    },
    fa: {
      'a card toward each neighbour (plan)': 'یک کارت رو به هر همسایه (نقشه)',
      'a front and a back card (queue)': 'یک کارت جلو و یک کارت پشت (صف)',
      'one card behind your queued card (enqueue)': 'یک کارت پشت کارتِ در صفِ خود (افزودن به صف)',
      Farmer: 'کشاورز',
      Wall: 'دیوار',
      Raider: 'یغماگر',
      Merchant: 'بازرگان',
    },
  },
  quotesEnglish: [],
});
