export * from './model.js';
export * from './places.js';
export * from './update.js';
