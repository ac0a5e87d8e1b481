import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** performance.now() at arrival (benchmarks). */
  readonly at: number;
}

/**
 * A webhook receiver on loopback that records every request and answers
 * `answer(n)` to the n-th (0-based), `delayMs` later. `held` counts requests
 * read and not yet answered; `close` drops them too (a hanging receiver is
 * one whose `delayMs` outlasts the sender's time limit).
 */
export async function startReceiver(answer: (n: number) => number = () => 204, delayMs = 0) {
  const received: Received[] = [];
  const waiting = new Map<ServerResponse, NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const n = received.length;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: performance.now() });
      res.statusCode = answer(n);
      waiting.set(
        res,
        setTimeout(() => {
          waiting.delete(res);
          res.end();
        }, delayMs),
      );
      res.on('close', () => {
        clearTimeout(waiting.get(res));
        waiting.delete(res);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Requests read and not answered yet. */
    get held() {
      return waiting.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of waiting.values()) clearTimeout(timer);
        waiting.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
