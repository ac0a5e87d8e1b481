import * as z from 'zod';

/**
 * The live stream's protocol, the same from the local server and from the
 * API Gateway WebSocket API. The client connects to `URL?ticket=…` (a
 * one-time ticket from POST /v1/stream/tickets), then sends actions and
 * receives messages, all JSON text frames.
 */
export const ClientAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('subscribe'), gameId: z.string().min(1).max(64) }),
  z.object({ action: z.literal('unsubscribe'), gameId: z.string().min(1).max(64) }),
  z.object({ action: z.literal('ping') }),
]);
export type ClientAction = z.infer<typeof ClientAction>;

/** What the server sends (documented here, typed for both servers). */
export type ServerMessage =
  | { readonly type: 'ready'; readonly playerId: string }
  | { readonly type: 'notification'; readonly notification: unknown }
  /** A new commit of a subscribed game, as the events route shows it to this player. */
  | { readonly type: 'commit'; readonly gameId: string; readonly commit: unknown }
  | { readonly type: 'subscribed' | 'unsubscribed'; readonly gameId: string }
  | { readonly type: 'pong' }
  | { readonly type: 'error'; readonly code: string; readonly detail: string };

export const TICKET_TTL_MS = 60_000;

/** Where the local server serves the stream. */
export const LOCAL_STREAM_PATH = '/v1/stream';

/** Largest client frame read; actions are tiny. */
export const MAX_FRAME_BYTES = 4096;
