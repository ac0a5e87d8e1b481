/**
 * Planning a turn of several moves as one batch (Valeria: Card Kingdoms' two
 * actions): `GET …/moves` says what may follow each listed move
 * (`followUps`), by index to keep the answer small; this reads it.
 */

/** What `followUpsAfter` reads: a legal-moves answer of any game. */
interface Listing<M> {
  readonly moves: readonly M[];
  readonly followUps?: { readonly moves: readonly M[]; readonly after: Readonly<Record<string, readonly number[]>> };
}

/**
 * The moves you may send after `listed.moves[index]` in the same batch
 * (`play(id, [first, second])`), as the engine lists them once it has
 * decided the first; empty when that move goes alone.
 */
export function followUpsAfter<M>(listed: Listing<M>, index: number): M[] {
  const pool = [...listed.moves, ...(listed.followUps?.moves ?? [])];
  return (listed.followUps?.after[index] ?? []).flatMap((at) => pool.slice(at, at + 1));
}
