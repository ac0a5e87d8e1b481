import { rejecterOf, type RejectionTable } from '../../engine/index.js';

/** Every refusal of Valeria: Card Kingdoms: stable code → the sentence it reads as. */
export const REJECTIONS = {
  'already-submitted': 'You have already {what}.',
  'not-dealt': '{duke} is not one of the two Dukes dealt to you.',
  'no-such-change': '{domain} cannot change die {die} now (not yours, used, unaffordable or no change).',
  'bad-answers': '{problem}',
  'no-such-option': 'There is no option {option}; choose from 0 to {last}.',
  'amount-out-of-range': 'This take can take 0 to {most} {resource}, not {amount}.',
  'empty-stack': '{kind} stack {stack} is exhausted.',
  'wrong-payment': '{name} costs {amount} {main} and {magic} Magic: spend at least 1 {main}, Magic standing in for the rest of the {main}.',
  'cannot-afford': 'You do not have {amount} {resource} and {magic} Magic.',
  'requirement-not-met': '{name} needs {requirement} among your Citizens.',
} as const satisfies RejectionTable;

export type VckRejectionCode = keyof typeof REJECTIONS;

export const reject = rejecterOf(REJECTIONS);
