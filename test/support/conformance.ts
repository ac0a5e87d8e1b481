import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { SPEC_PATH } from '../../api-spec/generate.js';
import type { GameListing } from '../../core/engine/index.js';
import { GAMES } from '../../core/games/index.js';

/**
 * Holds every request the API tests send and every answer they get to the
 * OpenAPI document, with a real JSON Schema 2020-12 validator (Ajv, with
 * ajv-formats): the operation is found by method and path template, the
 * answer by status and content type, and parameters, bodies and declared
 * headers are checked against their schemas. A mismatch throws, failing the
 * test that caused it.
 *
 * A request that does not fit the document is allowed (the bad-request suites
 * send them on purpose) but must then be refused with a 4xx: a server that
 * accepts what its document forbids is a mismatch too.
 */

/** One request as sent and the answer as received. */
export interface Exchange {
  readonly method: string;
  /** Path with its query string, as sent. */
  readonly url: string;
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The bytes of the request body as text, if it had one. */
  readonly body: string | undefined;
  readonly status: number;
  readonly responseHeaders: Headers;
  readonly responseText: string;
}

/** Routes the app serves about itself, deliberately outside the document it serves. */
const PLUMBING = new Set(['/health', '/openapi.json', '/docs']);

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Json = Record<string, unknown>;

interface Operation {
  readonly id: string;
  readonly pointer: string;
  readonly spec: Json;
  readonly params: Readonly<Record<string, string>>;
}

const DOC_ID = 'https://valeria-tabletop.invalid/openapi.json';

/** A JSON pointer as a URI fragment, each segment escaped. */
const fragment = (segments: readonly (string | number)[]) =>
  segments.map((s) => `/${encodeURIComponent(String(s).replaceAll('~', '~0').replaceAll('/', '~1'))}`).join('');

/** The media type of a Content-Type header: lower case, without parameters. */
const mediaTypeOf = (contentType: string | null | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

const isJsonMediaType = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/**
 * Ajv's errors, deepest first: under a `oneOf` every alternative reports its
 * own failure, and the deepest is the one that matched the tag and then
 * broke, which is the one worth reading.
 */
function describeErrors(where: string, errors: readonly ErrorObject[] | null | undefined): string[] {
  const depth = (e: ErrorObject) => e.instancePath.split('/').length;
  const lines = [...(errors ?? [])]
    .sort((a, b) => depth(b) - depth(a))
    .map((e) => `${where}${e.instancePath}: ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`);
  return [...new Set(lines)].slice(0, 8);
}

export class ContractValidator {
  /** Bodies: no coercion, so a number sent as a string is a mismatch. */
  private readonly bodies: Ajv2020;
  /** Parameters and headers travel as text: their schemas are applied after coercing that text. */
  private readonly texts: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly paths: { readonly template: string; readonly pattern: RegExp; readonly names: readonly string[] }[];

  constructor(private readonly document: Json) {
    const ajv = (coerceTypes: boolean) => {
      // strict: false, because the document is an OpenAPI document holding schemas, not a schema:
      // its other keywords (`openapi`, `paths`, `discriminator`, `example`) are not validation keywords.
      const instance = new Ajv2020({ strict: false, allErrors: true, coerceTypes });
      addFormats.default(instance);
      instance.addSchema(document, DOC_ID);
      return instance;
    };
    this.bodies = ajv(false);
    this.texts = ajv(true);
    // Concrete paths win over templated ones (`/v1/games/catalog` before `/v1/games/{id}`).
    this.paths = Object.keys(document.paths as Json)
      .map((template) => {
        const names = [...template.matchAll(/{([^}]+)}/g)].map((m) => m[1]!);
        const source = template
          .split(/{[^}]+}/)
          .map((literal) => literal.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('([^/]+)');
        return { template, pattern: new RegExp(`^${source}$`), names };
      })
      .sort((a, b) => a.names.length - b.names.length);
  }

  /** Every way `exchange` departs from the document; empty when it fits. */
  mismatches(exchange: Exchange): string[] {
    // A CORS preflight is answered by the CORS layer for any path, before any operation (cors.test.ts
    // holds it to the CORS rules); OpenAPI documents operations, not preflights.
    if (exchange.method === 'OPTIONS') return [];
    const { pathname, searchParams } = new URL(exchange.url, 'http://api.invalid');
    const path = this.paths.find((p) => p.pattern.test(pathname));
    if (!path) return this.outsideTheDocument(exchange, pathname);
    const pathItem = (this.document.paths as Record<string, Json>)[path.template]!;
    const method = exchange.method.toLowerCase();
    const spec = pathItem[method] as Json | undefined;
    if (!spec) return this.undocumentedAnswer(exchange, `${exchange.method} is not an operation of ${path.template}`);
    const values = pathname.match(path.pattern)!.slice(1);
    const operation: Operation = {
      id: String(spec.operationId ?? `${method} ${path.template}`),
      pointer: fragment(['paths', path.template, method]),
      spec,
      params: Object.fromEntries(path.names.map((name, i) => [name, decodeURIComponent(values[i]!)])),
    };
    const refused = this.requestMismatches(exchange, operation, pathItem, path.template, searchParams);
    const answered = this.responseMismatches(exchange, operation);
    if (refused.length > 0 && exchange.status < 400)
      answered.push(`the request does not fit the document, yet the server answered ${exchange.status}:`, ...refused.map((r) => `  ${r}`));
    return answered;
  }

  /** Throws a readable error naming the operation and every mismatch. */
  check(exchange: Exchange): void {
    const issues = this.mismatches(exchange);
    if (issues.length === 0) return;
    throw new Error(
      `${exchange.method} ${exchange.url} → ${exchange.status} does not fit the OpenAPI document:\n${issues.map((i) => `  - ${i}`).join('\n')}\n  response body: ${exchange.responseText.slice(0, 600)}`,
    );
  }

  private outsideTheDocument(exchange: Exchange, pathname: string): string[] {
    if (PLUMBING.has(pathname)) return [];
    return this.undocumentedAnswer(exchange, `${pathname} is not a path of the document`);
  }

  /** A request the document does not describe must be refused with a problem document. */
  private undocumentedAnswer(exchange: Exchange, why: string): string[] {
    if (exchange.status < 400 || exchange.status >= 500) return [`${why}, yet the server answered ${exchange.status}`];
    const problem = this.document.components && (this.document.components as Json).schemas && ((this.document.components as Json).schemas as Json).Problem;
    if (!problem) return [];
    if (mediaTypeOf(exchange.responseHeaders.get('content-type')) !== 'application/problem+json')
      return [`${why}: the refusal is not application/problem+json`];
    return this.validate(this.bodies, fragment(['components', 'schemas', 'Problem']), parseJson(exchange.responseText), 'refusal body');
  }

  private requestMismatches(exchange: Exchange, operation: Operation, pathItem: Json, template: string, query: URLSearchParams): string[] {
    const issues: string[] = [];
    const security = (operation.spec.security ?? this.document.security ?? []) as Record<string, unknown>[];
    if (security.length > 0 && !security.some((requirement) => Object.keys(requirement).every((scheme) => this.satisfies(scheme, exchange.headers))))
      issues.push(`no credentials for any of the security requirements ${JSON.stringify(security)}`);
    const declared = [
      ...((pathItem.parameters ?? []) as Json[]).map((p, i) => ({ p, at: fragment(['paths', template, 'parameters', i]) })),
      ...((operation.spec.parameters ?? []) as Json[]).map((p, i) => ({ p, at: `${operation.pointer}${fragment(['parameters', i])}` })),
    ].map(({ p, at }) => this.resolve(p, at));
    const sources: Record<string, (name: string) => string | undefined> = {
      path: (name) => operation.params[name],
      query: (name) => query.get(name) ?? undefined,
      header: (name) => exchange.headers[name.toLowerCase()],
    };
    for (const { value: parameter, at } of declared) {
      const name = String(parameter.name);
      const read = sources[String(parameter.in)];
      if (!read) continue;
      const text = read(name);
      if (text === undefined) {
        if (parameter.required) issues.push(`the required ${parameter.in} parameter ${name} is missing`);
        continue;
      }
      if (parameter.schema) issues.push(...this.validateText(`${at}/schema`, text, `${parameter.in} parameter ${name}`));
    }
    issues.push(...this.requestBodyMismatches(exchange, operation));
    return issues;
  }

  private requestBodyMismatches(exchange: Exchange, operation: Operation): string[] {
    if (!operation.spec.requestBody) return exchange.body ? ['a body was sent to an operation that takes none'] : [];
    const { value: requestBody, at } = this.resolve(operation.spec.requestBody as Json, `${operation.pointer}/requestBody`);
    if (exchange.body === undefined) return requestBody.required ? ['the required request body is missing'] : [];
    const mediaType = mediaTypeOf(exchange.headers['content-type']);
    const content = (requestBody.content ?? {}) as Json;
    if (!(mediaType in content)) return [`the request body is ${mediaType || 'untyped'}, not one of ${Object.keys(content).join(', ')}`];
    const media = content[mediaType] as Json;
    if (!media.schema) return [];
    const body = isJsonMediaType(mediaType) ? parseJson(exchange.body) : exchange.body;
    if (body === NOT_JSON) return ['the request body is not JSON'];
    return this.validate(this.bodies, `${at}${fragment(['content', mediaType, 'schema'])}`, body, 'request body');
  }

  private responseMismatches(exchange: Exchange, operation: Operation): string[] {
    const responses = (operation.spec.responses ?? {}) as Json;
    const key = [String(exchange.status), `${String(exchange.status)[0]}XX`, 'default'].find((k) => k in responses);
    if (key === undefined) return [`status ${exchange.status} is not declared for ${operation.id} (declared: ${Object.keys(responses).join(', ')})`];
    const { value: response, at } = this.resolve(responses[key] as Json, `${operation.pointer}${fragment(['responses', key])}`);
    const issues: string[] = [];
    for (const [name, declared] of Object.entries((response.headers ?? {}) as Json)) {
      if (name.toLowerCase() === 'content-type') continue; // OpenAPI: described by `content`, not here
      const { value: header, at: headerAt } = this.resolve(declared as Json, `${at}${fragment(['headers', name])}`);
      const text = exchange.responseHeaders.get(name);
      if (text === null) {
        if (header.required) issues.push(`the required response header ${name} is missing`);
      } else if (header.schema) issues.push(...this.validateText(`${headerAt}/schema`, text, `response header ${name}`));
    }
    const content = (response.content ?? {}) as Json;
    const mediaType = mediaTypeOf(exchange.responseHeaders.get('content-type'));
    if (Object.keys(content).length === 0) {
      if (exchange.responseText.length > 0) issues.push(`the answer has a ${mediaType || 'untyped'} body, but ${operation.id} ${key} declares none`);
      return issues;
    }
    const media = (content[mediaType] ?? content[`${mediaType.split('/')[0]}/*`] ?? content['*/*']) as Json | undefined;
    if (!media) return [...issues, `the answer is ${mediaType || 'untyped'}, but ${operation.id} ${key} declares ${Object.keys(content).join(', ')}`];
    if (!media.schema) return issues;
    const mediaKey = mediaType in content ? mediaType : Object.keys(content).find((k) => content[k] === media)!;
    const schemaAt = `${at}${fragment(['content', mediaKey, 'schema'])}`;
    // NDJSON: the schema is each line's, one JSON document a line.
    if (mediaType === 'application/x-ndjson')
      return [
        ...issues,
        ...exchange.responseText
          .split('\n')
          .filter((line) => line.length > 0)
          .flatMap((line, i) => {
            const parsed = parseJson(line);
            return parsed === NOT_JSON ? [`line ${i + 1} is not JSON`] : this.validate(this.bodies, schemaAt, parsed, `line ${i + 1}`);
          }),
      ];
    const body = isJsonMediaType(mediaType) ? parseJson(exchange.responseText) : exchange.responseText;
    if (body === NOT_JSON) return [...issues, 'the answer body is not JSON'];
    return [...issues, ...this.validate(this.bodies, schemaAt, body, 'response body')];
  }

  /** Whether the request carries what a security scheme asks for (this API uses HTTP bearer only). */
  private satisfies(schemeName: string, headers: Readonly<Record<string, string>>): boolean {
    const scheme = ((this.document.components as Json | undefined)?.securitySchemes as Record<string, Json> | undefined)?.[schemeName];
    if (!scheme) return false;
    if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') return /^bearer\s+\S+/i.test(headers.authorization ?? '');
    if (scheme.type === 'apiKey' && scheme.in === 'header') return headers[String(scheme.name).toLowerCase()] !== undefined;
    return true;
  }

  /** Follows a `$ref` to a component (parameters, request bodies, responses, headers), keeping the pointer for the schema refs. */
  private resolve(object: Json, at: string): { value: Json; at: string } {
    const ref = object.$ref;
    if (typeof ref !== 'string') return { value: object, at };
    const segments = ref.replace(/^#\//, '').split('/');
    const value = segments.reduce<unknown>((node, s) => (node as Json)[s.replaceAll('~1', '/').replaceAll('~0', '~')], this.document) as Json;
    return this.resolve(value, fragment(segments.map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))));
  }

  private validateText(schemaAt: string, text: string, what: string): string[] {
    // Wrapped in an object so the coercion of the text to the schema's type has a parent to write to.
    return this.validate(this.texts, schemaAt, { value: text }, what, true);
  }

  private validate(ajv: Ajv2020, schemaAt: string, data: unknown, what: string, wrapped = false): string[] {
    const key = `${ajv === this.texts ? 'text' : 'body'}${schemaAt}${wrapped ? '#wrapped' : ''}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      const ref = { $ref: `${DOC_ID}#${schemaAt}` };
      validate = ajv.compile(wrapped ? { type: 'object', properties: { value: ref } } : ref);
      this.compiled.set(key, validate);
    }
    if (validate(data)) return [];
    return describeErrors(what, validate.errors).map((line) => (wrapped ? line.replace(`${what}/value`, what) : line));
  }
}

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

let published: Promise<ContractValidator> | undefined;

/** The validator of the committed api-spec/openapi.json. */
export function publishedContract(): Promise<ContractValidator> {
  published ??= Promise.resolve(new ContractValidator(JSON.parse(readFileSync(SPEC_PATH, 'utf8'))));
  return published;
}

/**
 * The validator for an app offering `games`: the committed document
 * (openapi.test.ts holds it equal to what the route contracts generate) for
 * the published games; null for a test-only game list (the service suites' Sealed
 * Bids), which the document does not describe.
 */
export function contractFor(games: readonly GameListing[]): Promise<ContractValidator> | null {
  return games.map((g) => g.meta.id).join(' ') === GAMES.map((g) => g.meta.id).join(' ') ? publishedContract() : null;
}

/** A fetch that holds every exchange to the document: for clients that take a fetch of their own (the typed client). */
export function conformingFetch(contract: ContractValidator): (request: Request) => Promise<Response> {
  return async (request) => {
    const body = request.body === null ? undefined : await request.clone().text();
    const response = await fetch(request);
    const { pathname, search } = new URL(request.url);
    contract.check({
      method: request.method,
      url: `${pathname}${search}`,
      headers: Object.fromEntries(request.headers),
      body,
      status: response.status,
      responseHeaders: response.headers,
      responseText: await response.clone().text(),
    });
    return response;
  };
}
