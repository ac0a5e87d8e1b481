/**
 * "Verify": replays a finished game in the browser with our own engine
 * (core/), loaded only here. With the revealed seed, every commit's command
 * is decided again and must give exactly the logged events; the seed must
 * hash to the hash published at creation, and the replayed end must be the
 * end the server shows.
 */
import type { GameView, ValeriaClient } from '@valeria-tabletop/client';
import { seedMatchesHash, viewFor } from '../../../core/engine/index.js';
import { GAMES } from '../../../core/games/index.js';
import { presentTimes, publishedEvents, recordOf, replayInit, runRecord, tableGame } from '../../../core/table/index.js';

export interface Check {
  readonly what: string;
  readonly ok: boolean;
  readonly detail?: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Where two JSON values first part ways ("board.players.1.coins: 3 ≠ 4"), for a failed check's detail. */
function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (same(a, b)) return '';
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  const shown = (x: unknown) => (JSON.stringify(x) ?? 'nothing').slice(0, 80);
  return `${path || 'the whole'}: replayed ${shown(a)}, shown ${shown(b)}`;
}

export async function verifyGame(client: ValeriaClient, view: GameView): Promise<Check[]> {
  const proof = await client.verify(view.gameId);
  const listing = GAMES.find((g) => g.meta.id === proof.game);
  if (!listing) return [{ what: 'Engine', ok: false, detail: `this page has no engine for ${proof.game}` }];
  const engine = tableGame(await listing.engine());
  const checks: Check[] = [
    {
      what: 'The seed matches the hash published when the game was created',
      ok: seedMatchesHash(proof.seed, view.seedHash) && proof.seedHash === view.seedHash,
    },
  ];
  let state = engine.setup(replayInit(proof));
  let mismatch: number | null = null;
  const statesBefore: (typeof state)[] = [];
  for (const commit of proof.commits) {
    const record = recordOf(commit.command, statesBefore);
    statesBefore.push(state);
    const run = runRecord(engine, state, record);
    if ('rejection' in run || !same(publishedEvents(run.events), commit.events)) {
      mismatch = commit.seq;
      break;
    }
    state = run.state;
  }
  checks.push({
    what: `Every one of the ${proof.commits.length} commits replays to exactly the logged events`,
    ok: mismatch === null,
    ...(mismatch === null ? {} : { detail: `commit ${mismatch} differs` }),
  });
  const replayed = viewFor(engine, state, view.you);
  const shown = view.state;
  const boardDiffers = firstDifference(presentTimes(replayed.board), shown?.board);
  checks.push({
    what: 'The replayed final state is the one the server shows',
    ok: state.finished && boardDiffers === '',
    ...(!state.finished ? { detail: 'the replay did not reach the end' } : boardDiffers ? { detail: `board.${boardDiffers}` } : {}),
  });
  const scoreDiffers = firstDifference(presentTimes(replayed.score), shown?.score);
  checks.push({ what: 'The replayed scores are the final scores', ok: scoreDiffers === '', ...(scoreDiffers ? { detail: `score.${scoreDiffers}` } : {}) });
  return checks;
}
