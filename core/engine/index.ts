export * from './fairness.js';
export * from './game.js';
export * from './kit.js';
export * from './listing.js';
export * from './pending.js';
export * from './rejection.js';
export * from './rng.js';
export * from './simulate.js';
