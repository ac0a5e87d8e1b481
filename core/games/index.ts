import { lazyListing, type AnyGameEngine, type GameListing } from '../engine/index.js';
import { valeriaCardKingdomsListing } from './valeria-card-kingdoms/listing.js';
import { villagePillageListing } from './village-pillage/listing.js';
import { villagesOfValeriaListing } from './villages-of-valeria/listing.js';

/**
 * Every game the service offers. A new game plugs in here and nowhere else:
 * the service, the API and the OpenAPI document read this list. Each engine
 * module is imported when a game of it is first played.
 */
export const GAMES: readonly GameListing[] = [
  lazyListing(villagesOfValeriaListing, async () => (await import('./villages-of-valeria/index.js')).villagesOfValeria),
  lazyListing(valeriaCardKingdomsListing, async () => (await import('./valeria-card-kingdoms/index.js')).valeriaCardKingdoms),
  lazyListing(villagePillageListing, async () => (await import('./village-pillage/index.js')).villagePillage),
];

/** Every engine, loaded: for tools that play all the games (bench:core). */
export function loadAllEngines(): Promise<AnyGameEngine[]> {
  return Promise.all(GAMES.map((listing) => listing.engine()));
}
