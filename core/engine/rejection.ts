/**
 * Why a command was refused: a stable machine code (clients switch on it) and
 * one readable sentence. Rejections never change state.
 */
export interface Rejection {
  readonly ok: false;
  readonly code: string;
  readonly message: string;
}

export interface Accepted<E> {
  readonly ok: true;
  readonly events: E[];
}

export type Decision<E> = Accepted<E> | Rejection;

export function reject(code: string, message: string): Rejection {
  return { ok: false, code, message };
}

export function accept<E>(events: E[]): Accepted<E> {
  return { ok: true, events };
}

/** Codes the kit itself produces, before any game sees the command. */
export const KIT_REJECTIONS = {
  malformedMove: 'malformed-move',
  gameOver: 'game-over',
  notYourTurn: 'not-your-turn',
  notSeated: 'not-seated',
  nothingPending: 'nothing-pending',
  notOverdue: 'not-overdue',
  stalePending: 'stale-pending',
} as const;
