import { useEffect, useState } from 'preact/hooks';
import { language, num, t } from '../i18n/i18n.js';

/** Two digits, as a clock writes minutes and seconds ("05", "۰۵" in Persian). */
const twoDigits = (n: number) => new Intl.NumberFormat(language(), { minimumIntegerDigits: 2 }).format(n);

/** "2 h 05 min", "4 min 09 s", "12 s": time left until `deadline` (epoch ms), in the page's language and digits. */
export function timeLeft(ms: number): string {
  if (ms <= 0) return t('time.due');
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return t('time.days', { d: num(d), h: num(h) });
  if (h > 0) return t('time.hours', { h: num(h), m: twoDigits(m) });
  if (m > 0) return t('time.minutes', { m: num(m), s: twoDigits(s % 60) });
  return t('time.seconds', { s: num(s) });
}

/**
 * The current time, shared by every countdown on the page and ticking once a
 * second: one timer for all, so two countdowns to the same moment always read
 * the same.
 */
const listeners = new Set<(now: number) => void>();
let ticker: ReturnType<typeof setInterval> | null = null;
let latest = Date.now();

function useNow(): number {
  // A countdown that mounts while others tick starts from their moment, not a fresher one.
  const [now, setNow] = useState(() => (ticker === null ? (latest = Date.now()) : latest));
  useEffect(() => {
    listeners.add(setNow);
    ticker ??= setInterval(() => {
      latest = Date.now();
      for (const listener of listeners) listener(latest);
    }, 1000);
    return () => {
      listeners.delete(setNow);
      if (listeners.size === 0 && ticker !== null) {
        clearInterval(ticker);
        ticker = null;
      }
    };
  }, []);
  return now;
}

/** A live countdown to an epoch-ms deadline. */
export function Countdown({ deadline }: { deadline: number }) {
  const now = useNow();
  return (
    <time dateTime={new Date(deadline).toISOString()} title={new Date(deadline).toLocaleString(language())}>
      {timeLeft(deadline - now)}
    </time>
  );
}
