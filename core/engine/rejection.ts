/**
 * Why a command was refused: a stable machine code (clients switch on it), one
 * readable English sentence, and the values of its template's blanks, so a
 * reader's language can say the same sentence again (the API does, from its
 * own tables of the codes). Rejections never change state.
 */
export interface Rejection {
  readonly ok: false;
  readonly code: string;
  readonly message: string;
  readonly values: Readonly<Record<string, string | number>>;
}

/**
 * A table of rejections: each stable code with the sentence it reads as, its
 * `{blanks}` filled per refusal. Every game exports one (`REJECTIONS` in its
 * rejections.ts), so the codes a client may switch on are listed in one place
 * and the API document can enumerate them.
 */
export type RejectionTable = Readonly<Record<string, string>>;

/** The names of a template's `{blanks}`. */
type Blanks<T extends string> = T extends `${string}{${infer Blank}}${infer Rest}` ? Blank | Blanks<Rest> : never;

/** What a template needs filled: nothing, or one value per blank. */
export type RejectionArgs<T extends string> = [Blanks<T>] extends [never] ? [] : [values: Record<Blanks<T>, string | number>];

function fill(template: string, values: Readonly<Record<string, string | number>> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, blank: string) => String(values?.[blank] ?? `{${blank}}`));
}

/** The refusal function of one table: a code of that table and the values of its blanks. */
export function rejecterOf<T extends RejectionTable>(table: T) {
  return <C extends keyof T & string>(code: C, ...args: RejectionArgs<T[C]>): Rejection => ({
    ok: false,
    code,
    message: fill(table[code] as string, args[0]),
    values: args[0] ?? {},
  });
}

/** Codes the kit itself produces: before any game sees the command, or from a game's step table (`wrong-step`, steps.ts). */
export const KIT_REJECTIONS = {
  'malformed-move': 'That move is not well-formed: {issues}.',
  'game-over': 'The game is over; no more moves are accepted.',
  'not-your-turn': "It is not seat {seat}'s move: the game awaits {step} from seat {awaited}.",
  'not-seated': 'Seat {seat} does not exist in this game.',
  'nothing-pending': 'Nothing is awaited in this game right now.',
  'not-overdue': 'The deadline of {pending} ({deadline}) has not passed yet.',
  'stale-pending': 'The awaited step {pending} has already been resolved.',
  'wrong-step': 'The game awaits {step}; a {move} move does not fit now (it accepts {expected}).',
} as const satisfies RejectionTable;

export type KitRejectionCode = keyof typeof KIT_REJECTIONS;

export const reject = rejecterOf(KIT_REJECTIONS);
