/**
 * News of lost commit races — an append that found its seq already taken —
 * for whoever counts them (the Lambda entry points, as a metric). Process-
 * wide rather than per request: a race is a fact about the store, noticed
 * deep in the command wrapper, and this keeps that wrapper free of telemetry.
 */
type ConflictListener = (gameId: string) => void;

const listeners = new Set<ConflictListener>();

/** Hears every lost race from now on; returns the way to stop. */
export function onCommitConflict(listener: ConflictListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportCommitConflict(gameId: string): void {
  for (const listener of listeners) listener(gameId);
}
