/**
 * The API's one time format. The engines and the store keep epoch
 * milliseconds; clients get every instant as an RFC 3339 UTC string and
 * every duration in whole seconds. By the engines' naming, a number under
 * `at`, `…At`, `deadline` or `…Deadline` is an instant and one under `…Ms` a
 * duration (renamed `…Seconds`), as is each number of a list under `…Ms`.
 */
export const INSTANT = /^(at|deadline|.+At|.+Deadline)$/;
export const DURATION = /^(.+)Ms$/;

export const isoInstant = (epochMs: number) => new Date(epochMs).toISOString();

type InstantKey = 'at' | 'deadline' | `${string}At` | `${string}Deadline`;

/** The type of `presentTimes(value)`: instants as strings, `…Ms` durations renamed `…Seconds`. */
export type Presented<T> = T extends readonly (infer U)[]
  ? Presented<U>[]
  : T extends object
    ? {
        [K in keyof T as K extends `${infer Stem}Ms` ? (T[K] extends number | readonly number[] ? `${Stem}Seconds` : K) : K]: K extends InstantKey
          ? T[K] extends number
            ? string
            : Presented<T[K]>
          : Presented<T[K]>;
      }
    : T;

const toSeconds = (ms: number) => Math.round(ms / 1000);
const isNumberList = (field: unknown): field is number[] => Array.isArray(field) && field.every((n) => typeof n === 'number');

/** `value` with every instant and duration in the API's format; everything else as it was. */
export function presentTimes<T>(value: T): Presented<T> {
  if (Array.isArray(value)) return value.map(presentTimes) as Presented<T>;
  if (value === null || typeof value !== 'object') return value as Presented<T>;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const duration = typeof field === 'number' || isNumberList(field) ? DURATION.exec(key) : null;
    if (duration) out[`${duration[1]}Seconds`] = Array.isArray(field) ? field.map(toSeconds) : toSeconds(field as number);
    else if (typeof field === 'number' && INSTANT.test(key)) out[key] = isoInstant(field);
    else out[key] = presentTimes(field);
  }
  return out as Presented<T>;
}
