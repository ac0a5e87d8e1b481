import { t, type MessageKey } from '../i18n/i18n.js';

/**
 * Valeria: Card Kingdoms in the reader's words: its cards' names and its game
 * terms. The French edition keeps the English card names (so French does);
 * Persian has no edition, so its names are ours (i18n/TERMS.md). Each key is
 * written out in full, as the catalogs test requires.
 */

/** Every card of the catalog, by the name the API gives it. */
const CARD_NAMES: Readonly<Record<string, MessageKey>> = {
  Cleric: 'ck.card.cleric',
  Monk: 'ck.card.monk',
  Merchant: 'ck.card.merchant',
  Blacksmith: 'ck.card.blacksmith',
  Mercenary: 'ck.card.mercenary',
  Alchemist: 'ck.card.alchemist',
  Archer: 'ck.card.archer',
  Wizard: 'ck.card.wizard',
  Peasant: 'ck.card.peasant',
  Knight: 'ck.card.knight',
  Rogue: 'ck.card.rogue',
  Thief: 'ck.card.thief',
  Champion: 'ck.card.champion',
  Warlord: 'ck.card.warlord',
  Paladin: 'ck.card.paladin',
  Priestess: 'ck.card.priestess',
  Butcher: 'ck.card.butcher',
  Miner: 'ck.card.miner',
  'Starter Peasant': 'ck.card.starter-peasant',
  'Starter Knight': 'ck.card.starter-knight',
  Goblin: 'ck.card.goblin',
  'Goblin Mage': 'ck.card.goblin-mage',
  'Goblin King': 'ck.card.goblin-king',
  Skeleton: 'ck.card.skeleton',
  'Flaming Skeleton': 'ck.card.flaming-skeleton',
  'Skeleton King': 'ck.card.skeleton-king',
  Treant: 'ck.card.treant',
  'Bane Spider': 'ck.card.bane-spider',
  'Spider Queen': 'ck.card.spider-queen',
  Owlbear: 'ck.card.owlbear',
  Giant: 'ck.card.giant',
  Troll: 'ck.card.troll',
  'Dire Bear': 'ck.card.dire-bear',
  'Orc Warrior': 'ck.card.orc-warrior',
  'Orc Chieftain': 'ck.card.orc-chieftain',
  Wraith: 'ck.card.wraith',
  Banshee: 'ck.card.banshee',
  Lich: 'ck.card.lich',
  'Gelatinous Cube': 'ck.card.gelatinous-cube',
  'Bog Hag': 'ck.card.bog-hag',
  Hydra: 'ck.card.hydra',
  Kobold: 'ck.card.kobold',
  Basilisk: 'ck.card.basilisk',
  Dragon: 'ck.card.dragon',
  'Palace of the Dawn': 'ck.card.palace-of-the-dawn',
  'Foxgrove Palisade': 'ck.card.foxgrove-palisade',
  "Gargan's Embrace": 'ck.card.gargans-embrace',
  'Nest of the Weaver Witch': 'ck.card.nest-of-the-weaver-witch',
  "Purloiner's Perch": 'ck.card.purloiners-perch',
  'The Desert Orchid': 'ck.card.the-desert-orchid',
  'Watcher on the Water': 'ck.card.watcher-on-the-water',
  'Forgotten Sorrows': 'ck.card.forgotten-sorrows',
  'The Violet Thorn': 'ck.card.the-violet-thorn',
  'Golden Obelisk of Nae': 'ck.card.golden-obelisk-of-nae',
  'Monolith of Ostendaar': 'ck.card.monolith-of-ostendaar',
  'Eye of Asteraten': 'ck.card.eye-of-asteraten',
  'Blood Crow Army': 'ck.card.blood-crow-army',
  'Cathedral of St. Aquila': 'ck.card.cathedral-of-st-aquila',
  "Cutthroat's Truce": 'ck.card.cutthroats-truce',
  'Stonewatch Keep': 'ck.card.stonewatch-keep',
  'Emberfall Market': 'ck.card.emberfall-market',
  'Halls of the Lantern': 'ck.card.halls-of-the-lantern',
  'Tidebreak Harbor': 'ck.card.tidebreak-harbor',
  'Whisperwood Lodge': 'ck.card.whisperwood-lodge',
  'Crown of Thistles': 'ck.card.crown-of-thistles',
  'Ironbark Forge': 'ck.card.ironbark-forge',
  'Moonwell Sanctum': 'ck.card.moonwell-sanctum',
  'Silvermere Bridge': 'ck.card.silvermere-bridge',
  Waryn: 'ck.card.waryn',
  Ophelia: 'ck.card.ophelia',
  Corwin: 'ck.card.corwin',
  Isolde: 'ck.card.isolde',
  Thorne: 'ck.card.thorne',
  Marisol: 'ck.card.marisol',
  Beren: 'ck.card.beren',
  Selka: 'ck.card.selka',
  Hadrian: 'ck.card.hadrian',
  Vesna: 'ck.card.vesna',
};

/** A card's name in the reader's language; a name the catalog does not list (a newer card) as the API gives it. */
export const cardTitle = (name: string): string => {
  const key = CARD_NAMES[name];
  return key ? t(key) : name;
};

/** Resources and victory points, as a bag or a cost names them. */
const RESOURCES: Readonly<Record<string, MessageKey>> = {
  gold: 'ck.resource.gold',
  strength: 'ck.resource.strength',
  magic: 'ck.resource.magic',
  vp: 'ck.resource.vp',
};

/** The four roles of citizens (and of domains' requirements and Dukes' terms). */
const ROLES: Readonly<Record<string, MessageKey>> = {
  Worker: 'ck.role.worker',
  Soldier: 'ck.role.soldier',
  Shadow: 'ck.role.shadow',
  Holy: 'ck.role.holy',
};

/** So many citizens of a role, as a domain requires them: "2 Workers", "2 Artisans". */
const ROLE_COUNTS: Readonly<Record<string, MessageKey>> = {
  Worker: 'ck.role-count.worker',
  Soldier: 'ck.role-count.soldier',
  Shadow: 'ck.role-count.shadow',
  Holy: 'ck.role-count.holy',
};

export const roleCount = (role: string, count: number): string => {
  const key = ROLE_COUNTS[role];
  return key ? t(key, { count }) : amount(count, role);
};

/** The areas the monsters come from, each a stack of the market. */
const AREAS: Readonly<Record<string, MessageKey>> = {
  Hills: 'ck.area.hills',
  Ruins: 'ck.area.ruins',
  Forest: 'ck.area.forest',
  Valley: 'ck.area.valley',
  Mountains: 'ck.area.mountains',
  Moors: 'ck.area.moors',
  Swamp: 'ck.area.swamp',
  Cave: 'ck.area.cave',
};

const MONSTER_TYPES: Readonly<Record<string, MessageKey>> = {
  Minion: 'ck.monster-type.minion',
  Beast: 'ck.monster-type.beast',
  Boss: 'ck.monster-type.boss',
  Titan: 'ck.monster-type.titan',
};

const PHASES: Readonly<Record<string, MessageKey>> = {
  dukes: 'ck.phase.dukes',
  roll: 'ck.phase.roll',
  dice: 'ck.phase.dice',
  harvest: 'ck.phase.harvest',
  actions: 'ck.phase.actions',
  monsters: 'ck.phase.monsters',
  'second-harvest': 'ck.phase.second-harvest',
  over: 'ck.phase.over',
};

const termOf =
  (terms: Readonly<Record<string, MessageKey>>) =>
  (term: string): string => {
    const key = terms[term];
    return key ? t(key) : term;
  };

export const resourceName = termOf(RESOURCES);
export const roleName = termOf(ROLES);
export const areaName = termOf(AREAS);
export const monsterTypeName = termOf(MONSTER_TYPES);
export const phaseName = termOf(PHASES);

/** An amount of a resource, a role or a card: "3 gold", "3 Or", "۳ طلا". */
export const amount = (count: number, what: string): string => t('ck.amount', { count, what });
