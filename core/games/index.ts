import type { AnyGameEngine } from '../engine/index.js';
import { valeriaCardKingdoms } from './valeria-card-kingdoms/index.js';
import { villagePillage } from './village-pillage/index.js';
import { villagesOfValeria } from './villages-of-valeria/index.js';

/**
 * Every game the service offers. A new game plugs in here and nowhere else:
 * the service, the API and the OpenAPI document read this list.
 */
export const GAMES: readonly AnyGameEngine[] = [villagesOfValeria, valeriaCardKingdoms, villagePillage];

export function findGame(id: string): AnyGameEngine | undefined {
  return GAMES.find((engine) => engine.meta.id === id);
}
