/**
 * The problem+json document, its `code` one of every code a client may
 * receive: the service's table, the kit's refusals and each game's.
 */
import * as z from 'zod';
import { KIT_MOVE_PROBLEMS, SERVICE_PROBLEMS } from '../../service/problems.js';
import { GAME_CONTRACTS } from './games.js';

/** Each game's refusal codes, every game's sentence for it (a code several games share reads as each of them words it). */
export function gameRefusals(): Map<string, string> {
  const sentences = new Map<string, string[]>();
  for (const contract of GAME_CONTRACTS)
    for (const [code, sentence] of Object.entries(contract.rejections)) sentences.set(code, [...(sentences.get(code) ?? []), `${contract.title}: ${sentence}`]);
  return new Map([...sentences].map(([code, all]) => [code, all.join(' ')]));
}

/** Every code a client may receive, with its one-line description: the service's, the kit's, then the games'. */
export function everyProblemCode(): { code: string; description: string }[] {
  const own = Object.entries({ ...SERVICE_PROBLEMS, ...KIT_MOVE_PROBLEMS }).map(([code, { description }]) => ({ code, description }));
  const games = [...gameRefusals()].filter(([code]) => !own.some((entry) => entry.code === code));
  return [...own, ...games.map(([code, description]) => ({ code, description }))];
}

/** One `const` per code, each with its description: generated clients get the union of the codes. */
const ProblemCode = z.string().meta({
  id: 'ProblemCode',
  description: 'Stable machine-readable code; clients switch on it.',
  oneOf: everyProblemCode().map(({ code, description }) => ({ const: code, description })),
});

/** RFC 9457 problem details, with the stable `code` clients switch on. */
export const Problem = z
  .object({
    type: z.string().describe('A URI reference naming the problem type: `/problems/{code}`.'),
    title: z.string().describe('The status’s reason phrase, in the language `Content-Language` names.').meta({ example: 'Conflit' }),
    status: z.number().int().min(400).max(599),
    detail: z
      .string()
      .describe(
        'One sentence for people, in the language `Accept-Language` asked for (`en`, `fr` or `fa`; English otherwise), as `Content-Language` names it. Never switch on it: switch on `code`, which is the same in every language.',
      )
      .meta({ example: 'Ce n’est pas à la place 0 de jouer\u00a0: la partie attend \u2068plan\u2069 de la place \u20681\u2069.' }),
    code: ProblemCode,
    instance: z.string().optional(),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe(
        'Each invalid field, for `invalid-request`, `invalid-options` and `invalid-standing-orders`: a machine field, the same in every language, so each `message` is the schema’s English (the French and Persian `detail` name the fields by `path`).',
      ),
    moveIndex: z.number().int().min(0).optional().describe('Which move of a batch was refused.'),
    currentVersion: z.number().int().min(0).optional().describe('The game version now, for `version-mismatch`.'),
    limit: z.number().int().min(0).optional().describe('The quota reached, for the `too-many-…` codes (e.g. 1 for `too-many-undos`).').meta({ example: 1 }),
    outcome: z
      .enum(['not-applied', 'unknown'])
      .optional()
      .describe(
        'For `store-unavailable`: `not-applied` means nothing changed; `unknown` means a write may have been applied — repeat the request with the same `Idempotency-Key` to learn its answer.',
      ),
  })
  .meta({ id: 'Problem' });
