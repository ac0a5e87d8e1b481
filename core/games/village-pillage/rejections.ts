import { rejecterOf, type RejectionTable } from '../../engine/index.js';

/** Every refusal of Village Pillage: stable code → the sentence it reads as. */
export const REJECTIONS = {
  'not-in-market': '{card} is not face up in the Market.',
  'wrong-plan': 'This round you place {wanted}.',
  'not-in-hand': '{card} is not in your hand.',
  'same-card': 'One card cannot be placed twice.',
} as const satisfies RejectionTable;

export type VpRejectionCode = keyof typeof REJECTIONS;

export const reject = rejecterOf(REJECTIONS);
