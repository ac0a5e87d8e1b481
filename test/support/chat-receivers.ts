import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/** A message a chat-shaped receiver accepted, and when each request (accepted or not) arrived. */
export interface ChatReceiver {
  readonly url: string;
  /** The bodies accepted (parsed), in order. */
  readonly accepted: Record<string, unknown>[];
  /** performance.now() of every request, rate-limited ones included. */
  readonly arrivals: number[];
  /** Requests refused as not the app's shape (must stay empty). */
  readonly refused: string[];
  close(): Promise<void>;
}

/**
 * Receivers that behave like Discord's and Slack's incoming webhooks where it
 * matters to us: each refuses a body that is not its app's shape (400), and
 * answers the first request with a 429 saying when to come back — Discord in
 * its JSON body (`retry_after`, seconds, fractional), Slack in `Retry-After`.
 */
export function startDiscordReceiver(retryAfterSeconds: number): Promise<ChatReceiver> {
  return startChatReceiver(
    (body) => {
      const keys = Object.keys(body);
      const content = body.content;
      return (
        typeof content === 'string' && content.length > 0 && content.length <= 2000 && keys.every((k) => ['content', 'embeds', 'allowed_mentions'].includes(k))
      );
    },
    (res) => {
      res.statusCode = 429;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ message: 'You are being rate limited.', retry_after: retryAfterSeconds, global: false }));
    },
  );
}

export function startSlackReceiver(retryAfterSeconds: number): Promise<ChatReceiver> {
  return startChatReceiver(
    (body) => typeof body.text === 'string' && body.text.length > 0 && Object.keys(body).every((k) => ['text', 'blocks'].includes(k)),
    (res) => {
      res.statusCode = 429;
      res.setHeader('retry-after', String(retryAfterSeconds));
      res.end('rate_limited');
    },
  );
}

async function startChatReceiver(
  fits: (body: Record<string, unknown>) => boolean,
  rateLimit: (res: import('node:http').ServerResponse) => void,
): Promise<ChatReceiver> {
  const accepted: Record<string, unknown>[] = [];
  const arrivals: number[] = [];
  const refused: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      arrivals.push(performance.now());
      if (arrivals.length === 1) return rateLimit(res);
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      if (typeof body !== 'object' || body === null || !fits(body as Record<string, unknown>) || req.headers['content-type'] !== 'application/json') {
        refused.push(text);
        res.statusCode = 400;
        return res.end();
      }
      accepted.push(body as Record<string, unknown>);
      res.statusCode = 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    accepted,
    arrivals,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
