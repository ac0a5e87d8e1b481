export * from './absence.js';
export * from './clock.js';
export * from './decided.js';
export * from './game.js';
export * from './record.js';
export * from './times.js';
export * from './undo.js';
export * from './vacation.js';
