/**
 * The API's one time format. The engines and the store keep epoch
 * milliseconds; clients get every instant as an RFC 3339 UTC string and
 * every duration in whole seconds. By the engines' naming, a number under
 * `at`, `…At`, `deadline` or `…Deadline` is an instant and one under `…Ms` a
 * duration (renamed `…Seconds`).
 */
const INSTANT = /^(at|deadline|.+At|.+Deadline)$/;
const DURATION = /^(.+)Ms$/;

export const isoInstant = (epochMs: number) => new Date(epochMs).toISOString();

/** `value` with every instant and duration in the API's format; the rest untouched (a copy only where something changed). */
export function presentTimes<T>(value: T): T {
  if (Array.isArray(value)) return value.map(presentTimes) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const duration = typeof field === 'number' ? DURATION.exec(key) : null;
    if (duration) out[`${duration[1]}Seconds`] = Math.round(field / 1000);
    else if (typeof field === 'number' && INSTANT.test(key)) out[key] = isoInstant(field);
    else out[key] = presentTimes(field);
  }
  return out as T;
}
