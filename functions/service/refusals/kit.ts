import { KIT_REJECTIONS } from '../../../core/engine/index.js';
import { translations } from './table.js';

/** The kit's refusals (core/engine/rejection.ts), before any game sees a move. */
export const KIT_REFUSALS = translations({
  english: KIT_REJECTIONS,
  sentences: {
    fr: {
      'malformed-move': 'Ce coup n’est pas bien formé (en anglais\u00a0: {issues}).',
      'game-over': 'La partie est terminée\u202f; aucun coup n’est plus accepté.',
      'not-your-turn': 'Ce n’est pas à la place {seat} de jouer\u00a0: la partie attend {step} de la place {awaited}.',
      'not-seated': 'La place {seat} n’existe pas dans cette partie.',
      'nothing-pending': 'Rien n’est attendu dans cette partie pour le moment.',
      'not-overdue': 'L’échéance de {pending} ({deadline}) n’est pas encore passée.',
      'stale-pending': 'L’étape attendue {pending} a déjà été résolue.',
      'wrong-step': 'La partie attend {step}\u202f; un coup {move} ne convient pas maintenant (elle accepte {expected}).',
    },
    fa: {
      'malformed-move': 'این حرکت درست ساخته نشده است (به انگلیسی: {issues}).',
      'game-over': 'بازی تمام شده است؛ دیگر حرکتی پذیرفته نمی‌شود.',
      'not-your-turn': 'نوبت حرکت صندلی {seat} نیست: بازی منتظر {step} از صندلی {awaited} است.',
      'not-seated': 'صندلی {seat} در این بازی وجود ندارد.',
      'nothing-pending': 'اکنون در این بازی منتظر چیزی نیستیم.',
      'not-overdue': 'مهلت {pending} ({deadline}) هنوز نگذشته است.',
      'stale-pending': 'مرحلهٔ مورد انتظار {pending} پیش‌تر حل شده است.',
      'wrong-step': 'بازی منتظر {step} است؛ حرکت {move} اکنون جور نیست (این مرحله {expected} را می‌پذیرد).',
    },
  },
  terms: { fr: {}, fa: {} },
  quotesEnglish: ['malformed-move'],
});
