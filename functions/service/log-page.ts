/**
 * How much of a game's log one answer holds (the events route, the
 * verification): a page ends after LOG_PAGE.commits commits or before the
 * commit that would take its JSON past LOG_PAGE.bytes, whichever comes
 * first, so an answer stays far below Lambda's 6 MB response limit however
 * long the game or large its commits (an undo's, a batch's). A page always
 * holds at least one commit, and no commit comes near the limit: a stored
 * commit is at most one 400 KB DynamoDB item.
 */
export const LOG_PAGE = { commits: 100, bytes: 1_000_000 } as const;

/** The commits of one page, from those read after the cursor (read LOG_PAGE.commits + 1, to know whether more follow). */
export function logPage<T>(read: readonly T[]): { readonly page: readonly T[]; readonly more: boolean } {
  const page: T[] = [];
  let bytes = 0;
  for (const item of read.slice(0, LOG_PAGE.commits)) {
    bytes += Buffer.byteLength(JSON.stringify(item), 'utf8');
    if (page.length > 0 && bytes > LOG_PAGE.bytes) break;
    page.push(item);
  }
  return { page, more: page.length < read.length };
}
