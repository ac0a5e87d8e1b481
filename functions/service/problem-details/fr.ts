import type { ServiceProblemCode } from '../problems.js';

/**
 * Each problem's sentence in French (ICU MessageFormat, the arguments of the
 * English one in problems.ts). French typography: a no-break space before
 * : ; ? ! and inside « ». Game terms as the French rulebooks print them
 * (web/src/i18n/TERMS.md).
 */
export const FRENCH: Readonly<Record<ServiceProblemCode, string>> = {
  'invalid-request': 'La requête ne correspond pas à l’API ; champs en cause : {errors}.',
  'malformed-json': 'Le corps de la requête n’est pas du JSON valide.',
  'invalid-body': 'Le corps d’une requête imbrique au plus {maxDepth} niveaux de tableaux et d’objets.',
  'bad-request': 'Cette requête ne peut être lue comme du HTTP que cette API comprend.',
  'invalid-if-match': 'If-Match doit être l’ETag de la partie, par exemple "12".',
  'invalid-cursor':
    '{list, select, games {Ce curseur n’a pas été délivré par cette liste.} export {Ce curseur n’a pas été délivré par cet export ; suivez le lien `next` d’une page précédente, avec les mêmes filtres.} notifications {Ce curseur n’a pas été délivré par cette liste ; utilisez un `next` d’une page précédente.} leaderboard {Ce curseur n’a pas été délivré par ce classement ; utilisez un `next` d’une de ses pages précédentes.} openGames {Ce curseur n’a pas été délivré par cette liste de parties ouvertes ; utilisez un `next` d’une de ses pages précédentes.} other {Ce curseur n’a pas été délivré par la liste des parties terminées de ce joueur ; utilisez un `next` d’une de ses pages précédentes.}}',
  'cursor-out-of-range': 'La partie en est à la version {version} ; `after` doit valoir au plus cela, et non {after}.',
  'invalid-name':
    'Ce nom de joueur ne peut pas être utilisé : {fault, select, loneSurrogate {il contient un demi-caractère isolé (la moitié d’une paire UTF-16)} forbiddenCharacter {il contient {codePoint}, un caractère de contrôle, de mise en forme ou invisible} length {il compte {length, plural, one {# caractère} other {# caractères}} ; de 1 à {max} sont permis} other {il ne contient aucun caractère visible}}.',
  'missing-token': "Envoyez votre jeton d’API sous la forme `Authorization: Bearer '<'jeton'>'`.",
  'malformed-token': "L’en-tête Authorization doit être de la forme `Bearer '<'jeton'>'`.",
  'invalid-token': 'Ce jeton d’API n’est pas valide.',
  'token-expired': 'Ce jeton d’accès a expiré le {expiredAt}.',
  'insufficient-scope':
    '{to, select, grant {Ce jeton ne peut pas accorder la portée {scope}, qu’il ne détient pas.} other {Il manque à ce jeton la portée {scope}, dont cette opération a besoin.}}',
  'not-seated':
    '{to, select, move {Vous n’avez pas de place dans cette partie ; les spectateurs ne jouent pas de coup.} undo {Vous n’avez pas de place dans cette partie ; les spectateurs ne reprennent pas de coup.} keepStandingOrders {Seul un joueur assis a des ordres permanents dans une partie.} subscribe {Seul un joueur assis à cette partie peut s’y abonner.} other {Vous n’avez pas de place dans cette partie.}}',
  'blocked-at-table': 'Vous ne pouvez pas vous asseoir à cette table : un joueur qui y est assis et vous n’êtes jamais placés ensemble (une liste de blocage).',
  'cannot-block-yourself': 'Vous ne pouvez pas vous bloquer vous-même.',
  'too-many-blocks': 'Vous bloquez déjà {limit} joueurs, le maximum permis ; débloquez-en un d’abord.',
  'reliability-too-low':
    'Cette table demande une fiabilité d’au moins {required} % ; la vôtre est de {reliability} % (parties terminées sans dépassement de délai).',
  'not-creator': 'Seul le joueur qui a créé cette partie peut y asseoir des bots.',
  'not-through-edge': 'Cette API ne répond qu’à son adresse publiée.',
  'player-not-found': 'Aucun joueur n’a l’identifiant {playerId}.',
  'game-not-found': 'Aucune partie n’a l’identifiant {gameId}.',
  'block-not-found': 'Vous ne bloquez pas le joueur {playerId}.',
  'seek-not-found': 'Vous n’avez aucune recherche d’identifiant {seekId}.',
  'webhook-not-found': 'Vous n’avez aucun webhook d’identifiant {webhookId}.',
  'seek-seated': 'Cette recherche a déjà trouvé sa table, dans la partie {gameId}.',
  'seek-exists': 'Vous attendez déjà cette partie (recherche {seekId}).',
  'too-many-seeks': 'Vous attendez déjà dans {limit} files, le maximum permis ; annulez d’abord une recherche.',
  'bots-not-allowed': 'Cette table n’accueille pas de comptes bots.',
  'access-token-not-found': 'Vous n’avez aucun jeton d’accès d’identifiant {tokenId}.',
  'passkey-not-found': 'Vous n’avez aucune clé d’accès d’identifiant {passkeyId}.',
  'email-not-set': 'Vous n’avez indiqué aucune adresse e-mail.',
  'email-link-invalid': 'Ce lien est inconnu, déjà utilisé ou expiré. Indiquez de nouveau votre adresse pour recevoir un nouveau lien de confirmation.',
  'push-subscription-not-found': 'Vous n’avez aucun abonnement push d’identifiant {subscriptionId}.',
  'route-not-found': 'Cette API n’a pas de {method} {path} ; voir /docs.',
  'method-not-allowed': '{path} répond à {allow}, pas à {method}.',
  'version-mismatch': 'Vous avez envoyé If-Match {pinned}, mais la partie en est à la version {current} ; relisez-la et décidez de nouveau.',
  'game-full': 'Toutes les places de cette partie sont prises.',
  'game-finished':
    '{to, select, reclaim {La partie est terminée ; son résultat garde les places qui ont fini jouées par un bot.} keepStandingOrders {La partie est terminée ; les ordres permanents ne répondent plus à rien.} other {La partie est terminée.}}',
  'game-not-started': 'La partie commence quand toutes les places sont prises.',
  'game-not-finished': 'La graine et le journal complet sont révélés à la fin de la partie.',
  'seat-taken': 'La place {seat} est déjà prise.',
  'already-seated': 'Vous avez déjà une place dans cette partie.',
  contention:
    '{over, select, moves {Trop de coups sont arrivés en même temps dans cette partie ; renvoyez le vôtre.} seats {Plusieurs joueurs ont pris place en même temps ; réessayez.} standingOrders {La partie a changé pendant l’enregistrement de vos ordres ; renvoyez-les.} webhooks {La partie a changé pendant l’enregistrement de votre webhook ; renvoyez-le.} other {Vos vacances ont changé au même moment ailleurs ; vérifiez-les et réessayez.}}',
  'idempotency-key-reused': 'Cette Idempotency-Key a déjà servi avec un autre corps de requête ; utilisez une nouvelle clé pour une nouvelle requête.',
  'undo-not-allowed': 'Le coup {version} ne peut pas être repris (raison, en anglais : {reason}).',
  'too-many-running-games': 'Vous avez {limit} parties en cours, le maximum permis ; terminez-en une avant d’en créer ou d’en rejoindre une autre.',
  'too-many-undos': 'Vous pouvez reprendre {limit, plural, one {un coup} other {# coups}} à chaque étape ; cette étape a déjà eu sa reprise.',
  'seat-not-replaced': 'Votre place est déjà la vôtre : aucun bot ne la joue.',
  'vacation-running': 'Vous êtes en vacances jusqu’au {until} ; terminez-les d’abord.',
  'no-vacation-running': 'Vous n’êtes pas en vacances.',
  'vacation-in-past': 'Des vacances se terminent dans le futur : `until` doit être postérieur à maintenant.',
  'vacation-allowance-exceeded':
    'Ces vacances durent {days, plural, one {# jour entier} other {# jours entiers}} ; il vous reste {remainingDays, plural, one {# jour} other {# jours}} sur vos {allowanceDays} de {year}.',
  'engine-version-unsupported':
    'Cette partie a été enregistrée par la version {recorded} du moteur de {title} ; ce service fait tourner la version {supported} et ne peut pas la rejouer.',
  'uri-too-long': 'Les URL sont limitées à {maxChars, number} caractères de chemin et de requête.',
  'payload-too-large': 'Le corps d’une requête est limité à {maxBytes, number} octets.',
  'unsupported-media-type': 'Envoyez les corps en JSON avec `Content-Type: application/json`.',
  'unknown-game':
    '{withCards, select, yes {Aucun jeu avec des cartes ne s’appelle « {game} » ; voir GET /v1/games/catalog.} other {Aucun jeu ne s’appelle « {game} » ; voir GET /v1/games/catalog.}}',
  'invalid-seats': '{title} se joue de {minSeats} à {maxSeats} joueurs, pas à {seats}.',
  'solo-games-unrated': 'Une partie en solo n’est jamais classée ; omettez `rated` ou mettez-le à false.',
  'invalid-options': 'Ces options ne conviennent pas à {title}.',
  'no-such-seat': 'Cette partie a les places 0 à {last}.',
  'no-standing-orders': '{game} n’a pas d’ordres permanents.',
  'webhook-target-forbidden': 'Les webhooks ne vont qu’à des URL https d’adresses publiques (raison, en anglais : {why}).',
  'push-endpoint-forbidden': 'Les points de terminaison push sont des URL https d’adresses publiques uniquement (raison, en anglais : {why}).',
  'invalid-push-keys': 'Ces clés push ne permettent pas de chiffrer de message (raison, en anglais : {why}).',
  'invalid-events':
    '{scope, select, player {Un webhook de portée joueur reçoit {allowed} ; pas {stray}.} other {Un webhook de portée partie reçoit {allowed} ; pas {stray}.}}',
  'already-bot': 'Ce compte est déjà un compte bot.',
  'deletion-not-confirmed': 'Pour supprimer ce compte, envoyez son nom, exactement tel qu’il est affiché, dans `confirm`.',
  'games-played': 'Ce compte a joué des parties ; seul un nouveau compte peut devenir un compte bot.',
  'invalid-bot-owner':
    'Le joueur {owner} ne peut pas posséder de compte bot : {why, select, itself {un bot ne peut pas se posséder lui-même} noSuchPlayer {aucun joueur n’a cet identifiant} other {un compte bot ne peut pas en posséder un autre}}.',
  'token-expiry-in-past': 'Un jeton d’accès expire dans le futur : `expiresAt` doit être postérieur à maintenant.',
  'too-many-access-tokens': 'Un joueur peut garder {max} jetons d’accès ; révoquez-en un d’abord.',
  'too-many-passkeys': 'Un joueur peut garder {max} clés d’accès ; supprimez-en une d’abord.',
  'passkey-challenge-unknown': 'Cette réponse de clé d’accès ne répond à aucun défi émis ici pour cet usage ; demandez de nouvelles options et réessayez.',
  'passkey-challenge-expired': 'Le défi a expiré le {expiredAt} ; demandez de nouvelles options et réessayez.',
  'passkey-challenge-used': 'Ce défi a déjà reçu une réponse ; demandez de nouvelles options et réessayez.',
  'sign-in-link-unknown': 'Ce lien de connexion n’est pas l’un de ceux que nous avons envoyés ; demandez-en un nouveau.',
  'sign-in-link-used': 'Ce lien de connexion a déjà servi ; chacun ne sert qu’une fois. Demandez-en un nouveau.',
  'sign-in-link-expired': 'Ce lien de connexion a expiré le {expiredAt} ; demandez-en un nouveau.',
  'too-many-sign-in-links': 'Une adresse reçoit au plus {limit} liens de connexion en 15 minutes ; utilisez un lien déjà envoyé, ou patientez.',
  'passkey-not-verified': 'La réponse de la clé d’accès ne se vérifie pas (raison, en anglais : {why}).',
  'passkey-unknown': 'Cette clé d’accès n’est pas enregistrée ici (elle a peut-être été supprimée) ; connectez-vous autrement.',
  'passkey-counter-regressed':
    'Le compteur de signatures de cette clé d’accès ({counter}) ne dépasse pas le dernier vu ({seen}) : elle a peut-être été copiée.',
  'passkey-already-registered': 'Cette clé d’accès est déjà enregistrée sur votre compte.',
  'invalid-standing-orders': 'Ces ordres permanents ne conviennent pas à cette partie.',
  'too-many-webhooks': 'Un joueur peut garder {limit} webhooks ; supprimez-en un d’abord.',
  'too-many-push-subscriptions': 'Un joueur peut garder {limit} abonnements push ; supprimez-en un d’abord.',
  'too-many-connections': 'Un joueur peut garder {limit} connexions de flux ouvertes ; fermez-en une d’abord.',
  'too-many-subscriptions': 'Une connexion de flux peut suivre {limit} parties ; désabonnez-vous d’abord de l’une d’elles.',
  'too-many-stream-tickets': 'Vous détenez {limit} tickets de flux inutilisés ; utilisez-en un, ou attendez qu’un ticket expire (60 s).',
  'rate-limited':
    'Trop de requêtes : la limite « {policy} » permet {limit} requêtes par {windowSeconds} s pour chaque {caller, select, player {joueur} other {adresse cliente}}. Réessayez dans {retryAfter} s.',
  'internal-error': 'Une erreur s’est produite de notre côté ; la requête n’a rien changé qui n’ait été enregistré.',
  'email-unavailable': 'Ce serveur n’envoie pas d’e-mail.',
  'web-push-unavailable': 'Ce serveur n’envoie pas de notifications push.',
  'passkeys-unavailable': 'Les clés d’accès ne sont pas disponibles ici : le service ne connaît pas l’adresse de son client web.',
  'store-unavailable':
    '{outcome, select, unknown {Le stockage n’a pas confirmé votre requête à temps : elle a pu être appliquée ou non. Renvoyez-la avec la même Idempotency-Key ; si elle a été appliquée, vous recevez sa réponse, sinon elle est appliquée maintenant.} other {Le stockage est indisponible ; rien n’a été modifié. Réessayez sous peu.}}',
};
