/** The resources of the game, as plain values for the engine (schema.ts builds its enum from them). */
export const RESOURCES = ['gold', 'strength', 'magic'] as const;
