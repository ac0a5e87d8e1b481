import { Agent, request } from 'node:http';

/**
 * A plain keep-alive JSON client on Node's `http` module — the transport the
 * AWS SDK uses for the bare DynamoDB calls, so API and bare latencies are
 * timed through the same kind of client. (`fetch`, i.e. undici, spends about
 * a millisecond more of CPU per request in this same process; the bench
 * prints that difference on its own line.)
 */
export class KeepAliveJsonClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  send(method: 'GET' | 'POST', path: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: any }> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string | number> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    return new Promise((resolve, reject) => {
      const req = request({ host: this.host, port: this.port, path, method, agent: this.agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
