import { describe, expect, it } from 'vitest';
import { ContractValidator, type Exchange } from '../support/conformance.js';

/**
 * The validator the API suites run every exchange through, on a small
 * document of its own: it must catch each kind of departure, or the API
 * suites passing would prove nothing.
 */
const document = {
  openapi: '3.1.0',
  info: { title: 'fixture', version: '1' },
  security: [{ bearer: [] }],
  paths: {
    '/things/special': {
      get: { operationId: 'getSpecial', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { const: 'special' } } } } } },
    },
    '/shapes/latest': {
      get: {
        operationId: 'getShape',
        responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Shape' } } } } },
      },
    },
    '/things/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^t_' } }],
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'after', in: 'query', schema: { type: 'integer', minimum: 0 } }],
        responses: {
          200: {
            description: 'ok',
            headers: { ETag: { required: true, schema: { type: 'string', pattern: '^"\\d+"$' } } },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
          },
          '4XX': { $ref: '#/components/responses/Problem' },
        },
      },
      post: {
        operationId: 'postThing',
        security: [],
        parameters: [{ $ref: '#/components/parameters/IfMatch' }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } },
        },
        responses: { 204: { description: 'done' }, 400: { $ref: '#/components/responses/Problem' } },
      },
    },
  },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    parameters: { IfMatch: { name: 'if-match', in: 'header', required: true, schema: { type: 'string', minLength: 3 } } },
    responses: { Problem: { description: 'refused', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } } },
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'at'],
        properties: { id: { type: 'string' }, at: { type: 'string', format: 'date-time' } },
        additionalProperties: false,
      },
      Problem: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } },
      Shape: {
        oneOf: [{ $ref: '#/components/schemas/Circle' }, { $ref: '#/components/schemas/Square' }],
        discriminator: { propertyName: 'kind', mapping: { circle: '#/components/schemas/Circle', square: '#/components/schemas/Square' } },
      },
      Circle: {
        type: 'object',
        required: ['kind', 'radius'],
        properties: { kind: { const: 'circle' }, radius: { type: 'number' } },
        additionalProperties: false,
      },
      Square: { type: 'object', required: ['kind', 'side'], properties: { kind: { const: 'square' }, side: { type: 'number' } }, additionalProperties: false },
    },
  },
};

const validator = new ContractValidator(document);
const thing = { id: 't_1', at: '2026-11-25T12:00:00Z' };

function exchange(overrides: Partial<Exchange> & { responseBody?: unknown; contentType?: string; responseHeaders?: Headers }): Exchange {
  const { contentType = 'application/json', responseBody: _, responseHeaders: __, ...request } = overrides;
  // `responseBody: undefined` asks for an empty answer; leaving it out sends a Thing.
  const responseBody = 'responseBody' in overrides ? overrides.responseBody : thing;
  const responseHeaders = new Headers(overrides.responseHeaders ?? { etag: '"3"' });
  if (!responseHeaders.has('content-type') && responseBody !== undefined) responseHeaders.set('content-type', contentType);
  return {
    method: 'GET',
    url: '/things/t_1?after=2',
    headers: { authorization: 'Bearer tok' },
    body: undefined,
    status: 200,
    responseText: responseBody === undefined ? '' : JSON.stringify(responseBody),
    ...request,
    responseHeaders,
  };
}

describe('the conformance validator', () => {
  it('accepts an exchange that fits: path template, coerced query, required header, date-time body', () => {
    expect(validator.mismatches(exchange({}))).toEqual([]);
  });

  it('prefers a concrete path to a template', () => {
    expect(validator.mismatches(exchange({ url: '/things/special', responseBody: 'special' }))).toEqual([]);
  });

  it('finds a response body that does not fit its schema, and says where', () => {
    const issues = validator.mismatches(exchange({ responseBody: { id: 't_1', at: 'yesterday', extra: true } }));
    expect(issues.join('\n')).toMatch(/response body\/at: must match format "date-time"/);
    expect(issues.join('\n')).toMatch(/must NOT have additional properties/);
  });

  it('reads a oneOf with an OpenAPI discriminator, and names what broke in the alternative that was meant', () => {
    expect(validator.mismatches(exchange({ url: '/shapes/latest', responseBody: { kind: 'circle', radius: 2 } }))).toEqual([]);
    const issues = validator.mismatches(exchange({ url: '/shapes/latest', responseBody: { kind: 'circle', radius: 'two' } }));
    expect(issues[0]).toMatch(/^response body\/radius: must be number/);
  });

  it('finds a status the operation does not declare', () => {
    expect(validator.mismatches(exchange({ status: 500, responseBody: { code: 'internal-error' }, contentType: 'application/problem+json' }))).toEqual([
      'status 500 is not declared for getThing (declared: 200, 4XX)',
    ]);
  });

  it('matches a status range and a referenced response, then checks its content type', () => {
    const problem = { status: 404, responseBody: { code: 'not-found' }, responseHeaders: new Headers() };
    expect(validator.mismatches(exchange({ ...problem, contentType: 'application/problem+json' }))).toEqual([]);
    expect(validator.mismatches(exchange({ ...problem, contentType: 'application/json; charset=utf-8' }))[0]).toMatch(/the answer is application\/json/);
  });

  it('finds a missing required response header and a header value that does not fit', () => {
    expect(validator.mismatches(exchange({ responseHeaders: new Headers() }))).toEqual(['the required response header ETag is missing']);
    expect(validator.mismatches(exchange({ responseHeaders: new Headers({ etag: 'W/3' }) }))[0]).toMatch(/^response header ETag: must match pattern/);
  });

  it('finds a body where the response declares none', () => {
    const answer = { method: 'POST', headers: { 'if-match': '"12"', 'content-type': 'application/json' }, body: '{"n":1}', status: 204 };
    expect(validator.mismatches(exchange({ ...answer, responseBody: undefined, responseHeaders: new Headers() }))).toEqual([]);
    expect(validator.mismatches(exchange({ ...answer, responseBody: { n: 1 } }))[0]).toMatch(/declares none/);
  });

  it('lets a request that does not fit be refused with a 4xx, and fails it when the server accepts it', () => {
    const bad = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":"one"}', responseHeaders: new Headers() };
    expect(validator.mismatches(exchange({ ...bad, status: 400, responseBody: { code: 'invalid-request' }, contentType: 'application/problem+json' }))).toEqual(
      [],
    );
    const accepted = validator.mismatches(exchange({ ...bad, status: 204, responseBody: undefined }));
    expect(accepted[0]).toBe('the request does not fit the document, yet the server answered 204:');
    expect(accepted.join('\n')).toMatch(/required header parameter if-match is missing/);
    expect(accepted.join('\n')).toMatch(/request body\/n: must be integer/);
  });

  it('checks path and query parameters after coercing their text, and the security requirement', () => {
    const issues = validator.mismatches(exchange({ url: '/things/x_1?after=-1', headers: {} }));
    expect(issues[0]).toBe('the request does not fit the document, yet the server answered 200:');
    expect(issues.join('\n')).toMatch(/no credentials/);
    expect(issues.join('\n')).toMatch(/path parameter id: must match pattern/);
    expect(issues.join('\n')).toMatch(/query parameter after: must be >= 0/);
  });

  it('wants an unknown path or method refused with a problem document', () => {
    const refusal = { status: 404, responseBody: { code: 'route-not-found' }, contentType: 'application/problem+json', responseHeaders: new Headers() };
    expect(validator.mismatches(exchange({ ...refusal, url: '/nowhere' }))).toEqual([]);
    expect(validator.mismatches(exchange({ ...refusal, url: '/nowhere', status: 200 }))).toEqual([
      '/nowhere is not a path of the document, yet the server answered 200',
    ]);
    expect(validator.mismatches(exchange({ ...refusal, method: 'DELETE', responseBody: {} }))[0]).toMatch(/^refusal body: must have required property 'code'/);
  });

  it('throws a message naming the request, each mismatch and the body', () => {
    expect(() => validator.check(exchange({ responseBody: { id: 1 } }))).toThrow(
      /GET \/things\/t_1\?after=2 → 200 does not fit the OpenAPI document:\n {2}- response body/,
    );
  });
});
