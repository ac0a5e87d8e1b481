/**
 * A circuit breaker per target: a target whose attempts fail (or time out)
 * `failures` times in a row is skipped for `openMs`, doubling up to `maxOpenMs`
 * while it keeps failing. Once that time is over one attempt goes through
 * as a trial (the others wait as if it would fail): a success closes the
 * circuit, a failure opens it again for twice as long. State lives in the
 * process (in each Lambda instance on AWS); a cold instance learns again
 * within `failures` attempts.
 */
export interface BreakerPolicy {
  readonly failures: number;
  readonly openMs: number;
  readonly maxOpenMs: number;
}

export const DEFAULT_BREAKER: BreakerPolicy = { failures: 3, openMs: 30_000, maxOpenMs: 10 * 60_000 };

/** Targets remembered at once; the least recently failed is forgotten first. */
const REMEMBERED = 10_000;

interface Circuit {
  failures: number;
  /** How long it stays open: the policy's `openMs`, doubled by each failed trial. */
  openMs: number;
  /** Skipped until then (0 while closed). */
  openUntil: number;
}

export class CircuitBreaker {
  private readonly circuits = new Map<string, Circuit>();

  constructor(private readonly policy: BreakerPolicy = DEFAULT_BREAKER) {}

  /** The time before which the target is skipped, or null; changes nothing (a look before waiting in its lane). */
  skippedUntil(key: string, now: number): number | null {
    const circuit = this.circuits.get(key);
    return circuit && circuit.failures >= this.policy.failures && now < circuit.openUntil ? circuit.openUntil : null;
  }

  /** Null: attempt now (perhaps as the trial of a half-open circuit). Otherwise the time before which the target is skipped. */
  admit(key: string, now: number): number | null {
    const circuit = this.circuits.get(key);
    if (!circuit || circuit.failures < this.policy.failures) return null;
    if (now < circuit.openUntil) return circuit.openUntil;
    // Half open: this attempt is the trial; until it answers, the others wait as if it failed.
    circuit.openUntil = now + circuit.openMs;
    return null;
  }

  record(key: string, ok: boolean, now: number): void {
    if (ok) {
      this.circuits.delete(key);
      return;
    }
    const circuit = this.circuits.get(key) ?? { failures: 0, openMs: this.policy.openMs, openUntil: 0 };
    this.circuits.delete(key);
    // A failed trial (the circuit was open already) doubles the pause.
    if (circuit.failures >= this.policy.failures) circuit.openMs = Math.min(this.policy.maxOpenMs, circuit.openMs * 2);
    circuit.failures++;
    if (circuit.failures >= this.policy.failures) circuit.openUntil = now + circuit.openMs;
    this.circuits.set(key, circuit);
    if (this.circuits.size > REMEMBERED) this.circuits.delete(this.circuits.keys().next().value as string);
  }
}
