import { rejecterOf, type RejectionTable } from '../../engine/index.js';

/** Every refusal of Villages of Valeria: stable code → the sentence it reads as. */
export const REJECTIONS = {
  'not-the-led-action': 'Only the led action ({led}) can be followed.',
  'already-chosen': 'You have already chosen your setup Resource.',
  'card-not-in-hand': 'You do not hold {card}.',
  'card-reserved': '{card} is the card you are developing; discard another.',
  'no-such-pile': 'There is no pile {pile}.',
  'empty-source': '{source} is empty.',
  'no-pile-in-solo': 'In the solo game a discard leaves the game; name no pile.',
  'pile-required': 'Name the pile the discarded card goes on.',
  'cannot-pay': 'You cannot pay for {what} now: {why}.',
  'duplicate-building': 'Your village already holds a {name}.',
  'adventurer-unavailable': '{adventurer} is not face up in the Adventurer pool.',
  'requirement-not-met': '{name} requires {requires} Buildings.',
  'not-enough-gold': '{what} needs {n} free Gold.',
  'payment-source-unavailable':
    '{unit} cannot pay toward {name}: not yours to use, already holding a coin, used twice, or not a resource power for this Building.',
  'discard-unavailable': 'Card {card} cannot be discarded for this payment (not in hand, the card being built, or already discarded).',
  'payment-mismatch': "That payment does not provide exactly {name}'s cost ({cost}).",
  'power-unavailable': "{name}'s power cannot be used now.",
  'no-target': "{name}'s power takes no target.",
  'bad-target': "{name}'s power needs one opponent as its target.",
} as const satisfies RejectionTable;

export type VvRejectionCode = keyof typeof REJECTIONS;

export const reject = rejecterOf(REJECTIONS);
