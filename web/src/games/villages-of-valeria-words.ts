import type { BoardOf, CatalogOf } from '@valeria-tabletop/client';
import { t, type MessageKey } from '../i18n/i18n.js';

/**
 * Villages of Valeria's words in the reader's language: the terms of the
 * French and Persian rulebooks (i18n/TERMS.md) for resources, building types
 * and actions, each card's name by its id, and each power's text.
 */

type Catalog = CatalogOf<'villages-of-valeria'>;
type Building = Catalog['buildings'][number];
export type Power = Building['power'] | Catalog['adventurers'][number]['power'];
export type Resource = Building['resource'];
export type BuildingType = Building['type'];
export type Action = NonNullable<BoardOf<'villages-of-valeria'>['led']>;

const RESOURCES = { food: 'vv.resource.food', wood: 'vv.resource.wood', stone: 'vv.resource.stone', magic: 'vv.resource.magic' } satisfies Record<
  Resource,
  MessageKey
>;
const TYPES = { worker: 'vv.type.worker', soldier: 'vv.type.soldier', shadow: 'vv.type.shadow', holy: 'vv.type.holy' } satisfies Record<
  BuildingType,
  MessageKey
>;
const ACTIONS = {
  harvest: 'vv.action.harvest',
  develop: 'vv.action.develop',
  build: 'vv.action.build',
  recruit: 'vv.action.recruit',
  tax: 'vv.action.tax',
} satisfies Record<Action, MessageKey>;

export const resourceName = (resource: Resource): string => t(RESOURCES[resource]);
export const typeName = (type: BuildingType): string => t(TYPES[type]);
export const actionName = (action: Action): string => t(ACTIONS[action]);

/**
 * Each card's name by its id, as the catalog the API serves (in English)
 * lists them. The cards the rulebooks name keep their English names in
 * French and Persian, as both editions print them; the names this service
 * designed are translated (TERMS.md says which is which).
 */
const CARD_NAMES: Readonly<Record<string, MessageKey>> = {
  b1: 'vv.card.farm',
  b2: 'vv.card.farm',
  b3: 'vv.card.wood-mill',
  b4: 'vv.card.wood-mill',
  b5: 'vv.card.tannery',
  b6: 'vv.card.tannery',
  b7: 'vv.card.quarry',
  b8: 'vv.card.quarry',
  b9: 'vv.card.market',
  b10: 'vv.card.market',
  b11: 'vv.card.guild-hall',
  b12: 'vv.card.guild-hall',
  b13: 'vv.card.tavern',
  b14: 'vv.card.tavern',
  b15: 'vv.card.mint',
  b16: 'vv.card.mint',
  b17: 'vv.card.workshop',
  b18: 'vv.card.workshop',
  b19: 'vv.card.granary',
  b20: 'vv.card.granary',
  b21: 'vv.card.cottage',
  b22: 'vv.card.guard-tower',
  b23: 'vv.card.guard-tower',
  b24: 'vv.card.armory',
  b25: 'vv.card.armory',
  b26: 'vv.card.barracks',
  b27: 'vv.card.barracks',
  b28: 'vv.card.keep',
  b29: 'vv.card.keep',
  b30: 'vv.card.drill-yard',
  b31: 'vv.card.drill-yard',
  b32: 'vv.card.fort',
  b33: 'vv.card.fort',
  b34: 'vv.card.war-camp',
  b35: 'vv.card.war-camp',
  b36: 'vv.card.stables',
  b37: 'vv.card.stables',
  b38: 'vv.card.watchtower',
  b39: 'vv.card.watchtower',
  b40: 'vv.card.citadel',
  b41: 'vv.card.citadel',
  b42: 'vv.card.outpost',
  b43: 'vv.card.witch-s-hut',
  b44: 'vv.card.witch-s-hut',
  b45: 'vv.card.harbor',
  b46: 'vv.card.harbor',
  b47: 'vv.card.thieves-den',
  b48: 'vv.card.thieves-den',
  b49: 'vv.card.smugglers-cove',
  b50: 'vv.card.smugglers-cove',
  b51: 'vv.card.black-market',
  b52: 'vv.card.black-market',
  b53: 'vv.card.crypt',
  b54: 'vv.card.crypt',
  b55: 'vv.card.arcane-lab',
  b56: 'vv.card.arcane-lab',
  b57: 'vv.card.hideout',
  b58: 'vv.card.hideout',
  b59: 'vv.card.gambling-den',
  b60: 'vv.card.gambling-den',
  b61: 'vv.card.shadow-spire',
  b62: 'vv.card.shadow-spire',
  b63: 'vv.card.alley',
  b64: 'vv.card.cathedral',
  b65: 'vv.card.cathedral',
  b66: 'vv.card.wizard-s-tower',
  b67: 'vv.card.wizard-s-tower',
  b68: 'vv.card.fountain',
  b69: 'vv.card.fountain',
  b70: 'vv.card.monastery',
  b71: 'vv.card.monastery',
  b72: 'vv.card.shrine',
  b73: 'vv.card.shrine',
  b74: 'vv.card.library',
  b75: 'vv.card.library',
  b76: 'vv.card.oracle',
  b77: 'vv.card.oracle',
  b78: 'vv.card.pilgrims-inn',
  b79: 'vv.card.pilgrims-inn',
  b80: 'vv.card.abbey',
  b81: 'vv.card.abbey',
  b82: 'vv.card.temple',
  b83: 'vv.card.temple',
  b84: 'vv.card.altar',
  a1: 'vv.card.seer',
  a2: 'vv.card.warlord',
  a3: 'vv.card.rogue',
  a4: 'vv.card.ranger',
  a5: 'vv.card.thief',
  a6: 'vv.card.paladin',
  a7: 'vv.card.knight',
  a8: 'vv.card.necromancer',
  a9: 'vv.card.merchant',
  a10: 'vv.card.bard',
  a11: 'vv.card.alchemist',
  a12: 'vv.card.sage',
  a13: 'vv.card.guildmaster',
  a14: 'vv.card.champion',
  a15: 'vv.card.archmage',
  a16: 'vv.card.noble',
  c1: 'vv.castle',
  c2: 'vv.castle',
  c3: 'vv.castle',
  c4: 'vv.castle',
  c5: 'vv.castle',
};

/** A card's name in the reader's language; the catalog's own (English) name for a card this table does not know yet. */
export const cardName = (id: string, english: string): string => (CARD_NAMES[id] ? t(CARD_NAMES[id]) : english);

/** A card's power in a line, as the vocabulary of the rules of record shapes it. */
export function powerText(power: Power): string | null {
  if (!power) return null;
  switch (power.shape) {
    case 'action-cards':
      return t('vv.power.action-cards', { action: actionName(power.action), n: power.n });
    case 'action-gold':
      return t('vv.power.action-gold', { action: actionName(power.action), n: power.n });
    case 'build-resource':
      return t('vv.power.build-resource', { resource: resourceName(power.resource) });
    case 'build-wild-for-type':
      return t('vv.power.build-wild-for-type', { type: typeName(power.buildingType) });
    case 'build-discard-for-wild':
      return t('vv.power.build-discard-for-wild');
    case 'build-discard-for-gold':
      return t('vv.power.build-discard-for-gold');
    case 'instant-draw':
      return t('vv.power.instant-draw', { n: power.n });
    case 'instant-bank-gold':
      return t('vv.power.instant-bank-gold');
    case 'instant-discard-for-gold':
      return t('vv.power.instant-discard-for-gold');
    case 'instant-steal-gold':
      return t('vv.power.instant-steal-gold');
    case 'instant-steal-cards':
      return t('vv.power.instant-steal-cards', { n: power.n });
    case 'instant-draw-per-shadow':
      return t('vv.power.instant-draw-per-shadow');
    case 'end-vp-per-type':
      return t('vv.power.end-vp-per-type', { type: typeName(power.buildingType) });
    case 'end-vp-per-adventurer':
      return t('vv.power.end-vp-per-adventurer');
  }
}
