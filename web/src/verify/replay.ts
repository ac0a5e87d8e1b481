/**
 * "Verify": replays a finished game in the browser with our own engine
 * (core/), loaded only here, from the game's record. With the revealed seed,
 * every commit's command is decided again and must give exactly the logged
 * events; the seed must hash to the hash published at creation, and the
 * replayed end must be the end the server shows, scores included.
 */
import type { GameView, ValeriaClient } from '@valeria-tabletop/client';
import { seedMatchesHash, viewFor } from '../../../core/engine/index.js';
import { GAMES } from '../../../core/games/index.js';
import { presentTimes, replayable, replayedEnd, replayRecord, tableGame, type Divergence } from '../../../core/table/index.js';
import { num, t } from '../i18n/i18n.js';

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
  return t('end.check-differs', { path: path || t('end.check-whole'), replayed: shown(a), shown: shown(b) });
}

const diverged = (divergence: Divergence) =>
  divergence.kind === 'refused'
    ? t('end.check-refused', { seq: num(divergence.seq), code: divergence.code })
    : t('end.check-commit-differs', { seq: num(divergence.seq) });

export async function verifyGame(client: ValeriaClient, view: GameView): Promise<Check[]> {
  const record = await client.record(view.gameId);
  const listing = GAMES.find((g) => g.meta.id === record.game);
  if (!listing) return [{ what: t('end.check-engine'), ok: false, detail: t('end.check-no-engine', { game: record.game }) }];
  const whole = replayable(record);
  if (!whole) return [{ what: t('end.check-record'), ok: false, detail: t('end.check-not-over') }];
  const engine = tableGame(await listing.engine());
  const replay = replayRecord(engine, whole);
  const state = replayedEnd(replay);
  const replayed = viewFor(engine, state, view.you);
  const shown = view.state;
  const boardDiffers = firstDifference(presentTimes(replayed.board), shown?.board);
  const scoreDiffers = firstDifference(presentTimes(replayed.score), shown?.score) || firstDifference(presentTimes(replayed.score), record.result);
  return [
    {
      what: t('end.check-seed'),
      ok: seedMatchesHash(whole.seed, view.seedHash) && record.seedHash === view.seedHash,
    },
    {
      what: t('end.check-commits', { count: record.commits.length }),
      ok: replay.divergence === null,
      ...(replay.divergence ? { detail: diverged(replay.divergence) } : {}),
    },
    {
      what: t('end.check-state'),
      ok: state.finished && boardDiffers === '',
      ...(!state.finished ? { detail: t('end.check-unfinished') } : boardDiffers ? { detail: `board.${boardDiffers}` } : {}),
    },
    { what: t('end.check-scores'), ok: scoreDiffers === '', ...(scoreDiffers ? { detail: `score.${scoreDiffers}` } : {}) },
  ];
}
