import type { Catalog } from './schema.js';

/**
 * The card catalog of Valeria: Card Kingdoms, as data. Facts from the rules
 * of record (../../../../../shared/rules/valeria-card-kingdoms.md) are marked
 * `source` with the fields they fix; everything else is designed for this
 * service. Typed by `Catalog`; the catalog test also runs its refinements.
 */
const src = (...facts: string[]) => ({ kind: 'source' as const, facts });
const designed = { kind: 'designed' as const };

export const CATALOG_DATA: Catalog = {
  slots: [
    { label: '1', names: ['Cleric', 'Monk'] },
    { label: '2', names: ['Merchant', 'Blacksmith'] },
    { label: '3', names: ['Mercenary', 'Alchemist'] },
    { label: '4', names: ['Archer', 'Wizard'] },
    { label: '5', names: ['Peasant'] },
    { label: '6', names: ['Knight'] },
    { label: '7', names: ['Rogue', 'Thief'] },
    { label: '8', names: ['Champion', 'Warlord'] },
    { label: '9-10', names: ['Paladin', 'Priestess'] },
    { label: '11-12', names: ['Butcher', 'Miner'] },
  ],
  citizenCopies: 6,
  citizens: [
    {
      name: 'Cleric', activation: [1], role: 'Holy', cost: 3,
      active: [{ kind: 'gain', gain: { magic: 2 } }],
      passive: [{ kind: 'gain', gain: { magic: 1 } }],
      provenance: src('name', 'activation'),
    },
    {
      name: 'Monk', activation: [1], role: 'Holy', cost: 2,
      active: [{ kind: 'per', count: { of: 'role', role: 'Holy' }, gain: { magic: 1 } }],
      passive: [{ kind: 'pay-for', pay: { gold: 1 }, gain: { magic: 2 } }],
      provenance: src('name', 'activation', 'passive'),
    },
    {
      name: 'Merchant', activation: [2], role: 'Worker', cost: 2,
      active: [{ kind: 'gain', gain: { gold: 2 } }],
      passive: [{ kind: 'gain', gain: { gold: 1 } }],
      provenance: src('name', 'activation'),
    },
    {
      name: 'Blacksmith', activation: [2], role: 'Worker', cost: 2,
      active: [{ kind: 'gain', gain: { strength: 1 } }, { kind: 'per', count: { of: 'role', role: 'Soldier' }, gain: { strength: 1 } }],
      passive: [{ kind: 'pay-for', pay: { gold: 1 }, gain: { strength: 2 } }],
      provenance: src('name', 'activation'),
    },
    {
      name: 'Mercenary', activation: [3], role: 'Shadow', cost: 3,
      active: [{ kind: 'gain', gain: { strength: 1, gold: 1 } }],
      passive: [{ kind: 'gain', gain: { strength: 1 } }],
      provenance: src('name', 'activation'),
    },
    {
      name: 'Alchemist', activation: [3], role: 'Holy', cost: 3,
      active: [{ kind: 'choice', options: [[{ kind: 'gain', gain: { gold: 2 } }], [{ kind: 'gain', gain: { magic: 2 } }]] }],
      passive: [{ kind: 'pay-for', pay: { magic: 1 }, gain: { gold: 2 } }],
      provenance: src('name', 'activation'),
    },
    {
      name: 'Archer', activation: [4], role: 'Soldier', cost: 3,
      active: [{ kind: 'gain', gain: { strength: 2 } }],
      passive: [{ kind: 'gain', gain: { strength: 1 } }],
      provenance: src('name', 'activation', 'role'),
    },
    {
      name: 'Wizard', activation: [4], role: 'Holy', cost: 4,
      active: [{ kind: 'gain', gain: { magic: 3 } }],
      passive: [{ kind: 'gain', gain: { magic: 1 } }],
      provenance: src('name', 'activation'),
    },
    {
      name: 'Peasant', activation: [5], role: 'Worker', cost: 2,
      active: [{ kind: 'gain', gain: { gold: 1 } }],
      passive: [{ kind: 'gain', gain: { gold: 1 } }],
      provenance: src('name', 'activation', 'role', 'cost'),
    },
    {
      name: 'Knight', activation: [6], role: 'Soldier', cost: 2,
      active: [{ kind: 'gain', gain: { strength: 1 } }],
      passive: [{ kind: 'gain', gain: { strength: 1 } }],
      provenance: src('name', 'activation'),
    },
    {
      name: 'Rogue', activation: [7], role: 'Shadow', cost: 3,
      active: [{ kind: 'gain', gain: { gold: 1 } }, { kind: 'per', count: { of: 'role', role: 'Shadow' }, gain: { gold: 1 } }],
      passive: [{ kind: 'gain', gain: { gold: 1 } }],
      provenance: src('name', 'activation'),
    },
    {
      name: 'Thief', activation: [7], role: 'Shadow', cost: 3,
      active: [{ kind: 'take-from-player', amount: 3, resources: ['gold', 'magic'] }],
      passive: [{ kind: 'gain', gain: { magic: 1 } }],
      provenance: src('name', 'activation', 'active'),
    },
    {
      name: 'Champion', activation: [8], role: 'Soldier', cost: 4,
      active: [{ kind: 'gain', gain: { strength: 3 } }],
      passive: [{ kind: 'gain', gain: { strength: 1 } }],
      provenance: src('name', 'activation'),
    },
    {
      name: 'Warlord', activation: [8], role: 'Soldier', cost: 5,
      active: [{ kind: 'per', count: { of: 'role', role: 'Soldier' }, gain: { strength: 1 } }],
      passive: [{ kind: 'pay-for', pay: { gold: 1 }, gain: { strength: 2 } }],
      provenance: src('name', 'activation'),
    },
    {
      name: 'Paladin', activation: [9, 10], role: 'Holy', cost: 5,
      active: [{ kind: 'choice', options: [[{ kind: 'gain', gain: { strength: 3 } }], [{ kind: 'gain', gain: { magic: 3 } }]] }],
      passive: [{ kind: 'choice', options: [[{ kind: 'gain', gain: { strength: 1 } }], [{ kind: 'gain', gain: { magic: 1 } }]] }],
      provenance: src('name', 'activation'),
    },
    {
      name: 'Priestess', activation: [9, 10], role: 'Holy', cost: 5,
      active: [{ kind: 'gain', gain: { magic: 2, vp: 1 } }],
      passive: [{ kind: 'pay-for', pay: { magic: 2 }, gain: { vp: 1 } }],
      provenance: src('name', 'activation'),
    },
    {
      name: 'Butcher', activation: [11, 12], role: 'Worker', cost: 5,
      active: [{ kind: 'gain', gain: { gold: 4 } }],
      passive: [{ kind: 'gain', gain: { gold: 2 } }],
      provenance: src('name', 'activation'),
    },
    {
      name: 'Miner', activation: [11, 12], role: 'Worker', cost: 5,
      active: [{ kind: 'gain', gain: { gold: 1 } }, { kind: 'per', count: { of: 'domain' }, gain: { gold: 1 } }],
      passive: [{ kind: 'gain', gain: { gold: 1 } }],
      provenance: src('name', 'activation', 'active'),
    },
  ],
  starterCopies: 5,
  starters: [
    {
      name: 'Starter Peasant', countsAs: 'Peasant', activation: [5],
      active: [{ kind: 'gain', gain: { gold: 1 } }],
      passive: [{ kind: 'gain', gain: { gold: 1 } }],
      provenance: src('name', 'countsAs'),
    },
    {
      name: 'Starter Knight', countsAs: 'Knight', activation: [6],
      active: [{ kind: 'gain', gain: { strength: 1 } }],
      passive: [{ kind: 'gain', gain: { strength: 1 } }],
      provenance: src('name'),
    },
  ],
  monsters: [
    // Hills
    { name: 'Goblin', area: 'Hills', tier: 1, type: 'Minion', strength: 2, magic: 0, reward: [{ kind: 'gain', gain: { gold: 1 } }], vp: 1, copies: 4, fivePlayerCopies: 1, provenance: src('name', 'area', 'tier', 'copies') },
    { name: 'Goblin Mage', area: 'Hills', tier: 2, type: 'Minion', strength: 4, magic: 1, reward: [{ kind: 'gain', gain: { magic: 2 } }], vp: 2, copies: 1, fivePlayerCopies: 0, provenance: src('name', 'area', 'tier', 'copies') },
    { name: 'Goblin King', area: 'Hills', tier: 3, type: 'Boss', strength: 7, magic: 0, reward: [{ kind: 'per', count: { of: 'monster-area', area: 'Hills' }, gain: { gold: 1 } }], vp: 4, copies: 1, fivePlayerCopies: 0, provenance: src('name', 'area', 'tier', 'copies') },
    // Ruins
    { name: 'Skeleton', area: 'Ruins', tier: 1, type: 'Minion', strength: 2, magic: 0, reward: [{ kind: 'gain', gain: { strength: 1 } }], vp: 1, copies: 3, fivePlayerCopies: 1, provenance: src('name', 'area', 'tier', 'copies', 'fivePlayerCopies') },
    { name: 'Flaming Skeleton', area: 'Ruins', tier: 2, type: 'Minion', strength: 5, magic: 1, reward: [{ kind: 'gain', gain: { gold: 2 } }], vp: 3, copies: 2, fivePlayerCopies: 0, provenance: src('name', 'area', 'tier', 'copies', 'fivePlayerCopies') },
    { name: 'Skeleton King', area: 'Ruins', tier: 3, type: 'Boss', strength: 8, magic: 0, reward: [{ kind: 'per', count: { of: 'monster-area', area: 'Ruins' }, gain: { vp: 1 } }], vp: 5, copies: 1, fivePlayerCopies: 0, provenance: src('name', 'area', 'tier', 'copies', 'fivePlayerCopies') },
    // Forest
    { name: 'Treant', area: 'Forest', tier: 1, type: 'Beast', strength: 3, magic: 0, reward: [{ kind: 'gain', gain: { gold: 1, magic: 1 } }], vp: 1, copies: 3, fivePlayerCopies: 1, provenance: src('name', 'area', 'tier', 'copies', 'strength', 'reward') },
    {
      name: 'Bane Spider', area: 'Forest', tier: 2, type: 'Beast', strength: 5, magic: 0,
      reward: [{ kind: 'choice', options: [[{ kind: 'gain', gain: { gold: 3 } }], [{ kind: 'free-recruit', maxCost: null, name: 'Knight' }]] }],
      vp: 2, copies: 2, fivePlayerCopies: 0, provenance: src('name', 'area', 'tier', 'copies', 'reward'),
    },
    {
      name: 'Spider Queen', area: 'Forest', tier: 3, type: 'Boss', strength: 8, magic: 0,
      reward: [{ kind: 'choice', options: [[{ kind: 'per', count: { of: 'monster-area', area: 'Forest' }, gain: { gold: 2 } }], [{ kind: 'free-recruit', maxCost: null }, { kind: 'gain', gain: { vp: 1 } }]] }],
      vp: 4, copies: 1, fivePlayerCopies: 0, provenance: src('name', 'area', 'tier', 'copies', 'reward'),
    },
    // Valley
    { name: 'Owlbear', area: 'Valley', tier: 1, type: 'Beast', strength: 4, magic: 0, reward: [{ kind: 'gain', gain: { strength: 2 } }], vp: 2, copies: 4, fivePlayerCopies: 1, provenance: src('name', 'area', 'tier', 'copies') },
    { name: 'Giant', area: 'Valley', tier: 2, type: 'Titan', strength: 7, magic: 0, reward: [{ kind: 'gain', gain: { gold: 3 } }], vp: 4, copies: 1, fivePlayerCopies: 0, provenance: src('name', 'area', 'tier', 'copies') },
    { name: 'Troll', area: 'Valley', tier: 3, type: 'Boss', strength: 9, magic: 0, reward: [{ kind: 'per', count: { of: 'monster-area', area: 'Valley' }, gain: { strength: 2 } }], vp: 5, copies: 1, fivePlayerCopies: 0, provenance: src('name', 'area', 'tier', 'copies') },
    // Mountains
    { name: 'Dire Bear', area: 'Mountains', tier: 1, type: 'Beast', strength: 5, magic: 0, reward: [{ kind: 'gain', gain: { strength: 1, gold: 1 } }], vp: 2, copies: 3, fivePlayerCopies: 1, provenance: src('name', 'area', 'tier', 'copies') },
    { name: 'Orc Warrior', area: 'Mountains', tier: 2, type: 'Minion', strength: 6, magic: 0, reward: [{ kind: 'free-recruit', maxCost: 3 }], vp: 3, copies: 2, fivePlayerCopies: 0, provenance: src('name', 'area', 'tier', 'copies', 'reward') },
    { name: 'Orc Chieftain', area: 'Mountains', tier: 3, type: 'Boss', strength: 10, magic: 0, reward: [{ kind: 'per', count: { of: 'monster-area', area: 'Mountains' }, gain: { gold: 2 } }], vp: 6, copies: 1, fivePlayerCopies: 0, provenance: src('name', 'area', 'tier', 'copies') },
    // Moors
    { name: 'Wraith', area: 'Moors', tier: 1, type: 'Minion', strength: 3, magic: 1, reward: [{ kind: 'free-recruit', maxCost: 2 }], vp: 1, copies: 3, fivePlayerCopies: 1, provenance: src('name', 'reward') },
    { name: 'Banshee', area: 'Moors', tier: 2, type: 'Minion', strength: 6, magic: 2, reward: [{ kind: 'gain', gain: { magic: 3 } }], vp: 3, copies: 2, fivePlayerCopies: 0, provenance: designed },
    { name: 'Lich', area: 'Moors', tier: 3, type: 'Boss', strength: 9, magic: 3, reward: [{ kind: 'per', count: { of: 'monster-area', area: 'Moors' }, gain: { magic: 2 } }], vp: 6, copies: 1, fivePlayerCopies: 0, provenance: designed },
    // Swamp
    { name: 'Gelatinous Cube', area: 'Swamp', tier: 1, type: 'Beast', strength: 4, magic: 1, reward: [{ kind: 'gain', gain: { gold: 2 } }], vp: 2, copies: 3, fivePlayerCopies: 1, provenance: src('name', 'area', 'tier', 'strength', 'magic') },
    { name: 'Bog Hag', area: 'Swamp', tier: 2, type: 'Minion', strength: 6, magic: 1, reward: [{ kind: 'choice', options: [[{ kind: 'gain', gain: { magic: 2 } }], [{ kind: 'gain', gain: { strength: 2 } }]] }], vp: 3, copies: 2, fivePlayerCopies: 0, provenance: designed },
    { name: 'Hydra', area: 'Swamp', tier: 3, type: 'Titan', strength: 10, magic: 0, reward: [{ kind: 'gain', gain: { vp: 2 } }], vp: 6, copies: 1, fivePlayerCopies: 0, provenance: designed },
    // Cave
    { name: 'Kobold', area: 'Cave', tier: 1, type: 'Minion', strength: 2, magic: 0, reward: [{ kind: 'gain', gain: { gold: 1 } }], vp: 1, copies: 3, fivePlayerCopies: 1, provenance: designed },
    { name: 'Basilisk', area: 'Cave', tier: 2, type: 'Beast', strength: 6, magic: 1, reward: [{ kind: 'free-recruit', maxCost: 4 }], vp: 3, copies: 2, fivePlayerCopies: 0, provenance: designed },
    { name: 'Dragon', area: 'Cave', tier: 3, type: 'Titan', strength: 12, magic: 2, reward: [{ kind: 'gain', gain: { gold: 5 } }], vp: 8, copies: 1, fivePlayerCopies: 0, provenance: designed },
  ],
  domains: [
    { name: 'Palace of the Dawn', requirement: { Worker: 1, Soldier: 2 }, cost: 11, vp: 4, power: { when: 'roll', change: { kind: 'change-die', change: { by: -1 }, cost: { gold: 0 } } }, provenance: src('name', 'requirement', 'cost', 'power') },
    { name: 'Foxgrove Palisade', requirement: { Soldier: 2 }, cost: 6, vp: 2, power: { when: 'roll', change: { kind: 'change-die', change: { to: 6 }, cost: { gold: 2 } } }, provenance: src('name', 'power') },
    { name: "Gargan's Embrace", requirement: { Shadow: 1, Holy: 1 }, cost: 7, vp: 3, power: { when: 'any-double', effects: [{ kind: 'gain', gain: { vp: 1 } }] }, provenance: src('name', 'power') },
    { name: 'Nest of the Weaver Witch', requirement: { Holy: 2 }, cost: 5, vp: 3, power: { when: 'built', effects: [{ kind: 'return-to-stack', card: 'citizen' }] }, provenance: src('name', 'power') },
    { name: "Purloiner's Perch", requirement: { Shadow: 2 }, cost: 7, vp: 3, power: { when: 'built', effects: [{ kind: 'steal-monster' }] }, provenance: src('name', 'power') },
    { name: 'The Desert Orchid', requirement: { Holy: 1, Worker: 1 }, cost: 6, vp: 2, power: { when: 'roll', change: { kind: 'change-die', change: { to: 1 }, cost: { gold: 0, perRole: 'Holy' } } }, provenance: src('name', 'power') },
    { name: 'Watcher on the Water', requirement: { Soldier: 1, Holy: 1 }, cost: 5, vp: 3, power: { when: 'built', effects: [{ kind: 'return-to-stack', card: 'monster' }] }, provenance: src('name', 'power') },
    { name: 'Forgotten Sorrows', requirement: { Shadow: 1 }, cost: 4, vp: 2, power: { when: 'built', effects: [{ kind: 'gain', gain: { magic: 3 } }] }, provenance: src('name') },
    { name: 'The Violet Thorn', requirement: { Shadow: 2, Holy: 1 }, cost: 9, vp: 4, power: { when: 'you-slay', effects: [{ kind: 'gain', gain: { vp: 1 } }] }, provenance: src('name') },
    { name: 'Golden Obelisk of Nae', requirement: { Worker: 2 }, cost: 8, vp: 3, power: { when: 'built', effects: [{ kind: 'per', count: { of: 'role', role: 'Worker' }, gain: { gold: 2 } }] }, provenance: src('name') },
    { name: 'Monolith of Ostendaar', requirement: { Holy: 3 }, cost: 12, vp: 6, power: { when: 'your-harvest', effects: [{ kind: 'gain', gain: { magic: 1 } }] }, provenance: src('name') },
    { name: 'Eye of Asteraten', requirement: { Holy: 1 }, cost: 5, vp: 2, power: { when: 'you-recruit', effects: [{ kind: 'gain', gain: { gold: 1 } }] }, provenance: src('name') },
    { name: 'Blood Crow Army', requirement: { Soldier: 3 }, cost: 10, vp: 5, power: { when: 'built', effects: [{ kind: 'gain', gain: { strength: 5 } }] }, provenance: src('name') },
    { name: 'Cathedral of St. Aquila', requirement: { Holy: 2, Worker: 1 }, cost: 10, vp: 6, power: { when: 'built', effects: [{ kind: 'per', count: { of: 'role', role: 'Holy' }, gain: { vp: 1 } }] }, provenance: src('name') },
    { name: "Cutthroat's Truce", requirement: { Shadow: 1, Soldier: 1 }, cost: 6, vp: 2, power: { when: 'built', effects: [{ kind: 'take-from-player', amount: 3, resources: ['gold'] }] }, provenance: src('name') },
    { name: 'Stonewatch Keep', requirement: { Soldier: 2, Worker: 1 }, cost: 9, vp: 4, power: { when: 'you-slay', effects: [{ kind: 'gain', gain: { strength: 1 } }] }, provenance: designed },
    { name: 'Emberfall Market', requirement: { Worker: 2 }, cost: 6, vp: 2, power: { when: 'your-harvest', effects: [{ kind: 'gain', gain: { gold: 1 } }] }, provenance: designed },
    { name: 'Halls of the Lantern', requirement: { Holy: 1, Soldier: 1 }, cost: 7, vp: 3, power: { when: 'built', effects: [{ kind: 'choice', options: [[{ kind: 'gain', gain: { magic: 3 } }], [{ kind: 'gain', gain: { strength: 3 } }]] }] }, provenance: designed },
    { name: 'Tidebreak Harbor', requirement: { Worker: 1, Shadow: 1 }, cost: 7, vp: 3, power: { when: 'built', effects: [{ kind: 'free-recruit', maxCost: 4 }] }, provenance: designed },
    { name: 'Whisperwood Lodge', requirement: { Shadow: 3 }, cost: 8, vp: 4, power: { when: 'your-harvest', effects: [{ kind: 'gain', gain: { gold: 2 } }] }, provenance: designed },
    { name: 'Crown of Thistles', requirement: { Worker: 1, Soldier: 1, Holy: 1, Shadow: 1 }, cost: 12, vp: 7, power: { when: 'built', effects: [{ kind: 'gain', gain: { gold: 2 } }] }, provenance: designed },
    { name: 'Ironbark Forge', requirement: { Worker: 3 }, cost: 9, vp: 4, power: { when: 'you-recruit', effects: [{ kind: 'gain', gain: { strength: 1 } }] }, provenance: designed },
    { name: 'Moonwell Sanctum', requirement: { Holy: 2 }, cost: 8, vp: 4, power: { when: 'built', effects: [{ kind: 'pay-for', pay: { gold: 2 }, gain: { vp: 2 } }] }, provenance: designed },
    { name: 'Silvermere Bridge', requirement: { Soldier: 1, Worker: 1 }, cost: 5, vp: 2, power: { when: 'built', effects: [{ kind: 'gain', gain: { gold: 2, strength: 1 } }] }, provenance: designed },
  ],
  dukes: [
    { name: 'Waryn', terms: [{ per: 'role', role: 'Worker', vp: 1 }, { per: 'role', role: 'Shadow', vp: 2 }, { per: 'resources', every: 3, vp: 1 }], provenance: src('name', 'terms') },
    { name: 'Ophelia', terms: [{ per: 'role', role: 'Holy', vp: 2 }, { per: 'role', role: 'Worker', vp: 1 }, { per: 'monster-type', type: 'Titan', vp: 1 }], provenance: designed },
    { name: 'Corwin', terms: [{ per: 'role', role: 'Soldier', vp: 2 }, { per: 'monster-type', type: 'Boss', vp: 1 }, { per: 'resources', every: 4, vp: 1 }], provenance: designed },
    { name: 'Isolde', terms: [{ per: 'role', role: 'Holy', vp: 1 }, { per: 'role', role: 'Shadow', vp: 1 }, { per: 'domain', vp: 1 }], provenance: designed },
    { name: 'Thorne', terms: [{ per: 'role', role: 'Soldier', vp: 1 }, { per: 'role', role: 'Shadow', vp: 2 }, { per: 'monster-type', type: 'Boss', vp: 2 }], provenance: designed },
    { name: 'Marisol', terms: [{ per: 'role', role: 'Worker', vp: 2 }, { per: 'role', role: 'Holy', vp: 1 }, { per: 'resources', every: 5, vp: 1 }], provenance: designed },
    { name: 'Beren', terms: [{ per: 'role', role: 'Soldier', vp: 2 }, { per: 'role', role: 'Worker', vp: 1 }, { per: 'monster-type', type: 'Titan', vp: 1 }], provenance: designed },
    { name: 'Selka', terms: [{ per: 'role', role: 'Shadow', vp: 2 }, { per: 'role', role: 'Holy', vp: 1 }, { per: 'domain', vp: 1 }], provenance: designed },
    { name: 'Hadrian', terms: [{ per: 'monster-type', type: 'Boss', vp: 2 }, { per: 'monster-type', type: 'Titan', vp: 2 }, { per: 'role', role: 'Soldier', vp: 1 }], provenance: designed },
    { name: 'Vesna', terms: [{ per: 'role', role: 'Worker', vp: 1 }, { per: 'role', role: 'Soldier', vp: 1 }, { per: 'role', role: 'Holy', vp: 1 }, { per: 'role', role: 'Shadow', vp: 1 }, { per: 'monster', vp: 1 }], provenance: designed },
  ],
  exhaustedCards: 10,
};
