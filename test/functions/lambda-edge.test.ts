import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVICE_PROBLEMS } from '../../functions/service/problems.js';
import { EDGE_HEADER, EDGE_PREVIOUS_SECRET_ENV, EDGE_SECRET_ENV, edgeCheck, edgeSecretsFromEnv } from '../../functions/lambda/edge-origin.js';
import { TELEMETRY } from '../../functions/lambda/telemetry-names.js';
import { httpApiEvent, LambdaClient } from '../support/lambda-client.js';

/**
 * The HTTP function as deployed behind CloudFront: it answers only requests
 * carrying the edge's secret header, so the execute-api address is no way
 * around the WAF. No request here reaches the store (TABLE_NAME names none).
 * Issue 22, item 6: during a rotation it accepts the new value and the one it
 * replaces, and nothing else.
 */
const SECRET = 'edge-secret-for-the-test-0123456789abcdefghijklm';
const REPLACED = 'the-value-before-the-rotation-0123456789abcdefgh';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
let handler: Handler;

beforeAll(async () => {
  // What the stack gives the HTTP function during a rotation (the values arrive resolved from Secrets Manager).
  Object.assign(process.env, {
    TABLE_NAME: 'no-table-needed',
    AWS_REGION: 'eu-west-1',
    POWERTOOLS_SERVICE_NAME: TELEMETRY.service,
    POWERTOOLS_METRICS_NAMESPACE: TELEMETRY.namespace,
    [EDGE_SECRET_ENV]: SECRET,
    [EDGE_PREVIOUS_SECRET_ENV]: REPLACED,
  });
  handler = (await import('../../functions/lambda/http.js')).handler as unknown as Handler;
});

/** Calls the handler as API Gateway would, with these headers, capturing what it writes to stdout and stderr (its logs: warnings go to stderr). */
async function invoke(path: string, headers: Record<string, string>) {
  const writes = [vi.spyOn(process.stdout, 'write').mockImplementation(() => true), vi.spyOn(process.stderr, 'write').mockImplementation(() => true)];
  try {
    const result = await handler(httpApiEvent('GET', path, { headers }, 'req-edge'), { awsRequestId: 'req-edge' } as Context);
    const logged = writes.flatMap((write) => write.mock.calls.map(([chunk]) => String(chunk))).join('');
    return { result, body: JSON.parse(result.body ?? 'null'), logged };
  } finally {
    for (const write of writes) write.mockRestore();
  }
}

describe('the edge secret check', () => {
  it('accepts only the exact secret', () => {
    const cameThroughEdge = edgeCheck([SECRET]);
    expect(cameThroughEdge({ [EDGE_HEADER]: SECRET })).toBe(true);
    expect(cameThroughEdge({})).toBe(false);
    expect(cameThroughEdge({ [EDGE_HEADER]: '' })).toBe(false);
    expect(cameThroughEdge({ [EDGE_HEADER]: SECRET.slice(0, -1) })).toBe(false);
    expect(cameThroughEdge({ [EDGE_HEADER]: `${SECRET}x` })).toBe(false);
    expect(cameThroughEdge({ 'x-other': SECRET })).toBe(false);
    expect(cameThroughEdge({ [EDGE_HEADER]: REPLACED })).toBe(false);
  });

  it('accepts the new value and the replaced one while a rotation runs, and nothing else', () => {
    const cameThroughEdge = edgeCheck([SECRET, REPLACED]);
    expect(cameThroughEdge({ [EDGE_HEADER]: SECRET })).toBe(true);
    expect(cameThroughEdge({ [EDGE_HEADER]: REPLACED })).toBe(true);
    expect(cameThroughEdge({ [EDGE_HEADER]: `${SECRET}${REPLACED}` })).toBe(false);
    expect(cameThroughEdge({})).toBe(false);
  });

  it('reads the accepted values from the settings the stack writes, the replaced one only during a rotation', () => {
    expect(edgeSecretsFromEnv({ [EDGE_SECRET_ENV]: SECRET })).toEqual([SECRET]);
    expect(edgeSecretsFromEnv({ [EDGE_SECRET_ENV]: SECRET, [EDGE_PREVIOUS_SECRET_ENV]: REPLACED })).toEqual([SECRET, REPLACED]);
    expect(edgeSecretsFromEnv({})).toEqual([]);
  });
});

describe('HTTP Lambda behind CloudFront', () => {
  it('refuses a request without the header with a 403 problem, before the app answers anything', async () => {
    const unsigned: Array<Record<string, string>> = [{}, { [EDGE_HEADER]: 'guessed' }];
    for (const headers of unsigned) {
      const { result, body, logged } = await invoke('/health', headers);
      expect(result.statusCode).toBe(403);
      expect(result.headers?.['content-type']).toBe('application/problem+json');
      expect(body).toEqual({
        type: '/problems/not-through-edge',
        title: 'Forbidden',
        status: 403,
        detail: 'This API answers at its published address only.',
        code: 'not-through-edge',
        instance: '/health',
      });
      expect(SERVICE_PROBLEMS['not-through-edge'].status).toBe(403);
      const lines = logged
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
      expect(lines.filter((line) => !('_aws' in line))).toEqual([
        expect.objectContaining({ level: 'WARN', message: 'request refused: not through CloudFront', method: 'GET', path: '/health' }),
      ]);
      expect(logged).not.toContain(SECRET);
      expect(logged).not.toContain(REPLACED);
    }
  });

  it('serves a request CloudFront signed, with the new value or the replaced one, as the published contract says', async () => {
    const api = new LambdaClient(handler);
    for (const value of [SECRET, REPLACED]) {
      const health = await api.get('/health', { headers: { [EDGE_HEADER]: value } });
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'ok' });
    }
  });
});
