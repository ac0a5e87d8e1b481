import { expect } from 'vitest';
import { hashSeed, replay, type AnyGameEngine, type BaseState } from '../../core/engine/index.js';
import { runRecord, type CommandRecord } from '../../functions/service/records.js';
import type { ApiClient } from './api.js';

/**
 * After a game's end: re-decides every commit from the revealed seed (the
 * same events, clocks and undos included) and replays the whole log, which
 * must rebuild the identical state. Returns that state.
 */
export async function reDecideAndReplay(client: ApiClient, gameId: string, token: string, engine: AnyGameEngine): Promise<BaseState> {
  const verify = await client.get(`/v1/games/${gameId}/verify`, { token });
  expect(verify.status, verify.text).toBe(200);
  expect(hashSeed(verify.body.seed)).toBe(verify.body.seedHash);
  const init = { ...verify.body.setup, seed: verify.body.seed, at: verify.body.setup.startedAt };
  let state: BaseState = engine.setup(init);
  const statesBefore: BaseState[] = [];
  for (const commit of verify.body.commits as { command: CommandRecord; events: unknown[] }[]) {
    // An undo must put back exactly the state its commit started from.
    if (commit.command.type === 'undo') expect(commit.command.restores).toEqual(statesBefore[commit.command.version - 1]);
    statesBefore.push(state);
    const run = runRecord(engine, state, commit.command);
    if ('rejection' in run) expect.fail(`commit ${JSON.stringify(commit.command)} refused on re-decision: ${run.rejection.code}`);
    expect(run.events).toEqual(commit.events);
    state = run.state;
  }
  const replayed = replay(
    engine,
    init,
    verify.body.commits.flatMap((c: { events: unknown[] }) => c.events),
  );
  expect(replayed).toEqual(state);
  return state;
}
