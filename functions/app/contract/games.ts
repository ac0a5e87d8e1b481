/**
 * Each game's part of the contract, in the order the service offers them.
 * A new game adds its module here (and to core/games/index.ts).
 */
import { valeriaCardKingdomsContract } from './valeria-card-kingdoms.js';
import { villagePillageContract } from './village-pillage.js';
import { villagesOfValeriaContract } from './villages-of-valeria.js';

export const GAME_CONTRACTS = [villagesOfValeriaContract, valeriaCardKingdomsContract, villagePillageContract] as const;

export type GameContract = (typeof GAME_CONTRACTS)[number];
