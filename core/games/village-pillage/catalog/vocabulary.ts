/** The four card types, in the order the rules list them. */
export const CARD_TYPES = ['Farmer', 'Wall', 'Raider', 'Merchant'] as const;

/** The order effects apply in within one card type (rules "Resolve"). */
export const EFFECT_ORDER = ['gain', 'steal', 'bank', 'buy'] as const;

/** The three relic kinds (VP-R1: a player's three relics are one of each). */
export const RELIC_KINDS = ['Sceptre', 'Throne', 'Crown'] as const;
