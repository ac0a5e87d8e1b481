/**
 * A player's local day and hour (pure): the digest is sent at the hour they
 * chose of their own day, in their time zone, daylight saving included.
 */

interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

function wallClock(at: number, timeZone: string): WallClock {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0 };
}

/** The zone's offset from UTC at an instant, ms. */
function offsetAt(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at / 1000) * 1000;
}

/** The instant a wall-clock hour of a day stands for in the zone (the day may overflow its month: Date.UTC carries it). */
function instantOf(timeZone: string, year: number, month: number, day: number, hour: number): number {
  const asUtc = Date.UTC(year, month - 1, day, hour);
  const first = asUtc - offsetAt(asUtc, timeZone);
  // Across a change of offset (daylight saving), the offset at the answer is the one that counts.
  const second = asUtc - offsetAt(first, timeZone);
  return second;
}

/** The local day of an instant, `YYYY-MM-DD`. */
export function localDay(at: number, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The first instant after `after` that is `hour`:00 of a local day in the zone. */
export function nextLocalHour(timeZone: string, hour: number, after: number): number {
  const today = wallClock(after, timeZone);
  for (let days = 0; ; days++) {
    const at = instantOf(timeZone, today.year, today.month, today.day + days, hour);
    if (at > after) return at;
  }
}
