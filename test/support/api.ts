import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp, type AppOptions } from '../../functions/app/app.js';
import { answerClientErrors } from '../../functions/local/client-errors.js';
import type { PushContext } from '../../functions/push/context.js';
import { LOAD_PAGE_SIZE } from '../../functions/service/context.js';
import { MemoryStore } from '../../functions/store/memory.js';
import type { Store } from '../../functions/store/port.js';
import { contractFor, type ContractValidator } from './conformance.js';
import { testContext } from './context.js';
import { freshTable } from './dynamo.js';

export interface Reply<T = any> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
  readonly text: string;
}

export interface RequestOptions {
  readonly token?: string;
  readonly body?: unknown;
  /** Sent as is, bypassing JSON encoding (for malformed-body tests). */
  readonly rawBody?: string;
  /** Sent chunked, without Content-Length (over real HTTP only). */
  readonly streamBody?: ReadableStream<Uint8Array>;
  readonly headers?: Record<string, string>;
}

/**
 * A thin HTTP client over fetch: what a third-party client would do. Every
 * request and answer is held to the OpenAPI document (`contract`): a mismatch
 * throws, failing the test that sent the request. An app offering a test-only
 * game (Sealed Bids) has no published document, so its exchanges go unchecked.
 */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly contract: ContractValidator | null,
  ) {}

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | ReadableStream<Uint8Array> | undefined;
    // A streamed body is teed: one branch is sent, the other read for the conformance check.
    let sentText: Promise<string | undefined> = Promise.resolve(undefined);
    if (options.streamBody !== undefined) {
      const [sent, copy] = options.streamBody.tee();
      body = sent;
      sentText = new Response(copy).text();
    } else if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (typeof body === 'string') sentText = Promise.resolve(body);
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, ...(typeof body === 'object' ? { duplex: 'half' } : {}) } as RequestInit);
    const text = await response.text();
    this.contract?.check({
      method,
      url: path,
      headers,
      body: await sentText,
      status: response.status,
      responseHeaders: response.headers,
      responseText: text,
    });
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }

  post<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('POST', path, options);
  }

  async register(name: string): Promise<{ playerId: string; token: string }> {
    const reply = await this.post('/v1/players', { body: { name } });
    if (reply.status !== 201) throw new Error(`register failed: ${reply.status} ${reply.text}`);
    return reply.body;
  }
}

export interface RunningApi {
  readonly ctx: PushContext;
  readonly client: ApiClient;
  readonly url: string;
  close(): Promise<void>;
}

/** Serves the real app on a free localhost port, over real HTTP, as `npm start` serves it. */
export async function startApi(parts: Partial<PushContext> = {}, appOptions: AppOptions = {}): Promise<RunningApi> {
  const ctx = testContext(parts);
  const app = createApp(ctx, appOptions);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  answerClientErrors(server as Server);
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    ctx,
    client: new ApiClient(url, await contractFor(ctx.games)),
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A clock tests move by hand, for deadlines. */
export function manualClock(start = Date.UTC(2026, 10, 25, 12)) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

export type StoreKind = 'memory' | 'dynamodb';
export const STORE_KINDS: readonly StoreKind[] = ['memory', 'dynamodb'];

/** A fresh store of either adapter; DynamoDB is the run's DynamoDB Local, never a fake. */
/** A fresh store; a test on a manual clock passes it, so that what the store expires (idempotency records) expires on that clock too. */
export async function storeOf(kind: StoreKind, label: string, clock?: () => number): Promise<Store> {
  if (kind === 'memory') return new MemoryStore({ clock });
  return (await freshTable(label)).store({ loadPageSize: LOAD_PAGE_SIZE, clock });
}
