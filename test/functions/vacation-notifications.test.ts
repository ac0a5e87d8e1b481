import { describe, expect, it } from 'vitest';
import { timedOutSeats } from '../../functions/push/model/derive.js';
import type { CommitSummary } from '../../functions/store/port.js';

const window = (awaiting: number[], extra: Partial<CommitSummary> = {}): CommitSummary => ({
  status: 'active',
  awaiting,
  deadline: 1_000,
  pendingId: 'p4',
  pendingKind: 'simultaneous',
  ...extra,
});

describe('timed-out notifications with vacations', () => {
  it('go to the seats whose part a timeout defaulted, not to one a late part still waits for', () => {
    // Seats 0 and 2 defaulted on time; seat 1 is on vacation and the same window waits for it.
    expect(timedOutSeats(window([0, 1, 2]), window([1], { deadline: 9_000, lateParts: [{ seat: 1, deadline: 9_000 }] }))).toEqual([0, 2]);
    // The window closed: everyone it awaited timed out.
    expect(timedOutSeats(window([0, 1]), { ...window([2]), pendingId: 'p5', pendingKind: 'turn' })).toEqual([0, 1]);
  });
});
