import type { Commit, components, GameView, LegalMoves, ValeriaClient } from '@valeria-tabletop/client';

export type Notification = components['schemas']['Notification'];

/**
 * A game as this player sees it at `game.version`, carried by the stream so
 * that a follower needs no read: `game` exactly as GET /v1/games/{id}
 * answers it, `moves` as the legal moves of GET /v1/games/{id}/moves.
 */
export interface Seen {
  readonly game: GameView;
  readonly moves: LegalMoves['moves'];
}

/** What the live stream tells whoever listens to it. */
export type StreamNews =
  /** Connected (again): catch up on what happened while not connected. */
  | { readonly kind: 'ready' }
  /** A game's commits now arrive on the stream: catch up on that game once, then listen (`seen`: the game now). */
  | { readonly kind: 'subscribed'; readonly gameId: string; readonly seen?: Seen }
  /** The stream cannot be reached now (the ticket or the socket failed): read by other means until it is back. */
  | { readonly kind: 'down' }
  /** `seen`: the game right after this commit, when the message carried it. */
  | { readonly kind: 'commit'; readonly gameId: string; readonly commit: Commit; readonly seen?: Seen }
  | { readonly kind: 'notification'; readonly notification: Notification };

/** The server's frames (functions/notifications/stream-protocol.ts); extra fields are ignored. */
type ServerMessage =
  | { type: 'ready' }
  | { type: 'notification'; notification: Notification }
  /**
   * A commit may carry the notifications it caused for this player (then they
   * are not sent alone), and the game and legal moves right after it.
   */
  | ({ type: 'commit'; gameId: string; commit: Commit; notifications?: Notification[] } & Partial<Seen>)
  /** The answer to `subscribe` carries the game and legal moves as of now. */
  | ({ type: 'subscribed'; gameId: string } & Partial<Seen>)
  | { type: 'unsubscribed'; gameId: string }
  | { type: 'pong' }
  | { type: 'error'; code: string; detail: string };

/** Keep-alive: idle WebSockets are closed by proxies and by API Gateway (10 minutes). */
const PING_EVERY_MS = 60_000;
/** A `hello` or a ping unanswered this long means a dead connection: open a new one. */
const ANSWER_WITHIN_MS = 15_000;
/** Waits before trying again after a failed attempt, growing. */
const RETRY_MS = [1_000, 3_000, 10_000, 30_000];

/**
 * One player's live WebSocket stream, shared by every part of the page:
 * a one-time ticket from `POST /v1/stream/tickets` (the bearer token never
 * travels in a URL), the socket opened with it (`hello`, answered `ready`),
 * subscriptions to the games being watched, a ping keep-alive, and
 * reconnection with a fresh ticket.
 * It is open while anyone listens.
 */
export class LiveStream {
  private socket: WebSocket | null = null;
  private readonly listeners = new Set<(news: StreamNews) => void>();
  /** Watched games and how many listeners watch each. */
  private readonly games = new Map<string, number>();
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private answerDue: ReturnType<typeof setTimeout> | undefined;
  private ready = false;
  private connecting = false;

  constructor(private readonly client: ValeriaClient) {}

  /** Tells `listener` the news; with `gameId`, also subscribes to that game. Call the answer to stop. */
  listen(listener: (news: StreamNews) => void, gameId?: string): () => void {
    this.listeners.add(listener);
    if (gameId) {
      this.games.set(gameId, (this.games.get(gameId) ?? 0) + 1);
      if (this.ready) this.send({ action: 'subscribe', gameId });
    }
    if (!this.socket && this.retry === undefined && !this.connecting) void this.connect();
    return () => {
      this.listeners.delete(listener);
      if (gameId) {
        const left = (this.games.get(gameId) ?? 1) - 1;
        if (left > 0) this.games.set(gameId, left);
        else {
          this.games.delete(gameId);
          if (this.ready) this.send({ action: 'unsubscribe', gameId });
        }
      }
      if (this.listeners.size === 0) this.close();
    };
  }

  private tell(news: StreamNews): void {
    for (const listener of [...this.listeners]) listener(news);
  }

  private send(action: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(action));
  }

  private async connect(): Promise<void> {
    this.retry = undefined;
    this.connecting = true;
    const url = await this.client.api.POST('/v1/stream/tickets').then(
      ({ data }) => data?.url ?? null,
      () => null,
    );
    this.connecting = false;
    if (this.listeners.size === 0) return;
    if (!url) return this.fail();
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      return this.fail();
    }
    this.socket = socket;
    // The server never speaks first (API Gateway cannot during the connection): `hello` asks for `ready`.
    socket.onopen = () => {
      socket.send(JSON.stringify({ action: 'hello' }));
      this.expectAnswer();
    };
    socket.onmessage = (event) => this.receive(JSON.parse(String(event.data)) as ServerMessage);
    socket.onclose = () => {
      if (this.socket !== socket) return; // closed on purpose
      const wasReady = this.ready;
      this.drop();
      // A connection that worked is reopened at once; one that never did counts as a failure.
      if (wasReady) void this.connect();
      else this.fail();
    };
  }

  private receive(message: ServerMessage): void {
    switch (message.type) {
      case 'ready':
        if (this.ready) return;
        this.ready = true;
        clearTimeout(this.answerDue);
        this.failures = 0;
        for (const gameId of this.games.keys()) this.send({ action: 'subscribe', gameId });
        this.pinger = setInterval(() => this.ping(), PING_EVERY_MS);
        return this.tell({ kind: 'ready' });
      case 'subscribed':
        return this.tell({ kind: 'subscribed', gameId: message.gameId, ...seenIn(message) });
      case 'commit':
        this.tell({ kind: 'commit', gameId: message.gameId, commit: message.commit, ...seenIn(message) });
        for (const notification of message.notifications ?? []) this.tell({ kind: 'notification', notification });
        return;
      case 'notification':
        return this.tell({ kind: 'notification', notification: message.notification });
      case 'pong':
        clearTimeout(this.answerDue);
        return;
      default:
        return;
    }
  }

  private ping(): void {
    this.send({ action: 'ping' });
    this.expectAnswer();
  }

  /** Closes the socket (and so opens another) unless an answer comes in time. */
  private expectAnswer(): void {
    clearTimeout(this.answerDue);
    this.answerDue = setTimeout(() => this.socket?.close(), ANSWER_WITHIN_MS);
  }

  private fail(): void {
    if (this.listeners.size === 0) return;
    this.tell({ kind: 'down' });
    const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
    this.failures++;
    this.retry = setTimeout(() => void this.connect(), wait);
  }

  /** Forgets the socket (closed or closing) and its timers. */
  private drop(): void {
    this.socket = null;
    this.ready = false;
    clearInterval(this.pinger);
    clearTimeout(this.answerDue);
  }

  private close(): void {
    clearTimeout(this.retry);
    this.retry = undefined;
    const socket = this.socket;
    this.drop();
    socket?.close();
  }
}

/** `{ seen }` when a message carries both the game and the moves (a server may leave them out), else nothing. */
function seenIn({ game, moves }: Partial<Seen>): { seen?: Seen } {
  return game && moves ? { seen: { game, moves } } : {};
}

const streams = new WeakMap<ValeriaClient, LiveStream>();

/** The stream of the player `client` speaks for: one per signed-in session. */
export function streamOf(client: ValeriaClient): LiveStream {
  let stream = streams.get(client);
  if (!stream) streams.set(client, (stream = new LiveStream(client)));
  return stream;
}
