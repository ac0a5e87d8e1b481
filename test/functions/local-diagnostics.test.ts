import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { printDiagnostics } from '../../functions/local/diagnostics.js';

/** npm start's diagnostics line (DIAGNOSTICS_EVERY_MS), which bench:load reads from outside. */
describe('printDiagnostics', () => {
  it("prints the event loop delay, memory, the DynamoDB requests counted so far and the notifier's backlog, every interval", async () => {
    const lines: string[] = [];
    const diagnostics = printDiagnostics(25, (line) => lines.push(line));
    // Nothing listens on port 9: the request fails, but it was sent, so it counts.
    const client = new DynamoDBClient({
      endpoint: 'http://127.0.0.1:9',
      region: 'local',
      maxAttempts: 1,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    diagnostics.count(client);
    diagnostics.watchNotifier(() => ({ held: 3, gamesBehind: 1 }));
    await client.send(new ListTablesCommand({})).catch(() => undefined);
    await client.send(new ListTablesCommand({})).catch(() => undefined);
    // A line printed after both requests counts both.
    await expect.poll(() => lines.at(-1) ?? '').toContain('"dynamoCalls":2');
    diagnostics.stop();
    const last = JSON.parse(lines.at(-1)!.replace(/^diagnostics /, '')) as Record<string, unknown>;
    expect(lines.every((line) => line.startsWith('diagnostics {'))).toBe(true);
    expect(last).toMatchObject({
      dynamoCalls: 2,
      notifier: { held: 3, gamesBehind: 1 },
      eventLoopMs: { p50: expect.any(Number), p99: expect.any(Number), max: expect.any(Number) },
    });
    expect(last.rssMb).toBeGreaterThan(0);
    expect(last.heapMb).toBeGreaterThan(0);
    const printed = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(lines.length).toBe(printed);
    client.destroy();
  });
});
