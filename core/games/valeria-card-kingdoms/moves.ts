import * as z from 'zod';
import { RESOURCES } from './catalog/index.js';

const index = z.number().int().min(0);
const tokens = z.number().int().min(0);

/** Every move a seat can send, validated by the kit before the rules see it. */
export const VckMove = z.discriminatedUnion('type', [
  /** Setup window: keep one of the two dealt Dukes (VK-R4). */
  z.strictObject({ type: z.literal('keep-duke'), duke: z.string() }),
  z.strictObject({ type: z.literal('roll') }),
  /** Roll phase: use one of your die-changing Domains on die 0 or 1. */
  z.strictObject({ type: z.literal('change-die'), domain: z.string(), die: z.number().int().min(0).max(1) }),
  z.strictObject({ type: z.literal('keep-dice') }),
  /** Harvest window: an option for each of your prompts, in the order you want them resolved. */
  z.strictObject({ type: z.literal('harvest'), answers: z.array(z.strictObject({ prompt: index, option: index })).max(200) }),
  z.strictObject({ type: z.literal('slay'), stack: index, strength: tokens, magic: tokens }),
  z.strictObject({ type: z.literal('recruit'), stack: index, gold: tokens, magic: tokens }),
  z.strictObject({ type: z.literal('build'), stack: index, gold: tokens, magic: tokens }),
  z.strictObject({ type: z.literal('take'), resource: z.enum(RESOURCES) }),
  /** VK-R8: how much the offered Thief take takes, from 0 to the most it can. */
  z.strictObject({ type: z.literal('steal'), amount: tokens }),
  /** Pick one of the offered options of a reward, trigger or solo monster attack. */
  z.strictObject({ type: z.literal('choose'), option: index }),
]);
export type VckMove = z.infer<typeof VckMove>;
