import { REJECTIONS } from '../../../core/games/villages-of-valeria/rejections.js';
import { translations } from './table.js';

/**
 * Villages of Valeria's refusals. French terms from the French rulebook
 * (shared/seeds/villages-of-valeria.fr.txt): Bâtiment 49, Aventurier 108,
 * Ressource 95, Or 55, Pouvoir 140, pioche 226, Château 13, the actions
 * Récolte, Développement, Construction, Recrutement, Impôt 254, suivre 263;
 * Persian ones from the Persian rulebook (villages-of-valeria.fa.txt):
 * ساختمان 34, ماجراجو 49, منبع 122, سکهٔ طلا 65, قدرت 20, دسته 84, قلعه 57,
 * the actions برداشت، تولید، ساخت و ساز، جذب و استخدام، مالیات 217, هدایت و
 * دنبال کردن 219. Card names stay English, as both editions print them.
 */
export const VV_REFUSALS = translations({
  english: REJECTIONS,
  sentences: {
    fr: {
      'not-the-led-action': 'Seule l’Action menée ({led}) peut être suivie.',
      'already-chosen': 'Vous avez déjà choisi votre Ressource de départ.',
      'card-not-in-hand': 'Vous n’avez pas {card} en main.',
      'card-reserved': '{card} est la carte que vous développez\u202f; défaussez-en une autre.',
      'no-such-pile': 'Il n’y a pas de pile {pile}.',
      'empty-source': '{source}\u00a0: plus aucune carte.',
      'no-pile-in-solo': 'En solo, une carte défaussée quitte la partie\u202f; ne nommez aucune pile.',
      'pile-required': 'Nommez la pile où va la carte défaussée.',
      'cannot-pay': 'Vous ne pouvez pas payer «\u00a0{what}\u00a0» maintenant\u00a0: {why}.',
      'duplicate-building': 'Votre village a déjà un Bâtiment {name}.',
      'adventurer-unavailable': '{adventurer} n’est pas face visible parmi les Aventuriers disponibles.',
      'requirement-not-met': '{name} demande les Bâtiments {requires}.',
      'not-enough-gold': '{what}\u00a0: il faut {n} Or disponible.',
      'payment-source-unavailable':
        '{unit} ne peut pas payer pour {name}\u00a0: vous ne pouvez pas l’utiliser, il porte déjà une pièce, il sert deux fois, ou ce n’est pas un Pouvoir de ressource pour ce Bâtiment.',
      'discard-unavailable': 'La carte {card} ne peut pas être défaussée pour ce paiement (pas en main, c’est la carte construite, ou déjà défaussée).',
      'payment-mismatch': 'Ce paiement ne fournit pas exactement le coût de {name} ({cost}).',
      'power-unavailable': 'Le Pouvoir de {name} ne peut pas être utilisé maintenant.',
      'no-target': 'Le Pouvoir de {name} ne prend pas de cible.',
      'bad-target': 'Le Pouvoir de {name} demande un adversaire pour cible.',
    },
    fa: {
      'not-the-led-action': 'فقط اکشنی که هدایت شده ({led}) را می‌توان دنبال کرد.',
      'already-chosen': 'شما پیش‌تر منبع آغازین خود را انتخاب کرده‌اید.',
      'card-not-in-hand': '{card} در دست شما نیست.',
      'card-reserved': '{card} کارتی است که در حال تولیدش هستید؛ کارت دیگری را بسوزانید.',
      'no-such-pile': 'ستون {pile} وجود ندارد.',
      'empty-source': '{source} خالی است.',
      'no-pile-in-solo': 'در بازی تک‌نفره کارت سوزانده از بازی بیرون می‌رود؛ ستونی نام نبرید.',
      'pile-required': 'ستونی را که کارت سوزانده رویش می‌رود نام ببرید.',
      'cannot-pay': 'اکنون نمی‌توانید هزینهٔ «{what}» را بپردازید: {why}.',
      'duplicate-building': 'دهکدهٔ شما هم‌اکنون یک {name} دارد.',
      'adventurer-unavailable': '{adventurer} در مخزن ماجراجویان رو نیست.',
      'requirement-not-met': '{name} ساختمان‌های {requires} را لازم دارد.',
      'not-enough-gold': '{what} به {n} سکهٔ طلای آزاد نیاز دارد.',
      'payment-source-unavailable':
        '{unit} نمی‌تواند برای {name} بپردازد: مال شما نیست، سکه‌ای رویش هست، دو بار به کار رفته یا قدرت منبعی برای این ساختمان نیست.',
      'discard-unavailable': 'کارت {card} را نمی‌توان برای این پرداخت سوزاند (در دست نیست، کارتی است که ساخته می‌شود یا پیش‌تر سوزانده شده است).',
      'payment-mismatch': 'این پرداخت دقیقاً هزینهٔ {name} ({cost}) را فراهم نمی‌کند.',
      'power-unavailable': 'قدرت {name} اکنون قابل استفاده نیست.',
      'no-target': 'قدرت {name} هدفی نمی‌گیرد.',
      'bad-target': 'قدرت {name} یک حریف را به‌عنوان هدف لازم دارد.',
    },
  },
  terms: {
    fr: {
      harvest: 'Récolte',
      develop: 'Développement',
      build: 'Construction',
      recruit: 'Recrutement',
      tax: 'Impôt',
      Tax: 'Impôt',
      'The deck': 'La pioche',
      'Pile 0': 'La pile 0',
      'Pile 1': 'La pile 1',
      'Pile 2': 'La pile 2',
      'Pile 3': 'La pile 3',
      'Pile 4': 'La pile 4',
      'solo Tax removes a card from your hand, and your hand is empty': 'en solo, l’Impôt retire une carte de votre main, et votre main est vide',
      'no payment covers its cost': 'aucun paiement ne couvre son coût',
      'Recruiting as leader': 'Recruter en menant l’Action',
      'Recruiting as follower': 'Recruter en suivant l’Action',
      'That payment': 'Ce paiement',
      'Your Castle': 'Votre Château',
    },
    fa: {
      harvest: 'برداشت',
      develop: 'تولید',
      build: 'ساخت و ساز',
      recruit: 'جذب و استخدام',
      tax: 'مالیات',
      Tax: 'مالیات',
      'The deck': 'دستهٔ کارت‌ها',
      'Pile 0': 'ستون ۰',
      'Pile 1': 'ستون ۱',
      'Pile 2': 'ستون ۲',
      'Pile 3': 'ستون ۳',
      'Pile 4': 'ستون ۴',
      'solo Tax removes a card from your hand, and your hand is empty': 'در بازی تک‌نفره مالیات کارتی را از دست شما برمی‌دارد و دست شما خالی است',
      'no payment covers its cost': 'هیچ پرداختی هزینه‌اش را پوشش نمی‌دهد',
      'Recruiting as leader': 'جذب و استخدام در نقش هدایت‌کننده',
      'Recruiting as follower': 'جذب و استخدام در نقش دنبال‌کننده',
      'That payment': 'این پرداخت',
      'Your Castle': 'قلعهٔ شما',
    },
  },
  quotesEnglish: ['requirement-not-met', 'payment-source-unavailable', 'payment-mismatch'],
});
