import { withParts, type AnyGameEngine, type GameEngine, type GameEvent, type Part, type PartedEngine } from '../engine/index.js';
import { absencePart, type AbsenceEvent, type AbsenceState } from './absence.js';
import { clockPart, type ClockEvent, type ClockState } from './clock.js';
import { undoPart, type UndoEvent } from './undo.js';
import { vacationPart, type VacationEvent, type VacationState } from './vacation.js';

/**
 * What the table adds to every game's state, at its top level (so snapshots,
 * `undone` events and undo records keep the shape they always had): the
 * banks, the absences, the vacations. Each is absent until its first event.
 */
export interface TableState extends ClockState, AbsenceState, VacationState {}

/** The events the table logs beside each game's own. */
export type TableEvent = ClockEvent | AbsenceEvent | VacationEvent | UndoEvent;

/** The table's parts, plugged into the kit's fold: a new table feature is one more part here. */
export const TABLE_PARTS: readonly Part<TableState, TableEvent>[] = [clockPart, vacationPart, absencePart, undoPart];

/**
 * A game at the table: its fold, copies and redaction know the table's events
 * and fields. What the service and the verifier run; the bare game folds no
 * table event.
 */
export function tableGame<S extends TableState, M, E extends GameEvent, O>(engine: GameEngine<S, M, E, O>): PartedEngine<S, M, E, O, TableState, TableEvent> {
  return withParts(engine, TABLE_PARTS);
}

/** Any game at the table, as the service and the verifier hold it. */
export type TableGame = AnyGameEngine & { readonly parts: typeof TABLE_PARTS };
