/**
 * Each game's card catalog as clients read it (`GET
 * /v1/games/catalog/{game}/cards`): the engine's own catalog, described by
 * the schema its catalog test holds it to, so that a client shows cards from
 * the API instead of a copy of its own.
 */
import * as z from 'zod';
import { Catalog as ValeriaCardKingdomsCatalog } from '../../../core/games/valeria-card-kingdoms/catalog/schema.js';
import { Catalog as VillagePillageCatalog } from '../../../core/games/village-pillage/catalog/schema.js';
import { Catalog as VillagesOfValeriaCatalog } from '../../../core/games/villages-of-valeria/catalog/schema.js';
import { pascal } from './common.js';
import { GAME_CONTRACTS, type GameContract } from './games.js';

/** Each game's catalog schema: a game added to GAME_CONTRACTS adds its own here (the document is not built without it). */
const CATALOGS: Readonly<Record<string, z.ZodType>> = {
  'villages-of-valeria': VillagesOfValeriaCatalog,
  'valeria-card-kingdoms': ValeriaCardKingdomsCatalog,
  'village-pillage': VillagePillageCatalog,
};

function cardsOf(contract: GameContract) {
  const catalog = CATALOGS[contract.id];
  if (!catalog) throw new Error(`no catalog schema for ${contract.id}: add it to CATALOGS`);
  return z
    .object({
      game: z.literal(contract.id),
      cards: catalog.meta({
        id: `${pascal(contract.id)}Catalog`,
        description: `Every card of ${contract.title}, as the rules of record and this service define it.`,
      }),
    })
    .meta({ id: `${pascal(contract.id)}Cards` });
}

const [first, ...rest] = GAME_CONTRACTS.map(cardsOf);

export const Cards = z.discriminatedUnion('game', [first as z.ZodObject, ...rest]).meta({ id: 'Cards' });
