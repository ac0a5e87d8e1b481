/** The words cards are made of, as plain values for the engine (schema.ts builds its enums from them). */
export const RESOURCES = ['food', 'wood', 'stone', 'magic'] as const;
export const BUILDING_TYPES = ['worker', 'soldier', 'shadow', 'holy'] as const;
export const ACTION_NAMES = ['harvest', 'develop', 'build', 'recruit', 'tax'] as const;
