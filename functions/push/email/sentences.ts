import type { Sentences } from '../../service/speak.js';
import type { MailList } from './tokens.js';

/**
 * What the e-mails and the pages their links open say, one table per kind of
 * message and per language (ICU MessageFormat, as the web client's catalogs).
 * French puts a no-break space before : ; ! ? (U+00A0 before a colon, the
 * narrow U+202F before the others), Persian joins its words with ZWNJ where
 * the language wants it; names and addresses reach these sentences isolated
 * (speak.ts `isolated`), game titles as their editions print them
 * (`gameTitle`). The notice's own line is the push's sentence
 * (webpush/message.ts), the same words on a lock screen and in a mailbox.
 */

/** The parts every e-mail shares: how a link is written in the plain-text part, and the footer saying why it came and how to stop it. */
export const MAIL_FRAME: Sentences<`why-${MailList}` | 'link' | 'stop' | 'forget' | 'choose'> = {
  en: {
    link: '{label}: {link}',
    'why-your-turn': 'You get this e-mail because your turn comes in a game on Valeria Tabletop.',
    'why-deadline-soon': 'You get this e-mail because your time in a game runs short on Valeria Tabletop.',
    'why-timed-out': 'You get this e-mail because your time runs out in a game on Valeria Tabletop.',
    'why-game-ended': 'You get this e-mail because a game of yours ends on Valeria Tabletop.',
    'why-seat-replaced': 'You get this e-mail because a seat in your game is handed to the bot on Valeria Tabletop.',
    'why-digest': 'You get this e-mail because you chose a daily list of the games waiting for you on Valeria Tabletop.',
    'why-sign-in': 'You get this e-mail because someone asked for a link to sign in with this address on Valeria Tabletop.',
    'why-address': 'You get this e-mail because someone asked to be mailed at this address on Valeria Tabletop.',
    stop: 'Stop these e-mails',
    forget: 'Forget this address',
    choose: 'Choose what you are sent (Account)',
  },
  fr: {
    link: '{label}\u00A0: {link}',
    'why-your-turn': 'Vous recevez cet e-mail parce que c’est à vous de jouer dans une partie sur Valeria Tabletop.',
    'why-deadline-soon': 'Vous recevez cet e-mail parce que votre temps s’épuise dans une partie sur Valeria Tabletop.',
    'why-timed-out': 'Vous recevez cet e-mail parce que votre temps s’est écoulé dans une partie sur Valeria Tabletop.',
    'why-game-ended': 'Vous recevez cet e-mail parce qu’une de vos parties s’est terminée sur Valeria Tabletop.',
    'why-seat-replaced': 'Vous recevez cet e-mail parce qu’une place de votre partie a été confiée au bot sur Valeria Tabletop.',
    'why-digest': 'Vous recevez cet e-mail parce que vous avez choisi de recevoir chaque jour la liste des parties qui vous attendent sur Valeria Tabletop.',
    'why-sign-in': 'Vous recevez cet e-mail parce que quelqu’un a demandé un lien pour se connecter à Valeria Tabletop avec cette adresse.',
    'why-address': 'Vous recevez cet e-mail parce que quelqu’un a demandé à Valeria Tabletop d’écrire à cette adresse.',
    stop: 'Ne plus recevoir ces e-mails',
    forget: 'Oublier cette adresse',
    choose: 'Choisir ce que vous recevez (Compte)',
  },
  fa: {
    link: '{label}: {link}',
    'why-your-turn': 'این ایمیل را می‌گیرید چون در یکی از بازی‌هایتان در Valeria Tabletop نوبت شما شده است.',
    'why-deadline-soon': 'این ایمیل را می‌گیرید چون وقت شما در یکی از بازی‌هایتان در Valeria Tabletop رو به پایان است.',
    'why-timed-out': 'این ایمیل را می‌گیرید چون وقت شما در یکی از بازی‌هایتان در Valeria Tabletop تمام شده است.',
    'why-game-ended': 'این ایمیل را می‌گیرید چون یکی از بازی‌هایتان در Valeria Tabletop تمام شده است.',
    'why-seat-replaced': 'این ایمیل را می‌گیرید چون در یکی از بازی‌هایتان در Valeria Tabletop جایی به ربات سپرده شده است.',
    'why-digest': 'این ایمیل را می‌گیرید چون فهرست روزانهٔ بازی‌هایی را که در Valeria Tabletop منتظر شما هستند خواسته‌اید.',
    'why-sign-in': 'این ایمیل را می‌گیرید چون کسی پیوندی خواسته است تا با این نشانی به Valeria Tabletop وارد شود.',
    'why-address': 'این ایمیل را می‌گیرید چون کسی از Valeria Tabletop خواسته است به این نشانی ایمیل بفرستد.',
    stop: 'توقف این ایمیل‌ها',
    forget: 'فراموش کردن این نشانی',
    choose: 'انتخاب آنچه برایتان فرستاده می‌شود (حساب)',
  },
};

/** The mail that confirms an address (nothing else is sent to it before). */
export const CONFIRMATION_MAIL: Sentences<'subject' | 'asked' | 'confirm' | 'once'> = {
  en: {
    subject: 'Confirm your e-mail address for Valeria Tabletop',
    asked: 'Someone (we hope you) asked Valeria Tabletop to send notices of their games to {address}.',
    confirm: 'Confirm this address',
    once: 'The link works once, until {until}. Until it is followed, nothing else is sent here.',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail pour Valeria Tabletop',
    asked: 'Quelqu’un (vous, nous l’espérons) a demandé à Valeria Tabletop d’envoyer les notifications de ses parties à {address}.',
    confirm: 'Confirmer cette adresse',
    once: 'Le lien ne sert qu’une fois, jusqu’au {until}. Tant qu’il n’a pas été suivi, rien d’autre n’est envoyé à cette adresse.',
  },
  fa: {
    subject: 'نشانی ایمیل خود را برای Valeria Tabletop تأیید کنید',
    asked: 'کسی (امیدواریم خودتان) از Valeria Tabletop خواسته است اعلان‌های بازی‌هایش را به {address} بفرستد.',
    confirm: 'تأیید این نشانی',
    once: 'این پیوند فقط یک بار و تا {until} کار می‌کند. تا وقتی باز نشود، چیز دیگری به این نشانی فرستاده نمی‌شود.',
  },
};

/** The mail carrying a one-time sign-in link. */
export const SIGN_IN_MAIL: Sentences<'subject' | 'asked' | 'sign-in' | 'once' | 'ignore'> = {
  en: {
    subject: 'Your sign-in link for Valeria Tabletop',
    asked: 'Someone (we hope you) asked to sign in to Valeria Tabletop with this address.',
    'sign-in': 'Sign in',
    once: 'The link signs in the browser it is opened in, once, until {until}. Do not forward it: whoever opens it plays as you.',
    ignore: 'If you did not ask for it, ignore this e-mail: nobody is signed in unless the link is opened.',
  },
  fr: {
    subject: 'Votre lien de connexion à Valeria Tabletop',
    asked: 'Quelqu’un (vous, nous l’espérons) a demandé à se connecter à Valeria Tabletop avec cette adresse.',
    'sign-in': 'Se connecter',
    once: 'Le lien connecte le navigateur dans lequel il est ouvert, une seule fois, jusqu’au {until}. Ne le transférez pas\u00A0: quiconque l’ouvre joue en votre nom.',
    ignore: 'Si vous ne l’avez pas demandé, ignorez cet e-mail\u00A0: personne n’est connecté tant que le lien n’est pas ouvert.',
  },
  fa: {
    subject: 'پیوند ورود شما به Valeria Tabletop',
    asked: 'کسی (امیدواریم خودتان) خواسته است با این نشانی به Valeria Tabletop وارد شود.',
    'sign-in': 'ورود',
    once: 'این پیوند مرورگری را که در آن باز شود، فقط یک بار و تا {until} وارد می‌کند. آن را برای کسی نفرستید: هر کس بازش کند به نام شما بازی می‌کند.',
    ignore: 'اگر آن را نخواسته‌اید، این ایمیل را نادیده بگیرید: تا پیوند باز نشود، هیچ‌کس وارد نمی‌شود.',
  },
};

/** A notice of one notification: its line is the push's sentence; this is the link under it. */
export const NOTICE_MAIL: Sentences<'open'> = {
  en: { open: 'Open {title}' },
  fr: { open: 'Ouvrir {title}' },
  fa: { open: 'باز کردن {title}' },
};

/** The daily digest: the games waiting for the addressee's move, nearest deadline first. */
export const DIGEST_MAIL: Sentences<'subject' | 'intro' | 'no-deadline' | 'play-by' | 'open'> = {
  en: {
    subject: '{count, plural, one {# game waits} other {# games wait}} for your move',
    intro: 'Your games waiting for your move on {day}, the nearest deadline first:',
    'no-deadline': '{title}: no deadline',
    'play-by': '{title}: play by {deadline}',
    open: 'Open the table',
  },
  fr: {
    subject: '{count, plural, one {# partie attend} other {# parties attendent}} que vous jouiez',
    intro: 'Vos parties qui attendent que vous jouiez, le {day}, l’échéance la plus proche d’abord\u00A0:',
    'no-deadline': '{title}\u00A0: sans échéance',
    'play-by': '{title}\u00A0: jouez avant le {deadline}',
    open: 'Ouvrir la table',
  },
  fa: {
    subject: '{count, plural, other {# بازی منتظر حرکت شماست}}',
    intro: 'بازی‌هایی که در {day} منتظر حرکت شما هستند، نزدیک‌ترین مهلت اول:',
    'no-deadline': '{title}: بدون مهلت',
    'play-by': '{title}: تا {deadline} بازی کنید',
    open: 'باز کردن میز',
  },
};

/** The pages an e-mail's links open: a page with one button, then the page saying it is done. */
export const LINK_PAGES: Sentences<
  'confirm-title' | 'confirm-button' | 'confirmed-title' | 'confirmed' | 'unsubscribe-title' | 'unsubscribe-button' | 'unsubscribed-title' | 'unsubscribed'
> = {
  en: {
    'confirm-title': 'Confirm your e-mail address',
    'confirm-button': 'Confirm',
    'confirmed-title': 'Address confirmed',
    confirmed: 'Notices of your games will be mailed to {address}.',
    'unsubscribe-title': 'Stop these e-mails',
    'unsubscribe-button': 'Unsubscribe',
    'unsubscribed-title': 'Unsubscribed',
    unsubscribed: 'You will get no more e-mails of this kind. Account shows everything you are sent.',
  },
  fr: {
    'confirm-title': 'Confirmez votre adresse e-mail',
    'confirm-button': 'Confirmer',
    'confirmed-title': 'Adresse confirmée',
    confirmed: 'Les notifications de vos parties seront envoyées à {address}.',
    'unsubscribe-title': 'Ne plus recevoir ces e-mails',
    'unsubscribe-button': 'Se désabonner',
    'unsubscribed-title': 'Désabonnement effectué',
    unsubscribed: 'Vous ne recevrez plus d’e-mails de ce type. La page Compte montre tout ce que vous recevez.',
  },
  fa: {
    'confirm-title': 'نشانی ایمیل خود را تأیید کنید',
    'confirm-button': 'تأیید',
    'confirmed-title': 'نشانی تأیید شد',
    confirmed: 'اعلان‌های بازی‌هایتان به {address} فرستاده می‌شود.',
    'unsubscribe-title': 'توقف این ایمیل‌ها',
    'unsubscribe-button': 'لغو اشتراک',
    'unsubscribed-title': 'اشتراک لغو شد',
    unsubscribed: 'دیگر ایمیلی از این نوع نمی‌گیرید. صفحهٔ «حساب» همهٔ آنچه را برایتان فرستاده می‌شود نشان می‌دهد.',
  },
};

/**
 * The answer to asking for a sign-in link, in the language the request asks
 * for (`Accept-Language`), never the owner's: the same whether or not the
 * address belongs to an account.
 */
export const SIGN_IN_REQUESTED: Sentences<'detail'> = {
  en: {
    detail:
      'If {address} is the confirmed address of an account, a sign-in link is on its way. It signs in the browser it is opened in, once, within {minutes, plural, one {# minute} other {# minutes}}.',
  },
  fr: {
    detail:
      'Si {address} est l’adresse confirmée d’un compte, un lien de connexion est en route. Il connecte le navigateur dans lequel il est ouvert, une seule fois, dans {minutes, plural, one {la minute} other {les # minutes}}.',
  },
  fa: {
    detail:
      'اگر {address} نشانی تأییدشدهٔ یک حساب باشد، پیوند ورود در راه است. این پیوند مرورگری را که در آن باز شود، فقط یک بار و ظرف {minutes, number} دقیقه وارد می‌کند.',
  },
};

/** Why an address was disabled, kept on it: SES's kind of bounce (`General`, `NoEmail`…) as SES names it. */
export const DISABLED_ADDRESS: Sentences<'bounced' | 'complained'> = {
  en: { bounced: 'bounced ({kind})', complained: 'marked as spam' },
  fr: { bounced: 'rejeté définitivement ({kind})', complained: 'signalé comme spam' },
  fa: { bounced: 'برگشت خورد ({kind})', complained: 'هرزنامه شناخته شد' },
};
