import {
  followGame,
  ValeriaClient,
  type Commit,
  type FollowOptions,
  type FollowStatus,
  type GameFollower,
  type Seen,
  type StreamSocket,
} from '@valeria-tabletop/client';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeOf } from '../../../test/support/api.js';
import { conformingFetch, publishedContract, type ContractValidator } from '../../../test/support/conformance.js';
import { startPushApi, type PushApi } from '../../../test/support/push-api.js';

/**
 * followGame against the app as `npm start` runs it (API, push and the
 * WebSocket stream, on DynamoDB Local), through the typed client only. The
 * faults are made on the client's side of the wire: a socket cut, commit
 * messages lost on the way, the ticket route failing or held.
 */
let api: PushApi;
let contract: ContractValidator;

beforeAll(async () => {
  api = await startPushApi({ store: await storeOf('dynamodb', 'client-follow') });
  contract = await publishedContract();
});
afterAll(() => api.close());

/** A `ws` socket (Node 20 has no global WebSocket) that the test can cut, or make lose the commit messages it receives. */
class TappedSocket implements StreamSocket {
  static opened: TappedSocket[] = [];
  /** How many of the next commit messages are lost on the way. */
  static commitsToLose = 0;
  /** The `seq` of every commit message that reached a socket, by game. */
  static commitsReceived: { gameId: string; seq: number }[] = [];
  private readonly socket: WebSocket;

  constructor(readonly url: string) {
    this.socket = new WebSocket(url);
    TappedSocket.opened.push(this);
  }

  get readyState(): number {
    return this.socket.readyState;
  }

  send(data: string): void {
    this.socket.send(data);
  }

  close(): void {
    this.socket.close();
  }

  addEventListener(type: 'open' | 'close' | 'message', listener: (event: { readonly data: unknown }) => void): void {
    if (type !== 'message') return void this.socket.addEventListener(type, () => listener({ data: undefined }));
    this.socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data));
      if (message.type === 'commit') TappedSocket.commitsReceived.push({ gameId: message.gameId, seq: message.commit.seq });
      if (TappedSocket.commitsToLose > 0 && message.type === 'commit') return void TappedSocket.commitsToLose--;
      listener({ data: event.data });
    });
  }
}

/** The network as one client sees it: every request it sent, and a ticket route the test may make fail or hold. */
class Wire {
  readonly requests: URL[] = [];
  ticketsFail = false;
  private held: (() => void)[] | null = null;

  readonly fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    this.requests.push(url);
    if (url.pathname === '/v1/stream/tickets') {
      if (this.held) await new Promise<void>((resolve) => this.held?.push(resolve));
      if (this.ticketsFail) return Response.json({ code: 'store-unavailable', status: 503, title: 'Unavailable', detail: 'Try again.' }, { status: 503 });
    }
    return conformingFetch(contract)(request);
  };

  holdTickets(): void {
    this.held = [];
  }

  releaseTickets(): void {
    for (const release of this.held ?? []) release();
    this.held = null;
  }

  /** The events long-polls sent (`wait` > 0). */
  longPolls(): URL[] {
    return this.requests.filter((url) => url.pathname.endsWith('/events') && Number(url.searchParams.get('wait') ?? 0) > 0);
  }
}

async function player(name: string, wire = new Wire()): Promise<{ client: ValeriaClient; wire: Wire }> {
  const anonymous = new ValeriaClient({ baseUrl: api.client.baseUrl, fetch: wire.fetch, webSocket: TappedSocket });
  return { client: anonymous.withToken((await anonymous.register(name)).token), wire };
}

/** Ben opens a Village Pillage Duel and Ann (on `annWire`) takes the other seat: both plan at once, each plan a commit. */
async function duel(annWire = new Wire()) {
  const ann = await player('Ann', annWire);
  const ben = await player('Ben');
  const { gameId } = await ben.client.createGame({ game: 'village-pillage', seats: 2, deadlines: 'daily' });
  await ann.client.join(gameId);
  const playFirstListed = async (who: ValeriaClient) => {
    const listed = await who.legalMoves(gameId);
    const move = listed.moves[0];
    if (!move) throw new Error('nothing to play');
    return who.playListed(listed, move);
  };
  return { gameId, ann, ben, playFirstListed };
}

/** What a follower handed over, and how it followed. */
function recorder() {
  const seen: { commits: Commit[]; lastSeen: (Seen | undefined)[]; statuses: FollowStatus[]; errors: unknown[] } = {
    commits: [],
    lastSeen: [],
    statuses: [],
    errors: [],
  };
  return {
    seen,
    options: {
      onCommits: (commits: readonly Commit[], last: Seen | undefined) => {
        seen.commits.push(...commits);
        seen.lastSeen.push(last);
      },
      onStatus: (status: FollowStatus) => void seen.statuses.push(status),
      onError: (error: unknown) => void seen.errors.push(error),
    },
  };
}

/** Each version from `from` to `to` once, in order. */
const versions = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const until = (condition: () => boolean) => expect.poll(condition, { timeout: 30_000, interval: 50 }).toBe(true);

describe('followGame (@valeria-tabletop/client) against the app with its stream, on DynamoDB Local', () => {
  /** Followers still running when a test ends (it failed half-way) are stopped. */
  const followers: GameFollower[] = [];
  const follow = (client: ValeriaClient, gameId: string, options: FollowOptions) => {
    const follower = followGame(client, gameId, options);
    followers.push(follower);
    return follower;
  };
  afterEach(() => followers.splice(0).forEach((follower) => follower.stop()));

  it('hands over each commit once, in order, from the stream, with the game it leads to; a write of one’s own from its answer', async () => {
    const { gameId, ann, ben, playFirstListed } = await duel();
    const { next } = await ann.client.log(gameId);
    const { seen, options } = recorder();
    const following = follow(ann.client, gameId, { after: next, ...options });
    await until(() => seen.statuses.includes('stream'));

    const bens = (await playFirstListed(ben.client)).version;
    await until(() => seen.commits.at(-1)?.seq === bens);
    expect(seen.lastSeen.at(-1)?.game.version).toBe(bens);
    const answer = await playFirstListed(ann.client);
    const { version } = answer;
    await following.wrote(answer);
    expect(await following.awaitCommit(version, 10_000)).toBe(true);

    expect(seen.commits.map((c) => c.seq)).toEqual(versions(next + 1, version));
    // The answer carried the game after Ann's commit: nothing to read.
    expect(seen.lastSeen.at(-1)?.game.version).toBe(version);
    expect(seen.lastSeen.at(-1)?.game).toEqual(await ann.client.view(gameId).then((read) => read.view));
    // Ben's reached Ann's socket; hers did not (her answer carried it). A later commit tells both.
    const bensLater = (await playFirstListed(ben.client)).version;
    await until(() => seen.commits.at(-1)?.seq === bensLater);
    const onAnnsSocket = TappedSocket.commitsReceived.filter((c) => c.gameId === gameId).map((c) => c.seq);
    expect(onAnnsSocket).toContain(bens);
    expect(onAnnsSocket).toContain(bensLater);
    expect(onAnnsSocket).not.toContain(version);
    expect(ann.wire.longPolls()).toEqual([]);
    expect(seen.errors).toEqual([]);
    following.stop();
    // Stopped: nothing more is handed over, and the stream is closed (nobody else listens).
    await until(() => TappedSocket.opened.every((socket) => socket.readyState === WebSocket.CLOSED || socket.readyState === WebSocket.CLOSING));
    expect(await following.awaitCommit(version + 5, 10)).toBe(true);
  });

  it('reads what a lost commit message held from the events route, once the next message shows the gap', async () => {
    const { gameId, ann, ben, playFirstListed } = await duel();
    const { next } = await ann.client.log(gameId);
    const { seen, options } = recorder();
    const following = follow(ann.client, gameId, { after: next, ...options });
    await until(() => seen.statuses.includes('stream'));

    TappedSocket.commitsToLose = 1;
    const lost = (await playFirstListed(ben.client)).version;
    await until(() => TappedSocket.commitsToLose === 0);
    expect(seen.commits.map((c) => c.seq)).toEqual(versions(next + 1, lost - 1));
    const reads = ann.wire.requests.length;
    const answer = await playFirstListed(ann.client);
    expect(answer.version).toBeGreaterThan(lost);
    await following.wrote(answer);
    await until(() => seen.commits.at(-1)?.seq === answer.version);

    expect(seen.commits.map((c) => c.seq)).toEqual(versions(next + 1, answer.version));
    expect(ann.wire.requests.slice(reads).some((url) => url.pathname === `/v1/games/${gameId}/events`)).toBe(true);
    following.stop();
  });

  it('never hides a move whose answer was lost: the next commit message’s gap is read from the events route', async () => {
    const { gameId, ann, ben, playFirstListed } = await duel();
    const { next } = await ann.client.log(gameId);
    const { seen, options } = recorder();
    const following = follow(ann.client, gameId, { after: next, ...options });
    await until(() => seen.statuses.includes('stream'));

    // Ann's move is committed, but its answer never reaches her follower (a dropped connection, a closed tab).
    const lostAnswer = (await playFirstListed(ann.client)).version;
    const reads = ann.wire.requests.length;
    const bens = (await playFirstListed(ben.client)).version;
    expect(bens).toBeGreaterThan(lostAnswer);
    await until(() => seen.commits.at(-1)?.seq === bens);

    expect(seen.commits.map((c) => c.seq)).toEqual(versions(next + 1, bens));
    expect(ann.wire.requests.slice(reads).some((url) => url.pathname === `/v1/games/${gameId}/events`)).toBe(true);
    expect(TappedSocket.commitsReceived.filter((c) => c.gameId === gameId).map((c) => c.seq)).not.toContain(lostAnswer);
    following.stop();
  });

  it('reconnects with a fresh ticket after the socket is cut, and catches up on what happened meanwhile', async () => {
    const { gameId, ann, ben, playFirstListed } = await duel();
    const { next } = await ann.client.log(gameId);
    const { seen, options } = recorder();
    const following = follow(ann.client, gameId, { after: next, ...options });
    await until(() => seen.statuses.includes('stream'));
    const socket = TappedSocket.opened.at(-1);
    if (!socket) throw new Error('no socket opened');

    // Cut, and no new ticket until Ben has moved: his commit happens while Ann is not connected.
    ann.wire.holdTickets();
    socket.close();
    await until(() => ann.wire.requests.filter((url) => url.pathname === '/v1/stream/tickets').length === 2);
    const moved = (await playFirstListed(ben.client)).version;
    ann.wire.releaseTickets();

    await until(() => seen.commits.at(-1)?.seq === moved);
    expect(seen.commits.map((c) => c.seq)).toEqual(versions(next + 1, moved));
    const reconnected = TappedSocket.opened.at(-1);
    expect(reconnected).not.toBe(socket);
    expect(new URL(reconnected?.url ?? '').searchParams.get('ticket')).not.toBe(new URL(socket.url).searchParams.get('ticket'));
    expect(ann.wire.longPolls()).toEqual([]);
    following.stop();
  });

  it('long-polls the events route while the stream is unavailable, and goes back to the stream when it is', async () => {
    const wire = new Wire();
    wire.ticketsFail = true;
    const { gameId, ann, ben, playFirstListed } = await duel(wire);
    const { next } = await ann.client.log(gameId);
    const { seen, options } = recorder();
    const following = follow(ann.client, gameId, { after: next, ...options });
    await until(() => seen.statuses.includes('polling') && wire.longPolls().length > 0);
    // Not on the stream: a writer is told at once to read the game itself.
    expect(await following.awaitCommit(next + 1, 10_000)).toBe(false);

    const moved = (await playFirstListed(ben.client)).version;
    await until(() => seen.commits.at(-1)?.seq === moved);
    expect(seen.lastSeen.at(-1)).toBeUndefined(); // a long-poll carries no game: read it

    wire.ticketsFail = false;
    await until(() => seen.statuses.at(-1) === 'stream');
    const polls = wire.longPolls().length;
    const answer = await playFirstListed(ann.client);
    const { version } = answer;
    await following.wrote(answer);
    expect(await following.awaitCommit(version, 10_000)).toBe(true);
    expect(seen.commits.map((c) => c.seq)).toEqual(versions(next + 1, version));
    // Back on the stream, the long-poll stopped (one may have been under way when it came back).
    expect(wire.longPolls().length).toBeLessThanOrEqual(polls + 1);
    following.stop();
  });
});
