/**
 * The live WebSocket stream of one player: its protocol (the same from
 * `npm start` and from the API Gateway WebSocket API on AWS) and one
 * connection shared by everything that listens. No DOM and no Node API: a
 * socket class is all it needs (the platform's own `WebSocket`, or one
 * given, e.g. the `ws` package's on Node 20).
 */
import type { Commit, GameView, ListedMove, Notification } from './types.js';

/** What the stream needs of a WebSocket: browsers' and the `ws` package's both fit. */
export interface StreamSocket {
  /** 1 while open (`WebSocket.OPEN`). */
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  addEventListener(type: 'open' | 'close', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
}

/** A WebSocket class: `new WebSocket(url)`. */
export type StreamSocketClass = new (url: string) => StreamSocket;

const OPEN = 1;

/**
 * A game as this player sees it at `game.version`, carried by the stream so
 * that a follower needs no read: `game` exactly as `GET /v1/games/{id}`
 * answers it, `moves` as the legal moves of `GET /v1/games/{id}/moves`.
 */
export interface Seen {
  readonly game: GameView;
  readonly moves: readonly ListedMove[];
}

/** What the stream tells whoever listens to it. */
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

/**
 * The server's messages (documented in functions/push/stream/protocol.ts);
 * fields not listed here are ignored.
 */
type ServerMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'notification'; readonly notification: Notification }
  /**
   * A commit may carry the notifications it caused for this player (then they
   * are not sent alone), and the game and legal moves right after it.
   */
  | ({ readonly type: 'commit'; readonly gameId: string; readonly commit: Commit; readonly notifications?: readonly Notification[] } & Partial<Seen>)
  /** The answer to `subscribe` carries the game and legal moves as of now. */
  | ({ readonly type: 'subscribed'; readonly gameId: string } & Partial<Seen>)
  | { readonly type: 'unsubscribed'; readonly gameId: string }
  | { readonly type: 'pong' }
  | { readonly type: 'error'; readonly code: string; readonly detail: string };

/** What the client sends. */
type ClientAction = { readonly action: 'hello' | 'ping' } | { readonly action: 'subscribe' | 'unsubscribe'; readonly gameId: string };

/** Keep-alive: idle WebSockets are closed by proxies and by API Gateway (10 minutes). */
const PING_EVERY_MS = 60_000;
/** A `hello` or a ping unanswered this long means a dead connection: open a new one. */
const ANSWER_WITHIN_MS = 15_000;
/** Waits before trying again after a failed attempt, growing. */
const RETRY_MS = [1_000, 3_000, 10_000, 30_000];

/** A frame's JSON: the server's messages are JSON text frames. */
const messageIn = (data: unknown): ServerMessage => JSON.parse(String(data));

/** The platform's WebSocket class (browsers, Node 22 and later), if it has one. */
function platformSocketClass(): StreamSocketClass | undefined {
  const found: unknown = Reflect.get(globalThis, 'WebSocket');
  return isClass(found) ? found : undefined;
}

/** Whether `value` can be called with `new`: the platform's WebSocket is a class. */
const isClass = (value: unknown): value is StreamSocketClass => typeof value === 'function';

/**
 * One player's live stream, shared by everyone who listens: a one-time
 * ticket (`POST /v1/stream/tickets`: the bearer token never travels in a
 * URL), the socket opened with it (`hello`, answered `ready`), subscriptions
 * to the games being watched, a ping keep-alive, and reconnection with a
 * fresh ticket. It is open while anyone listens. Get it with
 * `client.stream()`.
 */
export class LiveStream {
  private socket: StreamSocket | null = null;
  private readonly listeners = new Set<(news: StreamNews) => void>();
  /** Watched games and how many listeners watch each. */
  private readonly games = new Map<string, number>();
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private answerDue: ReturnType<typeof setTimeout> | undefined;
  private ready = false;
  private connecting = false;

  /**
   * `ticket` asks the API for a stream URL holding a fresh ticket (null when
   * it cannot); `socketClass` opens it (by default the platform's WebSocket).
   */
  constructor(
    private readonly ticket: () => Promise<string | null>,
    private readonly socketClass: StreamSocketClass | undefined = platformSocketClass(),
  ) {}

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

  private send(action: ClientAction): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(action));
  }

  private async connect(): Promise<void> {
    this.retry = undefined;
    this.connecting = true;
    const url = await this.ticket().catch(() => null);
    this.connecting = false;
    if (this.listeners.size === 0) return;
    if (!url || !this.socketClass) return this.fail();
    let socket: StreamSocket;
    try {
      socket = new this.socketClass(url);
    } catch {
      return this.fail();
    }
    this.socket = socket;
    // The server never speaks first (API Gateway cannot during the connection): `hello` asks for `ready`.
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify({ action: 'hello' }));
      this.expectAnswer();
    });
    socket.addEventListener('message', (event) => this.receive(messageIn(event.data)));
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return; // closed on purpose
      const wasReady = this.ready;
      this.drop();
      // A connection that worked is reopened at once; one that never did counts as a failure.
      if (wasReady) void this.connect();
      else this.fail();
    });
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
