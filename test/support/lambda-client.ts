import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Reply, RequestOptions } from './api.js';
import { publishedContract, type ContractValidator } from './conformance.js';

type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * Calls the HTTP Lambda's handler in-process with real API Gateway HTTP API
 * (payload format 2.0) events, as API Gateway would. Every request and answer
 * is held to the committed OpenAPI document, as ApiClient's are.
 */
export class LambdaClient {
  private requests = 0;

  constructor(
    private readonly handler: HttpHandler,
    private readonly contract: Promise<ContractValidator> = publishedContract(),
  ) {}

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<Reply<T>> {
    if (options.streamBody) throw new Error('API Gateway hands a Lambda the whole body; a streamed body only exists over real HTTP');
    const [rawPath, rawQueryString = ''] = path.split('?') as [string, string?];
    const headers: Record<string, string> = {
      host: 'abc123.execute-api.eu-west-1.amazonaws.com',
      'user-agent': 'lambda-test',
      ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    const id = `req-${++this.requests}`;
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: '$default',
      rawPath,
      rawQueryString,
      headers,
      ...(rawQueryString ? { queryStringParameters: Object.fromEntries(new URLSearchParams(rawQueryString)) } : {}),
      requestContext: {
        accountId: '123456789012',
        apiId: 'abc123',
        domainName: headers.host as string,
        domainPrefix: 'abc123',
        http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 'lambda-test' },
        requestId: id,
        routeKey: '$default',
        stage: '$default',
        time: new Date().toUTCString(),
        timeEpoch: Date.now(),
      },
      ...(body === undefined ? {} : { body }),
      isBase64Encoded: false,
    };
    const result = await this.handler(event, { awsRequestId: id } as Context);
    const text = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64').toString('utf8') : (result.body ?? '');
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (the docs page): keep the text.
    }
    const status = result.statusCode ?? 200;
    const responseHeaders = new Headers(result.headers as Record<string, string>);
    (await this.contract).check({ method, url: path, headers, body, status, responseHeaders, responseText: text });
    return { status, headers: responseHeaders, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }

  post<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('POST', path, options);
  }
}
