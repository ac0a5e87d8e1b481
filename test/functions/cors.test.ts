import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsOriginsFromEnv } from '../../functions/app/cors.js';
import { startApi, type RunningApi } from '../support/api.js';

/**
 * Issue 12, item 6 (local half): a browser client on any localhost port
 * calls the local API, preflight included, and reads the headers it needs;
 * other origins get no CORS grant. On AWS the allowed origins are the
 * `CORS_ORIGINS` setting.
 */
const EXPOSED = ['ETag', 'Location', 'RateLimit', 'RateLimit-Policy', 'Retry-After'];

describe('CORS for localhost origins', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({}, { corsOrigins: 'localhost' });
  });
  afterAll(() => api.close());

  it.each(['http://localhost:5173', 'http://127.0.0.1:8080', 'http://localhost'])('answers the preflight of %s', async (origin) => {
    const reply = await api.client.request('OPTIONS', '/v1/games', {
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe(origin);
    expect(reply.headers.get('access-control-allow-methods')).toContain('POST');
    expect(reply.headers.get('access-control-allow-headers')?.toLowerCase().split(',')).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'if-match']),
    );
  });

  it('grants and exposes the headers a client reads, on success and on problems alike', async () => {
    const origin = 'http://localhost:5173';
    const ok = await api.client.post('/v1/players', { body: { name: 'Ann' }, headers: { origin } });
    expect(ok.status).toBe(201);
    const problem = await api.client.get('/v1/players/me', { headers: { origin } });
    expect(problem.status).toBe(401);
    for (const reply of [ok, problem]) {
      expect(reply.headers.get('access-control-allow-origin')).toBe(origin);
      expect(reply.headers.get('access-control-expose-headers')?.split(',')).toEqual(expect.arrayContaining(EXPOSED));
    }
  });

  it.each(['https://localhost:5173', 'http://evil.example', 'http://localhost.evil.example'])('grants nothing to %s', async (origin) => {
    const reply = await api.client.request('OPTIONS', '/v1/games', { headers: { origin, 'access-control-request-method': 'POST' } });
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS_ORIGINS, the deployment setting', () => {
  it('reads a list of origins, the `localhost` keyword, or nothing', () => {
    expect(corsOriginsFromEnv({ CORS_ORIGINS: 'https://play.example.com, https://bots.example.com' })).toEqual([
      'https://play.example.com',
      'https://bots.example.com',
    ]);
    expect(corsOriginsFromEnv({ CORS_ORIGINS: 'localhost' })).toBe('localhost');
    expect(corsOriginsFromEnv({})).toBeNull();
  });

  // Issue 22, item 6: the stack's default (`-c corsOrigins=*`) arrives as `*`, once compared as a literal origin.
  it.each(['*', ' * ', 'https://play.example.com,*'])('reads %j as any origin', (setting) => {
    expect(corsOriginsFromEnv({ CORS_ORIGINS: setting })).toBe('*');
  });

  it('grants any origin under `*`, preflight included, and exposes what a client reads', async () => {
    const api = await startApi({}, { corsOrigins: corsOriginsFromEnv({ CORS_ORIGINS: '*' }) });
    try {
      const origin = 'https://someones-client.example';
      const preflight = await api.client.request('OPTIONS', '/v1/games', {
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase().split(',')).toEqual(
        expect.arrayContaining(['authorization', 'idempotency-key']),
      );
      const read = await api.client.get('/v1/games/catalog', { headers: { origin } });
      expect(read.headers.get('access-control-allow-origin')).toBe('*');
      expect(read.headers.get('access-control-expose-headers')?.split(',')).toEqual(expect.arrayContaining(EXPOSED));
    } finally {
      await api.close();
    }
  });

  it('allows exactly the listed origins', async () => {
    const api = await startApi({}, { corsOrigins: ['https://play.example.com'] });
    try {
      const allowed = await api.client.get('/health', { headers: { origin: 'https://play.example.com' } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://play.example.com');
      const other = await api.client.get('/health', { headers: { origin: 'http://localhost:5173' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await api.close();
    }
  });
});
