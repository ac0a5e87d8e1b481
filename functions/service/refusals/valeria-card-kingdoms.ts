import { REJECTIONS } from '../../../core/games/valeria-card-kingdoms/rejections.js';
import { translations } from './table.js';

/**
 * Valeria: Card Kingdoms' refusals, in the terms web/src/i18n/TERMS.md records
 * for this game's table. French from the French rulebook
 * (shared/seeds/valeria-card-kingdoms.fr.txt): Or 120, Force 116, Magie 124,
 * Monstre 154, Citoyen 69, Domaine 81, Duc 87, Récolte 255, pioche (a stack)
 * 156. Persian: طلا, جادو, شهروند, هیولا, دوک as the Persian Villages of
 * Valeria rulebook prints them; نیرو, قلمرو, برداشت ours, as in TERMS.md.
 * Card names stay the card catalog's English.
 */
export const VCK_REFUSALS = translations({
  english: REJECTIONS,
  sentences: {
    fr: {
      'already-submitted': 'Vous avez déjà {what}.',
      'not-dealt': '{duke} n’est pas l’un des deux Ducs qui vous ont été distribués.',
      'no-such-change': '{domain} ne peut pas changer le dé {die} maintenant (il n’est pas à vous, il a servi, il est trop cher ou ne change rien).',
      'bad-answers': '{problem}',
      'no-such-option': 'Il n’y a pas d’option {option}\u202f; choisissez de 0 à {last}.',
      'amount-out-of-range': 'Cette prise peut prendre de 0 à {most} {resource}, pas {amount}.',
      'empty-stack': 'La pioche {stack} ({kind}) est épuisée.',
      'wrong-payment': '{name} coûte {amount} {main} et {magic} Magie\u00a0: dépensez au moins 1 {main}, la Magie pouvant remplacer le reste.',
      'cannot-afford': 'Vous n’avez pas {amount} {resource} et {magic} Magie.',
      'requirement-not-met': '{name} demande {requirement} parmi vos Citoyens.',
    },
    fa: {
      'already-submitted': 'شما پیش‌تر {what}.',
      'not-dealt': '{duke} یکی از دو دوکی نیست که به شما داده شده است.',
      'no-such-change': '{domain} اکنون نمی‌تواند تاس {die} را تغییر دهد (مال شما نیست، به کار رفته، گران است یا تغییری نمی‌دهد).',
      'bad-answers': '{problem}',
      'no-such-option': 'گزینهٔ {option} وجود ندارد؛ از ۰ تا {last} انتخاب کنید.',
      'amount-out-of-range': 'در این برداشت می‌توان ۰ تا {most} {resource} برداشت، نه {amount}.',
      'empty-stack': 'دستهٔ {stack} ({kind}) تمام شده است.',
      'wrong-payment': 'بهای {name} {amount} {main} و {magic} جادو است: دست‌کم ۱ {main} بپردازید و جادو می‌تواند جای بقیه را بگیرد.',
      'cannot-afford': 'شما {amount} {resource} و {magic} جادو ندارید.',
      'requirement-not-met': '{name} در میان شهروندان شما {requirement} لازم دارد.',
    },
  },
  terms: {
    fr: {
      'kept a Duke': 'gardé un Duc',
      'submitted your harvest': 'envoyé votre Récolte',
      gold: 'Or',
      strength: 'Force',
      magic: 'Magie',
      Gold: 'Or',
      Strength: 'Force',
      Monster: 'Monstres',
      Citizen: 'Citoyens',
      Domain: 'Domaines',
    },
    fa: {
      'kept a Duke': 'دوکی را نگه داشته‌اید',
      'submitted your harvest': 'برداشت خود را فرستاده‌اید',
      gold: 'طلا',
      strength: 'نیرو',
      magic: 'جادو',
      Gold: 'طلا',
      Strength: 'نیرو',
      Monster: 'هیولاها',
      Citizen: 'شهروندان',
      Domain: 'قلمروها',
    },
  },
  quotesEnglish: ['bad-answers', 'requirement-not-met'],
});
