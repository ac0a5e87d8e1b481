/**
 * A game's `reveals` (game.ts) from the list of its event types that turn up
 * something hidden (a card drawn from a deck, a hidden card turned up…): a
 * commit holding one cannot be undone (core/table/undo.ts).
 */
export function revealingEvents<E extends { readonly type: string }>(types: readonly E['type'][]): (event: E) => boolean {
  const revealing = new Set<string>(types);
  return (event) => revealing.has(event.type);
}
