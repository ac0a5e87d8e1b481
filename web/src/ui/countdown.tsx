import { useEffect, useState } from 'preact/hooks';

/** "2 h 05 min", "4 min 09 s", "12 s": time left until `deadline` (epoch ms). */
export function timeLeft(ms: number): string {
  if (ms <= 0) return 'due now';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${s} s`;
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
    <time dateTime={new Date(deadline).toISOString()} title={new Date(deadline).toLocaleString()}>
      {timeLeft(deadline - now)}
    </time>
  );
}
