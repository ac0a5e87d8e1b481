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

/** A live countdown to an epoch-ms deadline, ticking every second. */
export function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={new Date(deadline).toISOString()} title={new Date(deadline).toLocaleString()}>
      {timeLeft(deadline - now)}
    </time>
  );
}
